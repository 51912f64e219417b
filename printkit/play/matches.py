"""A match: one game's rules, who sits in each seat (a person or a bot by name), the seed,
and what only that game knows (its bots, its record's own keys, words for its actions).

Each game's rules and bots are made as its `simulate` makes them, so a played game is
recorded in the very frame `simulate --record` writes (printkit.games.record).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.games.protocol import JSON, Bot, GameRules, GameState
from printkit.games.record import end_line, header
from printkit.play.steps import ReplayInputError
from printkit.wording import counted

HUMAN = "human"


@dataclass(frozen=True)
class Named:
    """A seat in the record's `players`: a person ("human") has no bot, only the name."""

    name: str


@dataclass
class Match:
    rules: GameRules
    players: tuple[str, ...]  # HUMAN or a bot's name, one a seat
    seed: int
    bots: Callable[[], list[Bot | None]]  # fresh bots for one game, None for a person's seat
    header_keys: dict[str, JSON] = field(default_factory=dict)  # the game's own header keys
    finish: Callable[[list[dict[str, JSON]]], None] | None = None  # the game's own end keys
    label: Callable[[GameState, JSON], str] | None = None  # an action in words
    extra: Callable[[GameState], dict[str, JSON]] | None = None  # more for a person's choice (Sinpin: ghost paths)
    recent: Callable[[GameState], dict[str, JSON]] | None = None  # what just happened, while playing (Sinpin)
    colours: tuple[str, ...] = ()  # each seat's colour from the printed board's spec (Sinoda), () for the defaults

    def words(self, state: GameState, action: JSON) -> str:
        if self.label is not None:
            return self.label(state, action)
        return action if isinstance(action, str) else json.dumps(action, ensure_ascii=False)

    def record(self, state: GameState, turns: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
        """The finished game's record, as `simulate --record` writes it (game 0)."""
        named = [Named(name) for name in self.players]
        own = getattr(self.rules, "record", None)
        if own is not None:  # Sinpin writes its record from the final state (set-up lines, turns)
            return own(state, 0, self.seed, named)
        lines = [header(self.rules, 0, self.seed, named, **self.header_keys), *turns,
                 end_line(getattr(state, "ended", None) or "over", state.winners(), scores=list(state.scores()))]
        if self.finish is not None:
            self.finish(lines)
        return lines


def seat_names(players: Sequence[str], known: Sequence[str], seats: int | Sequence[int]) -> tuple[str, ...]:
    """The seats' players, checked: each HUMAN or one of the game's bots, as many as it seats."""
    unknown = [name for name in players if name != HUMAN and name not in known]
    if unknown:
        raise ValueError(f"unknown player '{', '.join(unknown)}'; a seat is human or a bot: {', '.join(known)}")
    allowed = [seats] if isinstance(seats, int) else list(seats)
    if len(players) not in allowed:
        counts = " or ".join(map(str, allowed))
        raise ValueError(f"this game is played by {counts} players, not {len(players)}")
    return tuple(players)


# -- Sinpin ------------------------------------------------------------------------------------
def sinpin_match(level: Any, level_name: str, players: Sequence[str], seed: int, chance: str = "seeded") -> Match:
    from printkit.sinpin.game.bots import BOTS
    from printkit.sinpin.game.bots import make_bots as sinpin_bots
    from printkit.sinpin.game.protocol import SinpinBot, SinpinGame
    from printkit.sinpin.game.simulate import tools_for

    names = seat_names(players, list(BOTS), level.players)
    moves, knowledge = tools_for(level)
    game = SinpinGame(level, len(names), level_name=level_name, moves=moves, knowledge=knowledge, chance=chance)

    def bots() -> list[Bot | None]:
        made: list[Bot | None] = []
        for seat, name in enumerate(names):
            made.append(None if name == HUMAN else SinpinBot(sinpin_bots([name], 1, game.knowledge)[0]))
        return made

    return Match(game, names, seed, bots, label=sinpin_label, extra=sinpin_extra, recent=sinpin_recent)


def _field(at: Sequence[int]) -> str:
    from printkit.sinpin.tiles import field_name

    return field_name(at[0], at[1])


def sinpin_label(state: Any, action: JSON) -> str:
    if "move" in action:
        return _move_words(state, action)
    if "place" in action:
        return f"{action['item']} on {_field(action['place'])}"
    if "card" in action:
        return f"play card {action['card']} (out of the game)"
    if "knocked_out" in action:
        return "pay 3 gems and stay" if action["knocked_out"] == "pay" else "back to the door"
    return _ghost_words(state.current.ghost, action["ghost"])


# What a field does to a move, as the list of legal actions says it after the field (S16-S23).
_MET = {"web": "web", "gem": "gem", "heart": "heart", "mark": "question mark", "hurt": "-1 health"}


def _move_words(state: Any, action: JSON) -> str:
    """A move as a player tells it from another of the same card: where it ends and what it
    brings, then its trail, each field entered in order with what acts there: "card 6 to
    B4, +1 gem: D4, D3, C3, C2 (web), C3, B3 (gem), B4 (web)"; where a teleport arrived,
    "J9 (teleported)". The trail and what it meets
    are the engine's (outcomes.way_events). Two moves of a card differ in their trail or in
    what they meet, so their words differ too."""
    from printkit.sinpin.game.outcomes import way_events

    _, outcome = state.decision.options[action["move"]]
    game = state.replayed.game
    fields: list[tuple[str, list[str]]] = []  # each field entered, with what acts there
    for kind, at, *detail in way_events(game.moves, game.state.rows, outcome):
        if kind == "enter":  # a teleport's arrival (S20) said, or "C5, J9" reads as a leap across the map
            fields.append((_field(at), ["teleported"] if detail[0] == "teleport" else []))
        else:
            fields[-1][1].append(f"chest pays {counted(detail[0], 'gem')}" if kind == "payout" else _MET[kind])
    head = [f"card {action['card']} to {_field(action['end'])}"]
    if action["gems"]:
        head.append(f"+{counted(action['gems'], 'gem')}")
    if action["damage"]:
        head.append(f"-{action['damage']} health")
    notes = [note for note, on in (("out by the exit", action["exit"]), ("knocked out", action["knocked_out"])) if on]
    way = ", ".join(name + (f" ({', '.join(met)})" if met else "") for name, met in fields)
    return ", ".join(head) + (f" ({', '.join(notes)})" if notes else "") + (f": {way}" if way else "")


def _ghost_words(here: Sequence[int], there: Sequence[int]) -> str:
    """Where a ghost's move ends, from where it stands, in squares (three a field, S30): "the
    ghost 2 squares left, 1 down". Each end a decision offers is a different place, so
    different words (the list of legal actions in words names them so)."""
    (dx, dy), parts = (there[0] - here[0], there[1] - here[1]), []
    for count, way in ((dx, "right" if dx > 0 else "left"), (dy, "down" if dy > 0 else "up")):
        if count:
            parts.append(f"{abs(count)} {way}")
    if parts:
        parts[0] = parts[0].replace(" ", f" square{'s' if abs(dx or dy) != 1 else ''} ", 1)
    return f"the ghost {', '.join(parts) or 'round and back to where it stands'} (S30)"  # a loop ends there too


def sinpin_recent(state: Any) -> dict[str, JSON]:
    """The latest that happened, for the page's "Last": the turn under way as far as it is
    played (a person walking the ghost after their move sees that move, not the line before
    it), else the record's last line (the turn or placement just done: its trail, events and
    the ghost's paths), so that each bot's turn is shown as it is played. A turn under way
    is marked `"under_way": true`."""
    so_far = state.turn_so_far()
    if so_far is not None:
        return {"recent": {**so_far, "under_way": True}}
    lines = state.lines()
    return {"recent": lines[-1] if lines else None}


def sinpin_extra(state: Any) -> dict[str, JSON]:
    """The ghost's path to each end it may take (S30), for the page to walk it square by square."""
    decision = state.decision
    if decision is None or decision.kind != "ghost":
        return {}
    return {"ghost_paths": [[list(step) for step in path] for _, path in decision.options]}


# -- Sinoda and YINSH --------------------------------------------------------------------------
def sinoda_match(game: Any, spec_name: str, players: Sequence[str], seed: int, colours: Sequence[str] = ()) -> Match:
    from printkit.batch import derive_seed
    from printkit.sinoda.simulate import BOTS, header_extra, make_bot

    names = seat_names(players, list(BOTS), game.seats)

    def bots() -> list[Bot | None]:
        return [None if name == HUMAN else make_bot(name, derive_seed(seed, 0, "bot", seat))
                for seat, name in enumerate(names)]

    return Match(game, names, seed, bots, header_keys=header_extra(game, spec_name), label=own_label(game),
                 colours=tuple(colours))


def yinsh_match(game: Any, players: Sequence[str], seed: int) -> Match:
    from printkit.batch import derive_seed
    from printkit.yinsh.bots import BOTS, make_bot
    from printkit.yinsh.game import finish_record, white_seat_for

    names = seat_names(players, list(BOTS), 2)
    white = white_seat_for(seed) if game.white_seat is None else game.white_seat

    def bots() -> list[Bot | None]:
        return [None if name == HUMAN else make_bot(name, derive_seed(seed, 0, "bot", seat))
                for seat, name in enumerate(names)]

    return Match(game, names, seed, bots, header_keys={"white": white, "rules": game.knobs.as_dict()},
                 finish=lambda lines: finish_record(lines, white), label=own_label(game))


def own_label(game: Any) -> Callable[[GameState, JSON], str]:
    """The game's own words for an action (`action_label`, Sinoda and YINSH), from its JSON."""
    return lambda state, data: game.action_label(state, game.action_from_json(state, data))


def rules_of_header(first: dict[str, JSON], folder: Path | None = None) -> GameRules:
    """The rules a record's header was played under, for a replay (Sinoda, YINSH). `folder`
    is where the record lies (None: where the command runs), for a Sinoda record without
    `setup`, whose board spec is read there (_setup_of_spec)."""
    if first["record"] == "yinsh-game":
        from printkit.yinsh.game import YinshGame
        from printkit.yinsh.knobs import knobs_from

        return YinshGame(knobs_from(first.get("rules", {})), white_seat=first.get("white"))
    if first["record"] == "sinoda-game":
        return _sinoda_of_header(first, folder)
    raise ValueError(f"no replay for a '{first['record']}' record")


def _sinoda_of_header(first: dict[str, JSON], folder: Path | None) -> GameRules:
    """The Sinoda game a record was played in, on the board it was played on: the header's
    `setup` (players, board, teams: all of the board spec a game needs) and `rules`. A record
    without `setup` names only its spec (`board`), which must then be found as it was named
    (a file beside the record, in `folder`, or a bundled spec), else the replay is refused
    as bad input: never replayed on another set-up."""
    from printkit.sinoda.board import setup_named
    from printkit.sinoda.rules import SinodaRules

    rules = SinodaRules(**first.get("rules", {}))
    name = first.get("setup")
    if isinstance(name, str):
        setup = setup_named(name)
    else:
        setup = _setup_of_spec(first.get("board"), folder)
    teams = first.get("teams")
    if teams is not None and teams != [[player - 1 for player in team] for team in setup.teams]:  # seats
        raise ValueError(f"the header's teams {teams} are not those of the {setup.name} set-up")
    if len(first["players"]) != setup.players:
        raise ValueError(f"the header names {len(first['players'])} players, the {setup.name} set-up seats {setup.players}")
    return _sinoda(setup, rules)


def _spec_of_board(board: str, folder: Path | None) -> Any:
    """The board spec a Sinoda record's `board` names (docs/sinoda.md, the record): "NAME
    (bundled)" the bundled spec; another name the spec file of that name, with or without
    `.yaml` (simulate names it by its file's stem), in `folder` (the record's; None: where
    the command runs), else a bundled spec of that name (records from before the suffix).
    None when there is none, or it cannot be read. One reading for the set-up (rules) and
    the seats' colours (replay page), so the two never take different specs."""
    from printkit.boards.spec import load_spec
    from printkit.bundled import find
    from printkit.sourceproblems import SpecError, UnreadableSource

    name = board.removesuffix(" (bundled)")
    beside = [] if name != board else [Path(folder or ".") / board, Path(folder or ".") / f"{board}.yaml"]
    item = find(name, "board")
    paths = [path for path in beside if path.is_file()] + ([Path(item.path)] if item is not None else [])
    if not paths:
        return None
    try:
        return load_spec(str(paths[0]))
    except (SpecError, UnreadableSource):
        return None


def _setup_of_spec(board: JSON, folder: Path | None) -> Any:
    """The set-up of the spec a record without `setup` names, read where board_colours
    reads it (beside the record, `folder`), so that a replay run from another folder finds
    it, and never takes its set-up from one spec and its colours from another."""
    from printkit.boards.spec import SinodaOptions

    if not isinstance(board, str) or not board:
        raise ReplayInputError("the header names neither its set-up nor its board spec")
    spec = _spec_of_board(board, folder)
    if spec is None:
        name = board.removesuffix(" (bundled)")
        where = ("among the bundled specs" if name != board else "here" if folder is None
                 else f"beside the record ({folder}) or among the bundled specs")
        raise ReplayInputError(f"the header names no set-up, and its board spec '{name}' cannot be read {where}")
    if not isinstance(spec.options, SinodaOptions):
        raise ReplayInputError(f"'{board.removesuffix(' (bundled)')}' is no Sinoda board spec")
    return spec.options.setup


def board_colours(board: JSON, setup: str, folder: Path | None) -> tuple[str, ...]:
    """Each seat's colour as a Sinoda record's board prints it, for its replay page. The
    record keeps no colours, only `board`: the spec it names (_spec_of_board), read beside
    the record (`folder`: `my-board` is folder/my-board.yaml). () (the default colours) when
    it names none that can be read, or a spec of another set-up than the record's `setup`
    (a spec of that name, not the board played). Only a plain name is looked for: a record
    does not send the page reading files elsewhere."""
    from printkit.boards.spec import SinodaOptions
    from printkit.bundled import looks_like_name

    if not isinstance(board, str) or not looks_like_name(board.removesuffix(" (bundled)")):
        return ()
    spec = _spec_of_board(board, folder)
    if spec is None or not isinstance(spec.options, SinodaOptions) or spec.options.setup.name != setup:
        return ()
    return tuple(player.colour for player in spec.players)


def _sinoda(setup: Any, rules: Any) -> Any:
    from printkit.sinoda.game import SinodaGame

    return SinodaGame(setup, rules)
