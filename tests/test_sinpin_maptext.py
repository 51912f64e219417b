"""How YAML wrote a level's map (printkit/sinpin/maptext.py): rows YAML read as comments in
every way a map can be written, folded blocks that changed the rows, and indentation
indicators (`map: |2`, `map: >1`), checked through `read_level` and `printkit validate`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.sinpin.loader import read_level

COMMENT_IN_TEXT = ("format: this line looks like a map row, but YAML read it as a comment: in a map written without"
                   " 'map: |' a line starting with '#' is a comment; write the map after 'map: |', a literal block,"
                   " which keeps each line a row")


def problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "level.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(p).replace(f"{tmp_path}/", "") for p in read_level(str(path)).problems]


@pytest.mark.parametrize(("text", "expected"), [
    # a row that begins rock, open cave, indented less than the rows but more than `map`:
    # was taken for a commented-out row, and the level judged without it
    ("map: |\n  ######\n  #A..Z#\n # #..#\n",
     "level.yaml:4:2: format: this line is indented less than the map's first row (1 space, not 2): YAML ended the"
     " map above it and read it as a comment; indent every row of the map alike"),
    # a folded block of one line: the line below it ended it the same way
    ("map: >\n  ######\n # #..#\n",
     "level.yaml:3:2: format: this line is indented less than the map's first row (1 space, not 2): YAML ended the"
     " map above it and read it as a comment; indent every row of the map alike"),
    # plain text: every line starting with '#' is a comment, above the value or below it
    ("map:\n  ######\n  .A..Z.\n  ######\n", f"level.yaml:2:3: {COMMENT_IN_TEXT}"),
    ("map:\n  .A..Z.\n  # #..#\n", f"level.yaml:3:3: {COMMENT_IN_TEXT}"),
    ("map: .A.Z.\n  # #.#\n", f"level.yaml:2:3: {COMMENT_IN_TEXT}"),
    # a quoted row, the next row below it
    ('map: "#A..Z#"\n # #..#\n', f"level.yaml:2:2: {COMMENT_IN_TEXT}"),
])
def test_a_row_yaml_read_as_a_comment_is_an_error_at_it_however_the_map_is_written(
        tmp_path: Path, text: str, expected: str) -> None:
    assert expected in problems(tmp_path, text)


@pytest.mark.parametrize("text", [
    "map: |\n  ######\n  #A..Z#\n# #..#\n",  # at the key's indentation: a commented-out row of 4
    "map: .A..Z.\n# ####\n",
    "map:\n  # the cave\n  .A..Z.\n",  # a comment in words above plain text
    "map: |\n  ######\n  #A..Z#\n  # #..#\n",  # inside the block: a row like any other
    'map:\n  - "######"\n',  # a list is refused as not text, not as a dropped row
])
def test_comments_and_rows_that_are_no_dropped_row(tmp_path: Path, text: str) -> None:
    assert not [p for p in problems(tmp_path, text) if "as a comment" in p]


@pytest.mark.parametrize(("text", "lines", "rows"), [
    # a blank line between two lines of a folded block becomes their line break: 5 lines, 3 rows,
    # and every row after the first on another line than reported
    ("map: >\n  #####\n\n  #A.Z#\n\n  #####\n", 5, "3 rows"),
    ("map: >\n  #####\n  \n  #A.Z#\n", 3, "2 rows"),  # the blank row (of length 0) gone, the level valid
    ("map: >2\n  #####\n  #A.Z#\n  #####\n", 3, "1 row"),
])
def test_a_folded_block_that_changed_the_rows_is_refused(tmp_path: Path, text: str, lines: int, rows: str) -> None:
    assert problems(tmp_path, text) == [
        "level.yaml:1:6: format: the map is written after 'map: >', a folded block, which joins its lines with"
        f" spaces and takes a blank line between two for a line break: its {lines} lines became {rows}; write the"
        " map after 'map: |', a literal block, which keeps each line a row"]


def validate(tmp_path: Path, text: str) -> dict:
    path = tmp_path / "level.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path), "--json"])
    return json.loads(result.stdout)


@pytest.mark.parametrize(("header", "column"), [
    ("|", 3), ("|-", 3), ("|+", 3), ("|2", 3), ("|2-", 3), ("|-2", 3),
    ("|1", 2), (">1", 2),  # the rows' first space is open cave; a folded block keeps lines indented more
])
def test_indentation_indicators_keep_each_row_at_its_line_and_column(tmp_path: Path, header: str, column: int) -> None:
    """The unknown 'x' is on line 4; with `|1` or `>1` the rows begin one space earlier, in
    column 2, and the x is field D3 (was: `>1` refused as 'its 7 lines became 4 rows')."""
    verdict = validate(tmp_path, f"map: {header}\n  #####\n  #A.Z#\n  #.x.#\n  #####\n")
    unknown = [e for e in verdict["errors"] if e["rule"] == "S3" and "'x'" in e["message"]]
    assert [e["rule"] for e in verdict["errors"] if e["rule"] == "format"] == []
    x = 2 if column == 3 else 3  # in its row, after the leading space of `|1`
    assert [(e["x"], e["y"]) for e in unknown] == [(x, 2)]
    path = tmp_path / "level.yaml"
    assert read_level(str(path)).locate(x, 2) == (4, column + x)
