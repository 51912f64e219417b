"""Reading a YAML spec (a level, deck or board) safely: the file's bytes as UTF-8 text
(`Source`), parsed into one document whose every value is found from its node (`Document`).
Bytes that are not one readable YAML document raise `UnreadableSource` (CLI exit status 2),
located as FILE:LINE:COL where the place is known; what is wrong inside a readable document is
`printkit.specreader`'s.
"""

from __future__ import annotations

import codecs
import os
import sys
from dataclasses import dataclass, field
from typing import Any

import yaml

from printkit.safeyaml import MAX_NODES, SafeLoader, TooManyNodes
from printkit.sourceproblems import SourceProblem, UnreadableSource
from printkit.wording import did_you_mean

MAX_BYTES = 1_000_000  # a level is a few hundred bytes; anything this big is a mistake


@dataclass(frozen=True)
class Source:
    name: str  # how the file is named in messages ("<stdin>" for -)
    text: str
    # The file began with a UTF-8 byte order mark (Windows Notepad writes one): not part of
    # `text`, and put back by a rewrite of the file (printkit.yamledit)
    bom: bool = False


def display_name(path: str) -> str:
    """How messages name a file: `<stdin>` for -, a bundled file by the name the user gave
    (printkit.bundled.BundledPath), any other by its path as given."""
    return "<stdin>" if path == "-" else getattr(path, "shown", path)


def _unreadable(name: str, message: str, line: int | None = None, column: int | None = None) -> UnreadableSource:
    return UnreadableSource(SourceProblem(name, line, column, "format", message))


def _nearby_file(path: str) -> str:
    """"; did you mean 'crystal.yaml'?" when the missing file's folder holds a file of a
    close name (the first 1,000 names looked at: a huge folder costs no time)."""
    folder, _, wanted = path.rpartition(os.sep)
    stem, suffix = os.path.splitext(wanted)
    try:
        with os.scandir(folder or ".") as entries:
            # names of the same kind, compared without the suffix they share (.yaml alone
            # would make any two names look alike)
            stems = {os.path.splitext(entry.name)[0]: entry.name for entry, _ in zip(entries, range(1000))
                     if entry.is_file() and os.path.splitext(entry.name)[1].lower() == suffix.lower()}
    except OSError:
        return ""
    return did_you_mean(stem, stems, lambda near: os.path.join(folder, stems[near]) if folder else stems[near])


def read_source(path: str) -> Source:
    """Read a file (or standard input for "-") as UTF-8 text of at most MAX_BYTES."""
    name = display_name(path)
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise _unreadable(name, f"no such file{_nearby_file(path)}") from None
    except IsADirectoryError:
        raise _unreadable(name, "is a directory, not a file") from None
    except PermissionError:
        raise _unreadable(name, "permission denied") from None
    except OSError as error:
        raise _unreadable(name, f"cannot read: {error.strerror or error}") from None
    _refuse_binary(name, data)  # a photo is mostly over 1 MB: said before its size
    if len(data) > MAX_BYTES:
        raise _unreadable(
            name, f"file is larger than 1 MB ({MAX_BYTES:,} bytes); printkit refuses bigger files"
        )
    return decoded_source(name, data)


# Files a reader is given by mistake, known by their first bytes: a photo of a drawn sheet
# (for `printkit scan`) or a PDF printkit wrote.
_BINARY_KINDS = ((b"\xff\xd8\xff", "a JPEG image"), (b"\x89PNG\r\n\x1a\n", "a PNG image"), (b"%PDF", "a PDF document"))


def _refuse_binary(name: str, data: bytes) -> None:
    kind = next((kind for magic, kind in _BINARY_KINDS if data.startswith(magic)), None)
    if kind is None and data[4:8] == b"ftyp":
        kind = "a HEIC photo or a video"
    if kind is not None:
        raise _unreadable(name, f"is {kind}, not YAML text; a photo or scan of a drawn design sheet is read by"
                                " `printkit scan`", 1, 1)


def decoded_source(name: str, data: bytes) -> Source:
    """A file's bytes as UTF-8 text, a byte order mark noted and left out of the text."""
    _refuse_binary(name, data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise _unreadable(
            name,
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start});"
            " save the file as UTF-8",
            line,
            column,
        ) from None
    return Source(name, text, bom=data.startswith(codecs.BOM_UTF8))


@dataclass
class Document:
    """One parsed YAML document: the node tree (for positions) and each node's value."""

    source: Source
    root: yaml.Node | None
    values: dict[yaml.Node, Any] = field(default_factory=dict)

    def value(self, node: yaml.Node) -> Any:
        return self.values[node]


def _line_column(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def parse_document(source: Source) -> Document:
    """Parse exactly one YAML document with the safe loader; raise UnreadableSource."""
    name = source.name
    loader = None
    try:
        loader = SafeLoader(source.text)
        root = loader.get_single_node()
        values: dict[yaml.Node, Any] = {}
        if root is not None:
            # construct_object (not construct_document) keeps the node -> value cache,
            # which is how every value is later found from its node and its position.
            loader.construct_object(root, deep=True)
            values = dict(loader.constructed_objects)
        return Document(source, root, values)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        what = " ".join(str(part) for part in (error.context, error.problem) if part)
        if "'\\t'" in what or "tab character" in what:  # PyYAML's (and libyaml's) words for a tab
            what += " (a tab: YAML indents with spaces only; in a map, type '.' or a space for open cave)"
        if mark is None:
            raise _unreadable(name, f"not valid YAML: {what}") from None
        raise _unreadable(
            name, f"not valid YAML: {what}", mark.line + 1, mark.column + 1
        ) from None
    except yaml.reader.ReaderError as error:
        line, column = _line_column(source.text, error.position)
        raise _unreadable(
            name,
            f"character #x{error.character:04x} is not allowed in YAML (binary file?)"
            if isinstance(error.character, int)
            else "not valid YAML text",
            line,
            column,
        ) from None
    except yaml.YAMLError as error:
        raise _unreadable(name, f"not valid YAML: {error}") from None
    except RecursionError:
        raise _unreadable(name, "not valid YAML: nested too deeply") from None
    except TooManyNodes:
        raise _unreadable(name, f"more than {MAX_NODES:,} values; printkit reads no file that big") from None
    finally:
        if loader is not None:
            loader.dispose()


def load_document(path: str) -> Document:
    return parse_document(read_source(path))
