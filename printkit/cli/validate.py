"""`printkit validate FILE...`: a verdict per level file (S26, S27, S27a)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from printkit.cli.common import EXIT_OK, EXIT_USAGE, coloured_verdict, note
from printkit.cli.levelcheck import check_level
from printkit.cli.streams import json_line
from printkit.cli.named import LEVEL
from printkit.sinpin.findings import Finding
from printkit.sinpin.moves.validator import Verdict, unsearchable
from printkit.wording import counted
from printkit.sourceproblems import UnreadableSource
from printkit.yamlsource import display_name


GOLDEN_SUFFIX = ".expect.json"  # the expected `--json` verdict of a level, kept beside it


def check_file(path: str, any_size: bool = False, verbose: bool = False) -> tuple[Verdict, list[str], int]:
    """Validate one file: its verdict, the lines that tell its findings located in the file,
    the exit status. Two or more soft-locks are one line with a count; `verbose` lists
    them under it."""
    try:
        checked = check_level(path, any_size=any_size)
    except UnreadableSource as error:
        return unsearchable([Finding("format", error.problem.message)]), [str(error.problem)], EXIT_USAGE
    lines = [str(problem) for problem in checked.errors]
    for problem in checked.warnings:
        if checked.soft_locks and problem.line is None and problem.rule == "S27":
            if verbose:
                lines.append(f"{problem}:")
                lines += [f"  {soft_lock}" for soft_lock in checked.soft_locks]
            else:
                lines.append(f"{problem} — --verbose lists them")
        else:
            lines.append(str(problem))
    return checked.verdict, lines, checked.status


def summary_line(name: str, verdict: Verdict, status: int) -> str:
    if status == EXIT_USAGE:
        return f"✗ {name}: unreadable"
    if verdict.valid:
        warnings = len(verdict.warnings)
        extra = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
        turns = verdict.min_turns
        return f"✓ {name}: solvable in {counted(turns, 'turn')}, {counted(verdict.rest_positions, 'rest position')}{extra}"
    errors = verdict.error_count  # all, not only the first 100 told (docs/limits.md)
    searched = ""
    if verdict.solvable:  # searched despite its errors (beyond S2 with --any-size, a door S4 refuses)
        turns = verdict.min_turns
        searched = f"; searched: solvable in {counted(turns, 'turn')}, {counted(verdict.rest_positions, 'rest position')}"
    elif verdict.stopped_by:  # the checks that need no search were made; say that these were not
        why = ("larger than S2 allows; --any-size searches it" if verdict.stopped_by == ("S2",)
               else "the search needs rows of one length, known characters, one door and one exit (S1, S3)")
        searched = f"; not searched for least turns and soft-locks: {why}"
    return f"✗ {name}: invalid, {errors} error{'s' * (errors != 1)}{searched}"


def _expanded(files: tuple[str, ...]) -> tuple[str, ...]:
    """The files named, a folder standing for its levels (*.yaml, sorted; golden verdicts
    *.expect.json are no levels and are left out)."""
    expanded: list[str] = []
    for path in files:
        folder = Path(path)
        if path != "-" and folder.is_dir():
            levels = sorted(str(level) for level in folder.glob("*.yaml") if level.is_file())
            if not levels:
                raise click.BadParameter(f"no levels (*.yaml) in the folder '{path}'", param_hint="FILE...")
            expanded += levels
        else:
            expanded.append(path)
    return tuple(expanded)


@click.command("validate")
@click.argument("files", nargs=-1, required=True, metavar="FILE...", type=LEVEL)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON verdict object per line.")
@click.option("-v", "--verbose", is_flag=True, help="List every soft-lock (S27), not only their count.")
@click.option("--any-size", is_flag=True,
              help="Search maps larger than one A4 sheet too (S2 is still an error); big maps take long.")
def validate_command(files: tuple[str, ...], as_json: bool, verbose: bool, any_size: bool) -> None:
    """Check Sinpin levels: well formed, solvable, least turns, soft-locks.

    \b
      printkit validate levels/*
      printkit validate levels/                # a folder: its levels (*.yaml)
      printkit validate my-level.yaml --json
      printkit validate my-level.yaml --verbose   # every soft-lock, not only their count
      printkit validate the-chimney            # a bundled level, by name
      printkit examples show first-steps | printkit validate -

    FILE may be - for standard input, a folder for its levels (*.yaml), or the name of a
    bundled level (printkit examples). Each problem is FILE:LINE:COL: RULE: message, with
    the rule's id (printkit rules RULE; docs/rules.md); the --json verdict is described in
    docs/level-format.md. Golden verdicts kept beside levels (*.expect.json) are skipped,
    so `printkit validate levels/*` checks just the levels. Exit status 0 when every level
    is valid, 1 when any is invalid, 2 when a file cannot be read.
    """
    if files.count("-") > 1:  # the second would read an empty, exhausted stream and call it an empty file
        raise click.BadParameter("standard input (-) can be read once: name it once", param_hint="'FILE...'")
    worst = EXIT_OK
    files = _expanded(files)
    goldens = [path for path in files if path.endswith(GOLDEN_SUFFIX)]
    for path in files:
        if path in goldens:
            continue
        verdict, lines, status = check_file(path, any_size, verbose)
        worst = max(worst, status)
        name = display_name(path)
        if as_json:
            click.echo(json_line(verdict.as_json(name)))
        else:
            click.echo(coloured_verdict(summary_line(name, verdict, status), sys.stdout))
            for line in lines:
                click.echo(line)
    if goldens:
        note(f"({len(goldens)} golden verdict file{'s' * (len(goldens) != 1)} *{GOLDEN_SUFFIX} skipped)")
    sys.exit(worst)
