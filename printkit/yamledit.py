"""A YAML file rewritten with new values in its own layout: the entries whose value did not
change keep their lines as written (comments, quoting, spacing), the changed ones take the
new text's lines in their place, new entries go before a chosen key. People annotate the
level files they draw (`# the chests were too easy`); a save or a scan that wrote the file
afresh lost every such note.

Works line by line on a block mapping at the top level (what printkit writes and what people
type), and one level down on a changed entry that is a block mapping (`rules:`) or a block
list (`players:` then `- 2  # best`; the scan's `x-scan-unsure`), and so on down: the keys
and items left alike keep their lines. A changed entry keeps its own note, after its value
or after its key (`map: |  # drawn on Sunday`). Anything else, or a result that would not
read back as the new values, gives the new text unchanged, so the worst case is the old
behaviour. (Comments inside a `[...]` or `{...}` written over several lines go when it
changes: printkit writes it on one line, and where each comment belonged is not kept.)

Here is the layout (what goes where, and one level down); the file's entries, items and
notes as lines, and values compared as YAML, are printkit.yamllines'.
"""

from __future__ import annotations

from collections.abc import Iterable

import yaml

from printkit.sourceproblems import UnreadableSource
from printkit.yamllines import (common_run, container_of, dedented, entries_of, entry_lines, items_of, lines_of,
                                note_places, notes_of, one_line_flow, reads_as, rewritten, same_value)
from printkit.yamlsource import Document, Source, parse_document

# A list's items are matched by a table of old items x new items: far past any level's lists
# (a scan's doubts, at most 18 x 12 fields, make 46,656), short of a slow save
MAX_MATCHED = 250_000


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
    if isinstance(old.root, yaml.SequenceNode):  # a list's items, one level down
        return _relaid_items(old, new, fresh)
    old_entries, new_entries = entries_of(old), entries_of(new)
    if old_entries is None or new_entries is None:
        return fresh
    old_lines, new_lines = lines_of(text), fresh.splitlines(keepends=True)
    kept = set(keep) & set(old_entries)
    want = {key: value for key, (value, _, _) in new_entries.items()}
    want.update({key: old_entries[key][0] for key in kept})
    added = [piece for key in new_entries if key not in old_entries and key not in kept
             for piece in entry_lines(new_lines, new_entries[key])]
    notes, places = notes_of(old), note_places(new)
    pieces: dict[int, list[str]] = {}
    for key, (value, start, end) in old_entries.items():
        piece = added if key == before else []
        if key in kept or (key in new_entries and same_value(value, new_entries[key][0])):
            piece = piece + old_lines[start:end]
        elif key in new_entries:
            fresh_start = new_entries[key][1]
            place = places.get(key)
            piece = piece + _changed(old_lines[start:end], entry_lines(new_lines, new_entries[key]), key, value,
                                     new_entries[key][0], notes.get(key),
                                     place and (place[0] - fresh_start, place[1]))
        pieces[start] = piece
    if before in old_entries:
        added = []
    text = rewritten(old_lines, {start: end for _, start, end in old_entries.values()}, pieces) + "".join(added)
    return text if reads_as(text, want) else fresh


def laid_like(old: Document, fresh: str, keys: Iterable[str]) -> str:
    """`fresh` in its own layout but for its entries in `keys` that `old` holds alike: those
    in `old`'s lines (a save with no file to save over keeps the `x-` keys' lines of the file
    the level came from: `x-when: 2024-05-01`, which printkit writes as text, quoted)."""
    try:
        new = parse_document(Source("<new>", fresh))
    except UnreadableSource:
        return fresh
    old_entries, new_entries = entries_of(old), entries_of(new)
    if old_entries is None or new_entries is None:
        return fresh
    old_lines, new_lines = lines_of(old.source.text), lines_of(fresh)
    alike = {start: entry_lines(old_lines, old_entries[key]) for key, (value, start, _) in new_entries.items()
             if key in set(keys) & set(old_entries) and same_value(value, old_entries[key][0])}
    text = rewritten(new_lines, {start: end for _, start, end in new_entries.values()},
                      {start: alike.get(start, new_lines[start:end]) for _, start, end in new_entries.values()})
    return text if reads_as(text, new.value(new.root)) else fresh


def _relaid_items(old: Document, new: Document, fresh: str) -> str:
    """A block list's items (the lines of a list under its key, `- 2  # best`) laid out as
    `old` has them: the items left alike keep their lines, in the order both lists have them
    (their longest common run); where as many items changed between two left alike, each
    changed mapping or list item takes the place of the one it replaces, laid out one level
    down (`- x: 3  # a chest really` keeps its note while its `text` changes); the others go,
    new items go where the new list has them (a note never moves to another item)."""
    old_items, new_items = items_of(old), items_of(new)
    if old_items is None or new_items is None or len(old_items) * len(new_items) > MAX_MATCHED:
        return fresh
    old_lines, new_lines = lines_of(old.source.text), fresh.splitlines(keepends=True)
    pairs = common_run([value for value, _, _ in old_items], [value for value, _, _ in new_items])
    pieces: dict[int, list[str]] = {}
    tail: list[str] = []
    last = (-1, -1)
    for i, j in pairs + [(len(old_items), len(new_items))]:
        gap_old, gap_new = range(last[0] + 1, i), list(range(last[1] + 1, j))
        in_place = len(gap_old) == len(gap_new)  # else which replaces which is a guess
        for index in gap_old:  # replaced in place while old and new are both mappings or both lists
            value, start, end = old_items[index]
            kind = container_of(value)
            if in_place and gap_new and kind and kind == container_of(new_items[gap_new[0]][0]):
                item = new_items[gap_new.pop(0)]
                pieces[start] = _item(old_lines[start:end], entry_lines(new_lines, item), value, item[0])
            else:
                pieces[start] = []  # gone
        inserted = [piece for index in gap_new for piece in entry_lines(new_lines, new_items[index])]
        if i < len(old_items):
            value, start, end = old_items[i]
            alike = old_lines[start:end]
            pieces[start] = inserted + (entry_lines(new_lines, new_items[j]) if _as_yaml_wrote(alike, value) else alike)
        else:
            tail = inserted
        last = (i, j)
    text = rewritten(old_lines, {start: end for _, start, end in old_items}, pieces) + "".join(tail)
    return text if reads_as(text, new.value(new.root)) else fresh



