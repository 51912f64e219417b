"""Print furniture: squared paper, calibration bar, crop marks, hatching, paragraphs."""

from __future__ import annotations

import math

import pytest

from drawcheck import pdf_pages, spacings, svg_page
from printkit.draw import fonts
from printkit.draw.furniture import calibration_bar, crop_marks, hatch, paragraph, squared_paper
from printkit.draw.output import write_document
from printkit.draw import A4_PORTRAIT, Document, Page, Polygon, Rect, Style, Text


def segments(group):
    """The straight pieces of the single path in a furniture group: [(x1, y1, x2, y2)]."""
    if not group.items:
        return []
    (path,) = group.items
    commands = path.commands
    return [(*commands[i][1:], *commands[i + 1][1:]) for i in range(0, len(commands), 2)]


def test_squared_paper_draws_whole_squares_centred():
    grid = squared_paper(10, 20, 22, 12)
    lines = segments(grid)
    xs = sorted({x1 for x1, _, x2, _ in lines if x1 == x2})
    ys = sorted({y1 for _, y1, _, y2 in lines if y1 == y2})
    assert xs == [11, 16, 21, 26, 31] and ys == [21, 26, 31]  # 4 × 2 squares, 1 mm left over each side
    corner = squared_paper(10, 20, 22, 12, centre=False)
    assert min(x for x, *_ in segments(corner)) == 10 and min(y for _, y, *_ in segments(corner)) == 20
    assert squared_paper(0, 0, 4.9, 50).items == ()
    assert len(squared_paper(0, 0, 15, 15, pitch=3).items[0].commands) == 2 * 12
    with pytest.raises(ValueError):
        squared_paper(0, 0, 10, 10, pitch=0)


def test_calibration_bar_is_fifty_millimetres_with_millimetre_ticks(tmp_path):
    path = tmp_path / "bar.pdf"
    write_document(Document([Page(*A4_PORTRAIT, [calibration_bar(20, 250)])]), path)
    page = pdf_pages(path)[0]
    outline = [rect for rect in page.rects if rect.stroke]
    assert len(outline) == 1 and (outline[0].x, outline[0].w, outline[0].h) == pytest.approx((20, 50, 2), abs=0.001)
    ticks = [line for line in page.lines if line.is_vertical]
    assert len(ticks) == 51 and spacings(line.x1 for line in ticks) == [1.0]
    assert sorted({round(line.length, 3) for line in ticks}) == [1.0, 1.5, 2.0]
    assert "50 mm — print at 100 % / actual size" in page.text
    assert len([rect for rect in page.rects if rect.fill == "#000000"]) == 3


def test_calibration_bar_of_other_lengths():
    bar = calibration_bar(0, 0, 100)
    assert any(isinstance(item, Text) and item.text.startswith("100 mm — print at 100 %") for item in bar.items)


def overlaps(segment, rect, width=0.25):
    """Whether a horizontal or vertical mark's ink touches the rectangle (x, y, w, h)."""
    x1, y1, x2, y2 = segment
    rx, ry, rw, rh = rect
    half = width / 2
    low_x, high_x = min(x1, x2) - (half if x1 == x2 else 0), max(x1, x2) + (half if x1 == x2 else 0)
    low_y, high_y = min(y1, y2) - (half if y1 == y2 else 0), max(y1, y2) + (half if y1 == y2 else 0)
    return low_x < rx + rw and high_x > rx and low_y < ry + rh and high_y > ry


def test_crop_marks_for_one_card():
    marks = segments(crop_marks([Rect(50, 50, 63, 88)], length=5, offset=2))
    assert len(marks) == 8
    assert all(math.hypot(x2 - x1, y2 - y1) == pytest.approx(5) for x1, y1, x2, y2 in marks)
    assert (50, 43, 50, 48) in marks and (113, 50, 120, 50) not in marks and (115, 50, 120, 50) in marks
    assert not any(overlaps(mark, (50, 50, 63, 88)) for mark in marks)


def test_crop_marks_of_two_lengths():
    """(left and right, up and down): a sheet's block may have room for long marks above and
    below it but short ones or none beside it (printkit.cards.sheet.crop_lengths)."""
    marks = segments(crop_marks([Rect(50, 50, 63, 88)], length=(3.5, 5), offset=2))
    across = [m for m in marks if m[1] == m[3]]
    down = [m for m in marks if m[0] == m[2]]
    assert len(across) == len(down) == 4
    assert all(x2 - x1 == pytest.approx(3.5) for x1, _, x2, _ in across) and (44.5, 50, 48, 50) in marks
    assert all(y2 - y1 == pytest.approx(5) for _, y1, _, y2 in down)
    only_down = segments(crop_marks([Rect(50, 50, 63, 88)], length=(0, 5), offset=2))
    assert len(only_down) == 4 and all(x1 == x2 for x1, _, x2, _ in only_down)


