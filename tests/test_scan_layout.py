"""The scan markers' places and the code their ids carry (printkit.scan.layout)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.scan.layout import MARKER_GAP, MARKER_MM, QUIET_MM, SheetCode, corner_of, decode, marker_cells
from printkit.sinpin.rules import FIELD_MM

SAFE_MARGIN = 5.0


def test_the_marker_cells_are_opencvs_own() -> None:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker_id in range(41):
        image = cv2.aruco.generateImageMarker(dictionary, marker_id, 6)
        assert ((image < 128) == np.array(marker_cells(marker_id))).all(), marker_id


sizes = st.one_of(
    st.tuples(st.integers(1, 12), st.integers(1, 18), st.just(False), st.booleans()),
    st.tuples(st.integers(1, 18), st.integers(1, 12), st.just(True), st.booleans()),
)


@settings(max_examples=60, deadline=None)
@given(sizes)
def test_every_sheet_size_round_trips_through_its_marker_ids(size) -> None:
    code = SheetCode(*size)
    ids = code.marker_ids()
    assert [corner_of(marker_id) for marker_id in ids] == [0, 1, 2, 3]
    assert decode(dict(enumerate(ids))) == code


@settings(max_examples=60, deadline=None)
@given(sizes)
def test_markers_stay_on_the_paper_and_off_the_grid(size) -> None:
    code = SheetCode(*size)
    width, height = code.page
    left, top = code.grid_origin
    grid_w, grid_h = code.grid_size
    side = code.marker_mm
    assert MARKER_MM <= side <= 2 * MARKER_MM and (side == MARKER_MM or code.sized)
    for x, y in code.marker_squares():
        assert SAFE_MARGIN <= x and x + side <= width - SAFE_MARGIN
        assert SAFE_MARGIN <= y and y + side <= height - SAFE_MARGIN
        assert x - code.quiet_mm >= 0 and y - code.quiet_mm >= 0  # the white around it is on the paper
        assert code.quiet_mm >= max(QUIET_MM, side / 6)
        # in a corner square: beside neither the row numbers nor the column letters
        assert x + side <= left - MARKER_GAP + 1e-9 or x >= left + grid_w + MARKER_GAP - 1e-9
        assert y + side <= top - MARKER_GAP + 1e-9 or y >= top + grid_h + MARKER_GAP - 1e-9


@pytest.mark.parametrize("size, side", [((12, 18, False), 6.0), ((18, 12, True), 6.0), ((12, 17, False), 7.5),
                                        ((10, 14, False), 12.0), ((16, 10, True), 12.0), ((8, 8, False), 12.0)])
def test_markers_are_as_big_as_the_corners_allow_and_6_mm_on_sheets_printed_before(size, side) -> None:
    assert SheetCode(*size).marker_mm == side
    assert SheetCode(*size, sized=False).marker_mm == MARKER_MM
    assert SheetCode(*size).marker_ids()[3] == 40 and SheetCode(*size, sized=False).marker_ids()[3] == 38


def test_the_full_portrait_sheet_puts_its_markers_just_outside_the_grid() -> None:
    code = SheetCode(12, 18, False)
    assert code.grid_origin == (15.0, 13.5)
    assert code.marker_squares()[0] == pytest.approx((15.0 - 2.4 - MARKER_MM, 13.5 - 2.4 - MARKER_MM))
    assert code.marker_squares()[2] == pytest.approx((15.0 + 12 * FIELD_MM + 2.4, 13.5 + 18 * FIELD_MM + 2.4))


@pytest.mark.parametrize("size", [(13, 18, False), (12, 19, False), (19, 12, True), (18, 13, True), (0, 4, False)])
def test_sizes_beyond_s2_have_no_code(size) -> None:
    with pytest.raises(ValueError, match="S2"):
        SheetCode(*size)


def test_ids_of_no_sheet_are_no_corner() -> None:
    assert [corner_of(marker_id) for marker_id in (17, 18, 35, 36, 37, 38, 39, 40, 41, 49)] == [0, 1, 1, 2, 2, 3, None, 3, None, None]
    with pytest.raises(ValueError):
        decode({0: 17, 1: 35, 2: 36, 3: 38})  # 18 x 18 fields: no A4 sheet holds them
