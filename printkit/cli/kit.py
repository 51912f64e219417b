"""`printkit kit LEVEL.yaml --players N -o DIR`: the whole print-and-play kit in one go
(or `--random`: the kit of a fresh generated level)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.atomicfile import AtomicBatch
from printkit.cli.common import EXIT_FINDING, EXIT_OK, message, note, output_folder, progress, publish
from printkit.cli.levelcheck import check_level, players_for, poorly_suited
from printkit.cli.named import DECK, LEVEL
from printkit.sinpin.level import Level


@click.command("kit")
@click.argument("level_file", metavar="LEVEL.yaml", type=LEVEL, required=False)
@click.option("--random", "random_level", is_flag=True,
              help="Print the kit of a fresh generated level (as `printkit generate` makes them), written beside it as level.yaml.")
@click.option("--seed", type=click.IntRange(0), default=None, help="With --random: the seed of the level (default: a fresh one, reported).")
@click.option("--players", type=click.IntRange(2, 4), default=None,
              help="How many play (default: the most the level's `players` allows).")
@click.option("-o", "--output", required=True, metavar="DIR", help="The folder to write the kit into.")
@click.option("--deck", "deck_file", metavar="DECK.yaml", default=None, type=DECK,
              help="The deck to print: a file or a bundled deck's name (default: the bundled sinpin-deck).")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="The edge your printer turns the sheet about for card backs.")
@click.option("--single-sided", is_flag=True, help="No card backs and no blank backs: for printers without duplex.")
@click.option("--ink-saving", is_flag=True, help="Tokens as outlines only.")
def kit_command(level_file: str | None, random_level: bool, seed: int | None, players: int | None, output: str,
                deck_file: str | None, duplex: str, single_sided: bool, ink_saving: bool) -> None:
    """Write a level's print-and-play kit: map, rules, cards and tokens.

    \b
      printkit kit levels/07-the-chimney.yaml --players 4 -o output/kit/
      printkit kit first-steps -o kit/          # a bundled level, by name
      printkit kit my-level.yaml --deck my-deck.yaml --single-sided -o kit/
      printkit kit --random --seed 3 -o output/kit/

    Writes kit.pdf (everything, in print order) and one file per part: map.pdf,
    rules.pdf, cards.pdf, tokens.pdf. kit.pdf is laid out for double-sided printing: card
    backs follow their fronts and every other page has a blank back, so print it all
    double-sided (--duplex short for short-edge printers), or use --single-sided. The cards
    hold the movement cards of the first N avatars (Fox, Goat, Mouse, Penguin), exactly the
    box cards the level's box holds after set-up (S29: the gems and webs set-up leaves off
    the map, the rules sheet names them) and one player aid per player. With --random (instead of a level file) the level
    is a new cave from `printkit generate`, written into the folder as level.yaml with the
    kit, for the most players it supports: played by bots, at least half the avatars get out
    by the exit (a note says so when --players asks for a count it does not support). A
    level file gets the same check for the count printed (--players, else the most its
    `players` allows), and the same note when it plays poorly for that count; the kit is
    printed all the same. An invalid level gets no kit (exit 1);
    nothing is written unless every part could be made.
    """
    from printkit.bundled import default_deck
    from printkit.cards.loader import load_deck
    from printkit.cards.sheet import SheetOptions, layout_sheet
    from printkit.draw.output import add_document
    from printkit.render.kit import PART_NAMES, combined, kit_parts

    out_dir = output_folder(output, "-o names the folder for the kit")
    if random_level == (level_file is not None):
        raise click.UsageError("name a LEVEL.yaml or ask for --random, one of the two")
    if level_file == "-" and deck_file == "-":  # the deck would read an exhausted stream, "an empty file"
        raise click.BadParameter("standard input (-) can be read once: give the level or the deck as a file",
                                 param_hint="'--deck'")
    if seed is not None and not random_level:
        raise click.BadParameter("--seed goes with --random", param_hint="'--seed'")
    batch = AtomicBatch()
    if random_level:
        from printkit.cli.generate import random_level_file

        level, text, name, players = random_level_file(seed, players)
        batch.add(out_dir / "level.yaml", text.encode("utf-8"))
    else:
        level, name = _checked_level(level_file)  # type: ignore[arg-type]
        # the count asked for or the level's most (a count the level is not for: exit 2 before
        # the games), printed all the same, with a word when it plays poorly; --random's cave
        # was checked so for its count already (random_level_file)
        players = players_for(level, players, name)
        poorly = poorly_suited(level, players)
        if poorly:
            message(f"{name}: {poorly}")
    # an unreadable deck or one with problems: the group reports it (exit 2 or 1)
    deck = load_deck(deck_file or default_deck())
    parts = kit_parts(level, players, deck, duplex=duplex, single_sided=single_sided, ink_saving=ink_saving)
    title = level.name or Path(name).stem
    documents = [(part.name, part.document) for part in parts]
    documents.append(("kit", combined(parts, title, duplex_ready=not single_sided)))
    with progress(documents, "Printing the kit", lambda item: item[0]) as bar:
        for part_name, document in bar:
            add_document(batch, document, out_dir / f"{part_name}.pdf")
    pages = len(documents[-1][1].pages)
    publish(batch)  # every part was made before the first file is replaced
    # said only once written: a write that fails must not follow a success line
    note(f"{name}: kit for {players} players, {pages} pages in kit.pdf"
         f" ({', '.join(PART_NAMES)} also apart), {'single-sided' if single_sided else f'{duplex}-edge duplex'}")
    crop = layout_sheet(deck.size, SheetOptions()).crop_note()  # the cards' sheet, as kit_parts lays it out
    if crop:
        note(f"note: {crop}")


def _checked_level(level_file: str) -> tuple[Level, str]:
    """The level of a file that may have a kit, and its name in messages; otherwise the
    problems go to stderr and the command exits (1 invalid; unreadable: the group, exit 2)."""
    checked = check_level(level_file, for_print=True)
    for problem in checked.errors + checked.unprintable + checked.warnings:
        message(str(problem))
    level = checked.drawable
    if level is None or checked.status != EXIT_OK:
        why = "printkit cannot print the level's name or author" if checked.unprintable else "an invalid level gets no kit (S27a)"
        message(f"{checked.name}: nothing written: {why}")
        sys.exit(EXIT_FINDING)
    return level, checked.name
