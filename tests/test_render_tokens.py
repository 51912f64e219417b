"""Token sheets read back from the written PDF: the ghost's size, 15 mm fields, counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from drawcheck import PageGeometry, pdf_pages

from printkit.draw import write_document
from printkit.render.tokens import GHOST_MM, token_counts, token_document, token_pages
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules

MAP = "#####\n#A.Z#\n#####"


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
    assert len(squares) == 16 + 8 + 4 + 4 + 1 + 1  # gems, webs, question marks, box hearts, chest, ghost
    assert all(rect.w <= 15.0 and rect.h <= 15.0 for rect in squares)
    pawns = _cut_discs(page)
    assert len(pawns) == players
    assert all(width <= 15.0 and height <= 15.0 for width, height in pawns)
    assert page.width_mm == pytest.approx(210, abs=0.01) and "print at 100 %" in page.text


def test_box_hearts_follow_the_knob(tmp_path: Path) -> None:
    assert token_counts(Rules(box_hearts=7), 2).hearts == 7
    page = _page(tmp_path, _level(box_hearts=0), 2)
    assert len(_cut_squares(page)) == 16 + 8 + 4 + 0 + 1 + 1
    assert "hearts" not in page.text


def test_ink_saving_has_no_coloured_grounds(tmp_path: Path) -> None:
    full = _page(tmp_path, _level(), 4)
    saving = _page(tmp_path, _level(), 4, ink_saving=True)
    grounds = [rect for rect in full.rects if rect.fill not in (None, "#000000", "#ffffff") and rect.w > 9]
    assert len(grounds) == 16 + 8 + 4 + 4 + 1 + 1
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
