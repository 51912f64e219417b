"""The game protocol: the one small interface every game of printkit implements.

The idea is OpenSpiel's, kept small. A *game* (`GameRules`) is the fixed set-up of a match:
the level or board, the rule knobs and the number of seats. From a seed it makes the
initial *state*; a state is an immutable value that knows

- `to_act()`: the seat that decides next (None once the game is over);
- `legal_actions()`: every action that seat may take now, in a fixed order, each distinct;
- `apply(action)`: the state after that action (a new value; the old one is unchanged).
  An action that is not legal raises `IllegalAction`, whose message names the rule;
- `is_terminal()`, `scores()` (one number a seat, what the game counts: gems, points,
  rings taken off) and `winners()` (the seats that share the win; empty for a draw).

Chance (a first player drawn at random, a question mark's draw) is not an action: the state
carries its own seeded generator, so the same seed and the same actions always lead to the
same states. A game is therefore a pure function of (set-up, seats, bots, seed).

Bots choose among the legal actions (`Bot.choose` returns an index). A bot that breaks ties
with the game's own generator (Sinpin's bots do, so that a whole game, bots included, stays a
function of its seed) also has `act(state, actions) -> (index, state after)`: the state after
its action carries what it drew. Drivers take a bot's turn with `take_turn`, which uses `act`
when a bot has it. `play` drives any game through the protocol and writes its record in the
shared frame of `printkit.games.record`; a game with a tuned turn loop of its own (Sinpin)
may play faster, but must write the same record as the protocol would, which its tests check.

Actions are game-specific hashable values; `GameRules.action_json` / `action_from_json`
turn them into JSON and back (for records and for the browser), and `state_json` gives
what a page needs to draw a state. A game may also have `endings`: its end line's codes
(`"out"`, `"no-pieces-left"`, `"rings"`) in words, with the rule, which the play page shows.
Nothing here knows any one game.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, runtime_checkable

Action = Hashable
JSON = Any  # a value json.dumps accepts


class IllegalAction(ValueError):
    """An action that the state does not list; the message names the rule it breaks."""


@runtime_checkable
class GameState(Protocol):
    def to_act(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def apply(self, action: Action) -> GameState: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> tuple[float, ...]: ...

    def winners(self) -> tuple[int, ...]: ...


@runtime_checkable
class GameRules(Protocol):
    name: str  # "sinpin", "sinoda", "yinsh": the record is "<name>-game"
    seats: int

    def initial_state(self, seed: int) -> GameState: ...

    def action_json(self, state: GameState, action: Action) -> JSON: ...

    def action_from_json(self, state: GameState, data: JSON) -> Action: ...

    def state_json(self, state: GameState) -> dict[str, JSON]: ...


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, state: GameState, actions: Sequence[Action]) -> int: ...


def checked_index(bot: Bot, state: GameState, actions: Sequence[Action], index: object = None) -> int:
    """The bot's choice (asked of it unless given), refused unless it names one of the actions."""
    if index is None:
        index = bot.choose(state, actions)
    if not isinstance(index, int) or not 0 <= index < len(actions):
        raise IllegalAction(f"bot {bot.name} chose {index!r} of {len(actions)} actions")
    return index


def take_turn(bot: Bot, state: GameState, actions: Sequence[Action]) -> tuple[Action, GameState]:
    """The action a bot takes among `actions` and the state after it. A bot with `act` (one
    that draws from the game's own generator) gives the state after itself; any other bot
    only chooses, and the state applies its choice."""
    act = getattr(bot, "act", None)
    if act is None:
        action = actions[checked_index(bot, state, actions)]
        return action, state.apply(action)
    index, after = act(state, actions)
    return actions[checked_index(bot, state, actions, index)], after


def apply_json(game: GameRules, state: GameState, data: JSON) -> GameState:
    """The state after an action given as JSON (from a record or a page); an action the
    state does not list is refused with IllegalAction, whatever the page sent."""
    action = game.action_from_json(state, data)
    if action not in state.legal_actions():
        raise IllegalAction(f"{data!r} is not a legal action now")
    return state.apply(action)
