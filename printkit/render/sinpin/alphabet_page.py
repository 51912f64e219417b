"""The drawing alphabet on paper: each tile's hand-drawn form (printkit.scan.alphabet) in a
field, for the design sheet's legend and for its second page, which shows every form at
actual size with its name, its map character and how to draw it, and how to photograph a
sheet for `printkit scan`."""

from __future__ import annotations

from printkit.draw import Group, Item, Page, Polyline, Rect, Style, Text
from printkit.draw.fonts import ascent
from printkit.draw.furniture import squared_paper
from printkit.scan.alphabet import FORMS, HOW_TO_DRAW, LOOK_ALIKES
from printkit.sinpin.rules import FIELD_MM
from printkit.sinpin.tiles import Tile

INK = "#1a1a1a"
FRAME = Style(stroke="#000000", width=0.25, fill="#ffffff")
MIN_TEXT = 2.9  # mm: nothing on the sheet is printed under 8 pt (2.82 mm)


def drawn_form(tile: Tile, x: float, y: float, size: float = FIELD_MM) -> Group:
    """The tile's hand-drawn form in the box of side `size` at (x, y)."""
    factor = size / FIELD_MM
    style = Style(stroke=INK, width=max(0.25, 0.55 * factor), cap="round", join="round")
    return Group(tuple(Polyline([(x + px * factor, y + py * factor) for px, py in stroke], style)
                       for stroke in FORMS[tile]))


def _line(x: float, y: float, text: str, size: float, bold: bool = False) -> Text:
    return Text(x, y, text, size, bold=bold)


INSTRUCTIONS = (
    "Draw one tile a field, inside its field, with a dark pen; leave open cave blank.",
    "Exactly one α and one Ω. Keep the four black corner markers clean.",
    "Photograph the sheet from above in good light, all four markers in view,",
    "then:  printkit scan photo.jpg -o level.yaml --review",
)


def alphabet_page(width: float, height: float) -> Page:
    """Page 2 of the design sheet: the drawing alphabet at actual size and how to scan."""
    margin = 15.0
    title = 5.0
    body = 3.2
    items: list[Item] = [_line(margin, margin + ascent(title, True), "How to draw a level that printkit scan can read", title, True)]
    y = margin + title * 1.6
    for line in INSTRUCTIONS:
        y += body * 1.45
        items.append(_line(margin, y, line, body))
    y += 6.0
    columns = 2 if width < height else 3
    column_width = (width - 2 * margin) / columns
    row_height = FIELD_MM + 5.0
    tiles = list(Tile)
    per_column = -(-len(tiles) // columns)
    for index, tile in enumerate(tiles):
        column, row = divmod(index, per_column)
        x = margin + column * column_width
        top = y + row * row_height
        items.append(squared_paper(x, top, FIELD_MM, FIELD_MM, centre=False))
        items.append(Rect(x, top, FIELD_MM, FIELD_MM, Style(stroke="#000000", width=0.45, fill=None)))
        items.append(drawn_form(tile, x, top))
        text_x = x + FIELD_MM + 3.0
        char_box = 6.0
        items.append(Rect(text_x, top + 0.5, char_box, char_box, FRAME, radius=0.6))
        items.append(Text(text_x + char_box / 2, top + 0.5 + char_box / 2 + ascent(4.0, True) * 0.45, tile.char, 4.0,
                          anchor="middle", bold=True))
        label = tile.label if tile is not Tile.OPEN else "open cave (. or space)"
        items.append(_line(text_x + char_box + 2.0, top + 0.5 + char_box / 2 + ascent(3.6, True) * 0.45, label, 3.6, True))
        items.append(_line(text_x, top + 11.5, HOW_TO_DRAW[tile], body))
    # the look-alikes: most misreads are fields drawn like another tile, not bad photos
    y += per_column * row_height + 4.0
    items.append(_line(margin, y, "Look-alikes: keep them apart and the scan reads them surely", 3.6, True))
    for line in LOOK_ALIKES:
        y += body * 1.45
        items.append(_line(margin, y, "•  " + line, body))
    y += body * 1.45
    items.append(_line(margin, y, "Fields read unsure are listed after the scan, and marked in the editor with --review.", body))
    return Page(width, height, tuple(items))

