"""The scan markers of a design sheet: four ArUco markers outside the grid's corners whose
ids carry the sheet's code (printkit.scan.layout), each on a patch of white paper."""

from __future__ import annotations

from printkit.draw import Group, Item, Path, Rect, Style
from printkit.scan.layout import SheetCode, marker_cells

PAD = Style(stroke=None, fill="#ffffff")
CELL = Style(stroke=None, fill="#000000")


def marker(marker_id: int, x: float, y: float, side: float) -> Group:
    """One marker `side` mm big, its black cells as one path (runs of a row joined), top-left at (x, y)."""
    cell = side / 6
    commands: list[tuple] = []
    for row, cells in enumerate(marker_cells(marker_id)):
        column = 0
        while column < 6:
            if not cells[column]:
                column += 1
                continue
            start = column
            while column < 6 and cells[column]:
                column += 1
            left, top = x + start * cell, y + row * cell
            commands += [("M", left, top), ("L", x + column * cell, top), ("L", x + column * cell, top + cell),
                         ("L", left, top + cell), ("Z",)]
    return Group((Path(tuple(commands), CELL),))


def quiet_zones(code: SheetCode) -> Group:
    """White patches under the markers (drawn over the squared paper, under everything else)."""
    quiet = code.quiet_mm
    side = code.marker_mm + 2 * quiet
    return Group(tuple(Rect(x - quiet, y - quiet, side, side, PAD) for x, y in code.marker_squares()))


def scan_markers(code: SheetCode) -> Group:
    items: list[Item] = [marker(marker_id, x, y, code.marker_mm) for marker_id, (x, y) in zip(code.marker_ids(), code.marker_squares())]
    return Group(tuple(items))
