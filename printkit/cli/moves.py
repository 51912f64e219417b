"""`printkit moves FILE --from X,Y --card N`: every outcome of one move (S6-S25)."""

from __future__ import annotations

import json

import click

from printkit.cli.common import message
from printkit.cli.levelcheck import usable_level
from printkit.sinpin.engine import MoveEngine
from printkit.sinpin.tiles import field_name


def _position(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, int]:
    try:
        x, y = (int(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not X,Y (two whole numbers, such as 1,4)") from None
    return x, y


def _fields(positions: tuple[tuple[int, int], ...]) -> str:
    return " ".join(field_name(*p) for p in positions) or "-"


@click.command("moves")
@click.argument("file", metavar="FILE")
@click.option("--from", "start", required=True, metavar="X,Y", callback=_position,
              help="The rest field the move starts on: column and row from 0 (S1).")
@click.option("--card", type=click.IntRange(1, 6), required=True, help="The card played, 1-6.")
@click.option("--health", type=click.IntRange(1, 9), default=None,
              help="Health at the start of the move (default: the level's start health, S25).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (level-format.md).")
def moves_command(file: str, start: tuple[int, int], card: int, health: int | None, as_json: bool) -> None:
    """Every outcome of one move: where it ends, damage, gems, hearts, the fields passed.

    Settles "where can I get with a 4 from here?" at the table.
    """
    level, name = usable_level(file)
    x, y = start
    if not (0 <= x < level.width and 0 <= y < level.height) or level.is_rock(x, y):
        raise click.BadParameter(
            f"{x},{y} is {'rock' if 0 <= x < level.width and 0 <= y < level.height else 'outside the map'};"
            f" the map is {level.width} x {level.height} fields (x 0-{level.width - 1}, y 0-{level.height - 1})",
            param_hint="'--from'",
        )
    if not level.supported(x, y):
        message(f"note: {field_name(x, y)} is not supported (S4): the move starts with a fall (S14)")
    health = level.rules.start_health if health is None else health
    found = MoveEngine(level).outcomes(start, card, health)
    knocked_out = dict(found)
    outcomes = [outcome for outcome, _ in found]
    if as_json:
        click.echo(json.dumps({"file": name, "from": [x, y], "card": card,
                               "outcomes": [o.as_json() for o in outcomes]}))
        return
    click.echo(f"{name}: from {field_name(x, y)} (x={x}, y={y}) with a {card}, health {health}:"
               f" {len(outcomes)} outcome{'s' * (len(outcomes) != 1)}")
    for o in outcomes:
        end = "the exit Ω" if o.exit else f"{field_name(*o.end)} (x={o.end[0]}, y={o.end[1]})"
        knocked = "  health 0: knocked out (S25)" if knocked_out[o] else ""
        click.echo(f"  → {end}  damage {o.damage}  gems {o.gems}  hearts {_fields(o.hearts)}"
                   f"  passed {_fields(o.passed)}{knocked}")
