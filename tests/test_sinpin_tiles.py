"""Tiles (S3) and the printed field names the validator's messages use."""

from printkit.sinpin.tiles import ITEM_TILES, TILE_BY_CHAR, Tile, column_name, field_name


def test_S3_every_map_character_and_space_is_a_tile() -> None:
    assert "".join(t.char for t in Tile) == "#.AZH^!wSOCh*?"
    assert TILE_BY_CHAR[" "] is Tile.OPEN
    assert [t for t in Tile if t.solid] == [Tile.ROCK]


def test_S27_items_are_gems_hearts_chests_and_question_marks_not_webs() -> None:
    assert ITEM_TILES == {Tile.GEM, Tile.HEART, Tile.CHEST, Tile.QUESTION}
    assert not Tile.WEB.is_item and Tile.CHEST.is_item


def test_field_names_are_column_letters_and_rows_from_one() -> None:
    assert field_name(0, 0) == "A1"
    assert field_name(2, 4) == "C5"
    assert [column_name(x) for x in (0, 17, 25, 26, 27)] == ["A", "R", "Z", "AA", "AB"]


def test_parse_field_reads_printed_names_and_x_y_alike():
    from printkit.sinpin.tiles import field_name, parse_field

    assert parse_field("E4") == parse_field("e4") == parse_field("4,3") == parse_field(" 4 , 3 ") == (4, 3)
    assert parse_field("AA12") == (26, 11)
    for x, y in ((0, 0), (25, 17), (26, 3), (701, 9)):
        assert parse_field(field_name(x, y)) == (x, y)
    assert parse_field("E0") is None and parse_field("4") is None and parse_field("E4,3") is None
