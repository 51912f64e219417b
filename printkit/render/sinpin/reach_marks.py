"""S26 explained on the overlay: the rest position nearest Ω bracketed and named, and a
dashed line from it to Ω, the gap the level leaves (sinpin/moves/reach.py finds them).

Brackets at the four corners, not a frame (a frame marks an error), so a black-and-white
print still tells the marks apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from printkit.draw import Item, Line, Polyline, Rect, Style, Text
from printkit.draw.fonts import ascent, text_width
from printkit.render.sinpin.sheet import Sheet
from printkit.sinpin.moves.reach import Reach
from printkit.sinpin.rules import FIELD_MM
from printkit.sinpin.tiles import field_name

PAPER = "#ffffff"


def brackets(colour: str, inset: float = 0.9, arm: float = 4.2) -> list[Item]:
    """Four corner brackets on a field, its top-left at (0, 0)."""
    style = Style(stroke=colour, width=1.3, cap="round", join="round")
    far = FIELD_MM - inset
    return [
        Polyline([(x, y + dy * arm), (x, y), (x + dx * arm, y)], style)
        for x, dx in ((inset, 1), (far, -1)) for y, dy in ((inset, 1), (far, -1))
    ]


def nearest_label(reach: Reach) -> str:
    return f"{field_name(*reach.nearest)}: nearest to Ω"


def nearest_items(sheet: Sheet, reach: Reach | None, bracket: Callable[[float, float], Item], colour: str,
                  size: float) -> list[Item]:
    """The nearest rest position to Ω: `bracket` drawn at its top-left corner, a label of
    text `size` under it (above it on the bottom row), a dashed line on to Ω."""
    if reach is None:
        return []
    x, y = reach.nearest
    (ax, ay), (bx, by) = sheet.centre(x, y), sheet.centre(*reach.target)
    # from the bracket's edge to Ω's field edge: the line keeps off Ω's icon
    trim = FIELD_MM / 2 / math.hypot(bx - ax, by - ay)
    start = (ax + (bx - ax) * trim, ay + (by - ay) * trim)
    end = (bx - (bx - ax) * trim, by - (by - ay) * trim)
    items: list[Item] = [Line(*start, *end, Style(stroke=PAPER, width=1.5, cap="round")),
                         Line(*start, *end, Style(stroke=colour, width=0.6, dash=(1.6, 1.0), cap="round")),
                         bracket(*sheet.corner(x, y))]
    label = nearest_label(reach)
    width, height = text_width(label, size, True) + 2.0, size + 1.4
    left, top = sheet.corner(x, y)
    label_x = min(max(left + FIELD_MM / 2 - width / 2, sheet.left), sheet.right - width)
    # under the field, over the one below, unless it is the bottom row (the label then sits above)
    label_y = top + FIELD_MM + 0.6 if y < sheet.rows - 1 else top - height - 0.6
    items += [Rect(label_x, label_y, width, height, Style(stroke=colour, width=0.35, fill=PAPER), radius=0.6),
              Text(label_x + 1.0, label_y + 0.7 + ascent(size, True), label, size, fill=colour, bold=True)]
    return items
