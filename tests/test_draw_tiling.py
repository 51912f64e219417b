"""printkit.draw.tiling: a big page on A4 sheets that overlap, with marks shared by both."""

from __future__ import annotations

import itertools

import pytest

from printkit.draw import A4_LANDSCAPE, A4_PORTRAIT, Page
from printkit.draw.tiling import OVERLAP_MM, SIDE_MM, TOP_MM, marks, plan, tile_page

A3_AREA = (10.0, 10.0, 277.0, 400.0)  # an A3 portrait page inside 10 mm margins


@pytest.mark.parametrize("sheet", [A4_PORTRAIT, A4_LANDSCAPE])
def test_the_windows_cover_the_area_and_overlap_their_neighbours(sheet) -> None:
    tiles = plan(A3_AREA, sheet)
    left, top, width, height = A3_AREA
    assert min(t.window[0] for t in tiles) <= left and max(t.window[0] + t.window[2] for t in tiles) >= left + width
    assert min(t.window[1] for t in tiles) <= top and max(t.window[1] + t.window[3] for t in tiles) >= top + height
    for one, other in itertools.combinations(tiles, 2):
        if one.row == other.row and abs(one.column - other.column) == 1:
            assert one.window[0] + one.window[2] - other.window[0] == pytest.approx(OVERLAP_MM)
        if one.column == other.column and abs(one.row - other.row) == 1:
            assert one.window[1] + one.window[3] - other.window[1] == pytest.approx(OVERLAP_MM)
    assert all(t.window[2] == sheet.width - 2 * SIDE_MM and t.window[3] == sheet.height - TOP_MM - SIDE_MM for t in tiles)


def test_an_a3_page_takes_three_landscape_sheets_and_every_mark_is_on_two() -> None:
    tiles = min((plan(A3_AREA, sheet) for sheet in (A4_PORTRAIT, A4_LANDSCAPE)), key=len)
    assert len(tiles) == 3 and tiles[0].window[2] == A4_LANDSCAPE.width - 2 * SIDE_MM
    for x, y in marks(tiles):
        showing = [t for t in tiles if t.window[0] <= x <= t.window[0] + t.window[2] and t.window[1] <= y <= t.window[1] + t.window[3]]
        assert len(showing) == 2
    pages = tile_page(Page(297.0, 420.0, ()), A3_AREA, "Test")
    assert [(page.width, page.height) for page in pages] == [tuple(A4_LANDSCAPE)] * 3


def test_the_instructions_print_inside_the_safe_margin_above_the_window(tmp_path) -> None:
    """printing.md #4: nothing needed closer than 5 mm to the paper's edge (a review: the
    instruction line's capitals stood 4.0 mm from the top). Read back from the PDF: every
    line's ascent at least 5 mm down, the last line's descenders above the window (TOP_MM),
    for the longest text a sheet gets (a cut, two joins) at 3 lines."""
    from drawcheck import pdf_pages

    from printkit.draw import Document, fonts, write_document

    title = "A board with a rather long name, as a spec's file name may be"
    pages = tile_page(Page(420.0, 594.0, ()), (10.0, 10.0, 400.0, 574.0), title)  # A2: rows and columns
    (path,) = write_document(Document(pages), tmp_path / "tiles.pdf")
    for page in pdf_pages(path):
        chars = [char for char in page.chars if char.text.strip()]
        baselines = sorted({round(char.baseline, 3) for char in chars})
        assert 1 <= len(baselines) <= 3
        assert baselines[0] - fonts.ascent(chars[0].size) >= 5.0 - 1e-3
        assert baselines[-1] + 0.24 * chars[0].size <= TOP_MM
