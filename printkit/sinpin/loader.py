"""Reading and writing Sinpin level files (level-format.md).

The only module of the Sinpin model that touches files. It keeps, beside the level, where
each map character stands in the YAML file, so that every finding can be reported as
FILE:LINE:COL.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeGuard

import yaml

from printkit.filekinds import LEVEL, wrong_kind
from printkit.sinpin.level import DEFAULT_PLAYERS, Level, grid_findings, split_map
from printkit.sinpin.maptext import LINE_BREAK, ROW_CHARS, dropped_rows, joined_lines, map_origin
from printkit.sinpin.rules import Rules, changed_knobs, knob_conflicts, knob_error, with_knobs
from printkit.sourceproblems import SourceProblem, UnreadableSource
from printkit.specreader import SpecReader, node_position, type_name
from printkit.yamlsource import Document, Source, parse_document, read_source

LEVEL_KEYS = ("sinpin", "name", "author", "players", "rules", "map")


@dataclass
class LevelFile:
    """A level as read from a file: its parts, its format problems and their positions."""

    name: str  # the file as named in messages
    rows: list[str] | None  # None when there is no usable `map`
    rules: Rules = field(default_factory=Rules)
    title: str = ""
    author: str = ""
    players: tuple[int, ...] = DEFAULT_PLAYERS
    problems: list[SourceProblem] = field(default_factory=list)  # rule "format"
    text_positions: dict[str, tuple[int | None, int | None]] = field(default_factory=dict)  # name, author
    _map_anchor: tuple[int | None, int | None] = (None, None)
    _map_lines: tuple[int, int] | None = None  # (line of row 0, column of x 0), 1-based

    def locate(self, x: int | None, y: int | None) -> tuple[int | None, int | None]:
        """Line and column in the file of map field (x, y); the `map` value for None."""
        if x is None or y is None or self._map_lines is None:
            return self._map_anchor
        line, column = self._map_lines
        return line + y, column + x

    def level(self) -> Level:
        """The Level, for a file with no format problems and a sound grid (else ValueError)."""
        if self.problems or self.rows is None:
            raise ValueError("the level file has format problems")
        return Level(tuple(self.rows), name=self.title, author=self.author, players=self.players, rules=self.rules)


def read_level(path: str) -> LevelFile:
    """Read a level file; UnreadableSource when it is not one YAML document (exit 2)."""
    return interpret(parse_level(read_source(path)))


# A `map: |` or `map: >` block's header line (a literal or folded block, with its chomping or
# indentation indicator): either ends at a line indented less than its first row
_MAP_BLOCK = re.compile(r"( *)map: *[|>][-+0-9]* *(#.*)?")
MAP_INDENT_HINT = "a map row indented less than the map's first row ends the block; indent every row alike"


def parse_level(source: Source) -> Document:
    """A level file's YAML document (parse_document), a YAML error inside the `map: |` (or
    `map: >`) block with a hint: there a row indented less than the first ends the block, and YAML says only
    "did not find expected key" (a row starting with `#` it takes for a comment instead:
    maptext.dropped_rows)."""
    try:
        return parse_document(source)
    except UnreadableSource as error:
        problem = error.problem
        if not _in_map_block(source.text, problem):
            raise
        raise UnreadableSource(dataclasses.replace(problem, message=f"{problem.message}; {MAP_INDENT_HINT}")) from None


def _in_map_block(text: str, problem: SourceProblem) -> bool:
    """Whether a YAML error lies in a `map: |` or `map: >` block: the lines after its header, up to one
    indented no more than the `map` key that is no map row (a row there ended the block, and
    YAML fails on the lines after it). A tab has its own hint (yamlsource)."""
    if problem.line is None or not problem.message.startswith("not valid YAML") or "a tab" in problem.message:
        return False
    lines = LINE_BREAK.split(text)
    error = problem.line - 1  # 0-based
    for header, line in enumerate(lines[:error]):
        found = _MAP_BLOCK.fullmatch(line)
        if found is None:
            continue
        key = len(found.group(1))
        ended = next((index for index in range(header + 1, len(lines)) if lines[index].strip()
                      and len(lines[index]) - len(lines[index].lstrip(" ")) <= key
                      and not set(lines[index].strip()) <= ROW_CHARS), len(lines))
        if error < ended:
            return True
    return False


def interpret(doc: Document) -> LevelFile:
    problems: list[SourceProblem] = []
    reader = SpecReader(doc, doc.root, problems, what="a level file")
    result = LevelFile(doc.source.name, None, problems=problems)
    if not reader.ok:
        if doc.root is None:
            problems[-1] = SourceProblem(doc.source.name, 1, 1, "format", "the file is empty: a level needs at least a 'map'")
        return result
    other = wrong_kind(doc, LEVEL)
    if other is not None:  # a deck or board spec: one sentence, not a line per key
        problems.append(other)
        return result
    reader.check_keys(LEVEL_KEYS, required=("map",))
    if reader.has("sinpin"):
        version = reader.raw("sinpin")
        if isinstance(version, bool) or not isinstance(version, int) or version != 1:
            reader.problem(reader.value_node("sinpin"), "'sinpin' is the format version and must be 1")
    result.title = reader.text("name", "", one_line=True) or ""
    result.author = reader.text("author", "", one_line=True) or ""
    result.text_positions = {key: node_position(reader.value_node(key)) for key in ("name", "author") if reader.has(key)}
    result.players = _players(reader)
    result.rules = _rules(reader)
    if reader.has("map"):
        key, map_node = reader.entries["map"]
        result._map_anchor = node_position(map_node)
        value = doc.value(map_node)
        text = doc.source.text
        if isinstance(value, str):
            rows = split_map(value)
            joined = joined_lines(text, key, map_node, rows)
            if joined is not None:  # the rows YAML made are not the ones written: no grid to judge
                reader.problem(map_node, joined)
                return result
            result.rows = rows
            result._map_lines = map_origin(text, key, map_node)
            dropped = dropped_rows(doc.source.name, text, key, map_node, rows)
            if dropped is not None:
                problems.append(dropped)
        else:
            reader.problem(map_node, f"'map' must be text (a block such as 'map: |' and one line per row), not {type_name(value)}")
    return result


def _players(reader: SpecReader) -> tuple[int, ...]:
    default = DEFAULT_PLAYERS
    items = reader.sequence("players")
    if items is None:
        return default
    counts = [reader.doc.value(node) for node in items]
    if (
        not counts
        or any(isinstance(c, bool) or not isinstance(c, int) or not 2 <= c <= 4 for c in counts)
        or any(a >= b for a, b in zip(counts, counts[1:]))
    ):
        reader.problem(reader.value_node("players"), "'players' must be a rising list of player counts from 2 to 4, such as [2, 3, 4]")
        return default
    return tuple(counts)


def _rules(reader: SpecReader) -> Rules:
    knobs = reader.mapping("rules")
    if knobs is None or not knobs.ok:
        return Rules()
    accepted = knobs.accepted(knob_error)
    conflicts = knob_conflicts(dataclasses.replace(Rules(), **accepted))
    for name, problem in conflicts:
        blamed = knobs.entries.get(name) or knobs.entries.get("max_health")
        knobs.problem(blamed[1] if blamed else knobs.node, problem)
        accepted.pop(name, None)
    return with_knobs(Rules(), accepted) if not conflicts else dataclasses.replace(Rules(), **accepted)


def dump_level(level: Level, extras: Mapping[str, object] | None = None) -> str:
    """The level as YAML text that `read_level` reads back to an equal Level; `extras`
    are `x-` keys to keep (level-format.md: readers ignore them)."""
    return level_text(level.rows, name=level.name, author=level.author, players=level.players,
                      knobs=changed_knobs(level.rules), extras=extras)


def level_text(
    rows: Sequence[str],
    *,
    name: str = "",
    author: str = "",
    players: Sequence[object] = DEFAULT_PLAYERS,
    knobs: Mapping[str, object] | None = None,
    extras: Mapping[str, object] | None = None,
) -> str:
    """Level file text from raw values, in `dump_level`'s layout.

    The values need not be valid (the level editor saves work in progress): `read_level`
    reports what is wrong with them. Knobs equal to their default are left out.
    """
    parts = ["sinpin: 1"]
    if name:
        parts.append(f"name: {_quoted(name)}")
    if author:
        parts.append(f"author: {_quoted(author)}")
    if list(players) != list(DEFAULT_PLAYERS):
        parts.append(f"players: [{', '.join(_scalar(p) for p in players)}]")
    default = Rules()
    changed = {key: value for key, value in (knobs or {}).items() if getattr(default, key, None) != value
               or isinstance(value, bool)}
    if changed:
        parts.append("rules:")
        parts.extend(f"  {key if re.fullmatch('[a-z_]+', key) else _quoted(key)}: {_scalar(value)}" for key, value in changed.items())
    parts.extend(_extra(key, value) for key, value in (extras or {}).items())
    parts.append("map: |")
    parts.extend(f"  {row}" for row in rows)
    return "\n".join(parts) + "\n"


def _extra(key: str, value: object) -> str:
    if _records(value):
        # a list of flat records (the scan's doubts: a hundred on a sheet drawn unlike any
        # printkit learned from) one to a line, not five lines each before the map
        name = key if re.fullmatch("[a-z][a-z0-9_-]*", key) else _quoted(key)
        flow = [yaml.safe_dump(item, allow_unicode=True, sort_keys=False, width=1 << 30, default_flow_style=True)
                for item in value]
        text = "\n".join([f"{name}:", *(f"- {line.rstrip()}" for line in flow)])
        if all(line.count("\n") == 1 for line in flow) and yaml.safe_load(text) == {key: value}:
            return text  # (a text with a line break in it goes over lines: then as below)
    text = yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=False, width=1 << 30)
    if yaml.safe_load(text) != {key: value}:
        # PyYAML writes some line breaks (NEL, LS) raw into quoted text and reads them back
        # folded; double quotes everywhere escape them
        text = yaml.safe_dump({key: value}, allow_unicode=True, sort_keys=False, width=1 << 30, default_style='"')
    return text.rstrip("\n")


def _records(value: object) -> TypeGuard[list[dict[str, object]]]:
    """Whether `value` is a list of mappings of plain scalars (written one to a line)."""
    return isinstance(value, list) and bool(value) and all(
        isinstance(item, dict) and item and all(isinstance(v, (str, int, float, bool)) or v is None for v in item.values())
        for item in value)


def _scalar(value: object) -> str:
    return _quoted(value) if isinstance(value, str) else yaml.safe_dump(value, default_flow_style=True).removesuffix("\n...\n").rstrip("\n")


def _quoted(text: str) -> str:
    # The YAML emitter escapes exactly what its own reader needs (unlike json.dumps).
    return yaml.safe_dump(text, allow_unicode=True, default_style='"', width=1 << 30).rstrip("\n")


def problems_of_grid(level_file: LevelFile) -> list[SourceProblem]:
    """The grid's S1/S2/S3 errors as located source problems (for commands other than validate)."""
    if level_file.rows is None:
        return []
    located = []
    for finding in grid_findings(level_file.rows):
        line, column = level_file.locate(finding.x, finding.y)
        located.append(SourceProblem(level_file.name, line, column, finding.rule, finding.message))
    return located

