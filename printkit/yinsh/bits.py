"""The YINSH board as bit tables: what the rules engine looks up instead of walking geometry.

A point is the index `col·12 + num` (a2 = 2, f6 = 66, k10 = 130): eleven columns of twelve
slots, slot 0 of every column (and everything past k) never on the board. A set of points is
a Python int with those bits. The padding makes the three line directions fixed strides:

    same letter (0, +1)  ±1      same number (+1, 0)  ±12      diagonal (+1, +1)  ±13

and a line never runs through a padding slot, so "five in a row" is five shifted ANDs
(`row_starts`). (+1, −1) is not a line (boards.md); nothing here steps that way.
"""

from __future__ import annotations

from collections.abc import Iterator

from printkit.yinsh.board import POINTS, Point

COLUMN = 12  # slots a column
STRIDES = (1, COLUMN, COLUMN + 1)  # the three line directions, forwards
DIRECTIONS = (-13, -12, -1, 1, 12, 13)  # the six ways a ring may move (Y3), in a fixed order
ROW = 5  # markers in a row (Y5)


def index_of(p: Point) -> int:
    return p.col * COLUMN + p.num


INDICES: tuple[int, ...] = tuple(sorted(index_of(p) for p in POINTS))  # the 85 points, ascending
ON_BOARD = sum(1 << i for i in INDICES)
NAME: dict[int, str] = {index_of(p): p.name for p in POINTS}
BY_NAME: dict[str, int] = {name: i for i, name in NAME.items()}


def point_of(index: int) -> Point:
    return Point(index // COLUMN, index % COLUMN)


def on_board(index: int) -> bool:
    return index >= 0 and bool(ON_BOARD >> index & 1)


def bits_of(mask: int) -> Iterator[int]:
    """The indices set in mask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(indices) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def _ray(start: int, step: int) -> tuple[tuple[int, int], ...]:
    found = []
    at = start + step
    while on_board(at):
        found.append((at, 1 << at))
        at += step
    return tuple(found)


# RAYS[p]: for each of the six directions, the (index, bit) pairs a ring on p would pass, nearest first.
RAYS: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    p: tuple(ray for ray in (_ray(p, step) for step in DIRECTIONS) if ray) for p in INDICES
}

# BETWEEN[p << 8 | q]: the points strictly between two points on a line (the markers a move passes, Y4).
BETWEEN: dict[int, int] = {}
for _p in INDICES:
    for _ray_points in RAYS[_p]:
        _passed = 0
        for _q, _bit in _ray_points:
            BETWEEN[_p << 8 | _q] = _passed
            _passed |= _bit


def row_starts(mask: int, stride: int) -> int:
    """The points where a run of five of `mask` starts along `stride` (each start is one row)."""
    return mask & mask >> stride & mask >> 2 * stride & mask >> 3 * stride & mask >> 4 * stride


def row_mask(first: int, stride: int) -> int:
    return mask_of(first + k * stride for k in range(ROW))


# Every five points in a row on the board: (first, last, mask), first < last (Y11 order).
WINDOWS: tuple[tuple[int, int, int], ...] = tuple(
    (first, first + 4 * stride, row_mask(first, stride))
    for stride in STRIDES for first in bits_of(row_starts(ON_BOARD, stride))
)
WINDOW_MASKS: tuple[int, ...] = tuple(mask for _, _, mask in WINDOWS)
WINDOW_BY_ENDS: dict[tuple[int, int], int] = {(first, last): mask for first, last, mask in WINDOWS}


def rows_in(mask: int) -> list[tuple[int, int, int]]:
    """Every row of five in `mask` (Y5): (first, last, mask of the five); a run of six is two rows."""
    rows = []
    for stride in STRIDES:
        starts = row_starts(mask, stride)
        while starts:
            low = starts & -starts
            first = low.bit_length() - 1
            last = first + 4 * stride
            rows.append((first, last, WINDOW_BY_ENDS[(first, last)]))
            starts ^= low
    return rows


def has_row(mask: int) -> bool:
    return any(row_starts(mask, stride) for stride in STRIDES)


# The twelve symmetries of the board. With x = letter − 5, y = number − 6, the cube
# coordinates (x, −y, y − x) sum to 0 and the six directions are their unit steps; turning
# by 60° is (a, b, c) -> (−c, −a, −b) and a mirror swaps two of them.
def _turn(a: int, b: int, c: int) -> tuple[int, int, int]:
    return (-c, -a, -b)


def _symmetries() -> tuple[dict[int, int], ...]:
    maps = []
    for mirrored in (False, True):
        for turns in range(6):
            table = {}
            for i in INDICES:
                p = point_of(i)
                a, b, c = p.x, -p.y, p.y - p.x
                if mirrored:
                    a, b = b, a
                for _ in range(turns):
                    a, b, c = _turn(a, b, c)
                image = Point(a + 5, -b + 6)
                table[i] = index_of(image)
            maps.append(table)
    return tuple(maps)


SYMMETRIES: tuple[dict[int, int], ...] = _symmetries()


def map_mask(mask: int, table: dict[int, int]) -> int:
    return mask_of(table[i] for i in bits_of(mask))
