"""The YINSH rules sheet, read back from the PDF: A4, nothing under 8 pt, no rule ids, the
notation, and the diagrams' pieces where the rules put them."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from drawcheck import pdf_fonts, pdf_pages

from printkit.boards.spec import load_spec
from printkit.draw import bounding_box, write_document
from printkit.render.boards.document import write_board
from printkit.render.boards.yinsh_diagrams import HIGHLIGHT, MARKER_RADIUS, RING_RADIUS
from printkit.render.boards.yinsh_rules import rules_document, rules_page
from printkit.yinsh.knobs import BLITZ

EIGHT_PT = 8 * 25.4 / 72


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory):
    (path,) = write_document(rules_document(), tmp_path_factory.mktemp("rules") / "rules.pdf")
    assert all(font.embedded for font in pdf_fonts(path))
    (page,) = pdf_pages(path)
    return page


def _centre(curve) -> tuple[float, float]:
    xs, ys = [p[0] for p in curve.points], [p[1] for p in curve.points]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _radius(curve) -> float:
    xs = [p[0] for p in curve.points]
    return (max(xs) - min(xs)) / 2


def test_a4_and_no_text_under_8_pt(sheet) -> None:
    assert (sheet.width_mm, sheet.height_mm) == (pytest.approx(210, abs=0.01), pytest.approx(297, abs=0.01))
    assert min(char.size for char in sheet.chars) >= EIGHT_PT


def test_the_rules_in_a_players_words_with_the_notation(sheet) -> None:
    text = " ".join(sheet.text.split())
    for heading in ("What you need", "Setting up", "Your turn", "Rows", "Winning", "Writing a game down"):
        assert heading in text
    for phrase in ("x a3-e3 r b2", "a2-h9", "24. x c4-c8 r d5 e8-e4", "third ring", "Written: e3-e8",
                   "Written: x e3-e7 r f6", "printkit moves yinsh --game"):
        assert phrase in text
    assert not re.search(r"\bY\d+\b", text)  # no rule ids on a sheet for the table


def test_the_diagrams_pieces(sheet) -> None:
    """Markers: before the move e3 e5 f8 white, e6 e7 d4 black; after it e3 e6 e7 f8 white,
    e5 d4 black; the row e3-e7 and f8 white, e2 d5 black; after it f8 white, e2 d5 black.
    Rings: white e3, e8, e8 and f6, e8, one in a slot; black d2 twice."""
    white = [c for c in sheet.curves if c.stroke == "#000000" and c.fill == "#ffffff"]
    black = [c for c in sheet.curves if c.stroke == "#000000" and c.fill == "#000000"]
    assert (len(white), len(black)) == (3 + 4 + 6 + 1, 3 + 2 + 2 + 2)
    rims = [c for c in sheet.curves if c.stroke == "#ffffff" and c.fill is None]
    assert len(rims) == 6
    spacing = _radius(white[0]) / MARKER_RADIUS
    assert all(_radius(c) == pytest.approx(MARKER_RADIUS * spacing, abs=0.05) for c in white + black)
    assert all(_radius(c) == pytest.approx(RING_RADIUS * spacing, abs=0.05) for c in rims[:-1])  # the slot's is smaller
    # The highlights: three flipped markers and the ring taken off, each centred on its piece.
    halos = [c for c in sheet.curves if c.stroke == HIGHLIGHT and c.fill is None and _radius(c) < spacing]
    assert len(halos) == 4
    pieces = [_centre(c) for c in white + black + rims]
    for halo in halos:
        assert min(math.dist(_centre(halo), piece) for piece in pieces) < 0.05


def test_the_flipped_markers_are_three_points_in_a_row_and_swapped(sheet) -> None:
    marker = next(c for c in sheet.curves if c.stroke == "#000000" and c.fill == "#ffffff")
    spacing = _radius(marker) / MARKER_RADIUS
    halos = sorted(_centre(c) for c in sheet.curves if c.stroke == HIGHLIGHT and c.fill is None
                   and _radius(c) < 0.45 * spacing)  # around markers (0.36 s), not the ring (0.51 s)
    flipped = [h for h in halos if abs(h[1] - halos[0][1]) < 0.05]
    assert len(flipped) == 3
    gaps = {round(b[0] - a[0], 2) for a, b in zip(flipped, flipped[1:])}
    assert len(gaps) == 1  # e5, e6, e7: one spacing apart on one line
    colours = [next(c.fill for c in sheet.curves if c.stroke == "#000000" and math.dist(_centre(c), h) < 0.05)
               for h in flipped]
    assert colours == ["#000000", "#ffffff", "#ffffff"]  # white, black, black before


def test_the_page_stays_inside_its_margins_on_a4_and_letter() -> None:
    for paper in ((210.0, 297.0), (215.9, 279.4)):
        page = rules_page(paper=paper)
        x0, y0, x1, y1 = bounding_box(page.items, {})
        assert x0 >= 10 and y0 >= 10 and x1 <= paper[0] - 10 and y1 <= paper[1] - 10


def test_blitz_says_the_first_ring() -> None:
    texts = []

    def walk(items):
        for item in items:
            if hasattr(item, "items"):
                walk(item.items)
            elif hasattr(item, "text"):
                texts.append(item.text)

    walk(rules_page(BLITZ).items)
    joined = " ".join(texts)
    assert "first ring" in joined and "blitz" in joined


def test_a_board_spec_adds_the_sheet(tmp_path: Path) -> None:
    spec_path = tmp_path / "yinsh.yaml"
    spec_path.write_text("game: yinsh\norientation: landscape\n", encoding="utf-8")
    (path,) = write_board(load_spec(str(spec_path)), tmp_path / "board.pdf")
    pages = pdf_pages(path)
    assert len(pages) == 4
    last = pages[-1]
    assert (last.width_mm, last.height_mm) == (pytest.approx(210, abs=0.01), pytest.approx(297, abs=0.01))
    assert "Writing a game down" in last.text
    assert len(pdf_pages(write_board(load_spec(str(spec_path)), tmp_path / "plain.pdf", rules=False)[0])) == 3
