"""The demo page: every primitive and piece of furniture on one A4 sheet, in both formats.

`python tests/test_draw_demo.py out.pdf` (or .svg) writes it for looking at; render it with
`pdftoppm -png -r 60 out.pdf /tmp/page` or `rsvg-convert out.svg -o page.png`.
"""

from __future__ import annotations

import sys

from drawcheck import pdf_fonts, pdf_pages, svg_page
from printkit.draw import (
    A4_PORTRAIT, Arc, Circle, Document, Group, Line, Page, Path, Polygon, Polyline, Rect, Style, Symbol, Text, Use,
    arc_commands, lens, rotate, scale, translate, write_document,
)
from printkit.draw.furniture import calibration_bar, crop_marks, hatch, paragraph, squared_paper


def demo_document() -> Document:
    """One A4 page using every primitive and piece of furniture, and a Symbol used 12 times."""
    token = Symbol("token", (
        Circle(0, 0, 4, Style(fill="#ffd966", width=0.3)),
        Text(0, 1.2, "Ω", 3.5, anchor="middle", bold=True),
    ))
    cards = [(15 + 40 * column, 200, 40, 25) for column in range(3)]
    items = [
        Text(105, 15, "printkit drawing layer — α Ω", 6, anchor="middle", bold=True),
        squared_paper(15, 25, 60, 40),
        Line(85, 25, 125, 65, Style(width=0.5, cap="round")),
        Polyline([(85, 65), (95, 45), (105, 60), (125, 25)], Style(stroke="#c00000", width=0.4, dash=(2, 1))),
        Polygon([(135, 25), (195, 25), (165, 65)], Style(fill="#cfe2f3", join="round")),
        Rect(15, 75, 40, 25, Style(fill="#eeeeee"), radius=3),
        hatch(Rect(60, 75, 40, 25), spacing=2.0, angle=45),
        Rect(60, 75, 40, 25),
        hatch(Polygon([(110, 75), (150, 75), (130, 100)]), spacing=1.5, angle=-30),
        Polygon([(110, 75), (150, 75), (130, 100)], Style(width=0.35)),
        Circle(172, 88, 12, Style(stroke="#38761d", fill="#d9ead3", width=0.5, opacity=0.8)),
        Arc(172, 88, 16, -90, 90, Style(width=0.6)),
        lens(20, 125, 60, 125, 25, Style(fill="#f4cccc")),
        Path((*arc_commands(100, 125, 15, 0, 360), ("Z",), *arc_commands(100, 125, 8, 0, 360), ("Z",)),
             Style(fill="#b4a7d6"), even_odd=True),
        Group([Text(0, 0, "rotated 30°", 4), Rect(0, 2, 30, 1, Style(stroke=None, fill="#000000"))],
              translate(130, 115) @ rotate(30)),
        Text(195, 140, "end-anchored", 4, anchor="end"),
        Group([Use("token", translate(20 + 15 * (i % 6), 155 + 15 * (i // 6)) @ scale(1 + (i % 3) * 0.2))
               for i in range(12)]),
        paragraph(115, 160, 80, "Wrapped text for cards and rules pages: α entry door, Ω exit, "
                  "50 mm bars and 5 mm squares.", 3.5),
        *[Rect(*card, Style(width=0.2)) for card in cards],
        crop_marks(cards),
        calibration_bar(15, 245),
    ]
    return Document([Page(*A4_PORTRAIT, items)], [token], title="printkit demo", author="printkit", subject="demo")


def test_demo_page_renders_in_both_formats(tmp_path):
    (pdf_path,) = write_document(demo_document(), tmp_path / "demo.pdf")
    (svg_path,) = write_document(demo_document(), tmp_path / "demo.svg")
    pdf, svg = pdf_pages(pdf_path)[0], svg_page(svg_path)
    assert "printkit drawing layer — α Ω" in pdf.text
    assert "printkit drawing layer — α Ω" in svg.labels
    assert all(font.embedded for font in pdf_fonts(pdf_path))
    assert len(svg.uses_of("sym-token")) == 12


if __name__ == "__main__":
    for written in write_document(demo_document(), sys.argv[1] if len(sys.argv) > 1 else "demo.pdf"):
        print(written)
