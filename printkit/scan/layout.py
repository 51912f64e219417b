"""Where the scan markers sit on a design sheet, and the code they carry (pure geometry).

Four ArUco markers (OpenCV's 4x4_50 dictionary) stand just outside the four corners of the
field grid, in the corner squares that the coordinates and the header leave free on every
sheet size S2 allows. Their ids are the sheet's code: which corner each one is, and the
sheet's columns, rows and orientation, so that a photo says by itself how to read it:

    top-left      id  0 + columns - 1     (0..17)
    top-right     id 18 + rows - 1        (18..35)
    bottom-right  id 36 + landscape       (36, 37)
    bottom-left   id 40: the markers are as big as the corner squares allow (6 to 12 mm)
                  id 38: they are 6 mm (sheets printed before the markers grew)

A sheet narrower or shorter than the page has room for bigger markers, and a bigger
marker's cells stay readable in a photo where the sheet is small: on a 10 x 14 sheet they
are 12 mm (cells of 2 mm), on a full 12 x 18 sheet 6 mm as ever.

The page is laid out as `Sheet.centred` lays it out (the fields centred on A4, S2), which
this module computes again from the same numbers rather than importing the renderer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.sinpin.rules import FIELD_MM, MAX_LONG_SIDE, MAX_SHORT_SIDE

A4 = (210.0, 297.0)
MARKER_MM = 6.0  # the smallest marker's black square; 6 x 6 cells of 1 mm (a 4 x 4 code and its border)
MAX_MARKER_MM = 12.0  # the biggest (cells of 2 mm)
PAGE_MARGIN = 5.0  # mm at the paper's edge a printer may not print
MARKER_GAP = 2.4  # from the marker to the grid's border line, both ways: room for a stroke that strays
QUIET_MM = 1.0  # white kept around a 6 mm marker (the squared paper is not printed there; may reach into the margin)
MARKER_DICTIONARY = "DICT_4X4_50"
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
_TOP_LEFT, _TOP_RIGHT, _BOTTOM_RIGHT, _BOTTOM_LEFT, _BOTTOM_LEFT_SIZED = 0, 18, 36, 38, 40
SHEET_IDS = range(_BOTTOM_LEFT_SIZED + 1)  # every id a sheet's marker may carry (corner_of names its corner)
# The 4 x 4 inner cells of markers 0..40 of DICT_4X4_50, row by row, white = 1 (as OpenCV's
# generateImageMarker draws them): printing needs no OpenCV; a test checks them against it.
_MARKER_BITS = (
    "b532", "0f9a", "332d", "9946", "549e", "79cd", "9e2e", "c4f2", "feda", "cf56", "f991", "11a7", "0eb7",
    "2a0f", "24b1", "263e", "4665", "6600", "6c5e", "76af", "868b", "b02b", "ccd5", "dd82", "fe47", "9471",
    "ace4", "a554", "2123", "346f", "4415", "57b2", "9ecf", "f0cb", "08ae", "0929", "1875", "04ff", "0df6",
    "1c5a", "1718",
)


def marker_cells(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """The marker's 6 x 6 cells, border included, True where black."""
    value = int(_MARKER_BITS[marker_id], 16)
    inner = [[not (value >> (15 - (4 * row + column))) & 1 for column in range(4)] for row in range(4)]
    rows = [(True,) * 6]
    rows += [(True, *row, True) for row in inner]
    rows.append((True,) * 6)
    return tuple(rows)


@dataclass(frozen=True)
class SheetCode:
    """What a design sheet's markers say: its fields across and down, and its orientation."""

    columns: int
    rows: int
    landscape: bool
    sized: bool = True  # markers as big as the corners allow (False: 6 mm, as sheets printed before)

    def __post_init__(self) -> None:
        across, down = (MAX_LONG_SIDE, MAX_SHORT_SIDE) if self.landscape else (MAX_SHORT_SIDE, MAX_LONG_SIDE)
        if not (1 <= self.columns <= across and 1 <= self.rows <= down):
            raise ValueError(f"{self.columns} x {self.rows} fields do not fit A4 "
                             f"{'landscape' if self.landscape else 'portrait'} (S2)")

    @property
    def page(self) -> tuple[float, float]:
        return (A4[1], A4[0]) if self.landscape else A4

    @property
    def grid_origin(self) -> tuple[float, float]:
        """The top-left corner of field (0, 0) on the page, in mm (as Sheet.centred)."""
        width, height = self.page
        return (width - self.columns * FIELD_MM) / 2, (height - self.rows * FIELD_MM) / 2

    @property
    def grid_size(self) -> tuple[float, float]:
        return self.columns * FIELD_MM, self.rows * FIELD_MM

    def marker_ids(self) -> tuple[int, int, int, int]:
        """The ids of the top-left, top-right, bottom-right and bottom-left markers."""
        return (_TOP_LEFT + self.columns - 1, _TOP_RIGHT + self.rows - 1, _BOTTOM_RIGHT + int(self.landscape),
                _BOTTOM_LEFT_SIZED if self.sized else _BOTTOM_LEFT)

    @property
    def marker_mm(self) -> float:
        """The markers' side: what the corner squares leave between the printer's margin
        and the gap to the grid, in whole half-millimetres, 6 to 12 mm (6 unless sized)."""
        if not self.sized:
            return MARKER_MM
        left, top = self.grid_origin
        room = min(left, top) - PAGE_MARGIN - MARKER_GAP
        return float(min(MAX_MARKER_MM, max(MARKER_MM, math.floor(2 * room) / 2)))

    @property
    def quiet_mm(self) -> float:
        """The white kept around the markers: a cell of theirs, at least QUIET_MM (a cell of
        white keeps a small marker apart from the header's text and the squares in a blurred photo)."""
        return max(QUIET_MM, self.marker_mm / 6)

    def marker_squares(self) -> tuple[tuple[float, float], ...]:
        """The top-left corner (mm) of each marker's square, in the order of CORNERS."""
        left, top = self.grid_origin
        width, height = self.grid_size
        near, far = -MARKER_GAP - self.marker_mm, MARKER_GAP
        return ((left + near, top + near), (left + width + far, top + near),
                (left + width + far, top + height + far), (left + near, top + height + far))

    def marker_corners(self) -> tuple[tuple[tuple[float, float], ...], ...]:
        """Each marker's four corners (mm) in OpenCV's order: clockwise from the marker's own
        top-left, the marker printed upright."""
        side = self.marker_mm
        return tuple(((x, y), (x + side, y), (x + side, y + side), (x, y + side)) for x, y in self.marker_squares())


def corner_of(marker_id: int) -> int | None:
    """Which corner (index into CORNERS) a marker id belongs to; None for no sheet marker."""
    if 0 <= marker_id < _TOP_RIGHT:
        return 0
    if _TOP_RIGHT <= marker_id < _BOTTOM_RIGHT:
        return 1
    if marker_id in (_BOTTOM_RIGHT, _BOTTOM_RIGHT + 1):
        return 2
    if marker_id in (_BOTTOM_LEFT, _BOTTOM_LEFT_SIZED):
        return 3
    return None


def decode(ids: dict[int, int]) -> SheetCode:
    """The sheet's code from the marker id found at each corner (all four); ValueError for
    ids no design sheet carries together (a sheet of another size, S2)."""
    columns = ids[0] - _TOP_LEFT + 1
    rows = ids[1] - _TOP_RIGHT + 1
    landscape = ids[2] == _BOTTOM_RIGHT + 1
    return SheetCode(columns, rows, landscape, ids[3] == _BOTTOM_LEFT_SIZED)

