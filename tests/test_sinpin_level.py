"""The Level model and the grid checks of S1-S4 and S27a."""

import pytest

from printkit.sinpin.level import Level, MapReading, fits_paper, grid_findings, split_map
from printkit.sinpin.tiles import Tile


def test_spaces_are_open_cave_and_outside_is_rock() -> None:
    level = Level.from_text("#A Z#\n#####\n")
    assert level.rows == ("#A.Z#", "#####")
    assert level.tile(2, 0) is Tile.OPEN and level.tile(-1, 0) is Tile.ROCK and level.tile(0, 9) is Tile.ROCK
    assert (level.width, level.height, level.door, level.exit) == (5, 2, (1, 0), (3, 0))


def test_S4_support_is_a_ladder_field_or_rock_or_ladder_below() -> None:
    level = Level(("..H.", ".#H.", "....", "#..."))
    assert level.supported(1, 0)  # rock below
    assert level.supported(2, 0) and level.supported(2, 1)  # on a ladder
    assert level.supported(2, 2) is False  # below a ladder is not on it
    assert level.supported(3, 3)  # the bottom row stands on the rock outside the grid
    assert not level.supported(0, 0)


def test_a_level_must_be_rectangular_with_known_tiles() -> None:
    with pytest.raises(ValueError):
        Level(("##", "#"))
    with pytest.raises(ValueError):
        Level(("#x",))


def test_map_text_is_cut_into_rows_after_trailing_newlines() -> None:
    assert split_map("ab\r\ncd\n\n") == ["ab", "cd"]
    assert split_map("ab\n\ncd") == ["ab", "", "cd"]


def test_S2_paper_holds_12_by_18_or_18_by_12() -> None:
    assert fits_paper(12, 18) and fits_paper(18, 12) and fits_paper(5, 5)
    assert not fits_paper(13, 18) and not fits_paper(18, 13) and not fits_paper(19, 2)


def test_grid_findings_name_rule_column_and_row() -> None:
    found = grid_findings(["#AZ#", "#A", "#\t.?"])
    assert [(f.rule, f.x, f.y) for f in found] == [("S1", 2, 1), ("S3", 1, 2), ("S3", 1, 1)]
    assert "'\\t'" in found[1].message


def test_S1_each_row_unlike_the_first_is_reported_at_the_shorter_length_with_the_cause():
    """S27a: one error per row whose length differs from the first row's, at that row,
    column = the shorter of the two lengths; the cause named in whichever row it lies."""
    from printkit.sinpin.level import grid_findings

    rows = ["#####  ", "#A.Z#", "#####"]
    s1 = [f for f in grid_findings(rows) if f.rule == "S1"]
    assert [(f.x, f.y) for f in s1] == [(5, 1), (5, 2)] and all("row 1 ends in 2 spaces" in f.message for f in s1)
    odd_first = [(f.x, f.y) for f in grid_findings(["####", "#AZ##", "#####"]) if f.rule == "S1"]
    assert odd_first == [(4, 1), (4, 2)]  # not row 1, though most rows are 5 long
    two = [f for f in grid_findings(["####", "#AZ#####"]) if f.rule == "S1"]
    assert [f.message for f in two] == ["row 2 has 8 fields but row 1 has 4; all rows must be the same length"]
    spaces = [f for f in grid_findings(["#AZ#", "    ", "####"]) if f.rule == "S1"]
    assert spaces == []  # a row of spaces as long as the others is open cave, not an error
    short = [f.message for f in grid_findings(["#AZ#", "  ", "####"]) if f.rule == "S1"]
    assert short == ["row 2 has 2 fields but row 1 has 4; it is only 2 spaces"]


def test_sketch_rows_draws_what_a_broken_grid_can_show():
    from printkit.sinpin.level import sketch_rows

    assert sketch_rows(["#####", "#AxZ", "", "####\t#"]) == ("######", "#A.Z##", "######", "####.#")
    assert sketch_rows([]) is None and sketch_rows(["", ""]) is None
    assert sketch_rows(["#AZ#"]) == ("#AZ#",)  # a sound grid is left as it is


def test_S1_a_row_with_one_extra_leading_space_says_so_and_s2_keeps_the_map_s_width():
    """Issue 19: a row indented one space more gave S1 and a misleading S2 "13 x 18"."""
    rows = ["#" * 12] + ["#A........Z#"] + ["#..........#"] * 15 + ["#" * 12]
    rows[5] = " " + rows[5]
    found = grid_findings(rows)
    assert [(f.rule, f.x, f.y) for f in found] == [("S1", 12, 5)]  # S27a: at the shorter length
    assert "starts with 1 space more than the other rows" in found[0].message
    assert "indent every line of the map alike" in found[0].message


def test_a_map_reading_knows_only_the_fields_its_text_tells() -> None:
    """An unknown character (S3) and a field a short row lacks (S1) are None, not guessed;
    outside the rows and right of the widest row is rock (S1)."""
    reading = MapReading(("#A.x", "#Z", "# O."))
    assert [reading.tile(x, 0) for x in range(4)] == [Tile.ROCK, Tile.DOOR, Tile.OPEN, None]
    assert reading.tile(2, 1) is None and reading.tile(3, 1) is None  # row 2 lacks them
    assert reading.tile(1, 2) is Tile.OPEN  # a space is open cave (S3)
    assert reading.tile(4, 0) is reading.tile(0, 3) is reading.tile(-1, 1) is Tile.ROCK
    assert reading.positions[Tile.TELEPORTER] == ((2, 2),) and not reading.complete
    assert MapReading(("#A.Z",)).complete and Level(("#A.Z",)).positions == MapReading(("#A.Z",)).positions
