"""The map page (printkit/render/sinpin/map_page.py), read back from the written PDF and SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pdfplumber
import pytest
from drawcheck import A4_PT, pdf_fonts, pdf_form_draws, pdf_forms, pdf_pages, pdf_viewer_preferences, spacings, svg_page
from test_render_samples import EVERY_TILE, TALL, WIDE, assert_on_squares, field_lines, load, map_frame, paper_lines

from printkit.draw import write_document
from printkit.render.sinpin.icons import symbol_name
from printkit.render.sinpin.map_page import map_document, players_phrase
from printkit.sinpin.tiles import Tile, column_name

SAFE = 5.0


def _written(tmp_path, text: str, suffix: str, name: str = "level"):
    level = load(tmp_path, name, text)
    (path,) = write_document(map_document(level, name), tmp_path / f"{name}{suffix}")
    return level, path


_PAGES: dict[tuple[str, str], tuple] = {}


def _page(tmp_path, text: str, suffix: str):
    """The map of `text` written and read back once for the file: most tests read the same
    few pages, and reading a PDF back costs far more than drawing it."""
    if (text, suffix) not in _PAGES:
        level, path = _written(tmp_path, text, suffix)
        _PAGES[text, suffix] = level, (pdf_pages(path)[0] if suffix == ".pdf" else svg_page(path))
    return _PAGES[text, suffix]


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_a_tall_map_is_a4_portrait(tmp_path, suffix):
    _, page = _page(tmp_path, TALL, suffix)
    assert (page.width_mm, page.height_mm) == pytest.approx((210.0, 297.0), abs=0.01)
    if suffix == ".pdf":
        assert (page.width_pt, page.height_pt) == pytest.approx(A4_PT, abs=0.001)


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_a_wide_map_is_a4_landscape(tmp_path, suffix):
    _, page = _page(tmp_path, WIDE, suffix)
    assert (page.width_mm, page.height_mm) == pytest.approx((297.0, 210.0), abs=0.01)
    if suffix == ".pdf":
        assert (page.width_pt, page.height_pt) == pytest.approx(A4_PT[::-1], abs=0.001)


def test_a_map_wider_than_tall_is_landscape_even_if_portrait_would_hold_it(tmp_path):
    _, page = _page(tmp_path, EVERY_TILE, ".pdf")  # 12 x 7 fits portrait too (S2)
    assert page.width_mm > page.height_mm


def test_svg_is_xml_with_a_size_in_millimetres(tmp_path):
    _, path = _written(tmp_path, EVERY_TILE, ".svg")
    root = ET.parse(path).getroot()
    assert root.get("width") == "297mm" and root.get("height") == "210mm"
    assert root.get("viewBox") == "0 0 297 210"


@pytest.mark.parametrize("text", [TALL, WIDE, EVERY_TILE])
@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_squared_paper_has_a_5mm_pitch_over_the_printable_area(tmp_path, text, suffix):
    _, page = _page(tmp_path, text, suffix)
    xs, ys = paper_lines(page)
    assert spacings(xs) == [5.0] and spacings(ys) == [5.0]
    # whole squares inside the 5 mm safe margin, and no room left for another square
    assert SAFE <= min(xs) < SAFE + 5.0 and page.width_mm - SAFE - 5.0 < max(xs) <= page.width_mm - SAFE
    assert SAFE <= min(ys) < SAFE + 5.0 and page.height_mm - SAFE - 5.0 < max(ys) <= page.height_mm - SAFE


@pytest.mark.parametrize("text", [TALL, WIDE, EVERY_TILE])
@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_fields_are_outlined_every_15mm_on_the_squares(tmp_path, text, suffix):
    level, page = _page(tmp_path, text, suffix)
    grid_xs, grid_ys = paper_lines(page)
    xs, ys = field_lines(page)
    frame = map_frame(page, level.width, level.height)
    columns = sorted({*xs, round(frame.x, 3), round(frame.x + frame.w, 3)})
    rows = sorted({*ys, round(frame.y, 3), round(frame.y + frame.h, 3)})
    assert len(columns) == level.width + 1 and len(rows) == level.height + 1
    assert spacings(columns) == [15.0] and spacings(rows) == [15.0]
    assert_on_squares(columns, min(grid_xs))
    assert_on_squares(rows, min(grid_ys))


@pytest.mark.parametrize("text", [TALL, WIDE, EVERY_TILE])
@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_the_map_is_centred(tmp_path, text, suffix):
    level, page = _page(tmp_path, text, suffix)
    frame = map_frame(page, level.width, level.height)
    assert frame.x + frame.w / 2 == pytest.approx(page.width_mm / 2, abs=0.01)
    assert frame.y + frame.h / 2 == pytest.approx(page.height_mm / 2, abs=0.01)


def test_every_tile_is_an_icon_defined_once_and_used_per_field(tmp_path):
    level, path = _written(tmp_path, EVERY_TILE, ".svg")
    page = svg_page(path)
    drawn = [tile for _, _, tile in level.cells() if tile is not Tile.OPEN]
    for tile in Tile:
        if tile is not Tile.OPEN:
            assert f"sym-{symbol_name(tile)}" in page.defs
            assert len(page.uses_of(f"sym-{symbol_name(tile)}")) == drawn.count(tile), tile


def test_the_pdf_draws_each_icon_as_a_form(tmp_path):
    level, path = _written(tmp_path, EVERY_TILE, ".pdf")
    drawn = [tile for _, _, tile in level.cells() if tile is not Tile.OPEN]
    assert len(pdf_forms(path)) == len(set(drawn))
    assert pdf_form_draws(path) == [len(drawn)]


def test_coordinates_name_the_fields_as_field_name_does(tmp_path):
    level, page = _page(tmp_path, TALL, ".pdf")
    frame = map_frame(page, level.width, level.height)
    above = [char for char in page.chars if char.baseline < frame.y and char.baseline > frame.y - 4]
    for x in range(level.width):
        centre = frame.x + 15 * (x + 0.5)
        (letter,) = [char for char in above if abs(char.x + char.size * 0.3 - centre) < 2.5]
        assert letter.text == column_name(x)
    left = "".join(char.text for char in page.chars
                   if char.x < frame.x - 0.5 and frame.y < char.baseline < frame.y + frame.h)
    assert left == "".join(str(y + 1) for y in range(level.height))


def test_the_title_names_the_level_author_and_players_and_the_bar_says_print_at_100(tmp_path):
    _, page = _page(tmp_path, EVERY_TILE, ".pdf")
    assert "Every Tile" in page.text
    assert "by Test Family · 2–4 players" in page.text
    assert "50 mm — print at 100 % / actual size" in page.text
    assert "α" in page.text and "Ω" in page.text  # the door and exit icons, as real glyphs


def test_svg_text_is_drawn_as_glyphs(tmp_path):
    _, path = _written(tmp_path, EVERY_TILE, ".svg")
    page = svg_page(path)
    assert "Every Tile" in page.labels and "50 mm — print at 100 % / actual size" in page.labels
    assert any(key.startswith("glyph-") for key in page.defs)


def test_fonts_are_embedded_vector_only_and_print_scaling_is_off(tmp_path):
    _, path = _written(tmp_path, EVERY_TILE, ".pdf")
    fonts = pdf_fonts(path)
    assert fonts and all(font.embedded for font in fonts)
    assert all("DejaVuSans" in font.name for font in fonts)
    with pdfplumber.open(path) as pdf:
        assert not pdf.pages[0].images
    assert pdf_viewer_preferences(path)["PrintScaling"] == "None"


@pytest.mark.parametrize("text", [TALL, WIDE])
def test_nothing_is_printed_in_the_5mm_safe_margin(tmp_path, text):
    _, page = _page(tmp_path, text, ".pdf")
    for line in page.lines:
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            assert SAFE - 0.01 <= x <= page.width_mm - SAFE + 0.01 and SAFE - 0.01 <= y <= page.height_mm - SAFE + 0.01
    for char in page.chars:
        assert SAFE <= char.x and char.baseline - char.size * 0.76 >= SAFE - 0.01
        assert char.baseline + char.size * 0.24 <= page.height_mm - SAFE and char.x + char.size <= page.width_mm - SAFE


def test_the_name_falls_back_to_the_given_title(tmp_path):
    level = load(tmp_path, "nameless", "map: |\n  #####\n  #A.Z#\n  #####\n")
    (path,) = write_document(map_document(level, "nameless"), tmp_path / "nameless.pdf")
    assert "nameless" in pdf_pages(path)[0].text


@pytest.mark.parametrize("players, phrase", [
    ((2, 4), "2 or 4 players"), ((2, 3, 4), "2–4 players"), ((3,), "3 players"), ((2, 3), "2 or 3 players"),
])
def test_players_phrase(players, phrase):
    assert players_phrase(players) == phrase


def test_on_a_small_map_title_and_calibration_bar_stand_clear_of_the_squares(tmp_path):
    """Issue 19: on small maps the calibration bar, its words and the title sat on the
    squared paper's lines. Read back as a family sees it (the page rasterised): the 1 mm of
    white around the bar and the words has no grey of a grid line, and the bar's label is
    8 pt or more."""
    from printkit.sinpin.loader import read_level
    from pathlib import Path

    level = read_level(str(Path(__file__).resolve().parent.parent / "levels" / "01-first-steps.yaml")).level()
    (path,) = write_document(map_document(level), tmp_path / "small.pdf")
    mm = 72 / 25.4
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        (bar,) = [r for r in page.rects if abs(r["width"] / mm - 50) < 0.01 and abs(r["height"] / mm - 2) < 0.01]
        label = [c for c in page.chars if c["top"] > bar["bottom"] and abs(c["x0"] - bar["x0"]) < 60 * mm]
        title = [c for c in page.chars if abs(c["size"] / mm - 4.2) < 0.01]  # sheet.TITLE_SIZE, not the tiles' α, Ω
        assert min(c["size"] for c in label) >= 8.0
        image = page.to_image(resolution=200).original.convert("L")
        scale = 200 / 72

        def darkest(x0, top, x1, bottom):  # in points
            box = tuple(round(v * scale) for v in (x0, top, x1, bottom))
            return image.crop(box).getextrema()[0]

        # bands 0.6 mm wide just outside the bar-and-label block and around the title, inside their white ground
        block_bottom = max(c["bottom"] for c in label)
        for x0, top, x1, bottom in (
            (bar["x0"], bar["top"] - 0.8 * mm, bar["x0"] + 50 * mm, bar["top"] - 0.2 * mm),  # above the bar
            (bar["x0"] - 0.8 * mm, bar["top"], bar["x0"] - 0.2 * mm, block_bottom),  # left of bar and words
            (bar["x0"], block_bottom + 0.2 * mm, bar["x0"] + 50 * mm, block_bottom + 0.6 * mm),  # below the words
            (min(c["x0"] for c in title), min(c["top"] for c in title) - 0.8 * mm,
             max(c["x1"] for c in title), min(c["top"] for c in title) - 0.2 * mm),  # above the title
        ):
            assert darkest(x0, top, x1, bottom) > 245, (x0 / mm, top / mm)


def test_the_footer_s_white_ground_leaves_a_full_size_map_whole(tmp_path):
    """The footer of a 12 x 18 map is 0.8 mm below it: its ground must not cover the map."""
    from printkit.render.sinpin.sheet import PAPER_GROUND, Sheet

    level = load(tmp_path, "tall", TALL)  # 12 x 18, the most S2 allows
    document = map_document(level)
    sheet = Sheet.centred(level.width, level.height)

    def grounds(items):
        for item in items:
            if getattr(item, "style", None) == PAPER_GROUND:
                yield item
            yield from grounds(getattr(item, "items", ()))

    found = list(grounds(document.pages[0].items))
    assert found and all(ground.y >= sheet.bottom - 1e-9 or ground.y + ground.h <= sheet.top + 1e-9 for ground in found)
