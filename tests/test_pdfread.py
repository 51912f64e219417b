"""tests/pdfread.py, the render tests' fast PDF reader, reads what pdfplumber reads: the
same lines, rectangles, curves and characters, in the same order, to 1e-9 mm."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen import canvas

from drawcheck import pdf_pages, pdfplumber_pages
from pdfread import operations
from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _same(ours, theirs) -> None:
    assert len(ours) == len(theirs)
    for mine, reference in zip(ours, theirs):
        assert (mine.width_pt, mine.height_pt) == pytest.approx((reference.width_pt, reference.height_pt), abs=1e-9)
        for kind in ("lines", "rects", "curves", "chars"):
            got, want = getattr(mine, kind), getattr(reference, kind)
            assert len(got) == len(want), kind
            for a, b in zip(got, want):
                assert _flat(vars(a).values()) == pytest.approx(_flat(vars(b).values()), abs=1e-9), (kind, a, b)


def _flat(values) -> list:
    """Numbers, strings and None in order, nested tuples and lists opened."""
    flat = []
    for value in values:
        flat += _flat(value) if isinstance(value, (tuple, list)) else [value]
    return flat


@pytest.mark.parametrize("args", [
    ["board", str(ROOT / "templates" / "sinoda-2.yaml")],  # shared art drawn as forms (Do)
    ["cards"],  # text in two fonts, rounded cards, bleed bands
    ["render", str(ROOT / "levels" / "07-the-chimney.yaml"), "--overlay"],  # arrows, curves, shading
    ["paper"],  # the design sheet: markers, grid, legend
], ids=["board", "cards", "overlay", "paper"])
def test_printkit_pages_read_as_pdfplumber_reads_them(tmp_path: Path, args: list[str]) -> None:
    out = tmp_path / "out.pdf"
    result = CliRunner().invoke(main, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    ours = pdf_pages(out)[:2]  # pdfplumber is slow: two pages of each kind are enough
    assert sum(len(page.chars) for page in ours) > 50 and sum(len(page.lines) + len(page.curves) for page in ours) > 20
    _same(ours, pdfplumber_pages(out, first=2))


def test_what_printkit_does_not_write_yet_reads_the_same(tmp_path: Path) -> None:
    """Text and paint states beyond reportlab's usual: spacing, scaling, rise, rotation,
    CMYK and grey, closed and multi-part paths, a scaled line width, q/Q."""
    path = tmp_path / "odd.pdf"
    page = canvas.Canvas(str(path), pagesize=(300, 400))
    text = page.beginText(20, 350)
    text.setFont("Helvetica", 11)
    text.setCharSpace(1.5)
    text.setWordSpace(4)
    text.setHorizScale(80)
    text.textLine("spaced out words (and parentheses) \\ slash")
    text.setRise(3)
    text.textOut("risen")
    text.setFont("Times-Roman", 9)
    text.textLine(" and Times")
    page.drawText(text)
    page.saveState()
    page.translate(150, 200)
    page.rotate(30)
    page.scale(2, 2)
    page.setLineWidth(0.5)
    page.setStrokeColor(CMYKColor(0.1, 0.2, 0.3, 0.4))
    page.setFillGray(0.5)
    page.drawString(0, 0, "turned")
    page.rect(0, 0, 20, 10, fill=1)
    page.line(0, 0, 30, 0)
    page.restoreState()
    drawn = page.beginPath()
    drawn.moveTo(10, 10)
    drawn.lineTo(60, 10)
    drawn.lineTo(60, 40)
    drawn.lineTo(10, 40)
    drawn.close()
    drawn.moveTo(100, 100)
    drawn.curveTo(110, 120, 130, 120, 140, 100)
    drawn.moveTo(200, 50)
    drawn.lineTo(250, 90)
    page.setFillColorRGB(0.2, 0.4, 0.6)
    page.drawPath(drawn, stroke=1, fill=1)
    page.circle(200, 300, 25, stroke=1, fill=0)
    page.showPage()
    page.save()
    ours = pdf_pages(path)
    assert any(char.text == "(" for char in ours[0].chars) and "\\" in ours[0].text
    assert ours[0].rects and ours[0].curves and ours[0].lines
    _same(ours, pdfplumber_pages(path))


def test_content_stream_tokens() -> None:
    stream = rb"""% a comment
    1 0 0 1 .5 -2. cm /F1 12 Tf (a \(b\) \\ c\101\
d (nested) e) Tj [(x) -250 <4142 43>] TJ /Name true null BDC << /MCID 0 >> EMC 0.1 0.2 0.3 rg"""
    ops = list(operations(stream))
    assert ops[0] == ("cm", [1.0, 0.0, 0.0, 1.0, 0.5, -2.0])
    assert ops[1] == ("Tf", ["F1", 12.0])
    assert ops[2] == ("Tj", [b"a (b) \\ cAd (nested) e"])
    assert ops[3] == ("TJ", [[b"x", -250.0, b"ABC"]])
    assert ops[4] == ("BDC", ["Name", True, None])
    assert [op for op, _ in ops[5:]] == ["EMC", "rg"]
    assert math.isclose(ops[6][1][2], 0.3)
