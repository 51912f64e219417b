"""Printed Sinoda and YINSH boards and their pieces, drawn with printkit.draw from the
layouts in printkit.boards (one layout for the PDF, the SVG and `printkit board --json`)."""

from printkit.render.boards.document import board_document, board_outputs, write_board

__all__ = ["board_document", "board_outputs", "write_board"]
