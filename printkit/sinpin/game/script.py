"""The scripted player through which the game protocol (printkit.sinpin.game.protocol)
replays a state: it plays every seat, answering each decision from the decisions taken so
far, in order, and stops the game at the first decision it has no answer for (`Pending`,
with that decision's kind, seat and options). The protocol and the tuned turn loop run the
same code; only the answers come from here.
"""

from __future__ import annotations

from typing import NamedTuple

from printkit.sinpin.game.state import BOX_KINDS, Game

Action = tuple


class Decision(NamedTuple):
    """A decision the game waits for: its kind, whose it is, the actions it allows, what
    they mean (the game's own options: (card, outcome) pairs, vacant fields, ghost ends, the
    box's counts of BOX_KINDS for a draw) and, for a placement, the item placed."""

    kind: str
    seat: int
    actions: tuple[Action, ...]
    options: tuple = ()
    item: str = ""


class Pending(Exception):
    """Raised by the scripted player at the first decision it has no answer for."""

    def __init__(self, decision: Decision):
        super().__init__(decision.kind)
        self.decision = decision


class Script:
    """A player for every seat that answers from the decisions taken, in order."""

    name = "script"

    def __init__(self, history: tuple, used: int):
        self.history, self.used = history, used

    def _answer(self, game: Game, kind: str, seat: int, ask) -> Action:
        if self.used == len(self.history):
            raise Pending(ask())
        action, drawn = self.history[self.used]
        self.used += 1
        if drawn is not None:  # a bot drew from the game's generator while it chose
            game.rng.setstate(drawn)
        return action

    def choose_move(self, game, seat, options):
        return self._answer(game, "move", seat, lambda: Decision(
            "move", seat, tuple(("move", i) for i in range(len(options))), tuple(options)))[1]

    def choose_card(self, game, seat):
        hand = sorted(game.state.seats[seat].hand)
        return self._answer(game, "card", seat, lambda: Decision("card", seat, tuple(("card", c) for c in hand), tuple(hand)))[1]

    def knocked_out(self, game, seat):
        return self._answer(game, "knocked_out", seat, lambda: Decision(
            "knocked_out", seat, (("knocked_out", "pay"), ("knocked_out", "door"))))[1]

    def place(self, game, seat, kind, vacant):
        action = self._answer(game, "place", seat, lambda: Decision(
            "place", seat, tuple(("place", *at) for at in vacant), tuple(vacant), kind))
        return action[1], action[2]

    def draw(self, game):
        """The box's draw, a decision of the player whose turn it is (recorded chance)."""
        box, seat = game.state.box, game.state.seat
        return self._answer(game, "draw", seat, lambda: Decision(
            "draw", seat, tuple(("draw", kind) for kind, count in zip(BOX_KINDS, box) if count), box))[1]

    def move_ghost(self, game, seat, ends):
        action = self._answer(game, "ghost", seat, lambda: Decision(
            "ghost", seat, tuple(("ghost", *place) for place, _ in ends), tuple(ends)))
        return next(index for index, (place, _) in enumerate(ends) if place == (action[1], action[2]))
