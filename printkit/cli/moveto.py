"""`printkit moves FILE --to FIELD`: can the avatar get there, and how close does it get.

The answer comes from the move room (`sinpin/moves/reach.py` on the move graph of S27);
this module only words it, as text or as the JSON of docs/level-format.md.
"""

from __future__ import annotations

import click

from printkit.cli.common import EXIT_FINDING, EXIT_OK
from printkit.cli.streams import json_line
from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves.graph import MoveCache, move_graph
from printkit.sinpin.moves.reach import Leg, Way, way_to
from printkit.sinpin.moves.trail import DIRECTION_WORDS, describe
from printkit.sinpin.tiles import Tile, field_name
from printkit.wording import counted


def _name(level: Level, pos: Position) -> str:
    if pos == level.door:
        return f"α ({field_name(*pos)})"
    if pos == level.exit:
        return f"Ω ({field_name(*pos)})"
    return field_name(*pos)


def tell_way(level: Level, name: str, start: Position | None, target: Position, as_json: bool) -> int:
    """Print the way from `start` (the door when None) to `target`; the exit status: 0 when
    some sequence of moves gets there, 1 when none does."""
    moves = MoveCache(level)
    graph = move_graph(moves)
    assert level.door is not None
    start = level.door if start is None else start
    if start not in graph:
        raise click.BadParameter(f"{field_name(*start)} is no rest position the avatar reaches from α (S27);"
                                 " --to starts from one (or from α when --from is left out)", param_hint="'--from'")
    way = way_to(moves, graph, start, target)
    if as_json:
        click.echo(json_line(way_json(level, name, start, target, way)))
    else:
        for line in way_lines(level, name, start, target, way):
            click.echo(line)
    return EXIT_OK if way.legs is not None and not _lost_on_the_way(level, start, target, way) else EXIT_FINDING


def _lost_on_the_way(level: Level, start: Position, target: Position, way: Way) -> bool:
    """The door to the exit by a route that ignores health: validate found none the avatar
    survives (S26), so `--to exit` says the level cannot be won, as validate does."""
    return way.legs is not None and not way.health_followed and start == level.door and target == level.exit


def _leg_text(level: Level, leg: Leg) -> str:
    return describe(level, leg.start, leg.direction, leg.trail, leg.exited, leg.arrival)


def way_lines(level: Level, name: str, start: Position, target: Position, way: Way) -> list[str]:
    here, there = _name(level, start), _name(level, target)
    if way.legs is None:
        if way.reach.reached:  # in the move graph, but only with some card twice before the others (S5)
            return [f"{name}: {there} cannot be reached from {here} with cards played in the order S5 allows"]
        if way.passed_by is not None:
            return _passed_lines(level, name, here, there, way)
        return [f"{name}: {there} cannot be reached from {here}:"
                f" {way.reach.words(here, there)}"]
    how = ("the least turns validate finds, health followed, S26" if way.health_followed
           else "cards in the order S5 allows, health ignored as in S27")
    lines = [f"{name}: from {here} to {there}: {counted(len(way.legs), 'turn')} ({how})"]
    lines += [f"  turn {leg.turn}, card {leg.card}: {_leg_text(level, leg)}" for leg in way.legs]
    if way.damage:
        lines.append(f"  health lost on the way: {way.damage} (an avatar starts with {level.rules.start_health}, S25)")
    if _lost_on_the_way(level, start, target, way):
        lines.append(f"  no way to {there} keeps the avatar's health (S26): as validate says, the level cannot be won")
    return lines


def _leg_json(level: Level, leg: Leg, turn: bool = True) -> dict[str, object]:
    """One move as the --to object shows it (a route's turn has its number)."""
    found: dict[str, object] = {"turn": leg.turn} if turn else {}
    found.update({"card": leg.card, "start": list(leg.start), "end": list(leg.end),
                  "direction": DIRECTION_WORDS[leg.direction], "trail": [list(p) for p in leg.trail],
                  "damage": leg.damage, "exit": leg.exited, "text": _leg_text(level, leg)})
    return found


def _passed_lines(level: Level, name: str, here: str, there: str, way: Way) -> list[str]:
    """A field some move passes but none ends on: why (S4 and S14, or S6), the move that
    passes it, and how near a rest position gets."""
    leg = way.passed_by
    assert leg is not None
    return [f"{name}: {there} is passed through {_why_no_rest(level, way.reach.target)}",
            f"  card {leg.card} from {_name(level, leg.start)} passes it: {_leg_text(level, leg)}",
            f"  {way.reach.words(here, there)}"]


def _why_no_rest(level: Level, target: Position) -> str:
    """Why a field moves pass is no rest position (S27): unsupported, a move falls on from
    it; a spring board bounces a move that has points left; else every move entering it
    still has points to move (S6)."""
    if level.tile(*target) is Tile.SPRING:
        return "but no move ends there: every move entering it has points left, and the spring board bounces it up (S19)"
    if not level.supported(*target):
        return "(falling) but no move ends there: nothing holds the avatar up (S4, S14)"
    return "but no move ends there: every move entering it still has points to move on (S6)"


def way_json(level: Level, name: str, start: Position, target: Position, way: Way) -> dict[str, object]:
    """The --to object of docs/level-format.md."""
    route = None if way.legs is None else [_leg_json(level, leg) for leg in way.legs]
    return {
        "file": name,
        "from": list(start),
        "to": list(target),
        "reachable": way.legs is not None,
        "turns": None if way.legs is None else len(way.legs),
        "health_followed": way.health_followed,
        "route": route,
        "reach": way.reach.as_json(),
        "passed_by": None if way.passed_by is None else _leg_json(level, way.passed_by, turn=False),
    }
