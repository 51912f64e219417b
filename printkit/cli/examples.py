"""`printkit examples`: the levels, deck and board specs printkit ships with; list them,
print one, or copy one out to edit."""

from __future__ import annotations

from pathlib import Path

import click

from printkit import bundled
from printkit.atomicfile import AtomicBatch
from printkit.cli.common import message, name_fits, publish
from printkit.cli.helpformat import WholeSummaryGroup
from printkit.wording import did_you_mean

HEADINGS = {
    "level": "Levels (printkit validate, moves, render, tokens, kit NAME)",
    "deck": "Card decks (printkit cards NAME, printkit kit LEVEL --deck NAME)",
    "board": "Board specs (printkit board NAME)",
}
NEXT = {"level": "printkit validate {}", "deck": "printkit cards {} -o cards.pdf", "board": "printkit board {} -o board.pdf"}
KIND_CHOICES = {"levels": "level", "decks": "deck", "boards": "board"}


def _item(name: str) -> bundled.Bundled:
    for kind in bundled.KINDS:
        item = bundled.find(name, kind)
        if item is not None:
            return item
    names = ", ".join(item.names[-1] for item in bundled.catalogue())
    meant = did_you_mean(name, [each for item in bundled.catalogue() for each in item.names])
    raise click.BadParameter(f"no bundled file is called '{name}'{meant} (bundled: {names})", param_hint="'NAME'")


@click.group("examples", cls=WholeSummaryGroup, invoke_without_command=True)
@click.option("--kind", type=click.Choice(sorted(KIND_CHOICES)), default=None, help="List only levels, decks or boards.")
@click.option("--paths", is_flag=True, help="Show where each file is installed.")
@click.pass_context
def examples_group(ctx: click.Context, kind: str | None, paths: bool) -> None:
    """List the bundled levels, card deck and board specs; show or copy one out.

    \b
      printkit examples                       # everything bundled, by kind
      printkit examples --kind boards --paths
      printkit examples show first-steps | printkit validate -
      printkit examples copy first-steps my-levels/   # then edit my-levels/01-first-steps.yaml

    Every command that reads a level, a deck or a board spec takes these names in place of
    a file: `printkit kit the-chimney -o kit/`, `printkit board yinsh -o yinsh.pdf`,
    `printkit cards -o cards.pdf` (the bundled deck). A file that exists always wins over
    a bundled name. A level may be named with or without its number (07-the-chimney,
    the-chimney).
    """
    if ctx.invoked_subcommand is not None:
        return
    wanted = KIND_CHOICES.get(kind) if kind else None
    first = True
    for each, heading in HEADINGS.items():
        if wanted not in (None, each):
            continue
        items = bundled.catalogue(each)
        if not first:
            click.echo()
        first = False
        click.echo(f"{heading}:")
        width = max(len(item.names[-1]) for item in items) + 2
        about_width = max(len(item.about) for item in items) + 2 if paths else 0  # the paths in one column
        for item in items:
            line = f"  {item.names[-1]:<{width}}{item.about:<{about_width}}"
            click.echo(f"{line}{item.path}" if paths else line)


@examples_group.command("show")
@click.argument("name")
def show_command(name: str) -> None:
    """Print a bundled file to standard output.

    \b
      printkit examples show yinsh
      printkit examples show the-chimney | printkit render - -o chimney.pdf
    """
    click.echo(_item(name).path.read_text(encoding="utf-8"), nl=False)


@examples_group.command("copy")
@click.argument("name")
@click.argument("destination", metavar="[DIR|FILE.yaml]", default=".")
@click.option("--force", is_flag=True, help="Replace a file that is already there.")
def copy_command(name: str, destination: str, force: bool) -> None:
    """Copy a bundled file out to edit: into DIR (default: here), or as FILE.yaml.

    \b
      printkit examples copy first-steps              # ./01-first-steps.yaml
      printkit examples copy yinsh my-yinsh.yaml
      printkit examples copy sinpin-deck decks/       # decks/sinpin-deck.yaml

    Prints the path written. An existing file is not replaced without --force (exit 2).
    """
    item = _item(name)
    name_fits(destination, "'DIR'")
    target = Path(destination)
    if not (target.suffix.lower() in (".yaml", ".yml") and not target.is_dir()):
        if target.exists() and not target.is_dir():
            raise click.BadParameter(f"'{destination}' is a file; give a folder or a new FILE.yaml", param_hint="'DIR'")
        target = target / item.path.name
    if target.exists() and not force:
        raise click.UsageError(f"{target} exists; --force replaces it")
    batch = AtomicBatch()
    batch.add(target, item.path.read_bytes())
    publish(batch)
    message(f"copied the bundled {bundled.KINDS[item.kind][2]} {item.names[-1]}; edit it, then: {NEXT[item.kind].format(target)}")
