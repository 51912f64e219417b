"""The shared page layout (printkit/render/sinpin/sheet.py): orientation, placement, footers."""

from __future__ import annotations

import pytest

from printkit.draw import Rect
from printkit.draw.fonts import ascent
from printkit.render.sinpin.sheet import (
    SAFE_MARGIN, TITLE_SIZE, Block, Sheet, calibration_block, flow, is_landscape, rows_block,
)


@pytest.mark.parametrize("columns, rows, landscape", [
    (12, 18, False), (18, 12, True), (12, 7, True), (7, 12, False), (12, 12, False), (13, 5, True), (3, 18, False),
])
def test_orientation_follows_s2_and_the_map_shape(columns, rows, landscape):
    assert is_landscape(columns, rows) is landscape


@pytest.mark.parametrize("columns, rows", [(19, 1), (13, 13), (1, 19)])
def test_maps_beyond_s2_have_no_sheet(columns, rows):
    with pytest.raises(ValueError):
        is_landscape(columns, rows)
    with pytest.raises(ValueError):
        Sheet.centred(columns, rows)


@pytest.mark.parametrize("columns, rows, landscape", [(12, 18, True), (1, 13, True), (13, 1, False)])
def test_a_forced_orientation_must_hold_the_fields_as_s2_says(columns, rows, landscape):
    with pytest.raises(ValueError):
        Sheet.centred(columns, rows, landscape)


def test_fields_are_placed_from_the_centred_corner():
    sheet = Sheet.centred(12, 18)
    assert (sheet.left, sheet.top, sheet.right, sheet.bottom) == (15.0, 13.5, 195.0, 283.5)
    assert sheet.corner(2, 3) == (45.0, 58.5) and sheet.centre(2, 3) == (52.5, 66.0)


def _every_sheet():
    for columns in range(1, 19):
        for rows in range(1, 19):
            for landscape in (False, True):
                try:
                    yield Sheet.centred(columns, rows, landscape)
                except ValueError:
                    continue


def test_header_and_footer_keep_to_the_safe_margin_and_the_bar_always_fits():
    bar = calibration_block()
    for sheet in _every_sheet():
        assert sheet.header_baseline - ascent(TITLE_SIZE, True) >= SAFE_MARGIN - 1e-9
        x, y, width, height = sheet.footer_area(bar.width)
        assert x >= SAFE_MARGIN and x + width <= sheet.page.width - SAFE_MARGIN
        assert y > sheet.bottom and y + height == pytest.approx(sheet.page.height - SAFE_MARGIN)
        assert bar.height <= height and bar.width <= width, (sheet.columns, sheet.rows)


def _box(width: float, height: float, space: float = 2.0) -> Block:
    return Block(width, height, lambda x, y: Rect(x, y, width, height), space)


def test_flow_fills_rows_left_to_right_and_returns_what_does_not_fit():
    placed, rest = flow([_box(40, 5), _box(40, 5), _box(40, 8), _box(50, 5)], (10.0, 20.0, 90.0, 16.0))
    # each block on its white ground (issue 19: not on the squared paper's lines)
    grounds, blocks = zip(*(group.items for group in placed.items))
    assert [(item.x, item.y) for item in blocks] == [(10.0, 20.0), (52.0, 20.0), (10.0, 27.0)]
    # 1 mm around each and over the 2 mm (_box's space) kept after it: neighbours' grounds overlap
    # (above the area only as far as flow is told: a full-size map ends just above its footer)
    assert [(ground.x, ground.y, ground.w, ground.h) for ground in grounds] == [(9.0, 20.0, 44.0, 8.0), (51.0, 20.0, 44.0, 8.0),
                                                                              (9.0, 26.0, 44.0, 10.0)]
    assert all(ground.style.fill == "#ffffff" and ground.style.stroke is None for ground in grounds)
    assert len(rest) == 1


def test_flow_keeps_the_reading_order_when_a_later_block_would_fit():
    blocks = [_box(10, 5), _box(10, 50), _box(10, 1)]
    placed, rest = flow(blocks, (0.0, 0.0, 100.0, 10.0))
    assert len(placed.items) == 1 and rest == blocks[1:]


def test_rows_block_keeps_its_members_together():
    legend = rows_block([_box(40, 5), _box(40, 5), _box(40, 6)], 90.0)
    assert legend.width == 90.0 and legend.height == 5 + 2 + 6
    placed = legend.draw(100.0, 10.0)
    assert [(item.x, item.y) for item in placed.items] == [(100.0, 10.0), (142.0, 10.0), (100.0, 17.0)]
