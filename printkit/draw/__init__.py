"""The drawing layer: pages laid out once in millimetres as primitives, drawn by a PDF
(reportlab) and an SVG (svgwrite) backend alike."""

from printkit.draw.geometry import IDENTITY, Command, Point, Transform, arc_commands, arc_to, rotate, scale, translate
from printkit.draw.primitives import (
    A4_LANDSCAPE, A4_PORTRAIT, DEFAULT_STYLE, LETTER_LANDSCAPE, LETTER_PORTRAIT,
    Arc, Circle, Document, Group, Item, Line, Page, PageSize, Path, Polygon, Polyline, Rect, Style, Symbol, Text, Use,
    bounding_box, lens,
)
from printkit.draw.output import write_document

__all__ = [
    "A4_LANDSCAPE", "A4_PORTRAIT", "Command", "DEFAULT_STYLE", "IDENTITY", "LETTER_LANDSCAPE", "LETTER_PORTRAIT",
    "Arc", "Circle", "Document", "Group", "Item", "Line", "Page", "PageSize", "Path", "Point", "Polygon", "Polyline", "Rect",
    "Style", "Symbol", "Text", "Transform", "Use", "arc_commands", "arc_to", "bounding_box", "lens", "rotate", "scale",
    "translate", "write_document",
]
