"""Atomic file output: a failed run never leaves a half-written file behind."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path


class OutputError(OSError):
    """An output could not be written; the message names the file and why (CLI exit 2)."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it over `path`."""
    batch = AtomicBatch()
    batch.add(path, data)
    batch.commit()


class AtomicBatch:
    """Several outputs published together once all of them were produced.

    `commit` first writes every file to a temporary beside its target and only then renames
    them all into place, so a failure while writing (a full disk, a folder where a file
    should go) replaces nothing; the temporaries are removed.
    """

    def __init__(self) -> None:
        self._pending: list[tuple[Path, bytes]] = []

    def add(self, path: str | os.PathLike[str], data: bytes) -> None:
        self._pending.append((Path(path), data))

    @property
    def paths(self) -> list[Path]:
        return [path for path, _ in self._pending]

    def commit(self) -> None:
        staged: list[tuple[str, Path]] = []
        target = None
        try:
            for target, data in self._pending:
                staged.append((_stage(target, data), target))
            for temporary, target in staged:
                os.replace(temporary, target)
        except (FileExistsError, NotADirectoryError) as error:
            self._discard(staged)
            raise OutputError(f"{target}: cannot write: a file is in the way of its folder") from error
        except OSError as error:
            self._discard(staged)
            reason = error.strerror or str(error)
            raise OutputError(f"{target}: cannot write: {reason}") from error
        self._pending.clear()

    @staticmethod
    def _discard(staged: list[tuple[str, Path]]) -> None:
        for temporary, _ in staged:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass  # already renamed into place


def _stage(target: Path, data: bytes) -> str:
    """`data` in a new temporary file in `target`'s folder (made if missing); its path."""
    if target.is_dir():  # found now, before any file of the batch is renamed into place
        raise IsADirectoryError(errno.EISDIR, "it is a folder", str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; users expect normal files
    except BaseException:
        os.unlink(temporary)
        raise
    return temporary
