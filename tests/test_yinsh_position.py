"""Typed YINSH positions: read, written back, and every problem reported."""

from __future__ import annotations

import random

import pytest

from printkit.yinsh.actions import BLACK, MOVE, PLACE, WHITE
from printkit.yinsh.knobs import Knobs
from printkit.yinsh.position import PositionError, position_text, read_position
from printkit.yinsh.state import initial_state
from yinshcase import names


def test_the_empty_text_is_the_empty_board() -> None:
    assert read_position("") == initial_state()
    assert read_position("# nothing\n\n") == initial_state()


def test_positions_of_play_round_trip() -> None:
    rng = random.Random(4)
    state = initial_state()
    seen = 0
    while not state.is_terminal():
        if state.phase in (PLACE, MOVE) and not state.passed:
            again = read_position(position_text(state))
            assert (again.rings, again.markers, again.white, again.off, again.colour, again.phase) == (
                state.rings, state.markers, state.white, state.off, state.colour, state.phase)
            seen += 1
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    assert seen > 40


def test_one_line_any_case_and_knobs() -> None:
    state = read_position("White Rings: A2 b3 c4 d5 e6 ; black rings: f7 g8 h9 i10 j11; to move: Black;"
                          "white markers: f6, g6; rules: rows_to_win=1")
    assert state.colour == BLACK and state.phase == MOVE and names(state.markers_of(WHITE)) == {"f6", "g6"}
    assert state.knobs == Knobs(rows_to_win=1)
    assert "rules: rows_to_win=1 max_moves=300" in position_text(state)


def test_who_places_follows_from_the_rings() -> None:
    assert read_position("white rings: e5").colour == BLACK
    assert read_position("white rings: e5; black rings: e6").colour == WHITE
    assert read_position("white rings: e5; black rings: e6").phase == PLACE


def test_every_problem_is_reported_with_its_line_and_rule() -> None:
    text = "\n".join([
        "white rings: a2 b3 c4 d5 e6 f7",  # six rings
        "black rings: a1 g8 h9 i10 j11",  # a1 is no point
        "white markers: a3 b4 c5 d6 e7",  # a row of five (a3-e7 is a diagonal)
        "black markers: g8",  # on a black ring
        "colour: red",
        "white off: three",
        "to move: green",
        "rules: rows_to_winn=2",
    ])
    with pytest.raises(PositionError) as caught:
        read_position(text)
    problems = caught.value.problems
    expected = ["line 2: Y11: 'a1' is not a point", "line 4: Y1: g8 is already", "line 5: 'colour: red'",
                "line 6: white off: a whole number", "line 7: to move: 'white' or 'black'",
                "line 8: Y12: unknown rule knob 'rows_to_winn'", "Y1: white has 6 rings",
                "Y5: a row of five white markers a3-e7"]
    for start in expected:
        assert any(problem.startswith(start) for problem in problems), (start, problems)


def test_placement_positions_must_be_reachable() -> None:
    with pytest.raises(PositionError, match="Y2: white places first"):
        read_position("black rings: e5")
    with pytest.raises(PositionError, match="Y2: black places the next ring, not white"):
        read_position("white rings: e5; to move: white")
    with pytest.raises(PositionError, match="Y2: while rings are being placed no marker"):
        read_position("white rings: e5; black markers: e6")
    with pytest.raises(PositionError, match="Y7: white has taken off 3 rings"):
        read_position("white rings: a2 b2; black rings: c2 d2 e2 f2 g2; white off: 3")
    # each count worded for itself: not "taken off 1 rings, 1 win"
    with pytest.raises(PositionError, match=r"Y7: black has taken off 1 ring, and taking off 1 wins \(rows_to_win\)"):
        read_position("white rings: a2 b2 c2 d2 e2; black rings: f7 g8 h9 i10; black off: 1; rules: rows_to_win=1")
    with pytest.raises(PositionError, match="'to move' again"):
        read_position("to move: white; to move: black")


@pytest.mark.parametrize("text", ["white off: ²", "rules: rows_to_win=²"])
def test_a_digit_that_is_no_number_is_a_problem_not_a_crash(text: str) -> None:
    """'²' is a digit to str.isdigit but no number to int()."""
    with pytest.raises(PositionError):
        read_position(text)
