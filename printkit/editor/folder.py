"""The folder the editor was started on: the only place its page can read or write.

A file name from the page is a plain name of a `.yaml` file in that folder: no separators,
no `..`, nothing absolute, and once symlinks are resolved it must still lie in the folder.
Saving is atomic and refuses to replace a file that changed on disk since it was read,
unless the page says to (the user was asked).
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from printkit.atomicfile import OutputError, write_atomic
from printkit.yamlsource import MAX_BYTES

LEVEL_SUFFIX = ".yaml"
_NAME = re.compile(r"[^/\\\x00-\x1f]{1,200}")
# What some common system refuses in a file's name (the page's dialog says the same, dialog.js)
_WINDOWS_RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])", re.IGNORECASE)
_NOT_PORTABLE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
MAX_NAME = 100


def portable_problem(name: str) -> str | None:
    """Why `name` (a level file's) could not be copied to Windows, macOS or Linux as it is:
    Windows' reserved device names and characters, a leading or trailing space or dot, length."""
    stem = name[: -len(LEVEL_SUFFIX)] if name.endswith(LEVEL_SUFFIX) else name
    bad = _NOT_PORTABLE.search(name)
    if bad:
        return f"'{name}': {bad.group()!r} is not allowed in a file name on Windows"
    if _WINDOWS_RESERVED.fullmatch(stem.split(".")[0]):
        return f"'{name}': {stem.split('.')[0].upper()} is a name Windows reserves for a device"
    if not stem or stem != stem.strip() or stem.endswith("."):
        return f"'{name}': no space or dot at the start or end of a name (Windows drops them)"
    if len(name) > MAX_NAME:
        return f"'{name[:20]}…': at most {MAX_NAME} characters in a level file's name"
    return None


class FolderError(Exception):
    """A request the folder refuses; `status` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def version_of(data: bytes) -> str:
    """What a file held when the page read it: saving checks it is still so."""
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Saved:
    name: str
    version: str


class LevelFolder:
    def __init__(self, root: str | os.PathLike[str]):
        self.root = Path(root).resolve(strict=True)
        if not self.root.is_dir():
            raise NotADirectoryError(f"{root} is not a folder")

    def path(self, name: object) -> Path:
        """The file `name` stands for, or FolderError 400 when it would leave the folder."""
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise FolderError(400, "a file name is a plain name such as my-level.yaml, without folders")
        if not name.endswith(LEVEL_SUFFIX):
            raise FolderError(400, f"'{name}': level files end in {LEVEL_SUFFIX}")
        if name.startswith("."):
            raise FolderError(400, f"'{name}': hidden files are not levels")
        target = self.root / name
        # resolve() follows symlinks: a link that points out of the folder is refused
        if target.resolve().parent != self.root:
            raise FolderError(403, f"'{name}' leads out of the folder {self.root}")
        return target

    def names(self) -> list[str]:
        """The level files in the folder, sorted (links out of it left out)."""
        found = []
        for entry in sorted(self.root.glob(f"*{LEVEL_SUFFIX}")):
            try:
                if entry.is_file() and self.path(entry.name):
                    found.append(entry.name)
            except FolderError:
                continue
        return found

    def read(self, name: object) -> tuple[str, bytes]:
        """(name, bytes) of a level file; FolderError 404/413 when there is none to read."""
        target = self.path(name)
        try:
            with open(target, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            raise FolderError(404, f"there is no file '{name}' in {self.root}") from None
        except IsADirectoryError:
            raise FolderError(400, f"'{name}' is a folder") from None
        except OSError as error:
            raise FolderError(403, f"'{name}': cannot read: {error.strerror or error}") from None
        if len(data) > MAX_BYTES:
            raise FolderError(413, f"'{name}' is larger than 1 MB; printkit refuses bigger files")
        return str(name), data

    def save(self, name: object, data: bytes, expected: str | None, overwrite: bool = False) -> Saved:
        """Write `data` atomically as `name`.

        `expected` is the version the page read (None for a new file or "Save as"): when the
        file on disk is no longer that, or exists though the page thinks it new, nothing is
        written (409) unless `overwrite`.
        """
        target = self.path(name)
        problem = portable_problem(str(name))
        if problem:  # a new name only: files already there keep opening and saving
            if not target.exists():
                raise FolderError(400, problem)
        current = self._current_version(target)
        if not overwrite:
            if expected is None and current is not None:
                raise FolderError(409, f"'{name}' already exists")
            if expected is not None and current != expected:
                why = "was deleted" if current is None else "was changed by something else"
                raise FolderError(409, f"'{name}' {why} since it was opened")
        try:
            write_atomic(target, data)
        except OutputError as error:
            raise FolderError(500, str(error)) from None
        return Saved(str(name), version_of(data))

    @staticmethod
    def _current_version(target: Path) -> str | None:
        try:
            return version_of(target.read_bytes())
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            raise FolderError(400, f"'{target.name}' is a folder") from None
