"""Atomic file output: a failed run never leaves a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it over `path`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; users expect normal files
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


class AtomicBatch:
    """Collect several outputs and publish them together once all were produced.

    Used by commands that write many files (`kit`, `render --all`): if producing any part
    fails, none of the parts of this batch replaces an existing file.
    """

    def __init__(self) -> None:
        self._pending: list[tuple[Path, bytes]] = []

    def add(self, path: str | os.PathLike[str], data: bytes) -> None:
        self._pending.append((Path(path), data))

    @property
    def paths(self) -> list[Path]:
        return [path for path, _ in self._pending]

    def commit(self) -> None:
        for path, data in self._pending:
            write_atomic(path, data)
        self._pending.clear()
