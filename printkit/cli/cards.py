"""`printkit cards DECK.yaml -o cards.pdf`: a deck's cards 9-up on A4, fronts and duplex backs."""

from __future__ import annotations

import math

import click

from printkit.cards.model import describe_sizes, parse_size
from printkit.cli.common import EXIT_USAGE, FiniteRange, message, note, output_format, write_listed
from printkit.cli.named import DECK
from printkit.draw import A4_PORTRAIT, LETTER_PORTRAIT
from printkit.wording import counted

PAPERS = {"a4": A4_PORTRAIT, "letter": LETTER_PORTRAIT}
BLEED_MM = 3.0  # printing.md #3


def _size(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    size = parse_size(value)
    if size is None:
        raise click.BadParameter(f"'{value}' is not a card size: use {describe_sizes()} (each side 30-140 mm)")
    return size


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"'{value}' is not DX,DY in mm (such as 0.5,-1)") from None
    if not (math.isfinite(dx) and math.isfinite(dy)):
        raise click.BadParameter(f"'{value}' is not DX,DY in mm (such as 0.5,-1)")
    if abs(dx) > 10 or abs(dy) > 10:
        raise click.BadParameter(f"'{value}': a back offset of more than 10 mm is a misprint, not a printer's drift")
    return dx, dy


@click.command("cards")
@click.argument("deck_file", metavar="[DECK.yaml]", required=False, type=DECK)
@click.option("-o", "--output", required=True, metavar="FILE.pdf|FILE.svg", help="Where to write the sheets (SVG: one file per page).")
@click.option("--size", callback=_size, metavar="NAME|WxH", help="Card size, overriding the deck's: poker (63x88, the default), bridge, tarot, mini-euro, mini-american or WxH in mm.")
@click.option("--paper", type=click.Choice(sorted(PAPERS), case_sensitive=False), default="a4", show_default=True, help="Sheet size (portrait).")
@click.option("--bleed", is_flag=True, help=f"Run the art {BLEED_MM:g} mm past the outer cuts of the block of cards.")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="The edge your printer turns the sheet about; back pages are mirrored to match.")
@click.option("--no-backs", is_flag=True, help="Fronts only, for single-sided printing.")
@click.option("--back-offset", default="0,0", callback=_offset, metavar="DX,DY", show_default=True,
              help="Move every back page DX mm right and DY mm down, for a printer whose backs land off target.")
@click.option("--alignment-test", is_flag=True,
              help="Instead of a deck, print a two-page sheet that measures your printer's --back-offset.")
@click.option("--crop-marks", "crop_length", type=FiniteRange(0, 10), default=5.0, show_default=True, metavar="MM",
              help="Length of the crop marks outside the cards; 0 for none.")
def cards_command(deck_file: str, output: str, size: tuple[float, float] | None, paper: str, bleed: bool, duplex: str,
                  no_backs: bool, back_offset: tuple[float, float], alignment_test: bool, crop_length: float) -> None:
    """Print a card deck as sheets of cards with their backs.

    \b
      printkit cards -o cards.pdf                  # the bundled Sinpin deck
      printkit cards my-deck.yaml -o my-cards.pdf --duplex short
      printkit cards --alignment-test -o align.pdf

    DECK.yaml is your own deck file or the name of a bundled one (default: the Sinpin deck,
    sinpin-deck; `printkit examples copy sinpin-deck` copies it out to edit).

    After each page of fronts comes the page of their backs, laid out for long-edge duplex
    (--duplex short for printers that turn the sheet the other way). Thin crop marks lie
    outside the cards, which touch: one cut separates two. DECK.yaml may be - for standard
    input. Exit status 1 for a deck with problems, each reported as FILE:LINE:COL (2 for an
    unreadable one); nothing is written then.

    --alignment-test prints a front of crosses and a back of rulers instead: print it duplex,
    hold it to the light and pass the reading as --back-offset DX,DY.
    """
    from printkit.cards.loader import load_deck
    from printkit.cards.sheet import SheetOptions, layout_sheet
    from printkit.cards.model import DEFAULT_SIZE, SIZES, fill_knobs
    from printkit.sinpin.rules import Rules
    from printkit.render.cards import alignment_document, deck_document

    output_format(output)
    options = SheetOptions(PAPERS[paper.lower()], BLEED_MM if bleed else 0.0, duplex, not no_backs, back_offset, crop_length)
    if alignment_test:
        if deck_file is not None:
            raise click.UsageError("--alignment-test prints a test sheet, not a deck: leave out DECK.yaml")
        write_listed(alignment_document(size or SIZES[DEFAULT_SIZE], options), output)
        note(f"alignment test for {duplex}-edge duplex")
        _crop_note(layout_sheet(size or SIZES[DEFAULT_SIZE], options).crop_note())
        return
    if deck_file is None:
        from printkit.bundled import default_deck

        deck_file = default_deck()
    try:  # an unreadable deck or one with problems: the group reports it (exit 2 or 1)
        deck = fill_knobs(load_deck(deck_file), Rules())  # sinpin.md's values; `kit` uses the level's
        document = deck_document(deck, options, size)
    except ValueError as error:  # the card does not fit the paper
        message(f"printkit cards: {error}")
        raise SystemExit(EXIT_USAGE) from None
    write_listed(document, output)
    sheets = len(document.pages) // (1 if no_backs else 2)
    note(f"{counted(deck.total, 'card')} on {counted(sheets, 'sheet')}{'' if no_backs else f' with {duplex}-edge backs'}")
    _crop_note(layout_sheet(size or deck.size, options).crop_note())
    if any(card.item in ("gem", "web") for card in deck.cards):
        note(BOX_NOTE)


# Without a level the box after set-up is unknown (S29, S34 (b)): the deck prints the most it
# can hold, and the family takes out what the map holds; `kit` prints a level's box exactly.
BOX_NOTE = ("note: the gem and web cards are the most the box can hold: before a game take out one for each gem and web"
            " on the map after set-up (S29); `printkit kit LEVEL` prints a level's box exactly")


def _crop_note(text: str | None) -> None:
    """Crop marks the sheet has no room for are left out, never silently."""
    if text:
        note(f"note: {text}")
