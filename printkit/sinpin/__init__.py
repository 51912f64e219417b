"""Sinpin: the pure game model (no rendering, no CLI, no file I/O but in `loader`)."""
