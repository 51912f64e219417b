"""Printed pages built from printkit's models, laid out with the drawing layer (printkit.draw)."""
