"""`printkit moves FILE --from E4 --card N`: every outcome of one move (S6-S25); and
`printkit moves FILE --to FIELD`: can the avatar get there, and how close does it get."""

from __future__ import annotations

import sys

import click


from printkit.cli.common import note
from printkit.cli.gamefile import other_games_spec
from printkit.cli.levelcheck import usable_level
from printkit.cli.named import LEVEL
from printkit.cli.streams import json_line
from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.moves.events import LEFT, RIGHT, Outcome
from printkit.sinpin.tiles import field_name, parse_field
from printkit.sinpin.moves.trail import describe
from printkit.cli.moveto import tell_way
from printkit.sinpin.level import Level


# --to and --from may name the door and the exit instead of their fields
NAMED_FIELDS = {"α": "door", "door": "door", "Ω": "exit", "exit": "exit"}


def _position(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, int] | str | None:
    if value is None:
        return None
    named = NAMED_FIELDS.get(value.strip()) or NAMED_FIELDS.get(value.strip().lower())
    if named is not None:
        return named
    position = parse_field(value)
    if position is None:
        raise click.BadParameter(f"'{value}' is not a field: give its name on the map (E4), X,Y from 0 (4,3),"
                                 " or door (α) or exit (Ω)")
    return position


def _fields(positions: tuple[tuple[int, int], ...]) -> str:
    return " ".join(field_name(*p) for p in positions) or "-"


MAX_WAYS_SHOWN = 3  # per end; the rest are counted


def _field_of(level: Level, value: tuple[int, int] | str | None) -> tuple[int, int] | None:
    """A field given as a position, or as "door" or "exit" (NAMED_FIELDS)."""
    if isinstance(value, str):
        return level.door if value == "door" else level.exit
    return value


def _open_field(level: Level, field: tuple[int, int], option: str) -> None:
    """A usage error unless `field` is on the map and not rock."""
    x, y = field
    inside = 0 <= x < level.width and 0 <= y < level.height
    if not inside or level.is_rock(x, y):
        shown = field_name(x, y) if x >= 0 and y >= 0 else f"{x},{y}"
        raise click.BadParameter(
            f"{shown} (x={x}, y={y}) is {'rock' if inside else 'outside the map'}; the map is {level.width} x"
            f" {level.height} fields, A1 to {field_name(level.width - 1, level.height - 1)}"
            f" (x 0-{level.width - 1}, y 0-{level.height - 1})",
            param_hint=option,
        )


@click.command("moves")
@click.argument("file", metavar="FILE", type=LEVEL)
@click.option("--from", "start", metavar="FIELD", callback=_position,
              help="The rest field the move starts on: its name on the map (E4), or X,Y, column and row from 0 (4,3)"
                   " (S1). With --to, the door α unless given.")
@click.option("--card", type=click.IntRange(1, 6), help="The card played, 1-6 (not with --to).")
@click.option("--to", "target", metavar="FIELD", callback=_position,
              help="Can the avatar get to FIELD, and how close does it get: the least turns and a route,"
                   " or the nearest rest position it reaches.")
@click.option("--health", type=click.IntRange(1, 9), default=None,
              help="Health at the start of the move (default: the level's start health, S25).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (docs/level-format.md).")
