"""printkit: print-and-play toolkit for Sinpin, Sinoda and YINSH."""

__version__ = "0.1.0"
