"""A page larger than the printer's paper, printed as tiles to tape together.

`tile_page` cuts an area of a big page (an A3 board) into windows that A4 sheets hold,
neighbouring windows overlapping by OVERLAP_MM. The overlap carries registration marks
drawn at the big page's coordinates, so the same mark prints on both sheets: cut one sheet
along its dashed line, lay it over its neighbour with the marks on each other, tape. Each
sheet says which tile it is and where it goes, at 8 pt.

Nothing is clipped: each sheet draws the whole big page shifted, the paper's edge crops
it, and white margins around the window keep the instructions and marks clear.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.furniture import paragraph
from printkit.draw.geometry import translate
from printkit.draw.primitives import A4_LANDSCAPE, A4_PORTRAIT, Circle, Group, Item, Line, Page, PageSize, Rect, Style

OVERLAP_MM = 12.0  # each neighbour's share printed twice: room for the marks and for tape
SIDE_MM = 8.0  # the sheet's margins around the window: inside what home printers print
TOP_MM = 18.0  # the top margin holds the sheet's lines of instructions (three at most)
TEXT_TOP_MM = 5.0  # where they start: printing.md #4's safe margin (SIDE_MM / 2 was inside it)
MARK_RADIUS_MM = 2.5
MARK_STYLE = Style(stroke="#000000", width=0.25)
CUT_STYLE = Style(stroke="#000000", width=0.3, dash=(2.0, 1.5))
MARGIN_GROUND = Style(stroke=None, fill="#ffffff")


@dataclass(frozen=True)
class Tile:
    """One sheet: the big page's window (left, top, width, height) it shows, where."""

    row: int
    column: int
    rows: int
    columns: int
    window: tuple[float, float, float, float]  # on the big page, mm

    @property
    def number(self) -> int:
        return self.row * self.columns + self.column + 1


def _spans(start: float, length: float, window: float, overlap: float) -> list[float]:
    """Starts of windows `window` long covering [start, start + length], each overlapping the
    next by `overlap`, the whole run centred on the span."""
    count = max(1, math.ceil((length - overlap) / (window - overlap) - 1e-9))
    covered = count * window - (count - 1) * overlap
    first = start - (covered - length) / 2
    return [first + index * (window - overlap) for index in range(count)]


def plan(area: tuple[float, float, float, float], sheet: PageSize) -> list[Tile]:
    """The tiles of `area` (left, top, width, height) on sheets of size `sheet`."""
    left, top, width, height = area
    window_w, window_h = sheet.width - 2 * SIDE_MM, sheet.height - TOP_MM - SIDE_MM
    xs, ys = _spans(left, width, window_w, OVERLAP_MM), _spans(top, height, window_h, OVERLAP_MM)
    return [Tile(row, column, len(ys), len(xs), (x, y, window_w, window_h))
            for row, y in enumerate(ys) for column, x in enumerate(xs)]


def _mark(x: float, y: float) -> Group:
    """A registration mark: a circle with a cross through it, the same on both sheets."""
    reach = MARK_RADIUS_MM * 1.8
    return Group((Circle(x, y, MARK_RADIUS_MM, MARK_STYLE), Line(x - reach, y, x + reach, y, MARK_STYLE),
                  Line(x, y - reach, x, y + reach, MARK_STYLE)))


def marks(tiles: list[Tile]) -> list[tuple[float, float]]:
    """Where the registration marks go on the big page: in the middle of every overlap
    band, two along each shared edge (a quarter in from each end of the shared part)."""
    found = []
    by_place = {(tile.row, tile.column): tile for tile in tiles}
    for tile in tiles:
        x, y, w, h = tile.window
        right = by_place.get((tile.row, tile.column + 1))
        if right is not None:  # the band both show: from the right one's left edge to this one's right edge
            middle = (right.window[0] + x + w) / 2
            found += [(middle, y + h / 4), (middle, y + 3 * h / 4)]
        below = by_place.get((tile.row + 1, tile.column))
        if below is not None:
            middle = (below.window[1] + y + h) / 2
            found += [(x + w / 4, middle), (x + 3 * w / 4, middle)]
    return found


def _where(tile: Tile) -> str:
    """What to do with this sheet, in words."""
    if tile.rows * tile.columns == 1:
        return "One sheet."
    joins = []
    if tile.column > 0:
        joins.append(f"left edge over sheet {tile.number - 1}")
    if tile.row > 0:
        joins.append(f"top edge over sheet {tile.number - tile.columns}")
    if not joins:
        return "Lay the other sheets over this one."
    return f"Cut along the dashed line; lay its {' and '.join(joins)}, the ⊕ marks on each other, and tape."


def tile_page(page: Page, area: tuple[float, float, float, float], title: str) -> list[Page]:
    """`page`'s `area` on A4 sheets (portrait or landscape, whichever takes fewer), each
    with its window of the page, the registration marks, cut lines and instructions."""
    tiles = min((plan(area, sheet) for sheet in (A4_PORTRAIT, A4_LANDSCAPE)), key=len)
    sheet = A4_PORTRAIT if tiles[0].window[2] == A4_PORTRAIT.width - 2 * SIDE_MM else A4_LANDSCAPE
    placed = marks(tiles)
    pages = []
    for tile in tiles:
        x, y, w, h = tile.window
        mark_items = tuple(_mark(mx, my) for mx, my in placed if x <= mx <= x + w and y <= my <= y + h)
        shift = translate(SIDE_MM - x, TOP_MM - y)
        right, bottom = SIDE_MM + w, TOP_MM + h
        items: list[Item] = [
            Group(page.items, shift), Group(mark_items, shift),
            # white margins: the big page continues under them, the instructions need them clear
            Rect(0, 0, sheet.width, TOP_MM, MARGIN_GROUND), Rect(0, bottom, sheet.width, sheet.height - bottom, MARGIN_GROUND),
            Rect(0, TOP_MM, SIDE_MM, h, MARGIN_GROUND), Rect(right, TOP_MM, sheet.width - right, h, MARGIN_GROUND),
        ]
        if tile.column > 0:
            items.append(Line(SIDE_MM, TOP_MM, SIDE_MM, bottom, CUT_STYLE))
        if tile.row > 0:
            items.append(Line(SIDE_MM, TOP_MM, right, TOP_MM, CUT_STYLE))
        size = fonts.SMALLEST_PRINTED
        text = (f"{title}: sheet {tile.number} of {len(tiles)} (row {tile.row + 1} of {tile.rows}, column"
                f" {tile.column + 1} of {tile.columns}). {_where(tile)} Print at 100 %.")
        items.append(paragraph(SIDE_MM, TEXT_TOP_MM + fonts.ascent(size), sheet.width - 2 * SIDE_MM, text, size))
        pages.append(Page(sheet.width, sheet.height, tuple(items)))
    return pages
