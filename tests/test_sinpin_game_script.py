"""The scripted player of the Sinpin protocol (printkit/sinpin/game/script.py): it answers
each decision from the decisions taken, in order, and stops the game at the first one it has
no answer for, naming its kind, seat and the actions it allows."""

from __future__ import annotations

import pytest
from gamescript import started, tiny

from printkit.sinpin.game.script import Pending, Script
from printkit.sinpin.game.state import BOX_KINDS

CORRIDOR = ("########", "#A....Z#", "########")


def test_the_script_answers_in_order_then_stops_at_the_first_decision_it_lacks() -> None:
    game = started(tiny(*CORRIDOR), [Script((), 0)] * 2, first=1)
    script = Script(((("card", 4), None), (("place", 3, 1), None)), 0)
    assert script.choose_card(game, 0) == 4 and script.place(game, 0, "web", [(2, 1), (3, 1)]) == (3, 1)
    assert script.used == 2
    with pytest.raises(Pending) as pending:
        script.knocked_out(game, 1)
    assert pending.value.decision.kind == "knocked_out" and pending.value.decision.seat == 1


def test_a_draw_is_asked_of_the_player_whose_turn_it_is_with_the_kinds_the_box_holds() -> None:
    """S29: only kinds the box still holds can be drawn; the options are the box's counts."""
    game = started(tiny(*CORRIDOR), [Script((), 0)] * 2, first=1, box=(2, 0, 0, 1, 0))
    with pytest.raises(Pending) as pending:
        Script((), 0).draw(game)
    decision = pending.value.decision
    assert (decision.kind, decision.seat, decision.options) == ("draw", 1, (2, 0, 0, 1, 0))
    assert decision.actions == (("draw", "gem"), ("draw", "chest")) and BOX_KINDS[3] == "chest"
    assert Script(((("draw", "chest"), None),), 0).draw(game) == "chest"
