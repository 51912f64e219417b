"""Helpers shared by the command modules: exit statuses, output formats, progress."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ContextManager, TypeVar

import click

from printkit.atomicfile import AtomicBatch, OutputError
from printkit.quote import bounded, excerpt

if TYPE_CHECKING:  # the drawing stack loads only in commands that draw
    from printkit.draw import Document

T = TypeVar("T")

EXIT_OK = 0
EXIT_FINDING = 1  # an invalid level: the tool worked and found a problem
EXIT_USAGE = 2  # bad usage or unreadable input
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader of stdout stopped reading (`| head`)


def message(text: str) -> None:
    """A message for the user (stderr) that --quiet keeps: a problem found; data goes to
    stdout. No line is longer than printkit.quote.MESSAGE_LINE, whatever user text it quotes."""
    click.echo(_bounded_lines(text), err=True)


def _bounded_lines(text: str) -> str:
    return "\n".join(bounded(line) for line in text.split("\n"))


class FiniteRange(click.FloatRange):
    """click's FloatRange, but refusing nan: every comparison with nan is false, so
    FloatRange(0, 100) let it through (--unsure nan listed nothing and printed NaN in JSON)."""

    def convert(self, value, param, ctx):  # type: ignore[no-untyped-def]
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


OUTPUT_HINT = "'-o' / '--output'"
# names that look like a file, not a folder: printkit's formats and other documents'
FILE_SUFFIXES = (".pdf", ".svg", ".png", ".jpg", ".jpeg", ".ps", ".eps", ".txt", ".yaml", ".yml", ".json")


QUIET_KEY = "printkit.quiet"


def _set_quiet(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta[QUIET_KEY] = True  # meta is shared by the group's context and the command's


def quiet_option() -> click.Option:
    """-q/--quiet, which the group gives every command (LazyGroup) and takes itself."""
    return click.Option(["-q", "--quiet"], is_flag=True, expose_value=False, is_eager=True, callback=_set_quiet,
                        help="No progress bars or summaries on standard error; errors and warnings still show.")


def quiet() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(QUIET_KEY))


def note(text: str) -> None:
    """A summary or note for the user (stderr), left out with --quiet."""
    if not quiet():
        click.echo(_bounded_lines(text), err=True)


def use_colour(stream: object) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR")


def coloured_verdict(line: str, stream: object) -> str:
    """A verdict line with its ✓ green and its ✗ red, when `stream` takes colour."""
    if not use_colour(stream):
        return line
    for mark, colour in (("✓", "green"), ("✗", "red")):
        if line.startswith(mark):
            return click.style(mark, fg=colour, bold=True) + line[len(mark):]
    return line


# The longest name (one part of a path) the file systems printkit writes to take, in bytes:
# NAME_MAX on Linux, macOS and Windows; a longer one is refused before any work is done.
NAME_MAX = 255
SVG_PAGE_ROOM = 4  # an SVG page set adds "-2" ... "-999" to the name (printkit.draw.output)


def name_fits(path: str | Path, option: str = OUTPUT_HINT, room: int = 0) -> None:
    """A usage error naming `option` when a part of `path` is longer than a file system
    allows (`room` bytes kept for what printkit adds to the name)."""
    for part in Path(path).parts:
        size = len(os.fsencode(part))
        if size + room > NAME_MAX:
            raise click.BadParameter(f"the name '{excerpt(part)}' is {size} bytes long; file systems take at most "
                                     f"{NAME_MAX - room} bytes a name here", param_hint=option)


def output_format(path: str | Path, option: str = OUTPUT_HINT) -> str:
    """'pdf' or 'svg' from an output file's extension; a usage error naming `option` (the
    option that gave the name, such as "'--heatmap'") for anything else, a folder or a name
    too long included (one place for every option that names a PDF or SVG file)."""
    text = str(path)
    name_fits(text, option, SVG_PAGE_ROOM if text.lower().endswith(".svg") else 0)
    if text.endswith(("/", os.sep)) or Path(text).is_dir():
        raise click.BadParameter(f"'{text}' is a folder; name the file to write (FILE.pdf or FILE.svg)", param_hint=option)
    suffix = Path(path).suffix.lower()
    if suffix in (".pdf", ".svg"):
        return suffix[1:]
    raise click.BadParameter(
        f"cannot tell the format from '{path}': the file name must end in .pdf or .svg",
        param_hint=option,
    )


def output_folder(path: str | Path, why: str = "-o names a folder") -> Path:
    """The folder an -o that names a folder gives; a usage error for an existing file or a
    name that looks like one (kit -o kit.pdf), before any work is done."""
    name_fits(path)
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise click.BadParameter(f"'{path}' is a file; {why}", param_hint=OUTPUT_HINT)
    if not folder.exists() and folder.suffix.lower() in FILE_SUFFIXES:
        raise click.BadParameter(f"'{path}' looks like a file name; {why} (such as '{folder.with_suffix('')}/')",
                                 param_hint=OUTPUT_HINT)
    return folder


def show_progress() -> bool:
    """Progress bars only on a terminal, so piped output and CI logs stay clean, and not
    with --quiet."""
    return sys.stderr.isatty() and not quiet()


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
    """Write every file of the batch at once and list them on stdout, one per line: the
    files are what the command makes, so their names are its data (for scripts).

    The list is written (and flushed) once every file is staged and before the first is
    renamed into place: when standard output fails, nothing is replaced (exit 2).
    """
    from printkit.cli.streams import StandardOutputError

    def announce() -> None:
        try:
            for path in batch.paths:
                click.echo(str(path))
        except StandardOutputError as error:
            raise OutputError(f"nothing written: cannot list the files on standard output: {error.strerror}") from error

    return batch.commit(announce)


def write_listed(document: Document, output: str | Path) -> list[Path]:
    """Write a document (PDF, or SVG pages) atomically and list the files on stdout."""
    from printkit.draw.output import add_document

    batch = AtomicBatch()
    add_document(batch, document, output)
    return publish(batch)
