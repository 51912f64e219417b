"""Where cards go on a sheet: the 9-up grid, its duplex mirror and its crop marks' room.

Pure geometry in page millimetres (origin top-left, y down), shared by the card renderer and
the tests. Cards touch, so one guillotine cut separates two neighbours; bleed (printing.md
#3) is added around the outside of the block only, which is how nine poker cards with 3 mm
bleed still fit A4's 210 mm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.draw import A4_PORTRAIT, PageSize

SAFE_MARGIN = 5.0  # printing.md #4: nothing that must print lies closer to the paper's edge
# Crop marks are needed to cut, so they stay inside the safe margin too (a review: they ran
# to 3 mm from the edge, which many printers leave blank); a mark shorter than this is hard
# to see and to lay a ruler on, so it is left out, and `crop_note` says so.
MIN_CROP_MM = 2.0
DUPLEX = ("long", "short")
_EPSILON = 1e-9

Box = tuple[float, float, float, float]  # x, y, w, h
Sides = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True)
class SheetOptions:
    paper: PageSize = A4_PORTRAIT
    bleed: float = 0.0  # mm of art beyond the cut on the block's outer edges
    duplex: str = "long"  # which edge the printer turns the sheet about: long or short
    backs: bool = True  # False: fronts only, for single-sided printing
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, moves every back page (printing.md #1)
    crop_length: float = 5.0  # mm; 0 for no crop marks

    def __post_init__(self) -> None:
        if self.duplex not in DUPLEX:
            raise ValueError(f"duplex must be one of {DUPLEX}, not {self.duplex!r}")
        if not 0.0 <= self.bleed <= 10.0:
            raise ValueError(f"bleed must be from 0 to 10 mm, not {self.bleed}")
        if self.crop_length < 0:
            raise ValueError(f"crop mark length must not be negative, not {self.crop_length}")


@dataclass(frozen=True)
class SheetLayout:
    """The card grid of one sheet; slot `i` counts row by row from the top-left."""

    paper: PageSize
    card: tuple[float, float]
    columns: int
    rows: int
    options: SheetOptions

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        """Top-left corner of the block of cards (cut lines, not bleed), centred on the paper."""
        width, height = self.card
        return (self.paper.width - self.columns * width) / 2, (self.paper.height - self.rows * height) / 2

    def cell(self, column: int, row: int) -> Box:
        x0, y0 = self.origin
        width, height = self.card
        return x0 + column * width, y0 + row * height, width, height

    def front(self, slot: int) -> Box:
        row, column = divmod(slot, self.columns)
        return self.cell(column, row)

    def back_cell(self, slot: int) -> tuple[int, int]:
        """The grid cell (column, row) of slot `slot`'s back on the back page: the sheet turned
        about its long edge swaps left and right, about its short edge top and bottom."""
        row, column = divmod(slot, self.columns)
        if self.options.duplex == "long":
            return self.columns - 1 - column, row
        return column, self.rows - 1 - row

    def back(self, slot: int) -> Box:
        x, y, width, height = self.cell(*self.back_cell(slot))
        dx, dy = self.options.back_offset
        return x + dx, y + dy, width, height

    def outer_bleed(self, column: int, row: int) -> Sides:
        """How far art runs past each cut of cell (column, row): the bleed on the block's outer
        edges, nothing where the card touches a neighbour."""
        bleed = self.options.bleed
        return (
            bleed if column == 0 else 0.0,
            bleed if row == 0 else 0.0,
            bleed if column == self.columns - 1 else 0.0,
            bleed if row == self.rows - 1 else 0.0,
        )

    def crop_offset(self) -> float:
        """Gap between a card's corner and its crop mark: clear of the bleed."""
        return self.options.bleed + 1.5 if self.options.bleed else 2.0

    def crop_lengths(self) -> tuple[float, float]:
        """How long the marks left and right of the block are, and those above and below it:
        the requested length, shortened to end SAFE_MARGIN from the paper's edge; 0 where
        that leaves less than MIN_CROP_MM (or none was asked for)."""
        wanted = self.options.crop_length
        x0, y0 = self.origin

        def fitted(room: float) -> float:
            length = min(wanted, room)
            return length if wanted > 0 and length >= min(wanted, MIN_CROP_MM) - _EPSILON else 0.0

        return fitted(x0 - self.crop_offset() - SAFE_MARGIN), fitted(y0 - self.crop_offset() - SAFE_MARGIN)

    def crop_note(self) -> str | None:
        """The crop marks asked for but left out for want of room, in a sentence for the
        command to print as a note; None when every mark asked for is drawn."""
        wanted = self.options.crop_length
        if wanted <= 0:
            return None
        x0, y0 = self.origin
        sides = (("left and right of the cards", x0), ("above and below the cards", y0))
        missing = [
            f"{where} ({max(0.0, origin - self.crop_offset() - SAFE_MARGIN):.1f} mm would fit)"
            for (where, origin), length in zip(sides, self.crop_lengths()) if length == 0
        ]
        if not missing:
            return None
        return (f"crop marks left out {' and '.join(missing)}: marks end {SAFE_MARGIN:g} mm from the paper's edge"
                f" and {min(wanted, MIN_CROP_MM):g} mm is the shortest drawn; cut along the cards' edges there")


def layout_sheet(card: tuple[float, float], options: SheetOptions = SheetOptions()) -> SheetLayout:
    """As many cards as fit inside the safe margin with their outer bleed (9 poker on A4)."""
    width, height = card
    paper = options.paper
    usable_width = paper.width - 2 * SAFE_MARGIN - 2 * options.bleed
    usable_height = paper.height - 2 * SAFE_MARGIN - 2 * options.bleed
    columns = math.floor(usable_width / width + _EPSILON)
    rows = math.floor(usable_height / height + _EPSILON)
    if columns < 1 or rows < 1:
        raise ValueError(
            f"a {width:g} × {height:g} mm card does not fit a {paper.width:g} × {paper.height:g} mm sheet"
            f" inside {SAFE_MARGIN:g} mm margins{' with its bleed' if options.bleed else ''}"
        )
    return SheetLayout(paper, (width, height), columns, rows, options)
