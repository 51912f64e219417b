"""Sinpin's moves: the move engine (S4-S25, one successor function), the walks of its
transitions, the move graph of S27, the solver of S26 and the validator built on them."""
