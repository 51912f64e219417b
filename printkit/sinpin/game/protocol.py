"""Sinpin through the game protocol of printkit.games: what the browser plays and every driver
that knows no one game (printkit.games.record.play, batches) drives, over the tuned turn loop.

A state is a value: the game's set-up (level, seats, seed) and the decisions taken so far.
Its pending decision is found by replaying the tuned loop itself (`set_up`, `play_turn`) with
a scripted player (printkit.sinpin.game.script) that answers from those decisions and stops
at the first one it has no answer for: that decision's kind, seat and options. The protocol and the tuned loop cannot
disagree about a rule: they run the same code. Replays are incremental: a state keeps the
game as it was when its turn began (map, seats, ghost, box, the generator and the record so
far) and replays only the turn under way.

Decisions (S28-S32) and their actions, hashable tuples (JSON through `action_json`):
- ("place", x, y): where an item goes, at set-up (a web, gem or question mark, S28) or a
  drawn web or chest (S29b); the decision names the item;
- ("move", i): the i-th (card, outcome) the seat may choose this turn (S5, section 2);
- ("card", c): the card an avatar out of the game plays (S29a);
- ("knocked_out", "pay" or "door"): the S25 choice, asked only of a player with 3 gems;
- ("ghost", sx, sy): where the player's move of the ghost ends (S30), asked only when it
  has more than one way to go;
- ("draw", kind): what a question mark draws, a kind the box holds (S29): only with chance
  "recorded" (a replay: sinpin.md fixes no generator, so a record gives its own chance, and
  `initial_state` is given its first player).

Otherwise chance (the first player, the box's draws, S28, S29) comes from the game's seeded
generator, and Sinpin's bots break ties with it too. So a bot plays through `act` (protocol.take_turn):
the state after its action carries the generator as the bot left it, and a game played
through the protocol by the same bots with the same seed is the tuned loop's game, record
for record (tests/test_sinpin_game_protocol.py).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from printkit.games.protocol import JSON, IllegalAction
from printkit.sinpin.game.bots import Bot as SinpinBotPolicy
from printkit.sinpin.game.bots import Knowledge, make_bots
from printkit.sinpin.game.ghost import GhostBoard
from printkit.sinpin.game.outcomes import GameMoves
from printkit.sinpin.game.script import Action, Decision, Pending, Script
from printkit.sinpin.game.state import AVATARS, BOX_KINDS, Game, GameState, new_game, set_up
from printkit.sinpin.game.turn import ENDING_WORDS, play_turn, record_end, record_header, turn_limit
from printkit.sinpin.level import Level

RULES = {"place": "S28, S29b", "move": "S5-S24", "card": "S29a", "knocked_out": "S25", "ghost": "S30", "draw": "S29"}


class _Start(NamedTuple):
    """Where a replay starts: the game when a turn began (or before set-up)."""

    used: int  # decisions taken before it
    state: GameState
    rng: tuple  # the generator's state then
    lines: tuple  # the record's lines so far, as cons cells (earlier, these lines)
    set_up: bool  # the set-up (S28) is done


class _Replayed(NamedTuple):
    decision: Decision | None  # None: the game is over
    game: Game  # the game as it stands at the decision (or at the end)
    rng: tuple  # the generator's state at the decision
    start: _Start  # where the next state's replay starts
    tail: tuple  # the record's lines since `start` (cons cells)


def _generator(state: tuple) -> random.Random:
    """A generator in `state` (made without seeding it first from the system: 3x faster)."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


def _flatten(cells: tuple) -> list[dict]:
    chunks = []
    while cells:
        cells, chunk = cells
        chunks.append(chunk)
    return [line for chunk in reversed(chunks) for line in chunk]


