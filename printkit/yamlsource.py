"""Reading YAML specs (levels, decks, boards) safely, every problem located as FILE:LINE:COL.

Two kinds of failure are kept apart because the CLI maps them to different exit statuses:
`UnreadableSource` (the bytes are not one YAML document: exit 2) and problems found in a
readable document, collected by `SpecReader` as `SourceProblem`s.
"""

from __future__ import annotations

import codecs
import os
import sys
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Iterator

import yaml

from printkit.safeyaml import MAX_NODES, LongNumber, SafeLoader, TooManyNodes
from printkit.wording import did_you_mean



MAX_BYTES = 1_000_000  # a level is a few hundred bytes; anything this big is a mistake
# A name, title or author is one printed line; no real one is near this long (docs/limits.md).
MAX_TEXT_CHARS = 200


@dataclass(frozen=True)
class SourceProblem:
    file: str
    line: int | None  # 1-based, None when the problem concerns the whole file
    column: int | None  # 1-based
    rule: str  # a rule id such as "S3", or "format"
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.rule}: {self.message}"


class UnreadableSource(Exception):
    """The input is not one readable YAML document (CLI exit status 2)."""

    def __init__(self, problem: SourceProblem):
        super().__init__(str(problem))
        self.problem = problem


class SpecError(Exception):
    """A readable spec with problems; carries every problem, not just the first."""

    def __init__(self, problems: list[SourceProblem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


MAX_REPORTED = 100  # problems kept of one file: 100,000 broken entries give 100 and a count


@dataclass(frozen=True)
class MoreProblems(SourceProblem):
    """Stands for the problems of a file past the first MAX_REPORTED, where the first of them is."""

    count: int = 1


def more_words(count: int) -> str:
    return f"and {count:,} more problem{'s' * (count != 1)} from here on (printkit shows the first {MAX_REPORTED} of a file)"


def add_problem(problems: list[SourceProblem], problem: SourceProblem) -> None:
    """Append `problem`, or past MAX_REPORTED count it in one MoreProblems (constant time:
    a file of 100,000 broken entries must not cost 100,000 messages). A MoreProblems added
    (problems already capped, capped again with more) adds the count it stands for: taken
    as one, the summary and --json said 1 more where there were 50."""
    stands = problem.count if isinstance(problem, MoreProblems) else 1
    if len(problems) < MAX_REPORTED and not isinstance(problem, MoreProblems):
        problems.append(problem)
    elif problems and isinstance(problems[-1], MoreProblems):
        count = problems[-1].count + stands
        problems[-1] = replace(problems[-1], message=more_words(count), count=count)
    else:
        problems.append(MoreProblems(problem.file, problem.line, problem.column, problem.rule, more_words(stands),
                                     count=stands))


def capped(problems: Iterable[SourceProblem]) -> list[SourceProblem]:
    """The problems as add_problem keeps them: the first MAX_REPORTED, then a count."""
    kept: list[SourceProblem] = []
    for problem in problems:
        add_problem(kept, problem)
    return kept


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


def node_position(node: yaml.Node | None) -> tuple[int | None, int | None]:
    if node is None:
        return None, None
    return node.start_mark.line + 1, node.start_mark.column + 1


def type_name(value: Any) -> str:
    """A short name of a YAML value's type, for messages (never repr: values may be huge)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, LongNumber):
        return f"a number of {len(value):,} characters"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


class SpecReader:
    """Typed access to one YAML mapping, collecting problems instead of raising.

    Each getter returns a usable value (the default when the entry is wrong) so that a
    loader can go on and report every problem of a file in one run.
    """

    def __init__(
        self,
        doc: Document,
        node: yaml.Node | None,
        problems: list[SourceProblem],
        what: str = "the file",
        rule: str = "format",
    ):
        self.doc = doc
        self.node = node
        self.problems = problems
        self.rule = rule
        self.what = what
        self.entries: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        if node is None or not isinstance(node, yaml.MappingNode):
            got = "empty" if node is None else type_name(doc.value(node))
            self.problem(node, f"{what} must be a mapping of keys to values, not {got}")
            self.ok = False
            return
        self.ok = True
        for key_node, value_node in node.value:
            key = doc.value(key_node)
            if not isinstance(key, str):
                self.problem(key_node, f"keys in {what} must be text, not {type_name(key)}")
                continue
            if key in self.entries:
                self.problem(key_node, f"duplicate key '{key}' in {what}")
            self.entries[key] = (key_node, value_node)

    # -- problems -------------------------------------------------------------------------
    def problem(self, node: yaml.Node | None, message: str, rule: str | None = None) -> None:
        line, column = node_position(node if node is not None else self.node)
        add_problem(self.problems, SourceProblem(self.doc.source.name, line, column, rule or self.rule, message))

    def check_keys(self, allowed: Iterator[str] | set[str], required: tuple[str, ...] = ()) -> None:
        allowed = set(allowed)
        for key, (key_node, _) in self.entries.items():
            if key not in allowed and not key.startswith("x-"):
                known = ", ".join(sorted(allowed))
                self.problem(key_node, f"unknown key '{key}' in {self.what}{did_you_mean(key, sorted(allowed))} (known keys: {known})")
        for key in required:
            if self.ok and key not in self.entries:
                self.problem(self.node, f"{self.what} has no '{key}'")

    def accepted(self, error: Callable[[str, object], str | None]) -> dict[str, object]:
        """The entries of this mapping of rule knobs that `error` (a game's knob_error) finds
        nothing wrong with; each one it refuses is a problem at its key when the name is
        unknown, else at its value."""
        accepted: dict[str, object] = {}
        for name, (key_node, value_node) in self.entries.items():
            problem = error(name, self.doc.value(value_node))
            if problem:
                self.problem(key_node if problem.startswith("unknown") else value_node, problem)
            else:
                accepted[name] = self.doc.value(value_node)
        return accepted

    # -- typed getters --------------------------------------------------------------------
    def has(self, key: str) -> bool:
        return key in self.entries

    def value_node(self, key: str) -> yaml.Node | None:
        entry = self.entries.get(key)
        return entry[1] if entry else None

    def raw(self, key: str) -> Any:
        node = self.value_node(key)
        return None if node is None else self.doc.value(node)

    def text(self, key: str, default: str | None = None, longest: int = MAX_TEXT_CHARS, *,
             one_line: bool = False) -> str | None:
        """The entry as text, at most `longest` characters (and with `one_line` no line
        break: a name or title is printed on one line). A plain number or true/false is
        taken as written: `name: 1984`, `name: 007` and `name: No` are names."""
        if key not in self.entries:
            return default
        node = self.value_node(key)
        value = self.raw(key)
        if isinstance(value, (int, float)) and isinstance(node, yaml.ScalarNode):
            value = node.value
        if not isinstance(value, str):
            self.problem(node, f"'{key}' must be text, not {type_name(value)}")
            return default
        if len(value) > longest:
            self.problem(node, f"'{key}' is {len(value):,} characters long; printkit takes at most {longest:,}")
            return default
        if one_line and ("\n" in value or "\r" in value):
            self.problem(node, f"'{key}' must be one line: it is printed on one line, and this one has a line break")
            return default
        return str(value)  # a LongNumber is plain text here

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        if key not in self.entries:
            return default
        value = self.raw(key)
        if isinstance(value, LongNumber):
            self.problem(self.value_node(key), f"'{key}' must be from {low} to {high}, not {type_name(value)}")
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(
                self.value_node(key), f"'{key}' must be a whole number, not {type_name(value)}"
            )
            return default
        if not low <= value <= high:
            self.problem(self.value_node(key), f"'{key}' must be from {low} to {high}, not {value}")
            return default
        return value

    def number(self, key: str, default: float, low: float, high: float) -> float:
        if key not in self.entries:
            return default
        value = self.raw(key)
        if isinstance(value, LongNumber):
            self.problem(self.value_node(key), f"'{key}' must be from {low} to {high}, not {type_name(value)}")
            return default
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.problem(self.value_node(key), f"'{key}' must be a number, not {type_name(value)}")
            return default
        if not low <= value <= high:
            self.problem(self.value_node(key), f"'{key}' must be from {low} to {high}, not {value}")
            return default
        return float(value)

    def boolean(self, key: str, default: bool) -> bool:
        if key not in self.entries:
            return default
        value = self.raw(key)
        if not isinstance(value, bool):
            self.problem(self.value_node(key), f"'{key}' must be true or false, not {type_name(value)}")
            return default
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str | None, *, any_case: bool = False) -> str | None:
        """One of `options`; with `any_case`, matched whatever its case and given as spelt there."""
        if key not in self.entries:
            return default
        value = self.raw(key)
        if any_case and isinstance(value, str):
            value = next((option for option in options if option.lower() == value.lower()), value)
        if not isinstance(value, (str, int)) or isinstance(value, bool) or str(value) not in options:
            shown = f"'{value}'" if isinstance(value, (str, int)) and len(str(value)) < 40 else type_name(value)
            self.problem(
                self.value_node(key), f"'{key}' must be one of {', '.join(options)}, not {shown}"
            )
            return default
        return str(value)

    def mapping(self, key: str) -> SpecReader | None:
        if key not in self.entries:
            return None
        return SpecReader(self.doc, self.value_node(key), self.problems, f"'{key}'", self.rule)

    def sequence(self, key: str) -> list[yaml.Node] | None:
        """The item nodes of a list entry (None, with a problem, when it is not a list)."""
        if key not in self.entries:
            return None
        node = self.value_node(key)
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, f"'{key}' must be a list, not {type_name(self.doc.value(node))}")
            return None
        return list(node.value)
