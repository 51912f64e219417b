"""Why an action is refused: every message names its rule."""

from __future__ import annotations

import pytest

from printkit.games.protocol import IllegalAction
from printkit.yinsh.actions import parse_action
from printkit.yinsh.legality import why_illegal
from printkit.yinsh.state import initial_state
from yinshcase import play, position, walled

MOVING = position("white rings: e5 k7 k8 k9 k10; black rings: e3 a2 a3 a4 b1; white markers: e7")


@pytest.mark.parametrize(("state", "text", "message"), [
    (MOVING, "f6", "Y2: f6: all rings are on the board; a turn is a move (Y3)"),
    (MOVING, "x a4-e4 r e5", "Y5: x a4-e4 r e5: there is no row of five to take off now"),
    (MOVING, "e5-e7", "Y3: e5-e7: a ring moves to a vacant point; e7 holds a white marker"),
    (initial_state(), "pass", "Y2: pass: the rings are still being placed (0 of 10); white places a ring"),
    (walled().apply(("pass",)), "k10-k9", "Y9: k10-k9: the game is over"),
])
def test_messages(state, text: str, message: str) -> None:
    assert why_illegal(state, parse_action(text)) == message
    with pytest.raises(IllegalAction, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
        state.apply(parse_action(text))


def test_a_removal_of_the_wrong_colour_or_shape() -> None:
    state = play(position("white rings: d3 k7 k8 k9 k10; black rings: a2 g11 h11 i11 j11;"
                          "white markers: d4; black markers: b4 c4 e4 f4"), "d3-d5")  # black's row, Y6
    assert why_illegal(state, parse_action("x a4-e4 r a2")) == (
        "Y6: x a4-e4 r a2: not five black markers in a row (a4 not black)")
    assert why_illegal(state, ("remove", 2, 3, 4)).startswith("Y5: x a2-a3 r a4: a2-a3 is not five points")


def test_something_that_is_no_action() -> None:
    assert why_illegal(MOVING, ("fly", 1)) == "('fly', 1) is not a YINSH action"
    with pytest.raises(IllegalAction):
        MOVING.apply(("fly", 1))
