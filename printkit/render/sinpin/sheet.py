"""The page every Sinpin print shares: a grid of fields centred on A4, on squared paper.

A map, an overlay and a blank design sheet differ only in what goes into the fields and
below them. This module places the fields (S2), the 5 mm squares aligned with them over the
whole printable area, the field outlines, the coordinates (as `field_name` spells them),
the header line above and the flowing footer below.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from printkit.draw import A4_LANDSCAPE, A4_PORTRAIT, Group, Item, PageSize, Path, Rect, Style, Text
from printkit.draw.fonts import SMALLEST_PRINTED, ascent, fitted_size, shortened, text_width
from printkit.draw.furniture import calibration_bar, calibration_height, squared_paper
from printkit.sinpin.rules import FIELD_MM, MAX_LONG_SIDE, MAX_SHORT_SIDE, SQUARE_MM
from printkit.sinpin.tiles import column_name

SAFE_MARGIN = 5.0  # nothing is printed closer to the paper's edge (printing.md)
FIELD_STYLE = Style(stroke="#000000", width=0.45, cap="square")
BORDER_STYLE = Style(stroke="#000000", width=0.9, join="miter")
COORDINATE_SIZE = 3.0
TITLE_SIZE = 4.2
DETAIL_SIZE = 3.0
HEADER_WIDTH = 150.0
# Header and footer stand on white a little larger than themselves: the squared paper covers
# the whole page, and its lines through a caption's words or a calibration bar's ticks make
# them hard to read (on a small map the footer lies on open paper).
PAPER_GROUND = Style(stroke=None, fill="#ffffff")
GROUND_MARGIN = 1.0
_EPSILON = 1e-9


def on_paper_ground(x: float, y: float, width: float, height: float, item: Item,
                    within: tuple[float, float, float, float] | None = None) -> Group:
    """`item`, whose extent is (x, y, width, height), on a white ground GROUND_MARGIN larger,
    kept inside `within` (left, top, right, bottom; default: the top and left safe margin,
    beyond which there is no squared paper to hide)."""
    low_x, low_y, high_x, high_y = within or (SAFE_MARGIN, SAFE_MARGIN, math.inf, math.inf)
    left, top = max(x - GROUND_MARGIN, low_x), max(y - GROUND_MARGIN, low_y)
    right, bottom = min(x + width + GROUND_MARGIN, high_x), min(y + height + GROUND_MARGIN, high_y)
    return Group((Rect(left, top, right - left, bottom - top, PAPER_GROUND), item))


def _holds(columns: int, rows: int, landscape: bool) -> bool:
    """S2: portrait holds 12 x 18 fields, landscape 18 x 12."""
    across, down = (MAX_LONG_SIDE, MAX_SHORT_SIDE) if landscape else (MAX_SHORT_SIDE, MAX_LONG_SIDE)
    return 1 <= columns <= across and 1 <= rows <= down


def is_landscape(columns: int, rows: int) -> bool:
    """The orientation S2 needs; a map that fits both is laid out the way it is longer,
    which leaves the wider margins for its title and footer."""
    portrait, landscape = _holds(columns, rows, False), _holds(columns, rows, True)
    if not (portrait or landscape):
        raise ValueError(f"{columns} x {rows} fields do not fit one A4 sheet (S2)")
    return not portrait or (landscape and columns > rows)


def title_line(left: float, right: float, baseline: float, title: str, details: str) -> Group:
    """The title (bold, from `left`) and details (ending at `right`) on one baseline; both
    shrink, and the title is cut short, rather than run into each other."""
    width = right - left
    detail_size = fitted_size(details, width * 0.55, DETAIL_SIZE)
    room = width - text_width(details, detail_size) - 4.0
    title_size = fitted_size(title, room, TITLE_SIZE, True)
    title, details = shortened(title, room, title_size, True), shortened(details, width * 0.55, detail_size)
    title_width, details_width = text_width(title, title_size, True), text_width(details, detail_size)
    top = baseline - ascent(max(title_size, detail_size), True)
    height = baseline + 0.24 * max(title_size, detail_size) - top  # descenders: 0.24 em
    return Group((
        on_paper_ground(left, top, title_width, height, Text(left, baseline, title, title_size, bold=True)),
        on_paper_ground(right - details_width, top, details_width, height,
                        Text(right, baseline, details, detail_size, anchor="end")),
    ))


@dataclass(frozen=True)
class Sheet:
    """`columns` x `rows` fields whose top-left corner is (left, top) on an A4 page."""

    columns: int
    rows: int
    page: PageSize
    left: float
    top: float
    # Nothing is printed closer to the page's edge: SAFE_MARGIN, or more on a page laid out
    # larger to be drawn shrunk (an overlay of a map beyond S2), so that it is SAFE_MARGIN
    # on paper (a review: a shrunk overlay's title printed 3.6 mm from the top).
    margin: float = SAFE_MARGIN

    @classmethod
    def centred(cls, columns: int, rows: int, landscape: bool | None = None) -> Sheet:
        if landscape is None:
            landscape = is_landscape(columns, rows)
        page = A4_LANDSCAPE if landscape else A4_PORTRAIT
        if not _holds(columns, rows, landscape):
            raise ValueError(f"{columns} x {rows} fields do not fit A4 {'landscape' if landscape else 'portrait'} (S2)")
        return cls(columns, rows, page, (page.width - columns * FIELD_MM) / 2, (page.height - rows * FIELD_MM) / 2)

    @property
    def right(self) -> float:
        return self.left + self.columns * FIELD_MM

    @property
    def bottom(self) -> float:
        return self.top + self.rows * FIELD_MM

    def corner(self, x: float, y: float) -> tuple[float, float]:
        """The top-left corner of field (x, y) on the page."""
        return self.left + x * FIELD_MM, self.top + y * FIELD_MM

    def centre(self, x: float, y: float) -> tuple[float, float]:
        return self.left + (x + 0.5) * FIELD_MM, self.top + (y + 0.5) * FIELD_MM

    def paper(self) -> Group:
        """Whole 5 mm squares over the printable area, on lines through the field corners."""

        def aligned(start: float, extent: float) -> tuple[float, int]:
            first = start - SQUARE_MM * math.floor((start - self.margin) / SQUARE_MM + _EPSILON)
            return first, math.floor((extent - self.margin - first) / SQUARE_MM + _EPSILON)

        x, columns = aligned(self.left, self.page.width)
        y, rows = aligned(self.top, self.page.height)
        return squared_paper(x, y, columns * SQUARE_MM, rows * SQUARE_MM, centre=False)

    def fields(self) -> Group:
        """The field outlines (every third square line, stronger) and the map's border."""
        commands: list[tuple] = []
        for column in range(1, self.columns):
            x = self.left + column * FIELD_MM
            commands += [("M", x, self.top), ("L", x, self.bottom)]
        for row in range(1, self.rows):
            y = self.top + row * FIELD_MM
            commands += [("M", self.left, y), ("L", self.right, y)]
        items: list[Item] = [Path(tuple(commands), FIELD_STYLE)] if commands else []
        items.append(Rect(self.left, self.top, self.columns * FIELD_MM, self.rows * FIELD_MM, BORDER_STYLE))
        return Group(tuple(items))

    def coordinates(self) -> Group:
        """Column letters above and row numbers either side, as `field_name` names fields."""
        size = COORDINATE_SIZE
        middle = ascent(size, True) / 2
        items: list[Item] = [
            Text(self.centre(x, 0)[0], self.top - 1.3, column_name(x), size, anchor="middle", bold=True)
            for x in range(self.columns)
        ]
        for y in range(self.rows):
            baseline = self.centre(0, y)[1] + middle
            items.append(Text(self.left - 1.6, baseline, str(y + 1), size, anchor="end", bold=True))
            items.append(Text(self.right + 1.6, baseline, str(y + 1), size, bold=True))
        return Group(tuple(items))

    @property
    def header_baseline(self) -> float:
        """Baseline of the header line, just clear of the column letters and the paper's edge."""
        letters_top = self.top - 1.3 - ascent(COORDINATE_SIZE, True)
        return max(self.margin + ascent(TITLE_SIZE, True), letters_top - 1.2 - 0.24 * TITLE_SIZE)

    @property
    def header_span(self) -> tuple[float, float]:
        """Left and right end of the header: the map's width, or 150 mm centred on a narrower map."""
        if self.columns * FIELD_MM >= HEADER_WIDTH:
            return self.left, self.right
        return (self.page.width - HEADER_WIDTH) / 2, (self.page.width + HEADER_WIDTH) / 2

    def header(self, title: str, details: str) -> Group:
        return title_line(*self.header_span, self.header_baseline, title, details)

    def raised(self) -> Sheet:
        """The same map moved up as far as its header line allows (whole squares, so the
        paper's squares stay on the field lines): more room below it for a long footer."""
        letters = 1.3 + ascent(COORDINATE_SIZE, True) + 1.2 + 0.24 * TITLE_SIZE
        highest = self.margin + ascent(TITLE_SIZE, True) + letters
        top = self.top - SQUARE_MM * math.floor((self.top - highest) / SQUARE_MM + _EPSILON)
        return Sheet(self.columns, self.rows, self.page, self.left, min(self.top, top), self.margin)

    def room_above(self, area: tuple[float, float, float, float]) -> float:
        """How far a footer's white ground may reach above `area` without covering the map's
        border (flow's `ground_above`)."""
        return max(0.0, min(GROUND_MARGIN, area[1] - self.bottom - BORDER_STYLE.width / 2))

    def footer_area(self, least: float) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the free band below the map, within the safe margin.

        It starts under the map's left edge, as a caption does, unless the map is narrower
        than `least` mm: then it is that wide (or as wide as the page allows), centred.
        """
        width = self.columns * FIELD_MM
        x = self.left
        if width < least:
            width = min(least, self.page.width - 2 * self.margin)
            x = (self.page.width - width) / 2
        # hug the map only when the band is as tight as S2 allows (a full-size map)
        y = self.bottom + (3.0 if self.page.height - self.margin - self.bottom > 20.0 else 0.8)
        return x, y, width, self.page.height - self.margin - y


@dataclass(frozen=True)
class Block:
    """Something of a known size to place in a footer; `draw(x, y)` draws it at its top-left.
    `space` is the gap kept after it, to its right and below its row."""

    width: float
    height: float
    draw: Callable[[float, float], Item]
    space: float = 3.0


def _positions(blocks: Sequence[Block], width: float) -> list[tuple[float, float]]:
    """Where each block goes, relative to the top-left, in rows `width` wide."""
    positions = []
    x = y = row_height = row_space = 0.0
    for block in blocks:
        if x > 0 and x + block.width > width + _EPSILON:
            x, y, row_height, row_space = 0.0, y + row_height + row_space, 0.0, 0.0
        positions.append((x, y))
        x += block.width + block.space
        row_height, row_space = max(row_height, block.height), max(row_space, block.space)
    return positions


def flow(blocks: Sequence[Block], area: tuple[float, float, float, float],
         ground_above: float = 0.0) -> tuple[Group, list[Block]]:
    """Place blocks in rows, left to right, top to bottom, inside `area`.

    Returns the placed items and the blocks, in order, that did not fit (from the first one
    that did not fit on: the reading order is kept rather than squeezing later blocks in).
    """
    x0, y0, width, height = area
    # grounds may reach a little left of the area and `ground_above` above it (Sheet.room_above:
    # a full-size map ends 0.8 mm above its footer), never past its right and bottom
    within = (max(x0 - GROUND_MARGIN, SAFE_MARGIN), y0 - ground_above, x0 + width, y0 + height)
    placed: list[Item] = []
    for index, (block, (x, y)) in enumerate(zip(blocks, _positions(blocks, width))):
        if y + block.height > height + _EPSILON or block.width > width + _EPSILON:
            return Group(tuple(placed)), list(blocks[index:])
        # the ground spans the space kept after the block too, so neighbours' grounds overlap
        placed.append(on_paper_ground(x0 + x, y0 + y, block.width + block.space, block.height + block.space,
                                      block.draw(x0 + x, y0 + y), within))
    return Group(tuple(placed)), []


def rows_block(blocks: Sequence[Block], width: float, space: float = 3.0) -> Block:
    """Blocks in rows `width` wide, kept together as one block (a legend is not split)."""
    positions = _positions(blocks, width)
    height = max((y + block.height for block, (_, y) in zip(blocks, positions)), default=0.0)

    def draw(left: float, top: float) -> Item:
        return Group(tuple(block.draw(left + x, top + y) for block, (x, y) in zip(blocks, positions)))
    return Block(width, height, draw, space)


CALIBRATION_LABEL = SMALLEST_PRINTED


def calibration_block(label_size: float = CALIBRATION_LABEL) -> Block:
    """The 50 mm bar that proves the print is at actual size."""
    label_width = text_width("50 mm — print at 100 % / actual size", label_size)
    return Block(max(50.0, label_width), calibration_height(label_size),
                 lambda x, y: calibration_bar(x, y, 50.0, label_size=label_size))
