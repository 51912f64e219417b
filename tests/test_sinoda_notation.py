"""The Sinoda position notation (printkit/sinoda/notation.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinoda.bots import RandomBot
from printkit.sinoda.notation import NotationError, format_position, parse_position
from printkit.sinoda.position import successor

from sinodahelp import game


def test_the_start_reads_as_written() -> None:
    text = format_position(game(2).start_position(0))
    assert text == (
        "# Sinoda, 2 players (small board)\n"
        "to move: 1\n"
        "turns played: 0\n"
        "1: A3=1 A4=1 B8=1 B9=1 B10=1 B11=1 | captured\n"
        "2: A1=1 A6=1 B1=1 B2=1 B17=1 B18=1 | captured\n"
    )


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([(2, None, None), (3, "small", None), (4, None, 2), (6, None, 3)]),
       seed=st.integers(0, 10**6), turns=st.integers(0, 120))
def test_format_then_parse_gives_the_position_back(players, seed, turns) -> None:
    g = game(*players)
    p = g.initial_state(seed)
    bot = RandomBot(seed)
    for _ in range(turns):
        if p.is_terminal():
            break
        actions = p.legal_actions()
        p = successor(p, actions[bot.choose(p, actions)])
    assert parse_position(g, format_position(p)) == p


def test_a_person_may_type_it_loosely_on_one_line() -> None:
    g = game(2)
    typed = parse_position(g, "To-Move: 2 ; 1: b8 = 2, a3=1 | 1 ;2: a1=4|captured -  # a puzzle")
    assert typed.to_move == 1 and typed.discs == ((1,), ())
    assert typed.piece(g.reach.index_of["B8"]) == (0, 2) and typed.piece(g.reach.index_of["A1"]) == (1, 4)


def test_every_problem_is_reported_with_its_line_and_rule() -> None:
    with pytest.raises(NotationError) as caught:
        parse_position(game(2), "to move: 3\n1: A1=5 Z9=1 A2=1 A2=2 | captured 7\n1: B1=1\nwhat")
    messages = [str(p) for p in caught.value.problems]
    assert messages == [
        "line 1: 'to move' must be a player from 1 to 2, not '3'",
        "line 2: a captured die keeps its value, 1 to 4 (N7), not '7'",
        "line 2: A1=5: a die shows 1 to 4 (N2)",
        "line 2: Z9 is not a space of the small board (N1)",
        "line 2: A2 already holds a piece (line 2; N2: one piece a space)",
        "line 3: player 1 has two lines",
        "line 4: cannot read 'what': expected 'to move: N', 'turns played: N' or 'N: SPACE=VALUE … | captured …'",
        "no line for player 2 (write 'N: | captured' for a player with nothing)",
    ]


def test_too_many_dice_and_no_turn_are_problems() -> None:
    with pytest.raises(NotationError, match="a player has 6"):
        parse_position(game(2), "to move: 1; 1: A1=1 A2=1 A3=1 A4=1 A5=1 A6=1 B1=1 | ; 2: B9=1 |")
    with pytest.raises(NotationError, match="13 dice"):
        parse_position(game(2), "to move: 1; 1: A1=1 A2=1 A3=1 A4=1 A5=1 A6=1 | 1 1 1 1 1 1; 2: B9=1 |")
    with pytest.raises(NotationError, match="whose turn"):
        parse_position(game(2), "1: A1=1 A2=1 | ; 2: B9=1 B10=1 |")
    with pytest.raises(NotationError, match="no end condition"):
        parse_position(game(2), "game over; 1: A1=1 A2=1 | ; 2: B9=1 B10=1 |")


def test_a_finished_game_is_written_as_over() -> None:
    g = game(2)
    p = parse_position(g, "to move: 1; 1: A1=1 A2=1 | 3; 2: |")
    assert p.ended == "no-pieces-left" and p.to_move is None
    assert "game over: no-pieces-left" in format_position(p)
    assert parse_position(g, format_position(p)) == p


def test_a_positions_repr_is_its_notation_on_one_line() -> None:
    g = game(4, teams=2)
    p = g.start_position(2)
    text = repr(p)
    assert text.startswith("Position(to move: 3; turns played: 0; 1: ") and "\n" not in text
    assert parse_position(g, text[len("Position("):-1]) == p


@pytest.mark.parametrize("text", ["to move: ²; 1: A1=1 | ; 2: |", "to move: 1; turns played: ²; 1: A1=1 | ; 2: |",
                                  "to move: 1; 1: A1=² | ; 2: |", "to move: 1; 1: A1=1 | captured ²; 2: |"])
def test_a_digit_that_is_no_number_is_a_problem_not_a_crash(text: str) -> None:
    """'²' is a digit to str.isdigit but no number to int()."""
    with pytest.raises(NotationError):
        parse_position(game(2), text)
