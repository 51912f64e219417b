"""`printkit paper`: the blank design sheet from the command line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result
from drawcheck import pdf_pages, svg_page
from test_render_samples import field_lines, map_frame

from printkit.cli import main


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.mark.parametrize("args, size, fields", [
    ([], (210.0, 297.0), (12, 18)),
    (["--landscape"], (297.0, 210.0), (18, 12)),
    (["--fields", "8x10"], (210.0, 297.0), (8, 10)),
    (["--landscape", "--fields", "10x6"], (297.0, 210.0), (10, 6)),
    (["--fields", "15x9"], (297.0, 210.0), (15, 9)),  # only landscape holds 15 across
    (["--fields", "11x18"], (210.0, 297.0), (11, 18)),  # narrow and full height: was refused as not fitting S2
    (["--landscape", "--fields", "6x12"], (297.0, 210.0), (6, 12)),
])
def test_the_sheet_has_the_fields_asked_for(tmp_path, args, size, fields):
    out = tmp_path / "sheet.pdf"
    result = run("paper", "-o", str(out), *args)
    assert result.exit_code == 0, result.output
    page = pdf_pages(out)[0]
    assert (page.width_mm, page.height_mm) == pytest.approx(size, abs=0.01)
    map_frame(page, *fields)
    xs, ys = field_lines(page)
    assert (len(set(xs)), len(set(ys))) == (fields[0] - 1, fields[1] - 1)
    assert f"{fields[0]} x {fields[1]} fields" in result.stderr


def test_an_svg_sheet(tmp_path):
    out = tmp_path / "sheet.svg"
    assert run("paper", "-o", str(out), "--landscape").exit_code == 0
    page = svg_page(out)
    assert (page.width_mm, page.height_mm) == (297.0, 210.0)


@pytest.mark.parametrize("args", [
    ["--fields", "12x19"], ["--fields", "19x12"], ["--landscape", "--fields", "12x18"],
    ["--fields", "0x4"], ["--fields", "twelve"], ["--fields", "10000x12"],
    ["--fields", "9" * 5000 + "x12"], ["--fields", "12x" + "0" * 5000 + "19"],  # past Python's int-string limit
])
def test_fields_that_do_not_fit_s2_are_refused_with_exit_2(tmp_path, args):
    out = tmp_path / "sheet.pdf"
    result = run("paper", "-o", str(out), *args)
    assert result.exit_code == 2
    assert not out.exists()
    assert "--fields" in result.output


def test_the_format_follows_the_file_name(tmp_path):
    assert run("paper", "-o", str(tmp_path / "sheet.png")).exit_code == 2


def _marker_cells_printed(page, x: float, y: float, side: float) -> list[list[bool]]:
    """The 6 x 6 cells of the marker whose square's top-left is (x, y), read back from the
    black rectangles printed there."""
    black = [r for r in page.rects if r.fill == "#000000"]
    cell = side / 6
    cells = []
    for row in range(6):
        cy = y + (row + 0.5) * cell
        cells.append([any(r.x <= x + (column + 0.5) * cell <= r.x + r.w and r.y <= cy <= r.y + r.h for r in black)
                      for column in range(6)])
    return cells


@pytest.mark.parametrize("args, code, side", [
    ([], (12, 18, False), 6.0), (["--landscape"], (18, 12, True), 6.0), (["--fields", "8x10"], (8, 10, False), 12.0),
    (["--fields", "12x12", "--landscape"], (12, 12, True), 7.5), (["--fields", "10x14"], (10, 14, False), 12.0),
    (["--fields", "16x10", "--landscape"], (16, 10, True), 12.0),
])
def test_the_sheet_carries_four_scan_markers_whose_ids_are_its_code(tmp_path, args, code, side):
    """As big as the corners allow (bigger cells read in a photo where the sheet is small),
    clear of the header, the coordinates and the legend."""
    from printkit.scan.layout import SheetCode, decode, marker_cells

    out = tmp_path / "sheet.pdf"
    assert run("paper", "-o", str(out), *args).exit_code == 0
    page = pdf_pages(out)[0]
    sheet = SheetCode(*code)
    assert sheet.marker_mm == side
    ids = {}
    for corner, (marker_id, (x, y)) in enumerate(zip(sheet.marker_ids(), sheet.marker_squares())):
        printed = _marker_cells_printed(page, x, y, side)
        assert printed == [list(row) for row in marker_cells(marker_id)]
        assert printed != _marker_cells_printed(page, x, y, 6.0) or side == 6.0
        ids[corner] = marker_id
        quiet = sheet.quiet_mm
        low, high = (x - quiet, y - quiet), (x + side + quiet, y + side + quiet)
        assert not [c.text for c in page.chars  # a character's box, about: 0.6 em wide, its cap height tall
                    if c.x < high[0] and c.x + 0.6 * c.size > low[0] and c.baseline - 0.75 * c.size < high[1] and c.baseline > low[1]]
        assert not [r for r in page.rects if r.fill not in ("#000000", "#ffffff") or r.stroke
                    if r.x < high[0] and r.x + r.w > low[0] and r.y < high[1] and r.y + r.h > low[1]]
    assert decode(ids) == sheet


def test_no_text_on_the_sheet_is_under_8_pt_and_page_2_teaches_the_drawing_alphabet(tmp_path):
    from printkit.scan.alphabet import HOW_TO_DRAW
    from printkit.sinpin.tiles import Tile

    out = tmp_path / "sheet.pdf"
    for args in ([], ["--landscape"], ["--fields", "6x4"]):
        assert run("paper", "-o", str(out), *args).exit_code == 0
        pages = pdf_pages(out)
        assert len(pages) == 2
        for page in pages:
            assert min(char.size for char in page.chars) * 72 / 25.4 >= 8.0 - 1e-6
        text = pages[1].text
        assert "How to draw" in text and "printkit scan" in text.replace("\u00a0", " ")
        for tile in Tile:
            assert tile.label.replace(" ", "") in text.replace(" ", "")
            assert HOW_TO_DRAW[tile].replace(" ", "") in text.replace(" ", "")


def test_page_2_says_how_to_keep_the_look_alikes_apart_inside_the_page(tmp_path):
    """Most misreads are fields drawn like another tile (bench/scan_bundled.py --shots): page 2
    names the pairs, every line of it within the page's 15 mm margins."""
    from printkit.scan.alphabet import LOOK_ALIKES

    out = tmp_path / "sheet.pdf"
    for args in ([], ["--landscape"]):
        assert run("paper", "-o", str(out), *args).exit_code == 0
        page = pdf_pages(out)[1]
        text = page.text.replace(" ", "")
        assert "Look-alikes" in page.text
        for line in LOOK_ALIKES:
            assert line.replace(" ", "") in text
        assert max(c.x1 for c in page.chars) <= page.width_mm - 15 + 0.5
        assert max(c.baseline for c in page.chars) <= page.height_mm - 15
