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

from printkit.games.protocol import JSON, Bot, GameRules, checked_index

VERSION = 1


def header(game: GameRules, index: int, seed: int, bots: Sequence[Bot], **extra: JSON) -> dict[str, JSON]:
    return {"record": f"{game.name}-game", "version": VERSION, "game": index, "seed": seed,
            "players": [{"seat": seat, "bot": bot.name} for seat, bot in enumerate(bots)], **extra}


def play(game: GameRules, bots: Sequence[Bot], seed: int, *, index: int = 0, max_actions: int = 1_000_000,
         **extra: JSON) -> list[dict[str, JSON]]:
    """Play one game through the protocol; its record. A turn line holds one action.

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
        actions = state.legal_actions()
        action = actions[checked_index(bots[seat], state, actions)]
        turn += 1
        lines.append({"turn": turn, "seat": seat, "action": game.action_json(state, action)})
        state = state.apply(action)
    lines.append({"end": getattr(state, "ended", "over"), "winners": list(state.winners()),
                  "scores": list(state.scores())})
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
