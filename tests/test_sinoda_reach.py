"""The N6 reach tables (printkit/sinoda/reach.py) against a brute-force walk of the board,
and the start positions' action counts derived from the geometry."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinoda.board import ALL_SETUPS, Board
from printkit.sinoda.game import SinodaGame
from printkit.sinoda.reach import MAX_CACHED, Reach, reach_for, spaces_of


def walk_ends(board: Board, start_name: str, value: int, occupied: set[str]) -> set[str]:
    """Every end of a simple path of exactly `value` side steps with empty inner spaces."""
    ends: set[str] = set()

    def walk(path: list) -> None:
        if len(path) == value + 1:
            ends.add(board.name(path[-1]))
            return
        if len(path) > 1 and board.name(path[-1]) in occupied:
            return
        for nxt in board.neighbours(path[-1]):
            if nxt not in path:
                walk(path + [nxt])

    walk([board.triangle(start_name)])
    return ends


@settings(max_examples=60, deadline=None)
@given(n=st.sampled_from([2, 3]), data=st.data())
def test_reach_agrees_with_a_brute_force_walk(n: int, data: st.DataObject) -> None:
    reach = reach_for(n)
    board = Board(n)
    occupied = data.draw(st.integers(min_value=0, max_value=reach.full))
    space = data.draw(st.integers(min_value=0, max_value=reach.size - 1))
    value = data.draw(st.integers(min_value=1, max_value=4))
    names = {reach.names[i] for i in spaces_of(occupied)}
    found = {reach.names[i] for i in spaces_of(reach.ends(space, value, occupied))}
    assert found == walk_ends(board, reach.names[space], value, names)


def test_inner_masks_are_minimal_and_within_the_relevant_spaces() -> None:
    reach = reach_for(3)
    for key, routes in enumerate(reach.routes):
        for end, masks in routes:
            assert all(not (a != b and a & b == a) for a in masks for b in masks)
            assert all(mask & ~reach.relevant[key] == 0 for mask in masks)
            assert not any(mask >> end & 1 for mask in masks)


def test_the_answer_cache_is_bounded() -> None:
    """The table is filled to its bound and past it. Occupancies are counted onto the spaces
    the answer depends on: counting 0, 1, 2, … as the occupancy itself gave only 4,096
    different answers to keep (the other bits are masked off), never reaching the bound."""
    reach = Reach(2)
    key = (0 << 2) | 3
    spaces = spaces_of(reach.relevant[key])
    assert 2 ** len(spaces) > MAX_CACHED + 10  # enough different occupancies to overfill it
    largest = 0
    for count in range(MAX_CACHED + 10):
        occupied = sum(1 << space for bit, space in enumerate(spaces) if count >> bit & 1)
        reach.ends(0, 4, occupied)
        largest = max(largest, len(reach.tables[key]))
    assert largest == MAX_CACHED  # filled up to the bound, never past it
    assert 0 < len(reach.tables[key]) < MAX_CACHED  # started again after the bound
    # an answer worked out again after the table started over is the same
    assert reach.ends(0, 4, 0) == Reach(2).ends(0, 4, 0)


def flower_moves_from_geometry(setup, player: int) -> int:
    """Moves of the start position: a flower is the hexagon of 6 triangles around a
    point; each has two sides inside the flower and one outer side. Every piece shows 1
    (N2), so it moves one step (N6) across its outer side, unless that side is on the
    board's rim, onto the space beyond, distinct for each piece: empty, or a rival's start
    space where flowers touch (a capture, N6). So: moves = outer sides not on the rim."""
    board = setup.grid
    flower = set(setup.start_flower(player))
    outer = 0
    for t in flower:
        beyond = [u for u in board.neighbours(t) if u not in flower]
        assert len(beyond) <= 1  # one outer side, or none when it lies on the rim
        outer += len(beyond)
    return outer


def test_only_the_three_flowers_of_the_small_board_touch() -> None:
    # 3 players on the small board (our option) start side by side: a 1 can capture at once.
    for setup in ALL_SETUPS:
        flowers = [set(setup.start_flower(p)) for p in range(1, setup.players + 1)]
        touching = sum(1 for i, f in enumerate(flowers) for t in f for u in setup.grid.neighbours(t)
                       if any(u in g for j, g in enumerate(flowers) if j != i))
        assert (touching > 0) == (setup.name == "3-small"), setup.name


# Worked out by hand from boards.md, then checked against the geometry below:
# small board, flowers one step from the centre: 2 of the 6 outer sides lie on the rim -> 4;
# large board, corner flowers (distance 2 on an axis): 2 rim sides -> 4; side flowers
# (1,1), (-1,-1): 1 rim side -> 5. Each piece also has 1 change (1 -> 2, N5): + 6.
START_ACTIONS = {
    "2": [10, 10], "3": [10, 10, 10], "3-small": [10, 10, 10], "4": [11, 10, 11, 10], "4-teams": [11, 10, 11, 10],
    "6": [10] * 6, "6-two-teams": [10] * 6, "6-three-teams": [10] * 6,
}


@pytest.mark.parametrize("setup", ALL_SETUPS, ids=lambda s: s.name)
def test_start_position_action_counts(setup) -> None:
    game = SinodaGame(setup)
    expected = START_ACTIONS[setup.name]
    for seat in range(setup.players):
        assert 6 + flower_moves_from_geometry(setup, seat + 1) == expected[seat]
        assert len(game.start_position(seat).legal_actions()) == expected[seat]


def test_the_tables_pickle_with_their_answers() -> None:
    """A game goes to the processes of `--jobs` and Dask with its tables: they arrive with the
    answers kept so far, and answer alike."""
    reach = Reach(2)
    first = reach.ends(5, 3, 0b1011)
    copy = pickle.loads(pickle.dumps(reach))
    key = 5 << 2 | 2
    assert dict(copy.tables[key]) == dict(reach.tables[key]) and len(copy.tables[key]) == 1
    assert copy.ends(5, 3, 0b1011) == first
    assert [copy.ends(s, v, 0) for s in range(reach.size) for v in (1, 4)] == \
        [reach.ends(s, v, 0) for s in range(reach.size) for v in (1, 4)]
