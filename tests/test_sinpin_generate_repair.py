"""Mending a drawn cave: traps get a way out (S27), items come within reach, S28 and S20 are
kept, a route too long for its aim starts later; what comes out validates with no warning."""

from __future__ import annotations

import random

from printkit.sinpin.generate.repair import Trim, mend, tidy
from printkit.sinpin.level import Level
from printkit.sinpin.moves.validator import validate

# On the way to the shaft (x = 7) lies a pit two fields deep (x = 4): jumped over with points
# to spare, fallen into otherwise, and never left: a soft-lock.
PIT = (
    "##########",
    "#........#",
    "#A.......#",
    "####.##.##",
    "####.##.##",
    "#######.##",
    "#Z......##",
    "##########",
)


def grid_of(rows) -> list[list[str]]:
    return [list(row) for row in rows]


def test_the_example_really_has_a_trap() -> None:
    verdict = validate(Level(PIT))
    assert verdict.solvable and verdict.soft_locks


def test_a_trap_is_mended_and_the_level_then_validates_with_no_warning() -> None:
    for seed in range(6):
        mended = mend(grid_of(PIT), set(), random.Random(seed))
        assert mended is not None and mended.traps_mended >= 1
        verdict = validate(Level(mended.rows))
        assert verdict.valid and not verdict.warnings, (seed, mended.rows)
        assert mended.turns == verdict.min_turns  # the first bound is exact here
        assert mended.door == Level(mended.rows).door


def test_protected_fields_are_never_changed_and_a_trap_made_only_of_them_gives_up() -> None:
    everything = {(x, y) for y in range(len(PIT)) for x in range(len(PIT[0]))}
    assert mend(grid_of(PIT), everything, random.Random(1)) is None


def test_an_exit_out_of_reach_gives_up_at_once() -> None:
    sealed = ("#######", "#A.#.Z#", "#######")
    assert mend(grid_of(sealed), set(), random.Random(1)) is None


def test_items_no_move_passes_are_moved_within_reach_and_a_chest_taken_off() -> None:
    rows = ("########", "#A...Z##", "######*#", "#C.*####", "########")  # a gem and chest sealed off
    mended = mend(grid_of(rows), set(), random.Random(2), scatter=())
    assert mended is not None
    level = Level(mended.rows)
    assert "C" not in "".join(mended.rows) and "".join(mended.rows).count("*") == 2
    verdict = validate(level)
    assert verdict.valid and not verdict.warnings and not verdict.unreachable_items


def test_big_empty_halls_are_broken_up() -> None:
    hall = ("##########", "#........#", "#........#", "#A......Z#", "##########")
    mended = mend(grid_of(hall), set(), random.Random(3), scatter=("*",))
    assert mended is not None
    from printkit.sinpin.generate.looks import largest_open_rectangle

    assert largest_open_rectangle(mended.rows) <= 6 < largest_open_rectangle(hall)
    assert not validate(Level(mended.rows)).warnings


def test_tidy_keeps_what_a_set_up_holds_and_no_lone_teleporter() -> None:
    grid = grid_of(("############", "#A******O..#", "#.******w..#", "#Z******...#", "############"))
    tidy(grid, {"*": 16, "w": 8})
    text = "".join("".join(row) for row in grid)
    assert text.count("*") == 16 and "O" not in text and text.count("w") == 1


def test_a_route_longer_than_asked_starts_later_on_its_walk() -> None:
    corridor = ("##############", "#A..........Z#", "##############")
    walk = tuple((x, 1) for x in range(1, 13))
    full = mend(grid_of(corridor), set(), random.Random(1))
    trimmed = mend(grid_of(corridor), set(), random.Random(1), trim=Trim(walk, (1, 1), lambda door: True))
    assert full is not None and trimmed is not None
    assert full.turns >= 2 and trimmed.turns == 1 and trimmed.door != (1, 1)
    verdict = validate(Level(trimmed.rows))
    assert verdict.valid and not verdict.warnings and verdict.min_turns == 1


def test_without_ladders_traps_are_filled() -> None:
    for seed in range(4):
        mended = mend(grid_of(PIT), set(), random.Random(seed), ladders=False)
        assert mended is not None and "H" not in "".join(mended.rows)
        assert not validate(Level(mended.rows)).warnings
