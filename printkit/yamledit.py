"""A YAML file rewritten with new values in its own layout: the entries whose value did not
change keep their lines as written (comments, quoting, spacing), the changed ones take the
new text's lines in their place, new entries go before a chosen key. People annotate the
level files they draw (`# the chests were too easy`); a save or a scan that wrote the file
afresh lost every such note.

Works line by line on a block mapping at the top level (what printkit writes and what people
type); anything else, or a result that would not read back as the new values, gives the new
text unchanged, so the worst case is the old behaviour.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import yaml

from printkit.yamlsource import Document, Source, UnreadableSource, parse_document


def relaid(old: Document, fresh: str, *, keep: Iterable[str] = (), before: str = "map") -> str:
    """`fresh` (the file's new text, one block mapping) in `old`'s layout.

    Keys in `keep` keep `old`'s entry whatever `fresh` says of them (the caller changes only
    the others); a key `fresh` lacks is dropped unless kept; a key new to the file goes
    before `old`'s `before` entry, else at the end. A file that began with a byte order mark
    begins with it again (Notepad writes one: the text holds it as U+FEFF, which UTF-8 writes
    as the mark)."""
    text = _relaid(old, fresh, keep, before)
    return "\ufeff" + text if old.source.bom else text


def _relaid(old: Document, fresh: str, keep: Iterable[str], before: str) -> str:
    text = old.source.text
    if "\r\n" in text and "\r" not in text.replace("\r\n", ""):  # Windows line ends throughout: laid
        # out as if they were \n, and given back as the file had them (Notepad keeps them)
        unix = parse_document(Source(old.source.name, text.replace("\r\n", "\n")))
        return _relaid(unix, fresh, keep, before).replace("\n", "\r\n")
    try:
        new = parse_document(Source("<new>", fresh))
    except UnreadableSource:
        return fresh
    old_entries, new_entries = _entries(old), _entries(new)
    if old_entries is None or new_entries is None:
        return fresh
    old_lines, new_lines = text.splitlines(keepends=True), fresh.splitlines(keepends=True)
    if old_lines and not old_lines[-1].endswith("\n"):
        old_lines[-1] += "\n"
    kept = set(keep) & set(old_entries)
    want = {key: value for key, (value, _, _) in new_entries.items()}
    want.update({key: old_entries[key][0] for key in kept})
    added = [key for key in new_entries if key not in old_entries and key not in kept]
    starts = {start: key for key, (_, start, _) in old_entries.items()}
    notes = _line_notes(old)
    out: list[str] = []
    line = 0
    while line < len(old_lines):
        key = starts.get(line)
        if key is None:  # a comment or blank line between entries: kept where it is
            out.append(old_lines[line])
            line += 1
            continue
        value, _, end = old_entries[key]
        if key == before:
            out += [piece for name in added for piece in _lines(new_lines, new_entries[name])]
            added = []
        if key in kept or (key in new_entries and _same(value, new_entries[key][0])):
            out += old_lines[line:end]
        elif key in new_entries:
            fresh_lines = _lines(new_lines, new_entries[key])
            if key in notes and len(fresh_lines) == 1:  # `name: Cave  # working title` renamed keeps its note
                fresh_lines = [fresh_lines[0].rstrip("\n") + notes[key] + "\n"]
            out += _nested(old_lines[line:end], fresh_lines, value, new_entries[key][0]) or fresh_lines
        line = max(end, line + 1)  # always onwards: no entry's lines can hold the loop
    out += [piece for name in added for piece in _lines(new_lines, new_entries[name])]
    text = "".join(out)
    return text if _reads_as(text, want) else fresh


def _nested(old: list[str], fresh: list[str], old_value: object, new_value: object) -> list[str] | None:
    """A changed mapping's entry (`rules:` and its knobs below it) laid out as the file had it,
    one level down: the knobs left alike keep their lines and comments (`max_rounds: 150  #
    tried 200`). None where the entry is not a block mapping under its key on both sides."""
    if not (isinstance(old_value, dict) and isinstance(new_value, dict)) or len(old) < 2 or len(fresh) < 2:
        return None
    old_body, indent = _dedented(old[1:])
    fresh_body, _ = _dedented(fresh[1:])
    if not indent or old_body is None or fresh_body is None:
        return None
    try:
        document = parse_document(Source("<entry>", "".join(old_body)))
    except UnreadableSource:
        return None
    if document.root is None or not _same(document.value(document.root), old_value):
        return None
    body = _relaid(document, "".join(fresh_body), (), "")
    return [old[0]] + [" " * indent + piece if piece.strip() else piece for piece in body.splitlines(keepends=True)]


def _dedented(lines: list[str]) -> tuple[list[str] | None, int]:
    """`lines` less their common indentation (comments and blank lines may have less), and it."""
    content = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if not content:
        return None, 0
    indent = min(len(line) - len(line.lstrip(" ")) for line in content)
    return [line[indent:] if line[:indent].isspace() else line.lstrip(" ") for line in lines], indent


Entry = tuple[Any, int, int]  # the value, its first line and the line after it (0-based)


def _entries(document: Document) -> dict[str, Entry] | None:
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
        end = value_node.end_mark.line + (value_node.end_mark.column > 0)
        while end - 1 > key_node.start_mark.line and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
            end -= 1  # blank lines and comments after a block are the file's, not the entry's (a
            # comment at column 0 cannot be a block's content: that is indented)
        entries[key] = (document.value(value_node), key_node.start_mark.line, end)
        last_end = end
    return entries


def _line_notes(document: Document) -> dict[str, str]:
    """The comment after each one-line entry's value (`  # working title`), by key."""
    lines = document.source.text.splitlines()
    notes = {}
    for key_node, value_node in document.root.value:
        line = value_node.end_mark.line
        if line == key_node.start_mark.line and line < len(lines):
            rest = lines[line][value_node.end_mark.column:]
            if rest.strip().startswith("#"):
                notes[document.value(key_node)] = rest.rstrip()
    return notes


def _lines(lines: list[str], entry: Entry) -> list[str]:
    return lines[entry[1]:entry[2]]


def _same(a: object, b: object) -> bool:
    """Equal as YAML values: 1, 1.0 and true are three values (Python calls them equal); a
    mapping's order is not its value."""
    try:
        return json.dumps(a, default=repr, sort_keys=True) == json.dumps(b, default=repr, sort_keys=True)
    except TypeError:  # keys of several kinds (1 and "a") cannot be sorted: taken as changed
        return False


def _reads_as(text: str, want: dict[str, Any]) -> bool:
    try:
        got = parse_document(Source("<relaid>", text))
    except UnreadableSource:
        return False
    value = got.value(got.root) if got.root is not None else None
    return isinstance(value, dict) and _same(value, want)
