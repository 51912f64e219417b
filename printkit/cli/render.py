"""`printkit render`: Sinpin levels as exact-scale A4 maps (PDF or SVG), optionally with the
validator's verdict drawn on them.

An invalid level gets no plain map (S27a: nothing rendered, exit 1). With --overlay it gets
its annotated map, errors marked and listed, and still exit 1 — checking a level is what
the overlay is for: a grid with ragged rows or unknown characters is drawn as far as it can
be (sketch_rows), and a map beyond S2 shrunk onto the page. Only a file with no map at all
gets nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.atomicfile import AtomicBatch
from printkit.cli.common import (EXIT_FINDING, EXIT_OK, EXIT_USAGE, message, note, output_folder, output_format, progress,
                                 publish, write_listed)
from printkit.draw import Document
from printkit.draw.output import add_document
from printkit.render.sinpin.map_page import map_document
from printkit.render.sinpin.overlay import overlay_document
from printkit.cli.levelcheck import CheckedLevel, check_level
from printkit.cli.named import LEVEL
from printkit.wording import counted
from printkit.sourceproblems import UnreadableSource


def document_for(checked: CheckedLevel, overlay: bool) -> Document | None:
    """What to write for a checked level, or None when nothing may be written."""
    title = "Sinpin level" if checked.name == "<stdin>" else Path(checked.name).stem
    if checked.unprintable:
        return None
    if overlay:  # whatever can be drawn, with its errors marked: unknown characters, ragged rows, beyond S2
        return overlay_document(checked.sketch, checked.verdict, title) if checked.sketch is not None else None
    level = checked.drawable
    return map_document(level, title) if level is not None and checked.verdict.valid else None


def _refusal(checked: CheckedLevel) -> str:
    if checked.unprintable:
        return f"{checked.name}: nothing written: printkit cannot print the level's name or author"
    if checked.sketch is None:
        return f"{checked.name}: nothing written: there is no map to draw"
    return f"{checked.name}: nothing written: an invalid level gets no map (S27a); --overlay draws its errors"


def _render_one(path: str, output: str, overlay: bool) -> int:
    output_format(output)
    try:
        checked = check_level(path, for_print=True)
    except UnreadableSource as error:
        message(str(error.problem))
        return EXIT_USAGE
    for problem in checked.errors + checked.unprintable + checked.warnings:
        message(str(problem))
    document = document_for(checked, overlay)
    if document is None:
        message(_refusal(checked))
        return EXIT_FINDING
    write_listed(document, output)
    return checked.status


def levels_in(folder: Path) -> tuple[list[Path], str]:
    """The folder's *.yaml files that may be levels, and the other kinds it skips counted
    (decks, board specs: filekinds), such as "9 board specs and 1 card deck"."""
    from collections import Counter

    from printkit.filekinds import KINDS, LEVEL, kind_of_file

    paths, skipped = [], Counter()
    for path in sorted(folder.glob("*.yaml")):
        kind = kind_of_file(path)
        if kind is None or kind is LEVEL:
            paths.append(path)
        else:
            skipped[kind] += 1
    counted = [f"{count} {kind.plural if count != 1 else kind.name.removeprefix('a ')}" for kind in KINDS if (count := skipped[kind])]
    return paths, " and ".join(counted)


def _render_all(folder: str, output: str, overlay: bool, fmt: str) -> int:
    paths, others = levels_in(Path(folder))
    if not paths:
        found = f" (only {others}: printkit board and printkit cards read those)" if others else ""
        raise click.BadParameter(f"no levels (*.yaml) in '{folder}'{found}", param_hint="'--all'")
    out_dir = output_folder(output, "with --all, -o names a folder")
    if others:
        note(f"skipped {others} in {folder}: not levels")
    batch = AtomicBatch()
    notes: list[str] = []
    worst, rendered, invalid, unreadable = EXIT_OK, 0, 0, 0
    with progress(paths, "Rendering maps", lambda path: path.name) as bar:
        for path in bar:
            try:
                checked = check_level(str(path), for_print=True)
            except UnreadableSource as error:
                notes.append(str(error.problem))
                worst, unreadable = max(worst, EXIT_USAGE), unreadable + 1
                continue
            if not checked.verdict.valid:
                invalid += 1
                notes += [str(problem) for problem in checked.errors]
            notes += [str(problem) for problem in checked.unprintable]
            worst = max(worst, checked.status)
            document = document_for(checked, overlay)
            if document is None:
                notes.append(_refusal(checked))
                continue
            add_document(batch, document, out_dir / f"{path.stem}.{fmt}")
            rendered += 1
    for line in notes:
        message(line)
    if unreadable:  # exit 2 replaces nothing (docs/exit-status.md): read them all, then render
        note(f"nothing written: {unreadable} of {counted(len(paths), 'level')} unreadable ({invalid} invalid)")
        return worst
    # every file is rendered before the first is replaced: a crash leaves the old maps whole
    publish(batch)
    note(f"{rendered} of {counted(len(paths), 'level')} rendered to {out_dir}/ ({invalid} invalid)")
    return worst


@click.command("render")
@click.argument("level", required=False, metavar="[LEVEL.yaml]", type=LEVEL)
@click.option("-o", "--output", required=True, metavar="FILE.pdf|FILE.svg|DIR",
              help="The map to write; with --all, the folder to write one map per level into.")
@click.option("--overlay", is_flag=True,
              help="Draw the validator's findings: reachable rest positions, soft-locks, "
                   "unreachable items, errors and one shortest route.")
@click.option("--all", "folder", metavar="DIR", type=click.Path(exists=True, file_okay=False),
              help="Render every level (*.yaml) in DIR.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"]), default=None,
              help="Output format for --all (default pdf); a single map takes it from -o.")
def render_command(level: str | None, output: str, overlay: bool, folder: str | None, fmt: str | None) -> None:
    """Print a Sinpin level as an exact-scale A4 map on 5 mm squared paper.

    \b
      printkit render levels/01-first-steps.yaml -o map.pdf
      printkit render levels/01-first-steps.yaml --overlay -o checked.svg
      printkit render --all levels/ -o output/maps/ [--format svg]
      printkit render the-chimney -o chimney.pdf     # a bundled level, by name

    LEVEL.yaml may be - for standard input, or the name of a bundled level (printkit
    examples). Print the PDF at 100 % / actual size: one field is 15 mm (S2). An invalid
    level is not rendered (exit 1) unless --overlay is given, which draws its errors on the
    map and lists them below it, even for ragged rows, unknown characters or a map too
    large for A4 (then shrunk to fit, not to scale). An overlay whose findings do not fit
    below the map continues on a second page (for SVG a second file, NAME-2.svg). Exit status 0 ok, 1 a level is invalid
    (with --all the others are rendered), 2 bad usage or an unreadable file (then nothing is written).
    """
    if (level is None) == (folder is None):
        raise click.UsageError("give either one LEVEL.yaml or --all DIR")
    if folder is None:
        if fmt is not None:
            raise click.UsageError("--format is for --all; a single map's format comes from the -o file name")
        sys.exit(_render_one(level, output, overlay))
    sys.exit(_render_all(folder, output, overlay, fmt or "pdf"))