class SinpinState:
    """A state of one game: its set-up and the decisions taken (an immutable value)."""

    __slots__ = ("game", "seed", "history", "_start", "_replayed")

    def __init__(self, game: SinpinGame, seed: int, history: tuple, start: _Start):
        self.game, self.seed, self.history, self._start = game, seed, history, start
        self._replayed: _Replayed | None = None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SinpinState) and other.game is self.game and other.seed == self.seed
                and other.history == self.history)

    def __hash__(self) -> int:
        return hash((self.seed, tuple(action for action, _ in self.history)))

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, name) and name != "_replayed":
            raise AttributeError("a game state is a value; apply an action for the next one")
        object.__setattr__(self, name, value)

    # -- the protocol -------------------------------------------------------------------------
    def to_act(self) -> int | None:
        decision = self.replayed.decision
        return None if decision is None else decision.seat

    def legal_actions(self) -> tuple[Action, ...]:
        decision = self.replayed.decision
        return () if decision is None else decision.actions

    def apply(self, action: Action) -> SinpinState:
        return self.after(action, None)

    def is_terminal(self) -> bool:
        return self.replayed.decision is None

    def scores(self) -> tuple[int, ...]:
        """Each seat's gems (S33 counts gems)."""
        return tuple(seat.gems for seat in self.current.seats)

    def winners(self) -> tuple[int, ...]:
        """The seats with the most gems once the game is over (a tie shares the win)."""
        if not self.is_terminal():
            return ()
        gems = self.scores()
        return tuple(seat for seat, count in enumerate(gems) if count == max(gems))

    @property
    def ended(self) -> str | None:
        """How the game ended (S33): "out" once no avatar is left, else "max_rounds"."""
        return record_end(self.current)["end"] if self.is_terminal() else None

    # -- Sinpin's own -------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        return self.replayed.decision

    @property
    def current(self) -> GameState:
        """The game as it stands now (in the middle of a turn, at a decision within it)."""
        return self.replayed.game.state

    def lines(self) -> list[dict]:
        """The record's set-up and turn lines so far (game-record.md), no header or end."""
        replayed = self.replayed
        return _flatten(replayed.start.lines) + _flatten(replayed.tail)

    @property
    def setting_up(self) -> bool:
        """The set-up (S28) is under way: its placements are still to come."""
        return not self.is_terminal() and not self.replayed.start.set_up

    def turn_so_far(self) -> dict | None:
        """The record line of the turn under way, as far as it is played, while a decision
        within it waits (a drawn web's or chest's place, S29b; S25; the ghost, S30): its card,
        move and events so far, its ghost moves so far. None between turns (at the turn's
        first decision nothing of it is played yet) and at set-up, whose lines are whole."""
        line = self.replayed.game.turn_line
        if line is None or not line["card"] or self.is_terminal():
            return None
        return copy.deepcopy(line)  # the replay's own line must not change under the caller

    def after(self, action: Action, drawn: tuple | None) -> SinpinState:
        """The state after `action`; `drawn` is the generator's state a bot left while it
        chose (None: it drew nothing, as a person choosing draws nothing)."""
        decision = self.replayed.decision
        if decision is None:
            raise IllegalAction("the game is over (S33): no more actions")
        if action not in decision.actions:
            raise IllegalAction(f"{action!r} is not one of the {len(decision.actions)} {decision.kind} choices"
                                f" of seat {decision.seat} now ({RULES[decision.kind]})")
        return SinpinState(self.game, self.seed, self.history + ((action, drawn),), self.replayed.start)

    @property
    def replayed(self) -> _Replayed:
        if self._replayed is None:
            self._replayed = self.game._replay(self)
        return self._replayed


