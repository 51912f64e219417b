"""The fourth marker matched where three others put it (printkit.scan.fourth_marker): a
blurred marker is found and placed, while another sheet's marker, a plain black square or
white paper in its place is not taken for it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from scansheets import drawn, gray

from printkit.scan.fourth_marker import fourth_marker
from printkit.scan.marker_sheet import Marker


def _true_markers(sheet) -> list[Marker]:
    """The sheet's four markers where the photo's own homography puts them."""
    code = sheet.page.code
    return [Marker(marker_id, corner, cv2.perspectiveTransform(np.array([square], np.float64),
                                                                 sheet.photo.page_to_photo)[0])
            for corner, (marker_id, square) in enumerate(zip(code.marker_ids(), code.marker_corners()))]


def _paint(photo: np.ndarray, quad: np.ndarray, image: np.ndarray) -> None:
    """`image` (square) warped onto the photo's quad."""
    side = image.shape[0]
    to_photo = cv2.getPerspectiveTransform(np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32),
                                           quad.astype(np.float32))
    shape = photo.shape[::-1]
    inside = cv2.warpPerspective(np.full((side, side), 255, np.uint8), to_photo, shape) > 127
    photo[inside] = cv2.warpPerspective(image, to_photo, shape)[inside]


def _blurred_round(photo: np.ndarray, quad: np.ndarray, sigma: float = 4.5) -> np.ndarray:
    """The photo blurred (a Gaussian of `sigma` px, at 8 px a mm) round the quad: past what
    OpenCV's detector decodes."""
    centre = quad.mean(axis=0)
    x0, y0 = (centre - 1.2 * np.ptp(quad, axis=0)).astype(int)
    x1, y1 = (centre + 1.2 * np.ptp(quad, axis=0)).astype(int)
    photo[y0:y1, x0:x1] = cv2.GaussianBlur(photo, (0, 0), sigma)[y0:y1, x0:x1]
    return photo


@pytest.mark.parametrize("instead", [None, "old sheet's", "black", "white"])
def test_only_the_marker_this_sheet_prints_is_matched(instead):
    """The bottom-left marker blurred (id 40): matched and placed to half a mm. In its place,
    blurred alike, an old sheet's (id 38, whose markers are 6 mm: the three others' 12 mm
    ones fit no such sheet), a plain black square (blurred less) or white paper: nothing is
    taken."""
    sheet = drawn(7)  # small in its photo (2.9 px a mm), as the sheet this was tuned on was
    photo = gray(sheet).copy()
    markers = _true_markers(sheet)
    quad = markers[3].points
    if instead == "old sheet's":
        _paint(photo, quad, cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), 38, 96))
    elif instead is not None:
        _paint(photo, quad, np.full((96, 96), 20 if instead == "black" else 230, np.uint8))
    # a plain square matches a marker best when sharp (then only its missing code tells it apart)
    found = fourth_marker(_blurred_round(photo, quad, 1.5 if instead == "black" else 4.5), [markers[:3]])
    if instead is None:
        assert found is not None and found[1] == 40
        assert np.abs(found[2] - quad).max() < 4.0  # px, at 8 px a mm
    else:
        assert found is None


def test_a_marker_further_off_than_the_three_put_it_is_matched_on_a_dark_square_seen_there():
    """Three small markers fix a tilted sheet's perspective poorly: the fourth may lie a
    marker side or two from where they put it, past the window matched round that place. The
    bottom-left marker painted 1.6 marker sides off its place and blurred: not found from the
    three alone, found (where it is painted) when a look saw a dark square there."""
    sheet = drawn(3)
    photo = gray(sheet).copy()
    markers = _true_markers(sheet)
    quad = markers[3].points
    side = float(np.linalg.norm(quad[1] - quad[0]))
    towards = (markers[0].points.mean(axis=0) - quad.mean(axis=0))
    moved = quad + 1.6 * side * towards / np.linalg.norm(towards)  # up the sheet's left edge
    marker = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), 40, 96)
    _paint(photo, quad, np.full((96, 96), 230, np.uint8))
    _paint(photo, moved, marker)
    photo = _blurred_round(photo, moved, 3.0)
    assert fourth_marker(photo, [markers[:3]]) is None
    found = fourth_marker(photo, [markers[:3]], [moved + 2.0, quad + [300.0, 0.0]])
    assert found is not None and found[1] == 40
    assert np.abs(found[2] - moved).max() < 4.0
