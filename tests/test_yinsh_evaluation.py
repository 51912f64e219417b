"""The bots' evaluation, on positions small enough to count by hand."""

from __future__ import annotations

from printkit.yinsh.actions import BLACK, WHITE
from printkit.yinsh.bits import BY_NAME, WINDOWS
from printkit.yinsh.evaluation import RING, WIN, destinations, full_score, greedy_score, rings_score, rows_in_the_making
from yinshcase import play, position, walled


def _bits(*names: str) -> int:
    return sum(1 << BY_NAME[name] for name in names)


def test_123_windows_of_five() -> None:
    # Per direction the lines hold 4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4 points: 0+3+4+5+6+5+6+5+4+3+0 = 41 windows.
    assert len(WINDOWS) == 3 * 41


def test_rows_in_the_making_by_hand() -> None:
    # a2 is in one window along number 2 (a2-e2) and one up its diagonal (a2-e6); column a has only 4 points.
    assert rows_in_the_making(_bits("a2"), 0) == 2
    # f6 is the middle of three 9-point lines: 5 windows each.
    assert rows_in_the_making(_bits("f6"), 0) == 15
    # f6 and g6: along number 6 (b6 … j6) four windows hold both (3 each) and b6-f6 only f6
    # (1): 13; f6's column and diagonal 5 each; g6's column (g2 … g11) and diagonal (b1 … k10) 5 each.
    assert rows_in_the_making(_bits("f6", "g6"), 0) == 13 + 5 + 5 + 5 + 5
    # An opposing marker makes a window worth nothing: a2-e2 is dead, a2-e6 is white's (1);
    # c2 keeps b2-f2 and c2-g2, c1-c5 and c2-c6, b1-f5 and c2-g6 (6).
    assert rows_in_the_making(_bits("a2"), _bits("c2")) == 1 - 6
    assert rows_in_the_making(0, _bits("f6")) == -15


def test_destinations_are_the_moves_of_either_colour() -> None:
    state = position("white rings: e5; black rings: e3; white markers: e7 f5 g7; black markers: e8 h8 d4;"
                     "white off: 4; black off: 4; rules: rows_to_win=5")
    assert destinations(state, WHITE) == 11 and destinations(state, BLACK) == 18
    assert full_score(state, WHITE) == rows_in_the_making(state.white, state.markers ^ state.white) + 11 - 18
    assert destinations(walled(), WHITE) == 0


def test_rings_and_rows_still_to_take_off() -> None:
    state = position("white rings: d4 k7 k8 k9; black rings: a2 g11 h11 i11 j11; white markers: a4 b4 c4 e4;"
                     "white off: 1; black off: 0")
    assert rings_score(state, WHITE) == RING and rings_score(state, BLACK) == -RING
    pending = play(state, "d4-d5")  # the row a4-e4 counts as the ring it will cost
    assert rings_score(pending, WHITE) == 2 * RING
    won = play(position("white rings: d4 k7 k8; black rings: a2 g11 h11; white markers: a4 b4 c4 e4;"
                        "white off: 2; black off: 2"), "d4-d5", "x a4-e4 r k7")
    assert greedy_score(won, WHITE) == WIN - 1 and full_score(won, BLACK) == 1 - WIN
