"""The SVG backend, checked by parsing the written file back."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from drawcheck import SVG_NS, spacings, svg_page
from printkit.draw import fonts
from printkit.draw.furniture import squared_paper
from printkit.draw import (
    A4_LANDSCAPE, A4_PORTRAIT, Arc, Circle, Group, Line, Page, Path, Polygon, Rect, Style, Symbol, Text, Use, rotate,
    translate,
)
from printkit.draw.svg import svg_bytes


def written(tmp_path, page, symbols=(), title=""):
    path = tmp_path / "out.svg"
    path.write_bytes(svg_bytes(page, symbols, title))
    return path


def test_svg_is_xml_sized_in_millimetres(tmp_path):
    path = written(tmp_path, Page(*A4_PORTRAIT), title="Level 1")
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG_NS}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
    page = svg_page(path)
    assert (page.width_mm, page.height_mm, page.viewbox, page.title) == (210, 297, (0, 0, 210, 297), "Level 1")
    landscape = svg_page(written(tmp_path, Page(*A4_LANDSCAPE)))
    assert (landscape.width_mm, landscape.height_mm) == (297, 210)


def test_squared_paper_pitch_reads_back_as_five_millimetres(tmp_path):
    page = svg_page(written(tmp_path, Page(*A4_PORTRAIT, [squared_paper(10, 10, 190, 277)])))
    assert len(page.paths) == 1  # the whole grid is one path
    verticals = [line for line in page.lines if line.is_vertical]
    horizontals = [line for line in page.lines if line.is_horizontal]
    assert (len(verticals), len(horizontals)) == (39, 56)
    assert spacings(line.x1 for line in verticals) == [5.0]
    assert spacings(line.y1 for line in horizontals) == [5.0]


def test_shapes_and_transforms_land_where_laid_out(tmp_path):
    items = [
        Line(20, 30, 120, 30, Style(width=0.5, dash=(2, 1), cap="round")),
        Rect(40, 50, 63, 88, Style(fill="#00ff00"), radius=2),
        Circle(150, 150, 7, Style(fill="#ff0000", opacity=0.5)),
        Group([Line(0, 0, 10, 0)], translate(150, 200) @ rotate(90)),
        Polygon([(0, 0), (10, 0), (5, 8)]),
        Arc(100, 250, 10, 0, 180),
        Path([("M", 0, 0), ("L", 5, 0), ("L", 5, 5), ("Z",)], Style(fill="#000000", stroke=None), even_odd=True),
        Rect(0, 0, 5, 5, Style(stroke=None)),  # neither stroked nor filled: nothing to write
    ]
    path = written(tmp_path, Page(*A4_PORTRAIT, items))
    page = svg_page(path)
    first, turned = page.lines[0], page.lines[1]
    assert (first.x1, first.y1, first.x2, first.y2, first.width) == (20, 30, 120, 30, 0.5)
    assert (turned.x1, turned.y1, turned.x2, turned.y2) == pytest.approx((150, 200, 150, 210))
    (rect,) = page.rects
    assert (rect.x, rect.y, rect.w, rect.h, rect.fill) == (40, 50, 63, 88, "#00ff00")
    assert page.circles == [(150, 150, 7)]
    arc = page.paths[0]
    assert arc.commands[0] == ("M", 110, 250) and arc.commands[-1][-2:] == pytest.approx((90, 250))
    text = path.read_text(encoding="utf-8")
    for attribute in ('stroke-dasharray="2 1"', 'stroke-linecap="round"', 'fill-opacity="0.5"',
                      'stroke-opacity="0.5"', 'fill-rule="evenodd"', 'rx="2"'):
        assert attribute in text
    assert text.count("<rect") == 2  # the paper and the laid-out one


def test_text_is_drawn_as_glyph_outlines(tmp_path):
    path = written(tmp_path, Page(*A4_PORTRAIT, [Text(30, 40, "α Ω", 8), Text(30, 60, "ΩΩΩ", 4, bold=True)]))
    text = path.read_text(encoding="utf-8")
    assert "<text" not in text and "font-family" not in text
    page = svg_page(path)
    assert page.labels == ["α Ω", "ΩΩΩ"]
    glyph_ids = sorted(name for name in page.defs if name.startswith("glyph-"))
    alpha, omega, bold_omega = fonts.glyph("α"), fonts.glyph("Ω"), fonts.glyph("Ω", bold=True)
    assert glyph_ids == sorted([f"glyph-r{alpha.gid}", f"glyph-r{omega.gid}", f"glyph-b{bold_omega.gid}"])
    uses = page.uses_of("glyph-")
    assert len(uses) == 5  # the space has no outline
    # each glyph's origin sits on the baseline at the pen position, in mm
    assert (uses[0].x, uses[0].y) == pytest.approx((30, 40))
    assert uses[1].x == pytest.approx(30 + fonts.text_width("α ", 8), abs=1e-4)
    assert [use.x for use in uses[2:]] == pytest.approx([30 + i * fonts.text_width("Ω", 4, True) for i in range(3)], abs=1e-4)
    # font units scaled to the em size, y flipped upright
    scale = 8 / fonts.units_per_em()
    assert uses[0].matrix[:4] == pytest.approx((scale, 0, 0, -scale))


def test_text_anchors_and_rotation(tmp_path):
    items = [Text(105, 40, "Ωmega", 5, anchor="middle"), Text(200, 50, "end", 5, anchor="end"),
             Text(50, 80, "up", 5, rotate=-90)]
    uses = svg_page(written(tmp_path, Page(*A4_PORTRAIT, items))).uses_of("glyph-")
    assert uses[0].x == pytest.approx(105 - fonts.text_width("Ωmega", 5) / 2, abs=1e-4)
    assert uses[5].x == pytest.approx(200 - fonts.text_width("end", 5), abs=1e-4)
    assert (uses[8].x, uses[8].y) == pytest.approx((50, 80))
    assert uses[9].y == pytest.approx(80 - fonts.text_width("u", 5), abs=1e-4) and uses[9].x == pytest.approx(50)


def test_text_missing_a_glyph_is_refused():
    with pytest.raises(fonts.MissingGlyphError, match="U\\+1D11E"):
        svg_bytes(Page(*A4_PORTRAIT, [Text(10, 10, "clef \U0001d11e", 5)]))


def test_symbols_are_defined_once_and_used_many_times(tmp_path):
    token = Symbol("token", [Circle(0, 0, 4), Text(0, 1, "Ω", 3, anchor="middle")])
    spare = Symbol("spare", [Line(0, 0, 1, 1)])
    uses = [Use("token", translate(20 + 10 * i, 100)) for i in range(15)]
    path = written(tmp_path, Page(*A4_PORTRAIT, uses), [token, spare])
    page = svg_page(path)
    assert [name for name in page.defs if name.startswith("sym-")] == ["sym-token"]  # only what the page uses
    placed = page.uses_of("sym-token")
    assert [(use.x, use.y) for use in placed] == [(20 + 10 * i, 100) for i in range(15)]
    text = path.read_text(encoding="utf-8")
    assert text.count('id="sym-token"') == 1
    assert text.count("<circle") == 1 and text.count(f'glyph-r{fonts.glyph("Ω").gid}"') == 2  # defined, used in the symbol


def test_every_id_is_explicit_and_unique(tmp_path):
    token = Symbol("token", [Text(0, 0, "αβ", 3)])
    page = Page(*A4_PORTRAIT, [Use("token"), Text(0, 10, "αγ", 3)])
    ids = re.findall(rb'\bid="([^"]+)"', svg_bytes(page, [token]))
    assert len(ids) == len(set(ids)) == 5
    assert all(name.startswith((b"sym-", b"glyph-")) or name == b"paper" for name in ids)
    assert svg_bytes(page, [token]) == svg_bytes(page, [token])


def test_every_page_starts_with_white_paper_covering_it(tmp_path):
    # Issue 12 item 4: a viewer with a coloured canvas must show white paper, not its own colour.
    path = written(tmp_path, Page(*A4_LANDSCAPE, [Rect(10, 10, 20, 20, Style(fill="#ff0000"))]))
    root = ET.parse(path).getroot()
    drawn = [child for child in root if child.tag not in (f"{SVG_NS}defs", f"{SVG_NS}title", f"{SVG_NS}desc")]
    assert drawn[0].tag == f"{SVG_NS}rect" and drawn[0].get("fill") == "#ffffff"
    paper = svg_page(path).paper
    assert (paper.x, paper.y, paper.w, paper.h, paper.fill) == (0, 0, 297, 210, "#ffffff")
