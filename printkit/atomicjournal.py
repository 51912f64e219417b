"""The journal side of printkit.atomicfile's commits, and the file steps a commit takes.

A commit (printkit.atomicfile) journals what it is about to rename before it renames
anything; here that journal is read back and undone (`recover`, `undo`): by the commit
itself when it fails or a signal strikes before its commit point, or by the next commit
into the folder after a kill. Only names of the commit's own pattern (`PREFIX`, `OWN`) are
ever removed. The file steps both sides take are here too: a new file written whole and
flushed to disk, a quiet unlink, a folder's renames made durable, content digests.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from pathlib import Path

PREFIX = ".printkit-"
OWN = re.compile(r"\.printkit-(?P<id>[0-9a-f]{8})(?:-(?P<slot>s?\d+)\.(?:new|old)|(?P<journal>\.journal))\Z")


def recover(folder: str | os.PathLike[str], names: Iterable[str] = ()) -> int:
    """Undo what killed commits left in `folder`; the number of leftover files removed.

    A journal means its commit did not reach the commit point: its renames are undone, so
    the old files are back. Own files without a journal are temporaries of a commit that
    was killed while staging, or backups of one that was killed after its commit point.
    `names` are target names whose temporaries of earlier printkit versions also go.
    """
    folder = Path(folder)
    try:
        entries = os.listdir(folder)
    except OSError:
        return 0
    for name in entries:
        match = OWN.match(name)
        if match and match["journal"]:
            journal = read_journal(folder / name)
            if journal is not None:  # else cut short while being written: nothing was renamed yet
                undo(folder, match["id"], *journal)
    removed = 0
    earlier = [re.compile(rf"\.{re.escape(name)}\.[a-z0-9_]{{8}}\.part\Z") for name in names]
    for name in os.listdir(folder):
        if OWN.match(name) or any(pattern.match(name) for pattern in earlier):
            removed += unlink_quiet(folder / name)
    return removed


def read_journal(path: Path) -> tuple[list[list], list[str]] | None:
    """A journal's targets and stale names, or None for one that is cut short or not one
    printkit wrote (names must be plain file names in the folder)."""
    try:
        record = json.loads(path.read_text(encoding="ascii"))
        targets, stale = record["targets"], record["stale"]
        names = [name for name, _, _ in targets] + list(stale)
        sound = all(isinstance(existed, bool) and isinstance(digest, str) for _, existed, digest in targets)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not sound or not all(isinstance(name, str) and name not in ("", ".", "..") and os.path.basename(name) == name
                            and "/" not in name and "\\" not in name for name in names):
        return None
    return targets, list(stale)


def undo(folder: Path, ident: str, targets: list[list], stale: list[str]) -> None:
    """Put the files a commit journalled back as they were; safe to repeat after a kill."""
    for index, (name, existed, digest) in enumerate(targets):
        target, new, old = folder / name, folder / f"{PREFIX}{ident}-{index}.new", folder / f"{PREFIX}{ident}-{index}.old"
        ours = os.path.lexists(target) and not os.path.lexists(new) and digest_of(target) == digest
        if existed:
            if os.path.lexists(old) and (ours or not os.path.lexists(target) or same_file(old, target)):
                restore(old, target)
        elif ours:
            os.unlink(target)  # the new file, renamed where there was none
        unlink_quiet(new)
    for index, name in enumerate(stale):
        old = folder / f"{PREFIX}{ident}-s{index}.old"
        if os.path.lexists(old):
            os.replace(old, folder / name)
    unlink_quiet(folder / f"{PREFIX}{ident}.journal")


def restore(old: Path, target: Path) -> None:
    """Put `old` back at `target`. rename() between two names of one file does nothing, so
    a backup that is still the target (not yet replaced) is just dropped."""
    if same_file(old, target):
        os.unlink(old)
    else:
        os.replace(old, target)


def same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samestat(os.lstat(one), os.lstat(other))
    except FileNotFoundError:
        return False


def content_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest_of(path: Path) -> str | None:
    try:
        with open(path, "rb") as stream:
            return hashlib.file_digest(stream, "sha256").hexdigest()
    except OSError:
        return None


def write_new(path: Path, data: bytes) -> None:
    # O_EXCL: never write through a name someone else made; 0o666 under the umask, as users expect
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
    except BaseException:
        unlink_quiet(path)
        raise


def unlink_quiet(path: Path) -> int:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return 0
    return 1


def sync_folder(folder: Path) -> None:
    """Make the folder's renames durable (skipped where folders cannot be opened)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems refuse fsync on folders; the renames stand anyway
    finally:
        os.close(handle)
