"""The ghost (S30-S32): a 2 x 2 piece on the 5 mm squares that only goes left, right or down.

Squares: square (sx, sy) lies in field (sx div 3, sy div 3); the ghost's place is its top-left
square, so it covers squares sx..sx+1 by sy..sy+1 and overlaps up to 2 x 2 fields.
"""

from __future__ import annotations

from functools import lru_cache

from printkit.sinpin.level import Position
from printkit.sinpin.rules import SQUARES_PER_FIELD

Place = tuple[int, int]  # (sx, sy): the ghost's top-left square


def start_place(door: Position) -> Place:
    """S30: the bottom-left 2 x 2 squares of the entry door's field."""
    return SQUARES_PER_FIELD * door[0], SQUARES_PER_FIELD * door[1] + 1


def lowest_row(exit_: Position) -> int:
    """S30: the ghost's top row may be at most this (its lower row, sy + 1, never below the
    bottom row of squares of the exit's field: sy + 1 <= 3 * exit_y + 2)."""
    return SQUARES_PER_FIELD * exit_[1] + 1


@lru_cache(maxsize=8192)  # asked after every move; a board has a few thousand places
def fields_under(place: Place) -> frozenset[Position]:
    """The fields the ghost's 2 x 2 squares overlap (S32)."""
    sx, sy = place
    return frozenset((fx, fy) for fx in {sx // 3, (sx + 1) // 3} for fy in {sy // 3, (sy + 1) // 3})


class GhostBoard:
    """Where the ghost may go on one level: inside the grid of squares, down only to the bound."""

    def __init__(self, width: int, height: int, exit_: Position):
        self.max_sx = SQUARES_PER_FIELD * width - 2
        self.max_sy = min(SQUARES_PER_FIELD * height - 2, lowest_row(exit_))  # a step down may end here at most
        self._moves: dict[tuple[Place, int], dict[Place, tuple[Place, ...]]] = {}

    def steps(self, place: Place) -> list[Place]:
        """The squares one step can go to (S30, settled): left and right anywhere inside the
        grid of squares; down only while the ghost's lower row stays at or above the exit
        field's bottom row (after the step, sy + 1 <= 3 * exit_y + 2). A ghost that starts
        below that row (an exit above the door) still walks sideways along the door's rows."""
        sx, sy = place
        found = [(sx + dx, sy) for dx in (-1, 1) if 0 <= sx + dx <= self.max_sx]
        if sy + 1 <= self.max_sy:
            found.append((sx, sy + 1))
        return found

    def reach(self, place: Place, field: Position) -> float:
        """`reach` on this board: infinite for a field the bound keeps the ghost above."""
        if SQUARES_PER_FIELD * field[1] > max(place[1], self.max_sy) + 1:
            return float("inf")
        return reach(place, field)

    def moves(self, place: Place, squares: int) -> dict[Place, tuple[Place, ...]]:
        """Every place the ghost can end a move of `squares` squares at, with one path to it
        (the squares stepped through, start excluded). A ghost with no allowed step loses the
        rest of its move; under S30 as settled that never happens (a grid is at least one
        field, three squares, wide, so a sideways step is always left). Paths are found
        breadth first in step order (left, right, down), so the one kept is fixed. (Worked
        out once per place and count: the board never changes; callers must not change it.)"""
        found = self._moves.get((place, squares))
        if found is None:
            found = self._moves[(place, squares)] = self._walk(place, squares)
        return found

    def _walk(self, place: Place, squares: int) -> dict[Place, tuple[Place, ...]]:
        layer: dict[Place, tuple[Place, ...]] = {place: ()}
        ends: dict[Place, tuple[Place, ...]] = {}
        for _ in range(squares):
            following: dict[Place, tuple[Place, ...]] = {}
            for here, path in layer.items():
                steps = self.steps(here)
                if not steps:
                    ends.setdefault(here, path)
                for step in steps:
                    following.setdefault(step, path + (step,))
            layer = following
        for here, path in layer.items():
            ends.setdefault(here, path)
        return ends


def reach(place: Place, field: Position) -> float:
    """How many squares the ghost needs to overlap `field` (S32), going only left, right and
    down; infinite for a field above it (the ghost never moves up)."""
    sx, sy = place
    left, top = SQUARES_PER_FIELD * field[0], SQUARES_PER_FIELD * field[1]
    if sy > top + 2:
        return float("inf")
    dx = max(0, left - (sx + 1), sx - (left + 2))
    return dx + max(0, top - (sy + 1))
