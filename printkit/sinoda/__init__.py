"""Sinoda: the pure game (board geometry, rules, bots); nothing drawn, no CLI, no file I/O."""
