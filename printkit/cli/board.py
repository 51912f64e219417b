"""`printkit board SPEC.yaml --json`: a Sinoda or YINSH board's geometry, from a board spec."""

from __future__ import annotations

import json

import click

from printkit.boards.export import board_json
from printkit.boards.spec import load_spec
from printkit.cli.common import EXIT_USAGE, message, output_format
from printkit.yamlsource import SpecError, UnreadableSource


@click.command("board")
@click.argument("spec_file", metavar="SPEC.yaml")
@click.option("--json", "as_json", is_flag=True, help="Print the board's geometry as JSON.")
@click.option(
    "-o",
    "--output",
    metavar="FILE.pdf|FILE.svg",
    help="Render the board (not available yet).",
)
def board(spec_file: str, as_json: bool, output: str | None) -> None:
    """Lay out the board a spec describes (templates/sinoda-*.yaml, templates/yinsh.yaml).

    SPEC.yaml may be - for standard input. With --json, prints the page, the spaces
    (Sinoda triangles) or points and lines (YINSH) and the start positions, in millimetres
    from the page's top-left corner, y down. Exit status 2 for a bad spec.
    """
    if not as_json and output is None:
        raise click.UsageError(
            "say what to make: --json for the geometry (-o FILE.pdf|.svg is coming)"
        )
    if output is not None:
        output_format(output)  # a bad extension is a usage error even before rendering exists
    try:
        spec = load_spec(spec_file)
    except UnreadableSource as error:
        message(str(error.problem))
        raise SystemExit(EXIT_USAGE) from None
    except SpecError as error:
        for problem in error.problems:
            message(str(problem))
        raise SystemExit(EXIT_USAGE) from None
    if output is not None:
        message(
            f"printkit board: rendering not available yet; nothing written to {output}"
            " (use --json)"
        )
        raise SystemExit(EXIT_USAGE)
    click.echo(json.dumps(board_json(spec), ensure_ascii=False))
