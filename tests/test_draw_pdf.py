"""The PDF backend, checked by reading the written file back."""

from __future__ import annotations

import pytest

from drawcheck import (
    A4_PT, pdf_fonts, pdf_form_draws, pdf_forms, pdf_pages, pdf_paint_alphas, pdf_paint_operators, pdf_viewer_preferences,
    spacings,
)
from printkit.draw import fonts
from printkit.draw.furniture import squared_paper
from printkit.draw.pdf import pdf_bytes
from printkit.draw import (
    A4_LANDSCAPE, A4_PORTRAIT, Circle, Document, Group, Line, Page, Path, Polyline, Rect, Style, Symbol, Text, Use, rotate,
    translate,
)


def written(tmp_path, *pages, symbols=(), **meta):
    path = tmp_path / "out.pdf"
    path.write_bytes(pdf_bytes(Document(pages, symbols, **meta)))
    return path


def test_a4_page_size_is_exact(tmp_path):
    path = written(tmp_path, Page(*A4_PORTRAIT), Page(*A4_LANDSCAPE))
    portrait, landscape = pdf_pages(path)
    assert (portrait.width_pt, portrait.height_pt) == pytest.approx(A4_PT, abs=0.01)
    assert (landscape.width_pt, landscape.height_pt) == pytest.approx(A4_PT[::-1], abs=0.01)
    assert (portrait.width_mm, portrait.height_mm) == pytest.approx((210, 297), abs=0.005)


def test_print_scaling_is_off_and_metadata_is_set(tmp_path):
    path = written(tmp_path, Page(*A4_PORTRAIT), title="Sinpin level 3", author="printkit")
    assert pdf_viewer_preferences(path) == {"PrintScaling": "None"}
    assert b"Sinpin level 3" in path.read_bytes()


def test_squared_paper_pitch_reads_back_as_five_millimetres(tmp_path):
    page = pdf_pages(written(tmp_path, Page(*A4_PORTRAIT, [squared_paper(10, 10, 190, 277)])))[0]
    verticals = [line for line in page.lines if line.is_vertical]
    horizontals = [line for line in page.lines if line.is_horizontal]
    assert len(verticals) == 39 and len(horizontals) == 56
    assert spacings(line.x1 for line in verticals) == [5.0]
    assert spacings(line.y1 for line in horizontals) == [5.0]
    assert min(line.x1 for line in verticals) == pytest.approx(10, abs=0.001)
    assert all(line.length == pytest.approx(275, abs=0.001) for line in verticals)


def test_coordinates_are_millimetres_from_the_top_left(tmp_path):
    items = [
        Line(20, 30, 120, 30, Style(width=0.5)),
        Rect(40, 50, 63, 88, Style(stroke="#ff0000", fill="#00ff00")),
        Group([Line(0, 0, 10, 0)], translate(150, 200) @ rotate(90)),
    ]
    page = pdf_pages(written(tmp_path, Page(*A4_PORTRAIT, items)))[0]
    flat, turned = sorted(page.lines, key=lambda line: line.x1)
    assert (flat.x1, flat.y1, flat.x2, flat.y2) == pytest.approx((20, 30, 120, 30), abs=0.001)
    assert flat.width == pytest.approx(0.5, abs=0.001)
    assert turned.is_vertical and (turned.x1, min(turned.y1, turned.y2), turned.length) == pytest.approx((150, 200, 10))
    (rect,) = page.rects
    assert (rect.x, rect.y, rect.w, rect.h) == pytest.approx((40, 50, 63, 88), abs=0.001)
    assert (rect.stroke, rect.fill) == ("#ff0000", "#00ff00")


def test_a_rect_with_a_radius_is_drawn_with_rounded_corners(tmp_path):
    rounded = Rect(40, 50, 63, 88, Style(stroke="#ff0000", fill="#00ff00"), radius=3)
    page = pdf_pages(written(tmp_path, Page(*A4_PORTRAIT, [rounded])))[0]
    assert not page.rects  # not a plain rectangle (`re`)
    (outline,) = page.curves
    xs, ys = [x for x, _ in outline.points], [y for _, y in outline.points]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((40, 50, 103, 138), abs=0.001)
    assert (outline.stroke, outline.fill) == ("#ff0000", "#00ff00")
    corners = [(40, 50), (103, 50), (40, 138), (103, 138)]
    assert not any(point == pytest.approx(corner, abs=0.01) for point in outline.points for corner in corners)
    assert min(outline.points) == pytest.approx((40, 53), abs=0.01)  # the left edge starts 3 mm below the top


