"""`printkit board SPEC.yaml -o board.pdf|svg` and `printkit board --all DIR -o OUTDIR`:
print a Sinoda or YINSH board and its pieces; `--json` gives the board's geometry."""

from __future__ import annotations

import re
from pathlib import Path

import click

from printkit.atomicfile import AtomicBatch
from printkit.boards.export import board_json
from printkit.boards.pieces import DUPLEX_EDGES
from printkit.boards.spec import GAMES, BoardSpec, load_spec
from printkit.cli.common import EXIT_FINDING, EXIT_USAGE, message, output_folder, output_format, progress, publish
from printkit.cli.named import BOARD
from printkit.cli.streams import json_line
from printkit.filekinds import BOARD as BOARD_KIND
from printkit.filekinds import kind_of
from printkit.sourceproblems import SpecError, UnreadableSource
from printkit.yamlsource import load_document

SPEC_SUFFIXES = (".yaml", ".yml")
# A file that is not even YAML still counts as a board spec if it says so, so that a typo
# in a board spec is reported rather than skipped.
_GAME_LINE = re.compile(rf"^game:\s*['\"]?({'|'.join(GAMES)})\b", re.MULTILINE)


@click.command("board")
@click.argument("spec_file", metavar="[SPEC.yaml]", required=False, type=BOARD)
@click.option("--json", "as_json", is_flag=True, help="Print the board's geometry and rule knobs as JSON.")
@click.option(
    "-o",
    "--output",
    metavar="FILE.pdf|FILE.svg|DIR",
    help="Render the board and its pieces to FILE (an SVG gets one file per page: FILE,"
    " FILE-2.svg, ...); with --all, the folder for the files.",
)
@click.option(
    "--all",
    "folder",
    metavar="DIR",
    help="Render every board spec (game: sinoda or yinsh) in DIR; other YAML is skipped.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["pdf", "svg"]),
    default=None,
    help="File format for --all (default pdf).",
)
@click.option(
    "--duplex",
    type=click.Choice(DUPLEX_EDGES),
    default="long",
    show_default=True,
    help="The edge the YINSH marker sheet is turned over when printed double-sided.",
)
@click.option(
    "--tiles",
    is_flag=True,
    help="Print an A3 board (paper: A3) on A4 sheets to tape together: they overlap by 12 mm,"
    " with marks to line them up; the pieces on A4.",
)
@click.option("--no-rules", "no_rules", is_flag=True,
              help="Leave out the rules sheet (otherwise the last page; for Sinoda with the set-up for the spec).")