class SinpinGame:
    """Sinpin's game rules for the protocol: one level, 2 to 4 seats (S28)."""

    name = "sinpin"
    endings = ENDING_WORDS  # the end line's codes in words (the play page shows these)

    def __init__(self, level: Level, seats: int, *, level_name: str = "", moves: GameMoves | None = None,
                 knowledge: Knowledge | None = None, chance: str = "seeded"):
        if not 2 <= seats <= len(AVATARS):
            raise ValueError("a game has 2 to 4 players")
        if chance not in ("seeded", "recorded"):
            raise ValueError(f"chance is seeded or recorded, not {chance!r}")
        self.chance = chance  # "recorded": the first player given, each draw a decision (a replay)
        if level.door is None or level.exit is None:
            raise ValueError("a game needs a level with one door and one exit")
        self.level, self.seats, self.level_name = level, seats, level_name
        self.avatars = AVATARS[:seats]  # each seat's avatar: the page names a seat with it
        self.moves = moves or GameMoves(level)
        self.ghost_board = GhostBoard(level.width, level.height, level.exit)
        self._knowledge = knowledge

    @property
    def knowledge(self) -> Knowledge:
        """What the bots know of the level (made when a bot is first asked for)."""
        if self._knowledge is None:
            self._knowledge = Knowledge(self.level)
        return self._knowledge

    def bots(self, names: Sequence[str]) -> list[SinpinBot]:
        """Fresh protocol bots for one game: `names` for the seats in order, cycling."""
        return [SinpinBot(bot) for bot in make_bots(list(names), self.seats, self.knowledge)]

    def initial_state(self, seed: int, first: int | None = None) -> SinpinState:
        """Before set-up: the avatars on the door and the first player drawn (S28), or
        `first` (a record's; only with recorded chance)."""
        if (first is None) != (self.chance == "seeded"):
            raise ValueError("the first player is given with recorded chance, and only with it")
        game = new_game(self.level, [Script((), 0)] * self.seats, seed, self.moves, first)
        return SinpinState(self, seed, (), _Start(0, game.state, game.rng.getstate(), (), False))

    def _replay(self, state: SinpinState) -> _Replayed:
        start = state._start
        script = Script(state.history, start.used)
        rng = _generator(start.rng)
        game = Game(self.level, [script] * self.seats, rng, self.moves, start.state, self.ghost_board,
                    drawer=script.draw if self.chance == "recorded" else None)
        try:
            if not start.set_up:
                set_up(game)
                start = _Start(script.used, game.state, rng.getstate(), (start.lines, tuple(game.lines)), True)
                game.lines = []
            limit = turn_limit(self.level, self.seats)
            while game.state.turn < limit and game.state.on_board():
                play_turn(game)
                start = _Start(script.used, game.state, rng.getstate(), (start.lines, tuple(game.lines)), True)
                game.lines = []
        except Pending as pending:
            return _Replayed(pending.decision, game, rng.getstate(), start, ((), tuple(game.lines)))
        return _Replayed(None, game, rng.getstate(), start, ())

    # -- records and JSON -----------------------------------------------------------------------
    def record(self, state: SinpinState, index: int, seed: int, bots: Sequence[Any], **extra: JSON) -> list[dict]:
        """The game's record (game-record.md) once it is over: what `play_game` writes."""
        if extra:
            raise ValueError(f"Sinpin's record header has no keys {', '.join(extra)}")
        if not state.is_terminal():
            raise ValueError("a record is written once the game is over")
        first = state._start.state.first
        return [record_header(self.level, bots, index, seed, self.level_name, first), *state.lines(),
                record_end(state.current)]

    def action_json(self, state: SinpinState, action: Action) -> JSON:
        kind = action[0]
        if kind == "move":
            card, outcome = state.decision.options[action[1]]  # type: ignore[union-attr]
            return {"move": action[1], "card": card, "end": list(outcome.end), "exit": outcome.exited,
                    "knocked_out": outcome.knocked_out, "health": outcome.health, "damage": outcome.damage,
                    "gems": outcome.gained, "trail": [list(at) for at in outcome.trail]}
        if kind == "place":
            return {"place": [action[1], action[2]], "item": state.decision.item}  # type: ignore[union-attr]
        if kind == "ghost":
            return {"ghost": [action[1], action[2]]}
        return {kind: action[1]}

    def action_from_json(self, state: SinpinState, data: JSON) -> Action:
        """An action from its JSON (what a page sends); IllegalAction for anything else. The
        state still refuses an action it does not list."""
        if not isinstance(data, dict):
            raise IllegalAction(f"an action is a JSON object, not {data!r}")
        for kind in ("move", "card"):
            if isinstance(data.get(kind), int) and not isinstance(data[kind], bool):
                action = (kind, data[kind])
                if kind == "move" and "card" in data and action in state.legal_actions():
                    if self.action_json(state, action)["card"] != data["card"]:
                        raise IllegalAction(f"move {data[kind]} is not a move of card {data['card']!r}")
                return action
        for kind in ("place", "ghost"):
            at = data.get(kind)
            if isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in at):
                return (kind, at[0], at[1])
        if data.get("draw") in BOX_KINDS:
            return ("draw", data["draw"])
        if data.get("knocked_out") in ("pay", "door"):
            return ("knocked_out", data["knocked_out"])
        raise IllegalAction(f"not a Sinpin action: {data!r}")

    def state_json(self, state: SinpinState) -> dict[str, JSON]:
        """What a page needs to draw a state: the map, the seats, the ghost, the box, whose
        turn it is and the decision it waits for (with its actions as JSON)."""
        now = state.current
        decision = state.decision
        found: dict[str, JSON] = {
            "game": self.name, "seed": state.seed, "turn": now.turn, "round": now.round, "first": now.first,
            "rows": list(now.rows),
            "seats": [{"seat": index, "avatar": seat.avatar, "at": list(seat.at) if seat.at is not None else None,
                       "health": seat.health, "gems": seat.gems, "hand": sorted(seat.hand), "status": seat.status}
                      for index, seat in enumerate(now.seats)],
            "ghost": list(now.ghost), "box": dict(zip(BOX_KINDS, now.box)), "exits": now.exits,
            "to_act": state.to_act(),
            "setting_up": state.setting_up,  # the box is made once set-up is over (S29): not empty before
        }
        if decision is None:
            # the round the game ended in, as the end line counts it (the panel names it)
            found.update(ended=state.ended, winners=list(state.winners()), scores=list(state.scores()),
                         rounds=now.rounds_played)
        else:
            found["decision"] = {"kind": decision.kind, "seat": decision.seat, "rule": RULES[decision.kind],
                                 **({"item": decision.item} if decision.item else {}),
                                 "actions": [self.action_json(state, action) for action in decision.actions]}
        return found


