"""The record of a game as JSON Lines, in one frame for every game, and a game played
through the protocol into that frame.

Every record is a header line, the game's own lines (turns; Sinpin also has set-up lines),
and an end line, in that order:

    {"record": "<game>-game", "version": 1, "game": K, "seed": S,
     "players": [{"seat": 0, "bot": "greedy"}, ...], ...the game's own keys}
    {"turn": 1, "seat": 0, ...}           one a turn (the game says what a turn holds)
    {"end": "<how it ended>", "winners": [0], ...the game's own keys}

Readers that know only the frame (statistics, the replay page's index) use the keys named
here: `record`, `version`, `game`, `seed`, `players[].bot` in the header; `turn` and
`seat` in turn lines; `end` and `winners` in the end line, and `scores` when present.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence

from printkit.games.protocol import JSON, Bot, GameRules, take_turn

VERSION = 1


def header(game: GameRules | str, index: int, seed: int, bots: Sequence[Bot], *,
           first_keys: dict[str, JSON] | None = None, seat_keys: Sequence[dict[str, JSON]] | None = None,
           **extra: JSON) -> dict[str, JSON]:
    """The header line: the frame's keys, then the game's `first_keys` (Sinpin: the level,
    its map and rules), `players` (each seat's own keys, `seat_keys`, between `seat` and
    `bot`: Sinpin's avatars), then the `extra` keys. `game` is the game or its name."""
    name = game if isinstance(game, str) else game.name
    line: dict[str, JSON] = {"record": f"{name}-game", "version": VERSION, "game": index, "seed": seed, **(first_keys or {})}
    line["players"] = [{"seat": seat, **(seat_keys[seat] if seat_keys else {}), "bot": bot.name} for seat, bot in enumerate(bots)]
    line.update(extra)
    return line


def end_line(ended: str, winners: Sequence[int], *, before: dict[str, JSON] | None = None, **extra: JSON) -> dict[str, JSON]:
    """The end line: how the game ended, the game's `before` keys (Sinpin: rounds and gems),
    the winners, then the `extra` keys (scores)."""
    return {"end": ended, **(before or {}), "winners": list(winners), **extra}


def play(game: GameRules, bots: Sequence[Bot], seed: int, *, index: int = 0, max_actions: int = 1_000_000,
         **extra: JSON) -> list[dict[str, JSON]]:
    """Play one game through the protocol; its record. A turn line holds one action.

    A game whose record holds more than its actions (Sinpin's: set-up lines, and turns of
    several decisions with the state each led to) writes it itself from the final state:
    `game.record(state, index, seed, bots, **extra)`, in the same frame.

    `max_actions` only guards against a game whose own bound (N12, Y10, S33) is broken: a
    game that runs past it is an error, not a result."""
    if len(bots) != game.seats:
        raise ValueError(f"{game.name} is set up for {game.seats} seats, not {len(bots)} bots")
    lines: list[dict[str, JSON]] = [header(game, index, seed, bots, **extra)]
    state = game.initial_state(seed)
    turn = 0
    while not state.is_terminal():
        if turn >= max_actions:
            raise RuntimeError(f"{game.name}: no end after {max_actions} actions")
        seat = state.to_act()
        assert seat is not None, "a state that is not over has a seat to act"
        before = state
        action, state = take_turn(bots[seat], state, state.legal_actions())
        turn += 1
        lines.append({"turn": turn, "seat": seat, "action": game.action_json(before, action)})
    own = getattr(game, "record", None)
    if own is not None:
        return own(state, index, seed, bots, **extra)
    lines.append(end_line(getattr(state, "ended", "over"), state.winners(), scores=list(state.scores())))
    return lines


def dumps(lines: Iterable[dict[str, JSON]]) -> str:
    """JSON Lines text of record lines (UTF-8 as it is, one object a line)."""
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def split_games(lines: Iterable[dict[str, JSON]]) -> Iterator[list[dict[str, JSON]]]:
    """The games of a record file's lines, each from its header to its end line."""
    game: list[dict[str, JSON]] | None = None
    for line in lines:
        if "record" in line:
            if game is not None:
                raise ValueError(f"game {game[0].get('game')} has no end line")
            game = [line]
        elif game is None:
            raise ValueError("a record line before any header")
        else:
            game.append(line)
            if "end" in line:
                yield game
                game = None
    if game is not None:
        raise ValueError(f"game {game[0].get('game')} has no end line")