def board(
    spec_file: str | None,
    as_json: bool,
    output: str | None,
    folder: str | None,
    fmt: str,
    duplex: str,
    tiles: bool,
    no_rules: bool,
) -> None:
    """Print a Sinoda or YINSH board and its pieces from a board spec.

    \b
      printkit board yinsh -o yinsh.pdf           # a bundled spec, by name
      printkit board sinoda-4 --json
      printkit board my-sinoda.yaml -o board.svg
      printkit board --all specs/ -o boards/ --format svg
      printkit board my-yinsh-a3.yaml --tiles -o yinsh.pdf   # paper: A3, on A4 sheets

    SPEC.yaml is your own spec or the name of a bundled one (`printkit examples --kind
    boards` lists them; `printkit examples copy yinsh` copies one out to edit).
    With -o, writes the board page and the pieces pages: Sinoda capture discs and paper
    d4s; YINSH rings and markers, with the marker backs on the page after the fronts for
    double-sided printing; then a page of rules in a player's words (Sinoda's with the set-up
    for the spec's players and teams; --no-rules leaves it out). SPEC.yaml may be - for standard input. With --json, prints the
    page, the spaces (Sinoda triangles) or points and lines (YINSH) and the start positions,
    in millimetres from the page's top-left corner, y down, and the rule knobs the spec plays
    by (`rules`, defaults filled in). `--all DIR -o OUTDIR` prints
    every board spec in DIR (one file each), skipping other YAML such as card decks.
    `paper: A3` in a spec prints a board √2 larger (the default edge_mm or spacing_mm grow
    with the paper); --tiles prints it on A4 sheets to tape together.
    Exit status 1 for a spec with problems, 2 for an unreadable one; then nothing is written.
    """
    if folder is not None:
        if spec_file is not None or as_json:
            raise click.UsageError("--all renders a folder: give no SPEC.yaml and no --json")
        if output is None:
            raise click.UsageError("--all needs -o DIR, the folder to write the boards to")
        _render_folder(Path(folder), Path(output), fmt or "pdf", duplex, tiles, not no_rules)
        return
    if spec_file is None:
        raise click.UsageError("give a SPEC.yaml, or --all DIR for a folder of specs")
    if fmt is not None:  # as render's: a --format the -o name contradicted was dropped without a word
        raise click.UsageError("--format is for --all; a single board's format comes from the -o file name")
    if not as_json and output is None:
        raise click.UsageError("say what to make: -o FILE.pdf|.svg to print it, --json for the geometry")
    if output is not None:
        output_format(output)  # a bad extension is a usage error before any work is done
    spec = load_spec(spec_file)  # problems: the group reports them (exit 1; unreadable 2)
    if tiles and spec.page.paper != "A3":
        raise click.BadParameter(f"the board fits one {spec.page.paper} sheet; --tiles prints a board on A3"
                                 " (paper: A3 in the spec) on A4 sheets", param_hint="'--tiles'")
    if as_json:
        click.echo(json_line(board_json(spec)))
    if output is not None:
        from printkit.draw.output import add_outputs
        from printkit.render.boards import board_outputs  # the drawing layer is slow to import

        batch = AtomicBatch()
        add_outputs(batch, board_outputs(spec, output, duplex, tiles, not no_rules))
        if as_json:
            batch.commit()  # stdout holds the JSON
        else:
            publish(batch)


def is_board_spec(path: Path) -> bool:
    """Whether a YAML file is a board spec (it has a `game`), not a deck or a level (filekinds)."""
    try:
        return kind_of(load_document(str(path))) is BOARD_KIND
    except UnreadableSource:
        try:
            return bool(_GAME_LINE.search(path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            return False


def _render_folder(folder: Path, out: Path, fmt: str, duplex: str, tiles: bool, rules: bool = True) -> None:
    """Every board spec in `folder`; with `tiles`, the A3 ones on A4 sheets."""
    if not folder.is_dir():
        raise click.BadParameter(f"'{folder}' is not a folder", param_hint="'--all'")
    output_folder(out, "--all writes into a folder")
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in SPEC_SUFFIXES and p.is_file())
    specs: list[BoardSpec] = []
    failed = 0  # the worst exit status so far: 1 a spec with problems, 2 an unreadable file
    for path in filter(is_board_spec, files):
        try:
            specs.append(load_spec(str(path)))
        except UnreadableSource as error:
            message(str(error.problem))
            failed = EXIT_USAGE
        except SpecError as error:
            for problem in error.problems:
                message(str(problem))
            failed = max(failed, EXIT_FINDING)
    if failed:  # nothing is written unless every board spec is good
        raise SystemExit(failed)
    if not specs:
        message(f"printkit board: no board specs (game: sinoda or yinsh) in {folder}")
        raise SystemExit(EXIT_USAGE)
    from printkit.draw.output import add_outputs
    from printkit.render.boards import board_outputs

    batch = AtomicBatch()
    with progress(specs, "Rendering boards", lambda spec: Path(spec.source).name) as bar:
        for spec in bar:
            target = out / f"{Path(spec.source).stem}.{fmt}"
            add_outputs(batch, board_outputs(spec, target, duplex, tiles and spec.page.paper == "A3", rules))
    publish(batch)
