"""One game being played in the browser: the server's authoritative state, advanced only by
a person's legal action or a bot's turn, and written as its record once it is over.

`turn` in the page's API is the number of actions taken so far: a request names the turn
it was made for, so a page that is behind (a second tab, a double click) is refused (409)
instead of acting on a state it has not seen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from printkit.games.protocol import JSON, GameState, IllegalAction, take_turn
from printkit.play.geometry import endings_of, geometry_of, seats_of
from printkit.play.matches import HUMAN, Match


class Refused(Exception):
    """A request the game cannot take: 409 (stale turn, not your turn, over) or 422 (illegal)."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.message, self.status = message, status


def state_answer(match: Match, state: GameState, turn: int, last: dict[str, JSON] | None, *,
                 offer: bool = True) -> dict[str, JSON]:
    """The `GET /api/state` answer for a state (docs/play.md); `offer` False lists no actions
    (a replay only shows)."""
    rules = match.rules
    seat = state.to_act()
    human = seat is not None and match.players[seat] == HUMAN and offer
    actions = state.legal_actions() if human else ()
    legal = [rules.action_json(state, action) for action in actions]
    answer: dict[str, JSON] = {
        "turn": turn, "state": rules.state_json(state), "to_act": seat, "human": human, "legal": legal,
        "labels": [match.words(state, action) for action in legal], "terminal": state.is_terminal(),
        "scores": list(state.scores()), "winners": list(state.winners()), "last": last,
    }
    if match.extra is not None and human:
        answer.update(match.extra(state))
    if match.recent is not None and offer:
        answer.update(match.recent(state))
    return answer


def _why_not(state: GameState, action: Any, data: JSON) -> str:
    """Why an action the state does not list is refused: the game's own words (they name the
    rule) when its `apply` checks, else that it is not legal now. Nothing is applied."""
    try:
        state.apply(action)
    except IllegalAction as error:
        return str(error)
    except Exception:  # noqa: BLE001 - a game that does not check may fail any way on it
        pass
    return f"{data!r} is not one of the legal actions now"


class Session:
    """The game of one `printkit play`: the state, the bots, the turns taken and the record."""

    def __init__(self, match: Match, *, on_record: Callable[[list[dict[str, JSON]]], None] | None = None):
        self.match = match
        self.rules = match.rules
        self.bots = match.bots()
        self.state = self.rules.initial_state(match.seed)
        self.turn = 0
        self.turns: list[dict[str, JSON]] = []  # the protocol's turn lines (a game without its own record)
        self.states: list[GameState] = [self.state]  # every state (the tests read them; the replay rebuilds from the record)
        self.last: dict[str, JSON] | None = None
        self.record: list[dict[str, JSON]] | None = None
        self.on_record = on_record
        self.lock = threading.Lock()
        self._info: dict[str, JSON] | None = None

    def info(self) -> dict[str, JSON]:
        if self._info is None:
            self._info = {"game": self.rules.name, "seed": self.match.seed,
                          "seats": seats_of(self.rules, self.match.players),
                          "endings": endings_of(self.rules), "geometry": geometry_of(self.rules, self.match.colours)}
        return self._info

    def view(self) -> dict[str, JSON]:
        with self.lock:
            return state_answer(self.match, self.state, self.turn, self.last)

    def _check(self, turn: Any, person: bool) -> int:
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise Refused("'turn' is the number of the turn the page shows (a whole number)", 400)
        if turn != self.turn:
            when = "is past" if turn < self.turn else "has not come"
            raise Refused(f"turn {turn} {when}: the game is at turn {self.turn}; reload the state", 409)
        if self.state.is_terminal():
            raise Refused("the game is over: no more actions", 409)
        seat = self.state.to_act()
        assert seat is not None
        if (self.match.players[seat] == HUMAN) != person:
            whose = "a person's" if self.match.players[seat] == HUMAN else f"the bot {self.match.players[seat]}'s"
            raise Refused(f"it is {whose} turn (seat {seat})", 409)
        return seat

    def act(self, turn: Any, data: JSON) -> dict[str, JSON]:
        """A person's action, given as JSON; refused unless the state lists it (422)."""
        with self.lock:
            seat = self._check(turn, person=True)
            before = self.state
            try:
                action = self.rules.action_from_json(before, data)
                if action not in before.legal_actions():
                    raise IllegalAction(_why_not(before, action, data))
                after = before.apply(action)
            except IllegalAction as error:
                raise Refused(f"refused: {error}", 422) from None
            self._advance(seat, before, action, after)
            return state_answer(self.match, self.state, self.turn, self.last)

    def bot_turn(self, turn: Any) -> dict[str, JSON]:
        """One bot's turn (the page asks for each, to show it at its own speed)."""
        with self.lock:
            seat = self._check(turn, person=False)
            before = self.state
            bot = self.bots[seat]
            assert bot is not None
            action, after = take_turn(bot, before, before.legal_actions())
            self._advance(seat, before, action, after)
            return state_answer(self.match, self.state, self.turn, self.last)

    def _advance(self, seat: int, before: GameState, action: Any, after: GameState) -> None:
        data = self.rules.action_json(before, action)
        self.turn += 1
        self.turns.append({"turn": self.turn, "seat": seat, "action": data})
        self.last = {"seat": seat, "action": data}
        self.state = after
        self.states.append(after)
        if after.is_terminal():
            self.record = self.match.record(after, self.turns)
            if self.on_record is not None:
                self.on_record(self.record)  # `play -o`: written as the game ends (it reports its own failures)
