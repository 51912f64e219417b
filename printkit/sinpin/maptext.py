"""How YAML wrote a level's map (level-format.md, `map`): where a block's rows begin, the
lines it joined into one row, and the rows it read as comments.

YAML's value of `map` alone can be a different level than the one drawn: a folded block or
plain text joins lines with spaces, and a line starting with `#` that is no part of a block
is a comment, gone from the value. These checks read the file's text around the value's
node to say so at the line, where `printkit.sinpin.loader` would otherwise judge the level
YAML made of what was left.
"""

from __future__ import annotations

import re

import yaml

from printkit.sinpin.level import map_width
from printkit.sinpin.tiles import TILE_BY_CHAR
from printkit.sourceproblems import SourceProblem
from printkit.wording import counted

LINE_BREAK = re.compile(r"\r\n|\r|\n|\x85|\u2028|\u2029")  # what YAML counts as line breaks
ROW_CHARS = frozenset(TILE_BY_CHAR) | {" "}  # what a map row is made of (S3)
# A block scalar's header: `|` or `>`, its chomping and indentation indicators in either order
_HEADER = re.compile(r"[|>](?:[-+]?([1-9])|([1-9])?[-+]?)")


def block_indent(text: str, key: yaml.Node, node: yaml.Node) -> int:
    """The column (0-based) where a block scalar's rows begin: YAML's own reckoning, the
    key's column plus an indentation indicator (`map: |2`: the rows' first two spaces are
    indentation, more spaces are open cave), else the first line with text's indentation."""
    found = _HEADER.match(text, node.start_mark.index)
    digit = found and (found.group(1) or found.group(2))
    if digit:
        return key.start_mark.column + int(digit)
    lines = LINE_BREAK.split(text[node.start_mark.index:node.end_mark.index])[1:]
    return min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip()), default=0)


def map_origin(text: str, key: yaml.Node, node: yaml.Node) -> tuple[int, int] | None:
    """(line, column), 1-based, of map field (0, 0) in a block scalar, whose rows stand one
    per line from the line after its header, each from the block's indentation."""
    if node.style not in ("|", ">"):
        return None  # a quoted or plain map: findings point at the value's start
    return node.start_mark.line + 2, block_indent(text, key, node) + 1


def joined_lines(text: str, key: yaml.Node, node: yaml.Node, rows: list[str]) -> str | None:
    """Why a `map` written over several lines came out as other rows, else None. YAML folds
    the lines of a folded block (`map: >`: two lines with text joined with a space, a blank
    line between two taken for the line break) and joins those of plain and quoted text with
    spaces; only a literal block (`map: |`) keeps every line a row (level-format.md). A map
    on one line (`map: "#A.Z#"`, or with `\\n` escapes) is the format's own, and so is one
    whose lines end in `\\` in double quotes: an escaped line break joins nothing."""
    if node.style == "|":
        return None
    lines = LINE_BREAK.split(text[node.start_mark.index:node.end_mark.index])
    if node.style == ">":
        # the lines as written, each from the block's indentation (the header line and the
        # blank lines at the end, which chomping drops, aside): rows they must stay
        indent = block_indent(text, key, node)
        written = [line[indent:] for line in lines[1:]]
        while written and not written[-1].strip():
            written.pop()
        if written == rows:
            return None  # one line, or lines indented more than the block: YAML folded nothing
        return (f"the map is written after 'map: >', a folded block, which joins its lines with spaces and takes a"
                f" blank line between two for a line break: its {len(written)} lines became {counted(len(rows), 'row')};"
                f" {_FIX}")
    folds = _folds(lines, node.style)
    if not folds:
        return None
    return (f"the map is written over lines without 'map: |', so YAML joined them with spaces: its"
            f" {len(rows) + folds} lines became {counted(len(rows), 'row')}; {_FIX}")


_FIX = "write the map after 'map: |', a literal block, which keeps each line a row"


def _folds(lines: list[str], style: str | None) -> int:
    """How many of a plain or quoted scalar's line breaks YAML turned into a space: one
    between two lines with text, unless escaped (a double-quoted line ending in an odd run
    of `\\`)."""
    folds = 0
    for line, after in zip(lines, lines[1:]):
        if not line.strip() or not after.strip():
            continue  # a blank line: the break stays a line break
        if style == '"' and (len(line) - len(line.rstrip("\\"))) % 2:
            continue
        folds += 1
    return folds