def test_a_paths_fill_rule_reaches_the_pdf(tmp_path):
    """even_odd: inner subpaths cut holes whatever their direction (f*, B*); otherwise the
    non-zero winding rule (f, B)."""
    square = (("M", 10, 10), ("L", 50, 10), ("L", 50, 50), ("L", 10, 50), ("Z",),
              ("M", 20, 20), ("L", 40, 20), ("L", 40, 40), ("L", 20, 40), ("Z",))
    filled = Style(stroke=None, fill="#000000")
    both = Style(stroke="#000000", fill="#ffd966")
    items = [Path(square, filled, even_odd=True), Path(square, both, even_odd=True),
             Path(square, filled), Path(square, both)]
    assert pdf_paint_operators(written(tmp_path, Page(*A4_PORTRAIT, items))) == [["f*", "B*", "f", "B"]]


def test_text_with_alpha_and_omega_embeds_the_font(tmp_path):
    items = [Text(30, 40, "α Ω", 8), Text(105, 60, "Ωmega", 5, anchor="middle", bold=True)]
    path = written(tmp_path, Page(*A4_PORTRAIT, items))
    page = pdf_pages(path)[0]
    assert page.text == "α ΩΩmega"
    alpha = page.chars[0]
    assert (alpha.x, alpha.baseline, alpha.size) == pytest.approx((30, 40, 8), abs=0.01)
    assert alpha.font.endswith("+DejaVuSans")
    centred = [char for char in page.chars if char.font.endswith("DejaVuSans-Bold")]
    assert centred[0].x == pytest.approx(105 - fonts.text_width("Ωmega", 5, bold=True) / 2, abs=0.01)
    found = pdf_fonts(path)
    assert {font.name.split("+")[-1] for font in found} == {"DejaVuSans", "DejaVuSans-Bold"}
    assert all(font.embedded for font in found)  # no Helvetica, no Symbol: nothing left to the viewer


def test_text_missing_a_glyph_is_refused():
    with pytest.raises(fonts.MissingGlyphError, match="U\\+1D11E"):
        pdf_bytes(Document([Page(*A4_PORTRAIT, [Text(10, 10, "clef \U0001d11e", 5)])]))


def test_symbols_are_one_form_drawn_once_per_use(tmp_path):
    token = Symbol("token", [Circle(0, 0, 4, Style(fill="#ffd966")), Text(0, 1, "Ω", 3, anchor="middle")])
    uses = [Use("token", translate(20 + 10 * i, 100)) for i in range(15)]
    path = written(tmp_path, Page(*A4_PORTRAIT, uses), Page(*A4_PORTRAIT, uses[:3]), symbols=[token])
    assert len(pdf_forms(path)) == 1
    assert pdf_form_draws(path) == [15, 3]
    first = pdf_pages(path)[0]
    centres = sorted(round((min(x for x, _ in curve.points) + max(x for x, _ in curve.points)) / 2, 3)
                     for curve in first.curves)
    assert centres == [20.0 + 10 * i for i in range(15)]
    assert [char.text for char in first.chars] == ["Ω"] * 15


def test_form_box_holds_art_around_the_symbol_origin(tmp_path):
    token = Symbol("token", [Circle(0, 0, 4, Style(width=0.3))])
    path = written(tmp_path, Page(*A4_PORTRAIT, [Use("token", translate(50, 50))]), symbols=[token])
    (box,) = pdf_forms(path)
    x0, y0, x1, y1 = box
    assert x0 <= -4.15 and y0 <= -4.15 and x1 >= 4.15 and y1 >= 4.15


def test_polyline_is_one_path(tmp_path):
    zigzag = Polyline([(10 + 5 * i, 20 + 5 * (i % 2)) for i in range(30)])
    page = pdf_pages(written(tmp_path, Page(*A4_PORTRAIT, [zigzag])))[0]
    assert not page.lines and len(page.curves) == 1 and len(page.curves[0].points) == 30


def test_opacity_survives_colour_changes(tmp_path):
    half = [Rect(10, 10, 5, 5, Style(stroke=None, fill=colour, opacity=0.5)) for colour in ("#ff0000", "#0000ff")]
    items = [*half, Rect(30, 10, 5, 5, Style(fill="#00ff00")), Circle(50, 50, 3, Style(stroke="#ff0000", opacity=0.25))]
    (alphas,) = pdf_paint_alphas(written(tmp_path, Page(*A4_PORTRAIT, items)))
    assert [fill for _, fill in alphas[:3]] == [0.5, 0.5, 1.0]
    assert alphas[3][0] == 0.25


def test_same_document_gives_the_same_bytes_within_a_process():
    document = Document([Page(*A4_PORTRAIT, [Text(10, 10, "α Ω", 5)])], title="again")
    first = pdf_bytes(document)
    pdf_bytes(Document([Page(*A4_PORTRAIT, [Text(10, 10, "ÿĀ€ωψχ other glyphs", 4)])]))
    assert pdf_bytes(document) == first
