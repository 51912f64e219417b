"""Atomic output: a batch of files is replaced whole or not at all, even when a signal or a
kill strikes in the middle of it (docs/outputs.md states the guarantee for users).

A batch writes into one folder. `AtomicBatch.commit`:

1. locks the folder (flock on the folder itself: two printkit runs writing there take
   turns) and recovers what an earlier, killed run left there (`recover`);
2. stages: each file is written to `.printkit-ID-N.new` beside its target and flushed to
   disk; nothing a user sees has changed;
3. announces: the caller's `announce` runs (the CLI lists the files on stdout); when it
   fails the temporaries go and still nothing has changed;
4. journals: `.printkit-ID.journal` names every target, whether it existed and a digest
   of its new content, and the stale files (pages of an older, longer page set) that go;
5. renames: an existing target is kept as `.printkit-ID-N.old` (a hard link, so the target
   is never missing), then its new file is renamed over it; stale files are renamed to
   `.printkit-ID-sN.old`;
6. commits: removing the journal is the commit point; then the `.old` files are removed.

Until the commit point every step is undone from the journal: by the run itself on an error
or on SIGINT, SIGTERM or SIGHUP (held during steps 4-6, see printkit.interrupts), or by the
next commit into the folder after a SIGKILL. Only names of that one pattern (and the
`.NAME.XXXXXXXX.part` temporaries of earlier printkit versions, for the batch's own targets)
are ever removed; temporary names are short, so a 255-byte target name still works.

The journal read back and undone, and the file steps of a commit (a new file written whole
and flushed, a folder's renames made durable), are printkit.atomicjournal's.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from printkit.atomicjournal import PREFIX, content_digest, recover, sync_folder, undo, unlink_quiet, write_new
from printkit.interrupts import Held, held

try:
    import fcntl
except ImportError:  # Windows: no folder lock, one printkit at a time per folder
    fcntl = None  # type: ignore[assignment]

PAUSE_VARIABLE = "PRINTKIT_TEST_COMMIT_PAUSE"  # STEP:FILE, for the commit tests only


class OutputError(OSError):
    """An output could not be written; the message names the file and why (CLI exit 2)."""


def check_writable(files: Iterable[str | os.PathLike[str]] = (), folders: Iterable[str | os.PathLike[str]] = ()) -> None:
    """Before any work is done: each file's folder, and each folder, takes a new file (or,
    where it does not exist yet, the nearest folder above it that does, where the missing
    ones would be made). Tried by making and removing a probe file, so a read-only file
    system or folder is found whoever runs printkit; OutputError names the output and why."""
    probes: dict[Path, Path] = {}
    for path in files:
        target = Path(path)
        if target.is_dir():
            raise OutputError(f"{target}: cannot write: it is a folder")
        probes.setdefault(target.absolute().parent, target)
    for path in folders:
        probes.setdefault(Path(path).absolute(), Path(path))
    for folder, target in probes.items():
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir():
            raise OutputError(f"{target}: cannot write: a file is in the way of its folder")
        try:
            handle, probe = tempfile.mkstemp(prefix=f"{PREFIX}probe-", dir=folder)
        except OSError as error:
            raise OutputError(f"{target}: cannot write: {error.strerror or error}") from error
        os.close(handle)
        os.unlink(probe)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at `path` with `data`, whole or not at all."""
    batch = AtomicBatch()
    batch.add(path, data)
    batch.commit()


class AtomicBatch:
    """Files that are replaced together, once every one of them was produced."""

    def __init__(self) -> None:
        self._pending: list[tuple[Path, bytes]] = []
        self._stale: list[Callable[[], Iterable[Path]]] = []

    def add(self, path: str | os.PathLike[str], data: bytes) -> None:
        self._pending.append((Path(path), data))

    def add_stale(self, finder: Callable[[], Iterable[Path]]) -> None:
        """Files that go in the same commit: `finder` runs under the folder's lock, after
        recovery, and the existing files it names (other than the batch's) are removed."""
        self._stale.append(finder)

    @property
    def paths(self) -> list[Path]:
        return [path for path, _ in self._pending]

    def commit(self, announce: Callable[[], None] | None = None) -> list[Path]:
        """Write every file, or none; `announce` runs once all are staged, before the first
        rename, and may still stop the commit by raising. Returns the paths written."""
        paths = self.paths
        if not paths:
            if announce is not None:
                announce()
            return []
        folder = _one_folder(paths)
        target = paths[0]
        created: list[Path] = []
        try:
            created = _make_folders(folder)
            with _locked(folder):
                recover(folder, [path.name for path in paths])
                _Commit(folder, self._pending, [p for finder in self._stale for p in finder()]).run(announce)
        except BaseException as error:
            _remove_empty(created)
            if isinstance(error, OSError) and not isinstance(error, OutputError):
                raise _output_error(target, error) from error
            raise
        self._pending.clear()
        self._stale.clear()
        return paths


