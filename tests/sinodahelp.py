"""Helpers for the Sinoda tests: games, positions from notation, and an independent
brute-force move finder (built on printkit.sinoda.board alone, not on the reach tables)."""

from __future__ import annotations

from printkit.sinoda.board import Board
from printkit.sinoda.game import SinodaGame, make_game
from printkit.sinoda.notation import parse_position
from printkit.sinoda.position import Position
from printkit.sinoda.rules import SinodaRules


def game(players: int = 2, board: str | None = None, teams: int | None = None, **knobs: object) -> SinodaGame:
    return make_game(players, board, teams, SinodaRules(**knobs))  # type: ignore[arg-type]


def position(text: str, players: int = 2, board: str | None = None, teams: int | None = None,
             **knobs: object) -> Position:
    return parse_position(game(players, board, teams, **knobs), text)


def listed(position: Position, actions) -> list[str]:
    """Actions as short words, in order: 'B3>B5' for a move, 'B3=2' for a change."""
    g = position.game
    found = []
    for action in actions:
        data = g.action_json(position, action)
        found.append(f"{data['piece']}={data['change']}" if "change" in data else f"{data['piece']}>{data['to']}")
    return found


def named(position: Position, actions) -> set[str]:
    return set(listed(position, actions))


def brute_force_ends(position: Position, space_name: str) -> set[str]:
    """N6 by hand: every end of a path of exactly `value` steps across sides (N1) from the
    piece on `space_name`, never entering a space twice (the start counts), every space
    before the last empty, the last empty or a rival's (N6, N11)."""
    g = position.game
    board = Board(g.setup.n)
    names = g.reach.names
    holder = {names[i]: position.piece(i) for i in range(len(names))}
    seat, value = holder[space_name]
    start = board.triangle(space_name)
    ends: set[str] = set()

    def walk(path: list) -> None:
        here = path[-1]
        if len(path) == value + 1:
            name = board.name(here)
            piece = holder[name]
            if piece is None or piece[0] not in g.allies[seat]:
                ends.add(name)
            return
        if len(path) > 1 and holder[board.name(here)] is not None:
            return  # N6: a space entered before the last must be empty
        for nxt in board.neighbours(here):
            if nxt not in path:
                walk(path + [nxt])

    walk([start])
    return ends