def _changed(old: list[str], fresh: list[str], key: str, old_value: object, new_value: object, note: str | None,
             place: tuple[int, int] | None) -> list[str]:
    """A changed entry's lines: laid out one level down where it is a block mapping or list on
    both sides, else `fresh` with the note `old` has after its key or value (`map: |  # drawn
    on Sunday`, `name: Cave  # working title`); `fresh` alone where that would read otherwise."""
    lines = _nested(old, fresh, old_value, new_value)
    if lines is None and note and place is not None and 0 <= place[0] < len(fresh) \
            and not fresh[place[0]][place[1]:].strip():
        row, column = place
        lines = fresh[:row] + [fresh[row][:column] + note + "\n"] + fresh[row + 1:]
    return lines if lines is not None and reads_as("".join(lines), {key: new_value}) else fresh


def _item(old: list[str], fresh: list[str], old_value: object, new_value: object) -> list[str]:
    """A changed mapping or list item laid out one level down as `_nested` lays out a key's
    value, its dash taken as a line of its own (`- x: 3` as `-` and `  x: 3`) and put back."""
    if _as_yaml_wrote(old, old_value):
        return fresh
    apart = _dash_apart(old)
    lines = _nested(apart, _dash_apart(fresh), old_value, new_value)
    if lines is None:
        return _noted(old, fresh, old_value)
    if apart is not old and len(lines) > 1 and lines[1][:1] == " " and lines[1].strip()[:1] not in ("", "#"):
        lines = ["-" + lines[1][1:]] + lines[2:]  # the dash back on its item's first line, as it was
    return lines


def _as_yaml_wrote(lines: list[str], value: object) -> bool:
    """Whether an item's lines are just what yaml writes for it in block style (an older
    scan's doubt, five lines): nothing of the writer's to keep, so it takes the new layout."""
    return "".join(lines).replace("\r\n", "\n") == yaml.safe_dump([value], allow_unicode=True, sort_keys=False,
                                                                   width=1 << 30)


def _noted(old: list[str], fresh: list[str], old_value: object) -> list[str]:
    """A one-line item's note kept after the one line that replaces it (`- {x: 3, y: 4}  # a
    chest really`): the note is what follows the first ` #` before which the line reads as
    the item."""
    if len(old) != 1 or len(fresh) != 1:
        return fresh
    line, new = old[0].rstrip("\r\n"), fresh[0].rstrip("\r\n")
    for at in (k for k in range(1, len(line)) if line[k] == "#" and line[k - 1] in " \t"):
        try:
            same = same_value(yaml.safe_load(line[:at]), [old_value])
        except yaml.YAMLError:
            continue
        if same:
            return [new + "  " + line[at:] + fresh[0][len(new):]]
    return fresh


def _dash_apart(lines: list[str]) -> list[str]:
    rest = lines[0][1:]
    if not rest.strip() or rest.strip().startswith("#"):  # `-` alone (or with a note): apart already
        return lines
    return ["-\n", " " + rest] + lines[1:]


def _nested(old: list[str], fresh: list[str], old_value: object, new_value: object) -> list[str] | None:
    """A changed mapping's or list's entry (`rules:` and its knobs below it, `players:` and its
    `- 2` lines) laid out as the file had it, one level down: the knobs and items left alike
    keep their lines and comments (`max_rounds: 150  # tried 200`). None where the entry is
    not a block mapping or list under its key in the file, or the new value is empty."""
    kind = container_of(old_value)
    if not kind or kind != container_of(new_value) or not new_value or len(old) < 2:
        return None
    old_body, indent = dedented(old[1:])
    if old_body is None or (not indent and kind is dict):  # a list may stand at its key's indent
        return None
    if one_line_flow(old_body):  # `- {x: 3, y: 4}`: no lines inside to keep
        return None
    if len(fresh) >= 2 and not one_line_flow(fresh[1:]):
        fresh_body = dedented(fresh[1:])[0]
    elif kind is list or len(fresh) >= 2:
        # `players: [2, 3]` on one line, or a new item so (a scan's doubt, `- {x: 3, y: 4}`):
        # the new value's lines as yaml writes them in block style
        fresh_body = yaml.safe_dump(new_value, allow_unicode=True, sort_keys=False, width=1 << 30).splitlines(True)
    else:
        return None
    if fresh_body is None:
        return None
    try:
        document = parse_document(Source("<entry>", "".join(old_body)))
    except UnreadableSource:
        return None
    if document.root is None or not same_value(document.value(document.root), old_value):
        return None
    body = _relaid(document, "".join(fresh_body), (), "")
    return [old[0]] + [" " * indent + piece if piece.strip() else piece for piece in body.splitlines(keepends=True)]
