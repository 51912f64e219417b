"""Random Sinpin caves that are always winnable (the validator says so), their names and
the metrics of the generator's expressive range."""
