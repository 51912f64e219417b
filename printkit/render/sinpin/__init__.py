"""Sinpin prints: the map of a level, its validator overlay and the blank design sheet."""
