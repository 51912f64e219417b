"""Sinoda and YINSH boards: geometry models, board specs and page layout (nothing drawn)."""
