"""Sample levels the render tests share, and checks that each is what the tests take it for.

`levels/` is filled by another engineer and may change; these maps pin down the cases the
renderer must handle: every tile, both orientations at the S2 limit, warnings, errors, and
grids too broken to draw.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.draw.furniture import GRID_STYLE
from printkit.render.sinpin.sheet import FIELD_STYLE
from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.tiles import Tile
from printkit.sinpin.moves.validator import validate, validate_rows

EVERY_TILE = """\
name: Every Tile
author: Test Family
players: [2, 3, 4]
map: |
  ############
  #A..w..#.?.#
  ##H###.#.*.#
  #hH..^...C.#
  #.H####S##.#
  #O...!..hOZ#
  ############
"""

# 12 x 18: the largest portrait map (S2)
TALL = """\
name: Deep Well
author: Test
players: [2, 3, 4]
map: |
  ############
  #A...*..w..#
  #H####H###.#
  #H..^.H..!.#
  #H.##.H.##.#
  #H....S....#
  ###H####H###
  #..H.C..H..#
  #.#H##.#H#.#
  #..H.?.hH..#
  #.##H###H#.#
  #O..H...H.O#
  #.#.H.#.H#.#
  #...H*..H..#
  #.######H#.#
  #..^.!..H..#
  #.......HZ.#
  ############
"""

# 18 x 12: the largest landscape map (S2)
WIDE = """\
name: Long Hall
author: Ada
map: |
  ##################
  #A......*........#
  #H######.#######H#
  #H..!...w.......H#
  #H.############.H#
  #H.............OH#
  #H##############H#
  #H..C....?...h..H#
  #H##############H#
  #H....^.........H#
  #O..............Z#
  ##################
"""

# valid, with soft-locks (a pit) and a gem no move reaches
PITS = """\
name: Pits
map: |
  ############
  #..........#
  #A........Z#
  ####.#######
  #*##.###...#
  #...^#.#.*.#
  ############
"""

# invalid: the door hangs in the air (S4); the map is sound enough to search
FLOATING_DOOR = """\
name: Broken Bridge
author: Tom
players: [2]
map: |
  ##########
  #........#
  #.A...Z..#
  #...##...#
  #..#^^#..#
  #.*....C.#
  ##########
"""

# invalid: a second exit (S3); drawable, but too unsound to search
TWO_EXITS = """\
name: Two Exits
map: |
  ########
  #A..Z.Z#
  ########
"""

# too broken to draw: ragged rows (S1), an unknown character (S3), too large (S2)
RAGGED = "map: |\n  ####\n  #AZ\n  ####\n"
UNKNOWN_CHARACTER = "map: |\n  #####\n  #AxZ#\n  #####\n"
TOO_LARGE = "map: |\n  " + "#" * 19 + "\n  #A" + "." * 15 + "Z#\n  " + "#" * 19 + "\n"

VALID = {"every-tile": EVERY_TILE, "tall": TALL, "wide": WIDE, "pits": PITS}
INVALID = {"floating-door": FLOATING_DOOR, "two-exits": TWO_EXITS}
UNDRAWABLE = {"ragged": RAGGED, "unknown-character": UNKNOWN_CHARACTER, "too-large": TOO_LARGE}


def write_level(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def load(folder: Path, name: str, text: str) -> Level:
    return read_level(str(write_level(folder, name, text))).level()


def test_valid_samples_are_valid(tmp_path):
    for name, text in VALID.items():
        assert validate(load(tmp_path, name, text)).valid, name


def test_invalid_samples_are_invalid_but_drawable(tmp_path):
    for name, text in INVALID.items():
        level = load(tmp_path, name, text)
        assert not validate(level).valid, name


def test_every_tile_sample_holds_every_tile(tmp_path):
    level = load(tmp_path, "every-tile", EVERY_TILE)
    assert {tile for _, _, tile in level.cells()} == set(Tile)


def test_size_samples_are_at_the_s2_limit(tmp_path):
    tall, wide = load(tmp_path, "tall", TALL), load(tmp_path, "wide", WIDE)
    assert (tall.width, tall.height) == (12, 18)
    assert (wide.width, wide.height) == (18, 12)


def test_pits_has_soft_locks_and_an_unreachable_item(tmp_path):
    verdict = validate(load(tmp_path, "pits", PITS))
    assert verdict.soft_locks and verdict.unreachable_items and verdict.route


def test_undrawable_samples_have_grid_errors(tmp_path):
    for name, text in UNDRAWABLE.items():
        level_file = read_level(str(write_level(tmp_path, name, text)))
        rules = {finding.rule for finding in validate_rows(level_file.rows, level_file.rules).errors}
        assert rules & {"S1", "S2", "S3"}, name


# ---------------------------------------------------------------- reading pages back

def _is_grey_grid(segment) -> bool:
    return segment.stroke == GRID_STYLE.stroke and segment.width == pytest.approx(GRID_STYLE.width, abs=0.01)


def _is_field_line(segment) -> bool:
    return segment.stroke == FIELD_STYLE.stroke and segment.width == pytest.approx(FIELD_STYLE.width, abs=0.01)


def paper_lines(page) -> tuple[list[float], list[float]]:
    """x of the vertical and y of the horizontal lines of the 5 mm squared paper."""
    lines = [line for line in page.lines if _is_grey_grid(line)]
    return ([round(line.x1, 3) for line in lines if line.is_vertical],
            [round(line.y1, 3) for line in lines if line.is_horizontal])


def field_lines(page) -> tuple[list[float], list[float]]:
    """x of the vertical and y of the horizontal field outlines inside the map."""
    lines = [line for line in page.lines if _is_field_line(line)]
    return ([round(line.x1, 3) for line in lines if line.is_vertical],
            [round(line.y1, 3) for line in lines if line.is_horizontal])


def map_frame(page, columns: int, rows: int):
    """The map's border: the stroked rectangle of columns x rows fields of 15 mm."""
    frames = [rect for rect in page.rects
              if rect.stroke and abs(rect.w - 15 * columns) < 0.05 and abs(rect.h - 15 * rows) < 0.05]
    assert len(frames) == 1, frames
    return frames[0]


def assert_on_squares(values, first: float) -> None:
    """Each value lies a whole number of 5 mm squares from the first line of the paper."""
    for value in values:
        squares = (value - first) / 5.0
        assert squares == pytest.approx(round(squares), abs=1e-3), value
