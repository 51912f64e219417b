"""Helpers shared by the command modules: exit statuses, output formats, progress."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ContextManager, TypeVar

import click

from printkit.atomicfile import AtomicBatch

if TYPE_CHECKING:  # the drawing stack loads only in commands that draw
    from printkit.draw import Document

T = TypeVar("T")

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


def progress(items: Sequence[T], label: str, describe: Callable[[T], str] | None = None) -> ContextManager[Iterable[T]]:
    """A click progress bar on stderr for work that can take over a second (hidden when
    stderr is not a terminal, so logs and pipes stay clean)."""
    return click.progressbar(
        items,
        label=label,
        file=sys.stderr,
        show_pos=True,
        hidden=not show_progress(),
        item_show_func=(lambda item: describe(item) if item is not None else None) if describe else None,
    )


def progress_count(length: int, label: str) -> ContextManager:
    """A click progress bar counting up to `length` (call .update(n)); hidden off a terminal."""
    return click.progressbar(length=length, label=label, file=sys.stderr, show_pos=True, hidden=not show_progress())


def publish(batch: AtomicBatch) -> list[Path]:
    """Write every file of the batch at once, then list them on stdout, one per line: the
    files are what the command makes, so their names are its data (for scripts)."""
    paths = batch.paths
    batch.commit()
    for path in paths:
        click.echo(str(path))
    return paths


def write_listed(document: Document, output: str | Path) -> list[Path]:
    """Write a document (PDF, or SVG pages) atomically and list the files on stdout."""
    from printkit.draw.output import document_outputs

    batch = AtomicBatch()
    for path, data in document_outputs(document, output):
        batch.add(path, data)
    return publish(batch)