def dropped_rows(name: str, text: str, key: yaml.Node, node: yaml.Node, rows: list[str]) -> SourceProblem | None:
    """The map row YAML read as a comment, else None (level-format.md, `map`).

    A block (`map: |`, `map: >`) ends at a line indented less than its rows; one that starts
    with rock (`#`) is then a comment to YAML, and so is every line after it that starts with
    `#`. A map written as plain or quoted text has no rows of its own to YAML: any line above
    or below it that starts with `#`, however indented, is a comment. In such a row the `#`
    is its first tile: the line, taken from its `#`, is a row. The comment lines right next
    to the map (right below its last row; for plain or quoted text right above it too, no
    blank line between) are looked at while each is a row (`_row`); the first as wide as
    the map's rows is taken for a dropped row. A comment in words ends the look, and so does
    a commented-out row (`# ` then a row: `# ####`, an old map kept below the map) at the
    `map` key's indentation or left of it. Indented more than the key, `# ` then a row is no
    comment but a row that begins rock, open cave (`# #..#`): no one comments there."""
    lines = LINE_BREAK.split(text)
    block = node.style in ("|", ">")
    if block:
        if node.end_mark.column != 0:
            return None  # (a block that ends the file without a line break has nothing below it)
        below = node.end_mark.line  # 0-based index of the first line after the block
        if below - 1 <= node.start_mark.line or not lines[below - 1].strip():
            return None  # an empty map, or blank lines set what follows apart from it
        runs = [_comments(lines, range(below, len(lines)))]
    else:  # the value's last line; above it, up to the key's own line
        below = node.end_mark.line + 1
        runs = [_comments(lines, range(node.start_mark.line - 1, key.start_mark.line, -1)),
                _comments(lines, range(below, len(lines)))]
    for run in runs:
        dropped = _first_dropped([lines[index] for index in run], map_width(rows), key.start_mark.column)
        if dropped is None:
            continue
        line = lines[run[dropped]]
        at = len(line) - len(line.lstrip(" "))
        if not block:
            message = ("this line looks like a map row, but YAML read it as a comment: in a map written without"
                       " 'map: |' a line starting with '#' is a comment; write the map after 'map: |', a literal"
                       " block, which keeps each line a row")
        elif dropped == 0:
            indent = block_indent(text, key, node)
            more = len(run) - 1
            also = (f" and line {below + 2} below it as comments" if more == 1
                    else f" and lines {below + 2}–{below + len(run)} below it as comments" if more else " as a comment")
            message = (f"this line is indented less than the map's first row ({counted(at, 'space')}, not {indent}):"
                       f" YAML ended the map above it and read it{also}; indent every row of the map alike")
        else:
            message = (f"this line looks like a map row, but YAML read it as a comment: the map ended at line {below + 1},"
                       " indented less than the map's first row; indent every row of the map alike")
        return SourceProblem(name, run[dropped] + 1, at + 1, "format", message)
    return None


def _comments(lines: list[str], order: range) -> list[int]:
    """The indices, in `order`, of the lines that start with `#` (YAML's comments), up to the first that does not."""
    run = []
    for index in order:
        if not lines[index].lstrip(" ").startswith("#"):
            break
        run.append(index)
    return run


def _first_dropped(lines: list[str], width: int, key_column: int) -> int | None:
    """Which of the comment lines next to the map is a dropped row: the first that is, from
    its `#`, as wide as the map's rows, looking on only while each line is a row."""
    for index, line in enumerate(lines):
        body = line.lstrip(" ")
        commented = len(line) - len(body) <= key_column and body.startswith("# ") and _row(body[2:])
        if not _row(body) or commented:
            return None  # a comment in words, or a commented-out row: what follows is comments
        if width in (len(body), len(body.rstrip(" "))):
            return index
    return None


def _row(text: str) -> bool:
    """Whether `text` (trailing spaces aside) reads as a map row: tile characters, rock at both ends."""
    text = text.rstrip(" ")
    return text.startswith("#") and text.endswith("#") and set(text) <= ROW_CHARS
