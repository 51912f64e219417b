"""Token sheets read back from the written PDF: the ghost's size, 15 mm fields, counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from drawcheck import PageGeometry, pdf_pages

from printkit.draw import write_document
from printkit.render.tokens import GHOST_MM, token_counts, token_document, token_pages
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules

# Room for every set-up item: 40 vacant fields (S28 places fewer only when they run out).
MAP = "################\n#A............Z#\n#..............#\n#..............#\n################"


def _level(players: tuple[int, ...] = (2, 3, 4), **knobs: int) -> Level:
    return Level.from_text(MAP, name="Test", players=players, rules=Rules(**knobs))


def _page(tmp_path: Path, level: Level, players: int, ink_saving: bool = False) -> PageGeometry:
    (path,) = write_document(token_document(level, players, ink_saving=ink_saving), tmp_path / f"t{players}{ink_saving}.pdf")
    (page,) = pdf_pages(path)
    return page


def _cut_squares(page: PageGeometry) -> list:
    """The tokens' cut lines: stroked, unfilled squares (the calibration bar's frame is long)."""
    return [rect for rect in page.rects
            if rect.stroke == "#000000" and rect.fill is None and rect.w > 5 and abs(rect.w - rect.h) < 0.01]


def _cut_discs(page: PageGeometry) -> list[tuple[float, float]]:
    """(width, height) of every stroked, unfilled closed curve as wide as a pawn."""
    sizes = []
    for curve in page.curves:
        if curve.stroke != "#000000" or curve.fill is not None:
            continue
        xs, ys = [x for x, _ in curve.points], [y for _, y in curve.points]
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        if width > 12.0:
            sizes.append((width, height))
    return sizes


def test_the_ghost_is_exactly_two_by_two_squares(tmp_path: Path) -> None:
    page = _page(tmp_path, _level(), 2)
    ghosts = [rect for rect in _cut_squares(page) if rect.w < 12]
    assert len(ghosts) == 1
    assert (ghosts[0].w, ghosts[0].h) == (pytest.approx(10.0, abs=0.005), pytest.approx(10.0, abs=0.005)) == (GHOST_MM, GHOST_MM)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_counts_and_every_token_fits_a_field(tmp_path: Path, players: int) -> None:
    page = _page(tmp_path, _level(), players)
    squares = _cut_squares(page)
    assert len(squares) == 16 + 8 + 4 + 1 + 3 * players + 1  # gems, webs, question marks, chest, health, ghost
    assert all(rect.w <= 15.0 and rect.h <= 15.0 for rect in squares)
    pawns = _cut_discs(page)
    assert len(pawns) == players
    assert all(width <= 15.0 and height <= 15.0 for width, height in pawns)
    assert page.width_mm == pytest.approx(210, abs=0.01) and "print at 100 %" in page.text


def test_a_box_heart_is_a_card_kept_and_the_chest_a_token_placed_when_drawn(tmp_path: Path) -> None:
    """A review: the sheet printed box_hearts heart tokens and the chest "drawn from the box",
    but the box is the deck's box cards (S29): a heart card drawn is kept (S23), so box_hearts
    changes no token; the one chest card drawn is placed on a vacant field (S23, S29b), so the
    chest token waits for it."""
    for hearts in (0, 4, 7):
        page = _page(tmp_path, _level(box_hearts=hearts), 2)
        assert len(_cut_squares(page)) == 16 + 8 + 4 + 1 + 2 * 3 + 1  # gems, webs, question marks, chest, health, ghost
        text = page.text.replace(" ", "")  # (read back, a wrapped line loses its space)
        assert "1chestplacedwhenthechestcardisdrawnfromthebox" in text


@pytest.mark.parametrize(("players", "start", "most"), [(2, 3, 3), (4, 2, 5), (3, 9, 9)])
def test_hearts_keep_each_player_s_health(tmp_path: Path, players: int, start: int, most: int) -> None:
    """The kit had nothing to keep health with (S25: start_health, up to max_health by S22):
    max_health hearts a player, red, the row saying how many to hold at the start."""
    page = _page(tmp_path, _level(start_health=start, max_health=most), players)
    assert len(_cut_squares(page)) == 16 + 8 + 4 + 1 + players * most + 1
    text = page.text.replace(" ", "")
    assert f"{players * most}hearts" in text and f"eachplayerholds{start}tostart,atmost{most}" in text
    assert page.height_mm == pytest.approx(297, abs=0.01)
    assert all(rect.y + rect.h <= 297 - 10 for rect in _cut_squares(page))


def test_ink_saving_has_no_coloured_grounds(tmp_path: Path) -> None:
    full = _page(tmp_path, _level(), 4)
    saving = _page(tmp_path, _level(), 4, ink_saving=True)
    grounds = [rect for rect in full.rects if rect.fill not in (None, "#000000", "#ffffff") and rect.w > 9]
    assert len(grounds) == 16 + 8 + 4 + 1 + 4 * 3 + 1
    assert not [rect for rect in saving.rects if rect.fill not in (None, "#000000", "#ffffff")]
    assert not [curve for curve in saving.curves if curve.fill not in (None, "#000000", "#ffffff")]
    assert len(_cut_squares(saving)) == len(_cut_squares(full))


def test_the_player_count_must_be_one_the_level_names() -> None:
    with pytest.raises(ValueError, match="for 2, 4 players, not 3"):
        token_pages(_level((2, 4)), 3)


def test_a_long_level_name_stays_on_the_token_page() -> None:
    from printkit.draw import bounding_box
    from printkit.render.sinpin.icons import tile_symbols

    level = Level(("#####", "#A.Z#", "#####"), name="The Teleport Tangle Deluxe of the Long Winding Caves")
    (page,) = token_pages(level, 2)
    table = {symbol.name: symbol for symbol in tile_symbols()}
    left, top, right, bottom = bounding_box(page.items, table)
    assert left >= 0 and right <= page.width


def test_no_label_runs_under_the_tokens_beside_it(tmp_path: Path) -> None:
    # Issue 12 item 14: "one per player: fox, goat, mouse, penguin" ran under the fox pawn.
    from printkit.render.tokens import LABEL_GAP, MARGIN

    page = _page(tmp_path, _level(), 4)
    tokens_left = min(rect.x for rect in _cut_squares(page))
    labels = [char for char in page.chars if char.x < tokens_left and MARGIN + 15 < char.baseline < 250]
    assert "penguin" in "".join(char.text for char in labels)  # the whole list is left of the tokens
    from printkit.draw.fonts import text_width

    assert max(char.x + text_width(char.text, char.size, "Bold" in char.font) for char in labels) <= tokens_left - LABEL_GAP + 0.01
    squares = _cut_squares(page)
    right = [char for char in page.chars if char.x >= tokens_left and MARGIN + 15 < char.baseline < 250]
    # right of the labels only what is drawn on a token (the question mark's "?")
    assert all(any(r.x <= char.x <= r.x + r.w and r.y <= char.baseline <= r.y + r.h for r in squares) for char in right)


def _labels(page: PageGeometry) -> str:
    return " ".join(" ".join(char.text for char in page.chars).split())


def test_set_up_tokens_follow_the_levels_knobs(tmp_path: Path) -> None:
    """A review: the sheet always printed 16 gems, 8 webs and 4 question marks "placed at
    set-up" while the rules sheet said 3 gems. S28: players place until the map holds the
    setup_* knobs' numbers; S29, S34 (b): the box holds 8 webs less those on the map, and a web
    card drawn is placed on the map (S23, S29b), so it needs a token; a drawn gem is kept."""
    level = _level(setup_gems=3, setup_webs=0, setup_marks=1)
    counts = token_counts(level, 2)
    assert (counts.gems, counts.webs, counts.webs_placed, counts.questions) == (3, 8, 0, 1)
    page = _page(tmp_path, level, 2)
    assert len(_cut_squares(page)) == 3 + 8 + 1 + 1 + 2 * 3 + 1  # gems, webs, marks, chest, health, ghost
    text = "".join(char.text for char in page.chars)
    assert "3 gems" in text and "placedatset-up" in text.replace(" ", "")
    assert "8 webs" in text and "1 question mark" in text
    assert "placedwhenawebcardisdrawnfromthebox" in text.replace(" ", "")


def test_the_chimneys_printed_items_are_counted(tmp_path: Path) -> None:
    """07-the-chimney prints 7 gems, 3 webs and 3 question marks on its map, so S28 places
    9, 5 and 1 to reach 16, 8 and 4; its 8 webs leave the box none (S34 (b))."""
    from printkit.bundled import find
    from printkit.sinpin.loader import read_level

    level = read_level(str(find("07-the-chimney", "level").path)).level()
    counts = token_counts(level, 2)
    assert (counts.gems, counts.webs, counts.webs_placed, counts.questions) == (9, 5, 5, 1)
    page = _page(tmp_path, level, 2)
    assert len(_cut_squares(page)) == 9 + 5 + 1 + 1 + 2 * 3 + 1
    text = "".join(char.text for char in page.chars)
    assert "9 gems" in text and "5 webs" in text and "1 question mark" in text


def test_a_full_map_places_fewer_and_the_box_gives_the_webs() -> None:
    """S28: fewer only when no vacant field is left; webs are placed first. Here the webs fill
    both vacant fields, so no question mark is placed and the box is never drawn from (S23):
    only the 2 placed webs need tokens. A printed question mark draws the box's 6 and chest."""
    level = Level.from_text("######\n#A..Z#\n######", players=(2,))
    counts = token_counts(level, 2)
    assert (counts.gems, counts.webs, counts.webs_placed, counts.questions, counts.chests) == (0, 2, 2, 0, 0)
    marked = Level.from_text("#######\n#A..?Z#\n#######", players=(2,))
    counts = token_counts(marked, 2)
    assert (counts.gems, counts.webs, counts.webs_placed, counts.questions, counts.chests) == (0, 8, 2, 0, 1)