def test_crop_marks_on_a_sheet_of_touching_cards_stay_outside_the_block(tmp_path):
    cards = [(10.5 + 63 * column, 16.5 + 88 * row, 63, 88) for row in range(3) for column in range(3)]
    marks = segments(crop_marks(cards))
    assert len(marks) == len(set(marks)) == 16  # 4 cut lines each way, a mark at both ends
    for mark in marks:
        assert not any(overlaps(mark, card) for card in cards)
    path = tmp_path / "cards.pdf"
    write_document(Document([Page(*A4_PORTRAIT, [crop_marks(cards)])]), path)
    lines = pdf_pages(path)[0].lines
    assert len(lines) == 16 and all(line.width == pytest.approx(0.25) and line.length == pytest.approx(5) for line in lines)


def test_crop_marks_between_spaced_cards_are_clipped_clear_of_both():
    cards = [(20, 20, 60, 40), (86, 20, 60, 40)]  # 6 mm gutter: room for 2 mm of mark with 2 mm clearance
    marks = segments(crop_marks(cards, length=5, offset=2))
    in_gutter = [mark for mark in marks if 80 < mark[0] < 86 and mark[1] == mark[3]]
    assert sorted(in_gutter) == [(82, 20, 84, 20), (82, 60, 84, 60)]
    assert not any(overlaps(mark, card) for mark in marks for card in cards)
    assert crop_marks([]).items == ()
    with pytest.raises(ValueError):
        crop_marks(cards, offset=0.1)


def test_hatch_lines_are_evenly_spaced_inside_the_shape():
    lines = segments(hatch(Rect(10, 10, 20, 10), spacing=2, angle=0))
    assert sorted(y for _, y, _, _ in lines) == [10, 12, 14, 16, 18]
    assert all((min(x1, x2), max(x1, x2)) == pytest.approx((10, 30)) for x1, _, x2, _ in lines)
    slanted = segments(hatch(Rect(0, 0, 30, 30), spacing=1.5, angle=45))
    for x1, y1, x2, y2 in slanted:
        assert all(-1e-9 <= value <= 30 + 1e-9 for value in (x1, y1, x2, y2))
        assert (y2 - y1) == pytest.approx(x2 - x1)  # 45° on the page
    # neighbouring 45° lines are 1.5 mm apart, measured square to the lines
    offsets = sorted({round((y1 - x1) / math.sqrt(2), 6) for x1, y1, _, _ in slanted})
    assert spacings(offsets) == [1.5]


def test_hatch_follows_concave_outlines_and_lines_up_across_shapes():
    u_shape = [(0, 0), (3, 0), (3, 8), (7, 8), (7, 0), (10, 0), (10, 10), (0, 10)]
    lines = segments(hatch(Polygon(u_shape), spacing=1, angle=0))
    at_four = sorted((min(x1, x2), max(x1, x2)) for x1, y1, x2, _ in lines if y1 == 4)
    assert at_four == [(0, 3), (7, 10)]  # the notch stays empty
    left, right = segments(hatch(Rect(0, 0, 10, 10), 2, 30)), segments(hatch(Rect(10, 0, 10, 10), 2, 30))
    intercept = lambda x1, y1, *_: round(y1 - math.tan(math.radians(30)) * x1, 6)  # noqa: E731
    assert {intercept(*line) for line in left} & {intercept(*line) for line in right}
    assert hatch([(2, 1), (2.5, 1.1), (2.2, 1.3)], spacing=5).items == ()  # falls between two lines
    with pytest.raises(ValueError):
        hatch(Rect(0, 0, 1, 1), spacing=0)


def test_paragraph_wraps_into_baselines(tmp_path):
    text = "Each card shows one rule; long rules wrap to the card's width, α and Ω included."
    block = paragraph(20, 30, 45, text, 3.5, leading=1.3)
    lines = [item for item in block.items]
    assert [line.text for line in lines] == fonts.wrap(text, 45, 3.5)
    assert [line.y for line in lines] == pytest.approx([30 + i * 1.3 * 3.5 for i in range(len(lines))])
    path = tmp_path / "rules.svg"
    write_document(Document([Page(*A4_PORTRAIT, [block])]), path)
    assert svg_page(path).labels == [line.text for line in lines]


def test_furniture_styles_can_be_overridden():
    grid = squared_paper(0, 0, 10, 10, style=Style(stroke="#0000ff", width=0.1))
    assert grid.items[0].style.stroke == "#0000ff"
