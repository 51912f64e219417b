"""The blank design sheet (printkit/render/sinpin/design_sheet.py), read back from written files."""

from __future__ import annotations

import pytest
from drawcheck import pdf_fonts, pdf_pages, spacings, svg_page
from test_render_samples import assert_on_squares, field_lines, map_frame, paper_lines

from printkit.draw import write_document
from printkit.render.sinpin.design_sheet import design_sheet_document, tile_legend
from printkit.render.sinpin.alphabet_page import INK
from printkit.render.sinpin.icons import symbol_name
from printkit.render.sinpin.sheet import Sheet
from printkit.scan.alphabet import FORMS
from printkit.sinpin.tiles import Tile


def _sheet(tmp_path, columns: int, rows: int, landscape: bool, suffix: str):
    """Page 1 (the sheet; page 2 shows the drawing alphabet)."""
    paths = write_document(design_sheet_document(columns, rows, landscape), tmp_path / f"sheet{suffix}")
    assert len(paths) == (1 if suffix == ".pdf" else 2)
    path = paths[0]
    return path, (pdf_pages(path)[0] if suffix == ".pdf" else svg_page(path))


@pytest.mark.parametrize("columns, rows, landscape", [(12, 18, False), (18, 12, True), (6, 8, False)])
@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_squares_and_fields_line_up_on_a4(tmp_path, columns, rows, landscape, suffix):
    _, page = _sheet(tmp_path, columns, rows, landscape, suffix)
    assert (page.width_mm, page.height_mm) == pytest.approx((297.0, 210.0) if landscape else (210.0, 297.0), abs=0.01)
    grid_xs, grid_ys = paper_lines(page)
    assert spacings(grid_xs) == [5.0] and spacings(grid_ys) == [5.0]
    frame = map_frame(page, columns, rows)
    xs, ys = field_lines(page)
    assert spacings([frame.x, *xs, frame.x + frame.w]) == [15.0]
    assert spacings([frame.y, *ys, frame.y + frame.h]) == [15.0]
    assert_on_squares([frame.x, *xs], min(grid_xs))
    assert_on_squares([frame.y, *ys], min(grid_ys))
    assert frame.x + frame.w / 2 == pytest.approx(page.width_mm / 2, abs=0.01)


@pytest.mark.parametrize("columns, rows, landscape", [(12, 18, False), (18, 12, True), (12, 14, False)])
def test_the_legend_pairs_every_tiles_drawn_form_with_its_map_character(tmp_path, columns, rows, landscape):
    """The legend shows how to draw each tile (the drawing alphabet), not the printed icons."""
    _, page = _sheet(tmp_path, columns, rows, landscape, ".svg")
    bottom = Sheet.centred(columns, rows, landscape).bottom
    drawn = [line for line in page.lines if min(line.y1, line.y2) > bottom and line.stroke == INK]
    for tile in Tile:
        assert tile.char in page.labels, tile
        assert not page.uses_of(f"sym-{symbol_name(tile)}"), tile
    strokes = sum(len(stroke) - 1 for form in FORMS.values() for stroke in form)
    assert len(drawn) == strokes  # every straight piece of every form, once


def test_a_sheet_with_room_names_the_tiles_in_its_legend(tmp_path):
    _, page = _sheet(tmp_path, 12, 14, False, ".pdf")
    for tile in Tile:
        assert tile.label in page.text, tile


def test_the_blanks_and_coordinates_are_there_and_fonts_embedded(tmp_path):
    path, page = _sheet(tmp_path, 12, 18, False, ".pdf")
    for word in ("Level", "by", "players", "A", "L", "18"):
        assert word in page.text
    assert all(font.embedded for font in pdf_fonts(path))


def test_the_legend_falls_back_to_icons_and_characters_in_a_narrow_band():
    roomy, narrow = tile_legend(180.0, 40.0), tile_legend(180.0, 7.0)
    assert narrow.height <= 7.0 < roomy.height
    with pytest.raises(ValueError):
        tile_legend(60.0, 7.0)


def test_fields_beyond_s2_are_refused():
    with pytest.raises(ValueError):
        design_sheet_document(12, 18, True)
    with pytest.raises(ValueError):
        design_sheet_document(13, 18, False)


def test_every_size_s2_allows_makes_a_sheet():
    """Narrow maps of full height (11 x 18, 4 x 17, 6 x 12 landscape ...) leave no room below
    or above the markers: the legend and the blanks go beside and between them instead."""
    for landscape, (across, down) in ((False, (12, 18)), (True, (18, 12))):
        for columns in range(1, across + 1):
            for rows in range(1, down + 1):
                assert design_sheet_document(columns, rows, landscape).pages, (columns, rows, landscape)


@pytest.mark.parametrize("columns, rows, landscape", [(11, 18, False), (1, 18, False), (6, 17, False), (4, 11, True),
                                                      (11, 12, True), (12, 18, False), (8, 10, False)])
def test_legend_and_blanks_keep_clear_of_the_markers_and_the_paper_edge(tmp_path, columns, rows, landscape):
    from printkit.scan.layout import SheetCode

    _, page = _sheet(tmp_path, columns, rows, landscape, ".pdf")
    code = SheetCode(columns, rows, landscape)
    zones = [(x - code.quiet_mm, y - code.quiet_mm, x + code.marker_mm + code.quiet_mm, y + code.marker_mm + code.quiet_mm)
             for x, y in code.marker_squares()]

    def overlaps(x0, y0, x1, y1):
        return any(x0 < zx1 and zx0 < x1 and y0 < zy1 and zy0 < y1 for zx0, zy0, zx1, zy1 in zones)
    for char in page.chars:
        assert 5.0 - 0.2 <= char.top and char.bottom <= page.height_mm - 5.0 + 0.2, char
        assert not overlaps(char.x, char.top, char.x + 0.5 * char.size, char.baseline), char
    legend = [box for box in page.rects if box.stroke is not None and box.w < 10 and box.h < 10]  # frames, ticks
    assert len(legend) >= len(Tile)
    for box in legend:
        assert not overlaps(box.x, box.y, box.x + box.w, box.y + box.h), box
        assert 5.0 - 0.2 <= box.x and box.x + box.w <= page.width_mm - 5.0 + 0.2, box
    for tile in Tile:
        assert tile.char in page.text, tile