def moves_command(file: str, start: tuple[int, int] | str | None, card: int | None, target: tuple[int, int] | str | None,
                  health: int | None, as_json: bool) -> None:
    """Every outcome of one move: where it ends, damage, gems, hearts, and the ways there;
    or, with --to, whether the avatar can get to a field at all.

    Settles "where can I get with a 4 from here?" at the table. Each end is listed once
    with the ways to it, each with its direction and the fields in the order entered, the
    hazards on the way named ("falls past the spikes at G9").

    With --to FIELD: the least turns from the door α (or --from) to FIELD, cards played
    in the order S5 allows and health ignored as in S27 (to the exit Ω: the least turns
    validate reports, health followed), with one route turn by turn; or, when no sequence
    of moves gets there (exit status 1), how many rest positions the avatar reaches and
    which of them is nearest FIELD (fewest fields apart). From α to Ω on a level that
    cannot be won for health (S26), the route ignores health and the exit status is 1.

    \b
      printkit moves levels/01-first-steps.yaml --from E4 --card 2
      printkit moves first-steps --from 4,3 --card 2 --json    # a bundled level, by name
      printkit moves the-chimney --to B3                       # can I get there from α?
      printkit moves the-chimney --from D12 --to exit          # FIELD may be door (α) or exit (Ω)

    The --json objects are described in docs/level-format.md; the rules it follows are
    S6-S25 (printkit rules S6).

    YINSH: printkit moves yinsh [--position FILE] lists a position's legal moves in GIPF
    notation (printkit moves yinsh --help).
    """
    if target is not None:
        for given, option in ((card, "--card"), (health, "--health")):
            if given is not None:
                raise click.UsageError(f"{option} does not go with --to: --to finds the cards itself, health ignored (S27)")
    elif start is None or card is None:
        raise click.UsageError(f"Missing option '{'--from' if start is None else '--card'}' (or --to FIELD).")
    other_games_spec(file)  # a spec of a game printkit does not play: its problems, as board says them
    level, name = usable_level(file)
    start, target = _field_of(level, start), _field_of(level, target)
    if target is not None:
        _open_field(level, target, "'--to'")
        if start is not None:
            _open_field(level, start, "'--from'")
        sys.exit(tell_way(level, name, start, target, as_json))
    assert start is not None and card is not None
    x, y = start
    _open_field(level, start, "'--from'")
    if not level.supported(x, y):
        note(f"note: {field_name(x, y)} is not supported (S4): the move starts with a fall (S14)")
    health = level.rules.start_health if health is None else health
    engine = MoveEngine(level)
    ways = [(direction, result) for direction in (RIGHT, LEFT)
            for result in engine.moves(start, card, health=health, trail=True, direction=direction)]
    knocked_out: dict[Outcome, bool] = {}
    for _, result in ways:
        outcome = Outcome.of(result)
        knocked_out[outcome] = knocked_out.get(outcome, False) or result.knocked_out
    if as_json:
        click.echo(json_line({"file": name, "from": [x, y], "card": card,
                              "outcomes": [o.as_json() for o in sorted(knocked_out)]}))
        return
    # Outcomes that differ only in the fields passed are one end reached in several ways.
    ends: dict[tuple, dict[str, None]] = {}
    for direction, result in ways:
        outcome = Outcome.of(result)
        key = (outcome.end, outcome.exit, outcome.damage, outcome.gems, outcome.hearts, result.knocked_out)
        ends.setdefault(key, {})[describe(level, start, direction, result.trail or (), result.exited, result.arrival)] = None
    count = len(ends)
    click.echo(f"{name}: from {field_name(x, y)} (x={x}, y={y}) with a {card}, health {health}:"
               f" {count} end{'s' * (count != 1)}")
    for (end, exited, damage, gems, hearts, knocked), described in sorted(ends.items()):
        where = "the exit Ω" if exited else f"{field_name(*end)} (x={end[0]}, y={end[1]})"
        knocked_text = "  health 0: knocked out (S25)" if knocked else ""
        total = len(described)
        click.echo(f"  → {where}  damage {damage}  gems {gems}  hearts {_fields(hearts)}{knocked_text}"
                   f"{f'  ({total} ways)' if total > 1 else ''}")
        shown = sorted(described, key=lambda text: (len(text), text))
        for text in shown[:MAX_WAYS_SHOWN]:
            click.echo(f"      {text}")
        if total > MAX_WAYS_SHOWN:
            rest = total - MAX_WAYS_SHOWN
            click.echo(f"      … and {rest} more way{'s' * (rest != 1)}")