class _Commit:
    """Steps 2-6 of one batch in its locked folder."""

    def __init__(self, folder: Path, pending: list[tuple[Path, bytes]], stale: list[Path]) -> None:
        names = [target.name for target, _ in pending]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise OutputError(f"{folder / twice[0]}: cannot write: two outputs of this command have this name")
        self.folder = folder
        self.pending = pending
        self.stale = sorted({path.name for path in stale if path.name not in names and os.path.lexists(path)})
        self.ident = secrets.token_hex(4)

    def own(self, slot: str, kind: str) -> Path:
        return self.folder / f"{PREFIX}{self.ident}-{slot}.{kind}"

    def run(self, announce: Callable[[], None] | None) -> None:
        staged: list[Path] = []
        try:
            for index, (target, data) in enumerate(self.pending):
                try:
                    if target.is_dir():  # found before any file of the batch is renamed into place
                        raise IsADirectoryError(errno.EISDIR, "it is a folder", str(target))
                    staged.append(self.own(str(index), "new"))
                    write_new(staged[-1], data)
                except OSError as error:
                    raise _output_error(target, error) from error
            _pause_for_tests("staged", Held())
            if announce is not None:
                announce()
        except BaseException:
            with held():
                for path in staged:
                    unlink_quiet(path)
            raise
        with held() as hold:
            self._rename(hold)

    def _rename(self, hold: Held) -> None:
        # what each target was, and a digest of its new content: undo only ever removes or
        # replaces a target that is still the file this commit put there
        targets = [[target.name, os.path.lexists(target), content_digest(data)] for target, data in self.pending]
        journal = self.folder / f"{PREFIX}{self.ident}.journal"
        try:
            write_new(journal, json.dumps({"targets": targets, "stale": self.stale}).encode("ascii"))
            sync_folder(self.folder)
            for index, (target, _) in enumerate(self.pending):
                if hold.pending is not None:
                    raise _RollBack
                try:
                    if targets[index][1]:
                        _keep(target, self.own(str(index), "old"))
                    os.replace(self.own(str(index), "new"), target)
                except OSError as error:
                    raise _output_error(target, error) from error
                _pause_for_tests(f"renamed-{index + 1}", hold)
            for index, name in enumerate(self.stale):
                os.replace(self.folder / name, self.own(f"s{index}", "old"))
            sync_folder(self.folder)
            if hold.pending is not None:
                raise _RollBack
            os.unlink(journal)  # the commit point
        except BaseException as error:
            undo(self.folder, self.ident, targets, self.stale)
            if isinstance(error, _RollBack):
                return  # the held signal is delivered when `held` ends
            raise
        _pause_for_tests("committed", hold)
        for index in range(len(self.pending)):
            unlink_quiet(self.own(str(index), "old"))
        for index in range(len(self.stale)):
            unlink_quiet(self.own(f"s{index}", "old"))


class _RollBack(Exception):
    """A signal arrived before the commit point: undo, then let the signal act."""


def _keep(target: Path, old: Path) -> None:
    """Keep the current target as `old`: a second name for it where the file system allows,
    so that the target is never missing, otherwise a rename."""
    try:
        os.link(target, old, follow_symlinks=False)
    except OSError:
        os.replace(target, old)


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the folder's lock: an flock on the folder itself, so no lock file is left."""
    if fcntl is None:
        yield
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:
            pass  # a file system without locks: commit unlocked, as printkit always did
        yield
    finally:
        os.close(handle)  # releases the lock


def _one_folder(paths: list[Path]) -> Path:
    folders = {os.path.abspath(path.parent) for path in paths}
    if len(folders) > 1:
        raise ValueError(f"a batch writes into one folder, not {len(folders)}: {sorted(folders)}")
    return paths[0].parent


def _make_folders(folder: Path) -> list[Path]:
    """Make `folder` and missing parents; those made, outermost first."""
    missing: list[Path] = []
    probe = folder
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    made = []
    for path in reversed(missing):
        path.mkdir(exist_ok=True)
        made.append(path)
    return made


def _remove_empty(folders: list[Path]) -> None:
    """Remove the folders a failed commit made, innermost first, if they are still empty."""
    for path in reversed(folders):
        try:
            path.rmdir()
        except OSError:
            return


def _output_error(target: Path, error: OSError) -> OutputError:
    if isinstance(error, (FileExistsError, NotADirectoryError)) and not target.is_dir():
        reason = "a file is in the way of its folder"
    else:
        reason = error.strerror or str(error)
    return OutputError(f"{target}: cannot write: {reason}")


def _pause_for_tests(step: str, hold: Held) -> None:
    """PRINTKIT_TEST_COMMIT_PAUSE=STEP:FILE makes a commit touch FILE at STEP (staged,
    renamed-N, committed) and wait there, up to a minute, for a signal to arrive."""
    setting = os.environ.get(PAUSE_VARIABLE)
    if not setting or setting.partition(":")[0] != step:
        return
    Path(setting.partition(":")[2]).touch()
    deadline = time.monotonic() + 60
    while hold.pending is None and time.monotonic() < deadline:
        time.sleep(0.01)
