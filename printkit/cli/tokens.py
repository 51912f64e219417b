"""`printkit tokens LEVEL.yaml --players N -o tokens.pdf`: the tokens to cut out for a level."""

from __future__ import annotations

import click

from printkit.cli.common import note, output_format, write_listed
from printkit.cli.levelcheck import players_for, usable_level
from printkit.cli.named import LEVEL


@click.command("tokens")
@click.argument("level_file", metavar="LEVEL.yaml", type=LEVEL)
@click.option("--players", type=click.IntRange(2, 4), default=None,
              help="How many play: one of the level's `players` counts (default: the most it allows, as for kit).")
@click.option("-o", "--output", required=True, metavar="FILE.pdf|FILE.svg", help="Where to write the token sheet.")
@click.option("--ink-saving", is_flag=True, help="Outlines only: no coloured grounds behind the tokens.")
def tokens_command(level_file: str, players: int | None, output: str, ink_saving: bool) -> None:
    """Print the tokens to cut out for a level.

    \b
      printkit tokens levels/07-the-chimney.yaml --players 4 -o tokens.pdf
      printkit tokens first-steps --players 2 --ink-saving -o tokens.svg
      printkit tokens first-steps -o tokens.pdf   # as many players as the level allows

    The gems, webs and question marks to place at set-up (S28), the webs and the chest a
    box card puts on the map (S23, S29; a drawn gem or heart card is kept), hearts to
    keep each player's health (max_health each, S25), a pawn per player and the ghost,
    10 x 10 mm (S30). Every token fits inside a 15 mm field.
    LEVEL.yaml may be - for standard input, or the name of a bundled level (printkit
    examples). Exit status 1 for a level with format problems, 2 for an
    unreadable file or a player count the level is not for; nothing is written then.
    """
    from printkit.render.tokens import token_document

    output_format(output)
    level, name = usable_level(level_file, for_print=True)
    players = players_for(level, players, name)
    write_listed(token_document(level, players, ink_saving=ink_saving), output)
    note(f"tokens for {players} players")
