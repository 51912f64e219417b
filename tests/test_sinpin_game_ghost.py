"""The ghost on the squares (S30-S32): its start, its steps, its bound and what it overlaps."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.game.ghost import GhostBoard, fields_under, lowest_row, reach, start_place


def test_S30_the_ghost_starts_on_the_bottom_left_squares_of_the_door() -> None:
    assert start_place((1, 1)) == (3, 4)
    assert start_place((4, 0)) == (12, 1)
    assert fields_under(start_place((4, 2))) == {(4, 2)}


def test_S30_steps_go_left_right_or_down_never_up() -> None:
    board = GhostBoard(5, 5, (4, 4))
    assert board.steps((6, 6)) == [(5, 6), (7, 6), (6, 7)]


def test_S30_the_ghost_stays_inside_the_grid_of_squares() -> None:
    board = GhostBoard(2, 3, (1, 2))  # 6 x 9 squares: places 0..4 by 0..7
    assert board.steps((0, 0)) == [(1, 0), (0, 1)]
    assert board.steps((4, 7)) == [(3, 7)]


def test_S30_its_lower_row_never_goes_below_the_exit_fields_bottom_row() -> None:
    board = GhostBoard(4, 6, (2, 1))  # exit row 1: squares 3-5, so sy + 1 <= 5
    assert lowest_row((2, 1)) == 4
    assert board.steps((3, 4)) == [(2, 4), (4, 4)]
    # Three squares from (3,3): no step down, or one; a second would put its lower row at 6.
    assert set(board.moves((3, 3), 3)) == {(0, 3), (2, 3), (4, 3), (6, 3), (1, 4), (3, 4), (5, 4)}


def test_S30_exit_above_the_door_the_ghost_walks_sideways_below_the_bound() -> None:
    # S30 as settled: the bound limits steps down only. The exit (row 1) is above the door
    # (row 3): the ghost starts below the exit's bottom row and walks along the door's rows.
    door, exit_ = (1, 3), (3, 1)
    board = GhostBoard(5, 5, exit_)
    start = start_place(door)  # (3, 10)
    assert board.steps(start) == [(2, 10), (4, 10)]  # left and right, never down
    ends = board.moves(start, 4)
    assert set(ends) == {(sx, 10) for sx in (1, 3, 5, 7)}
    assert all(len(path) == 4 and all(sy == 10 for _, sy in path) for path in ends.values())
    assert board.reach(start, (4, 3)) == reach(start, (4, 3)) == 8  # along the door's row
    assert board.reach(start, (1, 4)) == math.inf  # a field below: never (no step down)


def test_S30_exit_below_the_door_the_ghost_goes_down_to_the_exits_row_and_then_sideways() -> None:
    door, exit_ = (0, 0), (2, 2)  # exit field rows 6-8: the ghost's lower row at most 8
    board = GhostBoard(4, 5, exit_)
    place = start_place(door)  # (0, 1)
    ends = board.moves(place, 6)
    assert (0, 7) in ends and (0, 8) not in ends  # six steps down would pass the bound
    assert board.steps((4, 7)) == [(3, 7), (5, 7)]  # at the bound: sideways only
    assert board.reach((4, 7), (3, 2)) == 4 and board.reach((4, 7), (1, 3)) == math.inf


def test_S30_the_ghost_moves_through_rock_and_may_turn_back() -> None:
    board = GhostBoard(3, 3, (2, 2))  # rock plays no part: the board knows no tiles
    ends = board.moves((2, 0), 2)
    assert ends[(2, 0)] == ((1, 0), (2, 0))  # left then right again
    assert set(ends) == {(0, 0), (2, 0), (4, 0), (1, 1), (3, 1), (2, 2)}


def test_S30_a_ghost_always_has_a_step() -> None:
    board = GhostBoard(1, 1, (0, 0))  # 3 x 3 squares: places 0..1 by 0..1
    ends = board.moves((0, 0), 5)
    assert all(len(path) == 5 for path in ends.values())  # it can always go left or right
    below = GhostBoard(1, 3, (0, 0))
    assert set(below.moves((0, 2), 3)) == {(1, 2)}  # below the bound: it shuttles sideways


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_S30_every_ghost_path_is_legal_and_exactly_as_long_as_the_card_unless_stuck(width, height, data) -> None:
    exit_ = (data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1)))
    board = GhostBoard(width, height, exit_)
    place = (data.draw(st.integers(0, 3 * width - 2)), data.draw(st.integers(0, 3 * height - 2)))
    squares = data.draw(st.integers(1, 6))
    for end, path in board.moves(place, squares).items():
        here = place
        for step in path:
            dx, dy = step[0] - here[0], step[1] - here[1]
            assert (dx, dy) in ((-1, 0), (1, 0), (0, 1))  # never up (S30)
            assert 0 <= step[0] <= 3 * width - 2 and 0 <= step[1] <= 3 * height - 2
            if dy:  # the bound limits steps down only (S30 as settled)
                assert step[1] + 1 <= 3 * exit_[1] + 2
            here = step
        assert here == end
        assert len(path) == squares  # a sideways step is always left (S30 as settled)


def test_S32_the_ghost_overlaps_up_to_four_fields() -> None:
    assert fields_under((3, 4)) == {(1, 1)}
    assert fields_under((2, 2)) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert fields_under((5, 4)) == {(1, 1), (2, 1)}


def _steps_to_overlap(place, field, limit=30) -> float:
    """Breadth first on an unbounded plane of squares: left, right, down."""
    layer, seen = [place], {place}
    for distance in range(limit):
        if any(field in fields_under(p) for p in layer):
            return distance
        following = []
        for sx, sy in layer:
            for step in ((sx - 1, sy), (sx + 1, sy), (sx, sy + 1)):
                if step not in seen:
                    seen.add(step)
                    following.append(step)
        layer = following
    return math.inf


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 4), st.integers(0, 4))
def test_reach_is_the_fewest_squares_to_overlap_a_field(sx, sy, fx, fy) -> None:
    expected = _steps_to_overlap((sx, sy), (fx, fy))
    assert reach((sx, sy), (fx, fy)) == expected