def test_a_level_with_no_question_mark_prints_nothing_waiting_for_a_draw(tmp_path: Path) -> None:
    """A review: a level with no question mark on its map and setup_marks 0 never draws from
    the box (S23, S29: only a question mark draws; no box card puts one on the map), yet the
    sheet printed the box's 8 webs "placed when a web card is drawn from the box" and its chest."""
    level = _level(setup_gems=3, setup_webs=2, setup_marks=0)
    assert not level.box_drawn and level.box_after_setup["web"] == 6
    counts = token_counts(level, 2)
    assert (counts.gems, counts.webs, counts.webs_placed, counts.questions, counts.chests) == (3, 2, 2, 0, 0)
    page = _page(tmp_path, level, 2)
    assert len(_cut_squares(page)) == 3 + 2 + 2 * 3 + 1  # gems, webs, health, ghost: no chest
    text = "".join(char.text for char in page.chars).replace(" ", "")
    assert "drawn" not in text and "chest" not in text and "2webs" in text


def test_the_counts_are_the_simulators_set_up() -> None:
    """Every bundled level: the tokens placed are what the game's own set-up (S28) places,
    the further webs what its box holds (S29, S34 (b))."""
    from gamescript import Scripted

    from printkit.bundled import catalogue
    from printkit.sinpin.game.state import new_game, set_up
    from printkit.sinpin.loader import read_level

    levels = [read_level(str(item.path)).level() for item in catalogue("level")]
    assert len(levels) >= 8
    for level in levels:
        game = new_game(level, [Scripted(), Scripted()], seed=1)
        set_up(game)
        placed = [line["setup"] for line in game.lines if "setup" in line]
        counts = token_counts(level, 2)
        assert (placed.count("gem"), placed.count("web"), placed.count("mark")) == (counts.gems, counts.webs_placed, counts.questions), level.name
        box_webs = game.state.box[2] if level.box_drawn else 0  # (gems, hearts, webs, chest, ghost cards)
        assert counts.webs == counts.webs_placed + box_webs, level.name