class SinpinBot:
    """One of Sinpin's bots (random, rusher, greedy, cautious) as a protocol bot. It plays
    through `act`: it breaks ties with the game's generator, whose state the next state keeps.
    A bot keeps what it learnt in a game (greedy's chests): one bot a seat, for one game,
    asked once a decision."""

    def __init__(self, bot: SinpinBotPolicy):
        self.bot = bot
        self.name = bot.name

    def choose(self, state: SinpinState, actions: Sequence[Action]) -> int:
        return self.act(state, actions)[0]

    def act(self, state: SinpinState, actions: Sequence[Action]) -> tuple[int, SinpinState]:
        replayed = state.replayed
        decision = replayed.decision
        if decision is None:
            raise IllegalAction("the game is over (S33): no more actions")
        rng = _generator(replayed.rng)
        view = dataclasses.replace(replayed.game, rng=rng)  # the game as the bot sees it, its own generator
        seat, bot = decision.seat, self.bot
        if decision.kind == "draw":
            raise IllegalAction("what the box draws is chance's, no player's to choose (S29)")
        if decision.kind == "move":
            action: Action = ("move", bot.choose_move(view, seat, list(decision.options)))
        elif decision.kind == "card":
            action = ("card", bot.choose_card(view, seat))
        elif decision.kind == "knocked_out":
            action = ("knocked_out", "pay" if bot.knocked_out(view, seat) == "pay" else "door")
        elif decision.kind == "place":
            action = ("place", *bot.place(view, seat, decision.item, list(decision.options)))
        else:
            ends = list(decision.options)
            action = ("ghost", *ends[bot.move_ghost(view, seat, ends)][0])
        if action not in actions:
            raise IllegalAction(f"bot {self.name} chose {action!r}, not one of the {decision.kind} choices now")
        drawn = rng.getstate()
        return actions.index(action), state.after(action, None if drawn == replayed.rng else drawn)
