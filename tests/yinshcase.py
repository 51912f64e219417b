"""Small YINSH positions for the tests, typed as a player would (printkit.yinsh.position)."""

from __future__ import annotations

from printkit.yinsh.actions import action_text, parse_action
from printkit.yinsh.bits import BY_NAME, NAME
from printkit.yinsh.knobs import Knobs
from printkit.yinsh.position import read_position
from printkit.yinsh.state import State


def position(text: str, **knobs: int) -> State:
    return read_position(text, Knobs(**knobs))


def play(state: State, *actions: str) -> State:
    """The position after the actions, each written in GIPF notation and checked."""
    for text in actions:
        state = state.apply(parse_action(text))
    return state


def texts(state: State) -> list[str]:
    return [action_text(action) for action in state.legal_actions()]


def destinations(state: State, ring: str) -> set[str]:
    start = BY_NAME[ring]
    return {NAME[a[2]] for a in state.legal_actions() if a[0] == "move" and a[1] == start}


def names(mask: int) -> set[str]:
    return {NAME[i] for i in NAME if mask >> i & 1}


# Two lone rings in opposite corners, each walled in by markers to the board's edge
# (rows_to_win 5, four rings of each colour already off): neither can move (Y9). A marker's
# colour is its column's parity, so no five of a colour line up.
WALLS = (
    "a3 a4 a5",  # a2 up its column
    "b2 c2 d2 e2 f2 g2",  # a2 along number 2
    "b3 c4 d5 e6 f7 g8 h9 i10 j11",  # a2 along its diagonal
    "k9 k8 k7",  # k10 down its column
    "j10 h10 g10 f10 e10",  # k10 along number 10 (i10 is on a2's diagonal)
    "j9 i8 h7 g6 f5 e4 d3 b1",  # k10 along its diagonal (c2 is on number 2)
)


# With a second black ring on k9 instead of a marker, these walls keep it in as well.
SECOND_RING_WALLS = "i9 g9 f9 e9 d9 j8 i7 h6 g5 f4 e3 c1"


def walled(leave_out: str = "", black_off: int = 4) -> State:
    """White (four rings off) and black (`black_off`: 4, or 3 with a second ring on k9),
    white to move; `leave_out` opens a gap in the walls."""
    points = [p for line in WALLS for p in line.split() if p != leave_out]
    black_rings = "k10"
    if black_off == 3:
        points = [p for p in points if p != "k9"] + SECOND_RING_WALLS.split()
        black_rings = "k10 k9"
    white = [p for p in points if "acegik".find(p[0]) >= 0]
    black = [p for p in points if p not in white]
    return position(f"white rings: a2; black rings: {black_rings}; white markers: {' '.join(white)};"
                    f"black markers: {' '.join(black)}; white off: 4; black off: {black_off}; to move: white",
                    rows_to_win=5)
