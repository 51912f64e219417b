"""The YINSH board as a model: 85 points, 33 lines and the ring slots, nothing drawn.

Points are named in GIPF notation, lower-case (`a2` … `k10`); `point()` reads either case,
labels print the column letters upper-case. With x = letter index − 5 and y = number − 6 a
point is on the board when max(|x|, |y|, |x − y|) ≤ 5, minus the six corners (boards.md).
Millimetre coordinates are mathematical (y up) with F6 at `centre`; columns are vertical,
A on the left, numbers growing upward. The page layout rotates and flips them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SQRT3 = math.sqrt(3.0)

XY = tuple[float, float]

LETTERS = "abcdefghijk"
CORNERS = frozenset({"a1", "a6", "f1", "f11", "k6", "k11"})
RINGS_PER_PLAYER = 5
RINGS_TO_WIN = 3  # Y7: the default of knob rows_to_win, and so of the slots printed for rings taken off
PLAYERS = 2
# The game starts on an empty board: players take turns placing their 5 rings on any free
# points, so no point is a fixed start position.
START_POINTS: tuple[str, ...] = ()

# (letter, number) steps along the three line directions; (+1, −1) is not a line.
DIRECTIONS: dict[str, tuple[int, int]] = {"column": (0, 1), "row": (1, 0), "diagonal": (1, 1)}

# Our choices for what surrounds the lattice, in units of the spacing s or in mm.
LABEL_OFFSET = 0.5  # labels sit half a spacing beyond a line's end, along the line
SLOT_CLEARANCE_MM = 3.0  # a slot is this much wider than a ring
SLOT_GAP_MM = 4.0  # between neighbouring slots
# Slots start LABEL_OFFSET·s + this past the board: 1 mm clear of the printed board's
# shape, which reaches 3.5 mm beyond the column letters at s = 20 mm (boards.layout).
SLOT_ROW_OFFSET_MM = 4.5


@dataclass(frozen=True, order=True)
class Point:
    col: int  # 0 = a … 10 = k
    num: int  # 1 … 11

    @property
    def name(self) -> str:
        return f"{LETTERS[self.col]}{self.num}"

    @property
    def x(self) -> int:
        return self.col - 5

    @property
    def y(self) -> int:
        return self.num - 6

    def step(self, direction: tuple[int, int], times: int = 1) -> Point:
        return Point(self.col + times * direction[0], self.num + times * direction[1])

    def __str__(self) -> str:
        return self.name


def on_board(p: Point) -> bool:
    x, y = p.x, p.y
    return max(abs(x), abs(y), abs(x - y)) <= 5 and p.name not in CORNERS


POINTS: tuple[Point, ...] = tuple(
    p for p in (Point(c, n) for c in range(11) for n in range(1, 12)) if on_board(p)
)
_POINT_SET = frozenset(POINTS)
BY_NAME: dict[str, Point] = {p.name: p for p in POINTS}


def point(name: str) -> Point:
    """The point called `name` (`e3` or `E3`); KeyError when it is not on the board."""
    return BY_NAME[name.strip().lower()]


@dataclass(frozen=True)
class Line:
    """A maximal segment: draw it from its first to its last point."""

    direction: str  # a key of DIRECTIONS
    points: tuple[Point, ...]

    @property
    def name(self) -> str:
        return f"{self.points[0].name}-{self.points[-1].name}"

    @property
    def first(self) -> Point:
        return self.points[0]

    @property
    def last(self) -> Point:
        return self.points[-1]


def _lines() -> tuple[Line, ...]:
    lines: list[Line] = []
    for direction, step in DIRECTIONS.items():
        for start in POINTS:
            if start.step(step, -1) in _POINT_SET:
                continue  # not the first point of its segment
            run = [start]
            while run[-1].step(step) in _POINT_SET:
                run.append(run[-1].step(step))
            lines.append(Line(direction, tuple(run)))
    return tuple(lines)


LINES: tuple[Line, ...] = _lines()
LINES_THROUGH: dict[Point, tuple[Line, ...]] = {
    p: tuple(line for line in LINES if p in line.points) for p in POINTS
}


def neighbours(p: Point) -> tuple[Point, ...]:
    """The points one step away along a line (a ring may move along these)."""
    found = []
    for step in DIRECTIONS.values():
        for times in (-1, 1):
            q = p.step(step, times)
            if q in _POINT_SET:
                found.append(q)
    return tuple(sorted(found))


def point_mm(p: Point, s: float, centre: XY = (0.0, 0.0)) -> XY:
    """boards.md: X = x·(√3/2)·s, Y = (y − x/2)·s, F6 at the centre."""
    return (centre[0] + p.x * SQRT3 / 2 * s, centre[1] + (p.y - p.x / 2) * s)


@dataclass(frozen=True)
class Label:
    text: str
    at: XY  # the label's centre, mm, y up, F6 at the origin


def labels(s: float) -> tuple[Label, ...]:
    """Column letters below and above each column, numbers at the rows' left ends."""
    found: list[Label] = []
    for line in LINES:
        if line.direction == "column":
            letter = LETTERS[line.first.col].upper()
            for end, sign in ((line.first, -1), (line.last, 1)):
                x, y = point_mm(end, s)
                found.append(Label(letter, (x, y + sign * LABEL_OFFSET * s)))
        elif line.direction == "row":
            # A row runs (√3/2, −1/2) per step; its label continues it backwards.
            x, y = point_mm(line.first, s)
            back = LABEL_OFFSET * s
            found.append(Label(str(line.first.num), (x - back * SQRT3 / 2, y + back / 2)))
    return tuple(found)


def slot_diameter(ring_mm: float) -> float:
    return ring_mm + SLOT_CLEARANCE_MM


def ring_slots(s: float, ring_mm: float, count: int = RINGS_TO_WIN) -> tuple[tuple[XY, ...], tuple[XY, ...]]:
    """Centres of the `count` slots (one per ring taken off to win: knob rows_to_win, Y7) of
    player 1 (low numbers, below) and player 2 (above).

    Our choice: a row, centred on the F column, in front of each player's short edge, clear
    of the column letters; each row is listed left to right as its player sees it.
    """
    diameter = slot_diameter(ring_mm)
    reach = max(abs(point_mm(p, s)[1]) for p in POINTS)  # the board is symmetric: 4.5·s
    row = reach + LABEL_OFFSET * s + SLOT_ROW_OFFSET_MM + diameter / 2
    pitch = diameter + SLOT_GAP_MM
    xs = [(i - (count - 1) / 2) * pitch for i in range(count)]
    return (tuple((x, -row) for x in xs), tuple((x, row) for x in reversed(xs)))
