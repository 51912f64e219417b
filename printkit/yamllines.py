"""A YAML file's lines as printkit.yamledit rewrites them: its top-level entries and a block
list's items as spans of lines (each with its value), where each entry's own note stands
(`name: Cave  # working title`), the spans replaced by other lines with the lines between
them kept, and values compared as YAML values (1, 1.0 and true are three; a mapping's order
is not its value). The entries and items are None where the file cannot be edited line by
line: yamledit then writes the new text afresh.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from printkit.sourceproblems import UnreadableSource
from printkit.yamlsource import Document, Source, parse_document


def rewritten(lines: list[str], spans: dict[int, int], pieces: dict[int, list[str]]) -> str:
    """`lines` with each span (its first line and the line after it) replaced by its piece;
    the lines around and between them (comments, blank lines) kept where they are."""
    out: list[str] = []
    line = 0
    while line < len(lines):
        end = spans.get(line)
        if end is None:
            out.append(lines[line])
            line += 1
            continue
        out += pieces.get(line, [])
        line = max(end, line + 1)  # always onwards: no entry's lines can hold the loop
    return "".join(out)


def one_line_flow(lines: list[str]) -> bool:
    """Whether `lines` are one value in flow style on one line (`{x: 3}`, `[2, 3]`)."""
    return len(lines) == 1 and lines[0].lstrip()[:1] in ("{", "[")


def dedented(lines: list[str]) -> tuple[list[str] | None, int]:
    """`lines` less their common indentation (comments and blank lines may have less), and it."""
    content = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not content:
        return None, 0
    indent = min(len(line) - len(line.lstrip(" ")) for line in content)
    return [line[indent:] if not line[:indent].strip() else line.lstrip(" ") for line in lines], indent


Entry = tuple[Any, int, int]  # the value, its first line and the line after it (0-based)


def entries_of(document: Document) -> dict[str, Entry] | None:
    """Each top-level entry's value and lines; None where they cannot be edited line by line."""
    root, text = document.root, document.source.text
    if not isinstance(root, yaml.MappingNode) or root.flow_style or any(c in text for c in "\r\x85\u2028\u2029"):
        return None
    lines = text.splitlines()
    entries: dict[str, Entry] = {}
    last_end = 0
    for key_node, value_node in root.value:
        key = document.value(key_node)
        if not isinstance(key, str) or key in entries or key_node.start_mark.column != 0 \
                or key_node.start_mark.line < last_end or value_node.start_mark.index < key_node.end_mark.index:
            return None  # (the last: an alias, `author: *name`, whose node stands where the anchor is)
        end = entry_end(lines, key_node.start_mark.line, value_node)
        entries[key] = (document.value(value_node), key_node.start_mark.line, end)
        last_end = end
    return entries


def items_of(document: Document) -> list[Entry] | None:
    """Each item of a block list at column 0 (a list's lines, less their indentation): its
    value and lines from its dash on; None where they cannot be edited line by line."""
    root, text = document.root, document.source.text
    if not isinstance(root, yaml.SequenceNode) or root.flow_style or root.start_mark.column != 0 \
            or any(c in text for c in "\r\x85\u2028\u2029"):
        return None
    lines = text.splitlines()
    items = []
    last_end = 0
    for node in root.value:
        start = node.start_mark.line  # the dash's line: the item's (`- x: 3`) or one above it (`-` alone)
        while start > last_end and not _DASH.match(lines[start]):
            start -= 1
        if start < last_end or not _DASH.match(lines[start]):
            return None  # (an alias again: its node stands where the anchor is)
        end = entry_end(lines, start, node)
        items.append((document.value(node), start, end))
        last_end = end
    return items


_DASH = re.compile(r"-(\s|$)")


def entry_end(lines: list[str], first: int, node: yaml.Node) -> int:
    """The line after an entry's or item's last (it begins at `first`): blank lines and
    comments after a block are the file's, not the entry's (a comment at column 0 cannot be
    a block's content: that is indented)."""
    end = node.end_mark.line + (node.end_mark.column > 0)
    while end - 1 > first and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
        end -= 1
    return end


def note_places(document: Document) -> dict[str, tuple[int, int]]:
    """Where each top-level entry's own note stands, or would go (its line and column): after
    the value on its last line (`name: Cave  # working title`, and a value over several lines);
    after a block text's header (`map: |  # drawn on Sunday`); after the key's colon where a
    block mapping or list begins on the lines below it (`players:  # not 4`)."""
    lines = document.source.text.splitlines()
    places = {}
    for key_node, value_node in document.root.value:
        start, end = value_node.start_mark, value_node.end_mark
        if isinstance(value_node, yaml.ScalarNode) and value_node.style in ("|", ">"):
            header = re.match(r"[|>][-+0-9]*", lines[start.line][start.column:])
            place = (start.line, start.column + header.end()) if header else None
        elif (isinstance(value_node, yaml.CollectionNode) and not value_node.flow_style) or start.index == end.index:
            colon = re.match(r"\s*:", lines[key_node.end_mark.line][key_node.end_mark.column:])  # (nothing: `name:`)
            place = (key_node.end_mark.line, key_node.end_mark.column + colon.end()) if colon else None
        else:
            place = (end.line, end.column)
        if place is not None:
            places[document.value(key_node)] = place
    return places


def notes_of(document: Document) -> dict[str, str]:
    """Each top-level entry's own note (`   # working title`, the spaces before it too), by key."""
    lines = document.source.text.splitlines()
    notes = {}
    for key, (line, column) in note_places(document).items():
        rest = lines[line][column:] if line < len(lines) else ""
        if rest[:1].isspace() and rest.strip().startswith("#"):
            notes[key] = rest.rstrip()
    return notes


def common_run(old: list[object], new: list[object]) -> list[tuple[int, int]]:
    """The items both lists hold alike, in the order both have them, as many as can be (their
    longest common run), as pairs of indices."""
    old_keys, new_keys = [value_key(value) for value in old], [value_key(value) for value in new]
    longest = [[0] * (len(new) + 1) for _ in range(len(old) + 1)]  # from old[i:] and new[j:]
    for i in reversed(range(len(old))):
        for j in reversed(range(len(new))):
            alike = old_keys[i] is not None and old_keys[i] == new_keys[j]
            longest[i][j] = longest[i + 1][j + 1] + 1 if alike else max(longest[i + 1][j], longest[i][j + 1])
    pairs = []
    i = j = 0
    while i < len(old) and j < len(new):
        if old_keys[i] is not None and old_keys[i] == new_keys[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif longest[i + 1][j] >= longest[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def container_of(value: object) -> type | None:
    return dict if isinstance(value, dict) else list if isinstance(value, list) else None


def lines_of(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def entry_lines(lines: list[str], entry: Entry) -> list[str]:
    return lines[entry[1]:entry[2]]


def value_key(value: object) -> str | None:
    """`value` as text equal for equal YAML values: 1, 1.0 and true are three values (Python
    calls them equal); a mapping's order is not its value. None for keys of several kinds (1
    and "a"), which cannot be sorted: such a value is taken as changed."""
    try:
        return json.dumps(value, default=repr, sort_keys=True)
    except TypeError:
        return None


def same_value(a: object, b: object) -> bool:
    key = value_key(a)
    return key is not None and key == value_key(b)


def reads_as(text: str, want: object) -> bool:
    try:
        got = parse_document(Source("<relaid>", text))
    except UnreadableSource:
        return False
    return got.root is not None and same_value(got.value(got.root), want)
