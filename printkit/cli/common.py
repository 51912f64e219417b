"""Helpers shared by the command modules: exit statuses, output formats, progress."""

from __future__ import annotations

import sys
from pathlib import Path

import click

EXIT_OK = 0
EXIT_FINDING = 1  # an invalid level: the tool worked and found a problem
EXIT_USAGE = 2  # bad usage or unreadable input


def message(text: str) -> None:
    """A message for the user (stderr); data goes to stdout."""
    click.echo(text, err=True)


def output_format(path: str | Path) -> str:
    """'pdf' or 'svg' from an output file's extension; a usage error otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix in (".pdf", ".svg"):
        return suffix[1:]
    raise click.BadParameter(
        f"cannot tell the format from '{path}': the file name must end in .pdf or .svg",
        param_hint="'-o' / '--output'",
    )


def show_progress() -> bool:
    """Progress bars only on a terminal, so piped output and CI logs stay clean."""
    return sys.stderr.isatty()
