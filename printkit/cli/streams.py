"""Standard output and standard error as every printkit command writes them.

`guarded()` (the Click group runs each command inside it) puts new text streams on the
process's stdout and stderr, so that for all commands alike:

- no character can stop a command: what the stream's encoding lacks (a Windows console
  or a file in cp1252) degrades to ASCII (✓ ok, → ->, Ω Omega, é e) or else to '?';
  JSON stays lossless, with \\u escapes, through `json_line`;
- a failing write to stdout (a full disk, a closed or broken pipe, a closed descriptor) is
  one `StandardOutputError` carrying its errno; later writes are dropped, so the final
  flush at exit stays quiet;
- a failing write to stderr is dropped: there is nowhere left to say so.
"""

from __future__ import annotations

import codecs
import errno
import io
import json
import os
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, BinaryIO, TextIO

ERRORS = "printkit-fallback"
FALLBACKS = {
    "✓": "ok", "✗": "x", "→": "->", "←": "<-", "↑": "^", "↓": "v", "×": "x", "…": "...",
    "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "Ω": "Omega", "α": "alpha",
    "•": "*", "·": ".", "≤": "<=", "≥": ">=", "≠": "!=", "°": " deg",
}


class StandardOutputError(OSError):
    """Standard output could not be written (its errno says why)."""


def _fallback(error: UnicodeError) -> tuple[str | bytes, int]:
    """The codec error handler: an ASCII stand-in for one character the encoding lacks."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    char = error.object[error.start]
    if 0xDC80 <= ord(char) <= 0xDCFF:  # a file name's undecodable byte: write the byte itself
        return bytes([ord(char) - 0xDC00]), error.start + 1
    stand_in = FALLBACKS.get(char)
    if stand_in is None:
        plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        stand_in = plain if plain and plain.isascii() else "?"
    return stand_in, error.start + 1


codecs.register_error(ERRORS, _fallback)


class _Guarded(io.RawIOBase):
    """A raw stream over the process's own one that turns a write fault into one error."""

    def __init__(self, target: BinaryIO | None, strict: bool) -> None:
        super().__init__()
        self._target = target
        self._strict = strict  # stdout: raise once; stderr: drop
        self.failed = False

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._target is not None and self._target.isatty()

    def fileno(self) -> int:
        if self._target is None:
            raise io.UnsupportedOperation("the stream is closed")
        return self._target.fileno()

    def write(self, data: Any) -> int:
        size = len(memoryview(data))
        if self.failed:
            return size
        try:
            if self._target is None:
                raise OSError(errno.EBADF, "standard output is closed")
            written = self._target.write(data)
            self._target.flush()
            return size if written is None else written
        except OSError as error:
            self.failed = True
            if self._strict:
                reason = "standard output is closed" if error.errno == errno.EBADF else error.strerror or str(error)
                raise StandardOutputError(error.errno, reason) from error
            return size


def _wrap(original: TextIO | None, strict: bool) -> TextIO:
    target = None
    if original is not None:
        original.flush()
        target = getattr(original.buffer, "raw", original.buffer)
    encoding = original.encoding if original is not None else "utf-8"
    line_buffering = not strict or (original is not None and original.line_buffering)
    stream = io.TextIOWrapper(io.BufferedWriter(_Guarded(target, strict)), encoding=encoding, errors=ERRORS,
                              line_buffering=line_buffering, write_through=not strict)
    return stream  # type: ignore[return-value]


def _occupy_closed_descriptor(fd: int) -> None:
    """A closed fd 1 or 2 would be handed to the next file printkit opens, an output's
    temporary, so it is taken first by /dev/null opened for reading (writes still fail)."""
    try:
        os.fstat(fd)
    except OSError:
        null = os.open(os.devnull, os.O_RDONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)


@contextmanager
def guarded() -> Iterator[None]:
    """Run the block with guarded stdout and stderr (see the module's docstring); nothing
    changes where they are already replaced (click's CliRunner in tests)."""
    if sys.stdout is not sys.__stdout__ or sys.stderr is not sys.__stderr__:
        yield
        return
    original_out, original_err = sys.stdout, sys.stderr
    for fd in (1, 2):
        _occupy_closed_descriptor(fd)
    sys.stdout = _wrap(original_out, strict=True)
    sys.stderr = _wrap(original_err, strict=False)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except OSError:
                pass  # already reported where it happened
        sys.stdout, sys.stderr = original_out, original_err


def flush_stdout() -> None:
    """Flush stdout now, so a fault in its last buffered line is the command's error."""
    if sys.stdout is not None:
        sys.stdout.flush()


def json_line(value: Any) -> str:
    """`value` as one line of JSON that stdout's encoding can carry: characters as they
    are where it can, \\u escapes where it cannot (valid JSON either way)."""
    text = json.dumps(value, ensure_ascii=False)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return json.dumps(value)
    return text
