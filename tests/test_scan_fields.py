"""Evening out the light before fields are cut (printkit.scan.fields._even_light): paper in
a deep, soft shadow stays paper, a filled field stays ink, in the shadow or out of it."""

from __future__ import annotations

import cv2
import numpy as np

from printkit.scan.fields import FIELD_PX, MARGIN_MM, PX, _even_light, _paper

MARGIN = int(MARGIN_MM * PX)


def _field(ink: np.ndarray, column: int, row: int) -> np.ndarray:
    """A field's inside (its frame lines left out)."""
    top, left = MARGIN + row * FIELD_PX, MARGIN + column * FIELD_PX
    return ink[top + 8:top + FIELD_PX - 8, left + 8:left + FIELD_PX - 8]


def _grid(columns: int = 8, rows: int = 5) -> np.ndarray:
    """A flat grid as the scan warps it: paper 200, squared paper every 5 mm, field lines."""
    flat = np.full((2 * MARGIN + rows * FIELD_PX, 2 * MARGIN + columns * FIELD_PX), 200, np.float32)
    for x in range(MARGIN, flat.shape[1] - MARGIN + 1, FIELD_PX // 3):
        flat[MARGIN:-MARGIN, x] = 170
    for y in range(MARGIN, flat.shape[0] - MARGIN + 1, FIELD_PX // 3):
        flat[y, MARGIN:-MARGIN] = 170
    for x in range(MARGIN, flat.shape[1] - MARGIN + 1, FIELD_PX):
        flat[MARGIN:-MARGIN, x - 1:x + 2] = 40
    for y in range(MARGIN, flat.shape[0] - MARGIN + 1, FIELD_PX):
        flat[y - 1:y + 2, MARGIN:-MARGIN] = 40
    return flat


def _fill(flat: np.ndarray, column: int, row: int, grey: float) -> None:
    top, left = MARGIN + row * FIELD_PX, MARGIN + column * FIELD_PX
    flat[top + 4:top + FIELD_PX - 4, left + 4:left + FIELD_PX - 4] = grey


def test_blank_fields_in_a_deep_soft_shadow_are_paper_and_filled_ones_ink():
    """A shadow 48 % darker than the paper beside it, two fields wide, its edge soft (as a
    hand's or a phone's): its blank fields read as little ink (0.48 before, as a filled
    field: a block that much darker than the paper nearby was taken for one). Filled fields,
    solid or hatched, in the light and in the shadow, stay ink; blank ones in the light paper."""
    flat = _grid()
    _fill(flat, 0, 1, 60)  # solid, in the light
    _fill(flat, 4, 3, 60)  # solid, in the shadow
    top, left = MARGIN + 3 * FIELD_PX + 4, MARGIN + FIELD_PX + 4
    flat[top:top + FIELD_PX - 8, left:left + FIELD_PX - 8:4] = 60  # hatched, in the light
    shade = np.zeros(flat.shape, np.float32)
    shade[:, MARGIN + 4 * FIELD_PX:MARGIN + 6 * FIELD_PX] = 1.0
    photo = cv2.GaussianBlur(flat, (0, 0), 1.0) * (1.0 - 0.48 * cv2.GaussianBlur(shade, (0, 0), 10))
    ink = _even_light(photo)
    for column in (4, 5):
        for row in (0, 1, 2):
            assert _field(ink, column, row).mean() < 0.2, (column, row)
    for column, row in ((0, 1), (4, 3)):
        assert _field(ink, column, row).mean() > 0.6, (column, row)
    assert _field(ink, 1, 3).mean() > 0.12  # hatched: a quarter of its inside inked
    assert max(_field(ink, column, row).mean() for column in (2, 7) for row in range(5)) < 0.05


def _shadowed(flat: np.ndarray, light: float, sigma: float) -> np.ndarray:
    """The flat grid photographed with a shadow over its right part, its edge slanted across
    fields (not along a field line), leaving `light` of the light, its edge blurred by sigma px."""
    shade = np.zeros(flat.shape, np.float32)
    h, w = flat.shape
    cv2.fillPoly(shade, [np.array([[int(w * 0.45), 0], [w, 0], [w, h], [int(w * 0.6), h]], np.int32)], 1.0)
    return cv2.GaussianBlur(flat, (0, 0), 1.0) * (1.0 - (1.0 - light) * cv2.GaussianBlur(shade, (0, 0), sigma))


def _marked() -> np.ndarray:
    flat = _grid(10, 5)
    for column, row in ((1, 1), (7, 1), (8, 3), (2, 3)):
        _fill(flat, column, row, 60)
    return flat


def test_blank_fields_under_a_deep_shadow_read_blank_whatever_its_edge():
    """A phone's shadow leaving a quarter of the light, its edge sharp (1 mm) or soft (8 mm),
    slanted across the fields: the blank fields under it and beside its edge read as little
    ink (before, those within a field of its edge were taken for filled fields, read as rock,
    some surely); filled fields in the light and under the shadow stay ink."""
    for sigma in (PX, 8 * PX):
        ink = _even_light(_shadowed(_marked(), 0.25, sigma))
        blanks = [_field(ink, column, row).mean() for column in range(10) for row in range(5)
                  if (column, row) not in ((1, 1), (7, 1), (8, 3), (2, 3))]
        assert max(blanks) < 0.25, (sigma, max(blanks))
        for column, row in ((1, 1), (7, 1), (8, 3), (2, 3)):
            assert _field(ink, column, row).mean() > 0.6, (sigma, column, row)


def test_a_shadow_too_deep_to_read_is_told_from_a_big_filled_area():
    """Paper under a shadow darker than DIM_PAPER is marked dim (the scan then asks for more
    light); a block of filled fields as dark, its edges the pen's, is not."""
    dark = _paper(_shadowed(_marked(), 0.12, 4 * PX))[1]
    assert dark[:, -2 * FIELD_PX:].mean() > 0.5
    assert not dark[:, :3 * FIELD_PX].any()
    filled = _grid(10, 6)
    for column in range(3, 7):
        for row in range(1, 5):
            _fill(filled, column, row, 25)
    assert not _paper(cv2.GaussianBlur(filled, (0, 0), 1.0))[1].any()


def test_light_falling_off_evenly_has_no_shadow_edge_at_the_image_s_borders():
    """The edge test compares light some mm either way; beyond the image's border it is the
    border's own light, not the far side's (np.roll wrapped round: the dark left border was
    compared with the bright right one, and blocks there read as a shadow)."""
    from printkit.scan.fields import _soft_edged

    block = FIELD_PX // 2
    h, w = 14 * block, 18 * block
    flat = np.tile(np.linspace(40, 240, w, dtype=np.float32), (h, 1)).astype(np.uint8)
    tiles = flat.reshape(h // block, block, w // block, block).transpose(0, 2, 1, 3).reshape(h // block, w // block, -1)
    middle, bright = np.percentile(tiles.astype(np.float32), (50, 90), axis=2).astype(np.float32)
    shaded, _ = _soft_edged(flat, np.ones(bright.shape, bool), bright, middle, bright.copy(), block)
    assert not shaded.any()
