"""Finding the sheet by its markers (printkit.scan.markers): markers too blurred to decode
are read where the others put them, a marker that is not there is not made up, and sheets
printed before the markers grew still scan."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from scansheets import LEVEL, drawn, gray, marker_in_shadow

from printkit.scan.errors import ScanError
from printkit.scan.layout import SheetCode, marker_cells
from printkit.scan.marker_sheet import Marker, consistent
from printkit.scan.markers import find_sheet
from printkit.scan.shadowed_marker import even_light
from printkit.scan.synth.sheets import make_sheet
from printkit.scan.synth.styles import TRAINING_STYLES


def _marker_box(sheet, corner: int, pad: float | None = None) -> tuple[int, int, int, int]:
    """The photo px box (x0, y0, x1, y1) of a marker and `pad` mm round it (its quiet zone)."""
    code = sheet.page.code
    x, y = code.marker_squares()[corner]
    pad, side = code.quiet_mm if pad is None else pad, code.marker_mm
    points = cv2.perspectiveTransform(np.array([[[x - pad, y - pad], [x + side + pad, y + side + pad],
                                                 [x - pad, y + side + pad], [x + side + pad, y - pad]]]),
                                      sheet.photo.page_to_photo)[0]
    (x0, y0), (x1, y1) = points.min(axis=0).astype(int), points.max(axis=0).astype(int)
    return x0, y0, x1, y1


def _placed_right(found, sheet) -> bool:
    corners = np.array([[[30.0, 80.0], [180.0, 220.0]]])
    mine = cv2.perspectiveTransform(corners, found.page_to_photo)
    truth = cv2.perspectiveTransform(corners, sheet.photo.page_to_photo)
    return bool(np.abs(mine - truth).max() < 2.5 * found.marker_px / 6)


def test_a_new_sheets_markers_are_12_mm_and_say_so():
    sheet = drawn(3)
    found = find_sheet(gray(sheet))
    assert found.code == SheetCode(8, 8, False) and found.code.sized and found.code.marker_mm == 12.0
    assert _placed_right(found, sheet)


def test_a_marker_too_blurred_to_decode_is_read_where_the_other_three_put_it():
    """Each corner's marker in turn blurred past what OpenCV decodes (a Gaussian of 3.5 px
    at 8 px a mm): mostly read where the other three put it, and never placed wrong (a
    marker not recovered is a refusal that names its corner). How often heavier blur is
    recovered is a bench figure (bench/scan_accuracy.py), not a test's."""
    sheet = drawn(7)  # small in its photo (2.9 px a mm), as the sheet this was tuned on was
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    recovered = 0
    for corner in range(4):
        photo = gray(sheet).copy()
        x0, y0, x1, y1 = _marker_box(sheet, corner, pad=1.0)
        photo[y0:y1, x0:x1] = cv2.GaussianBlur(photo, (0, 0), 3.5)[y0:y1, x0:x1]
        ids = detector.detectMarkers(photo)[1]
        assert ids is None or len(ids) < 4  # OpenCV alone cannot read it
        try:
            found = find_sheet(photo)
        except ScanError as refused:
            assert "cut off" in str(refused)
            continue
        assert found.code == SheetCode(8, 8, False)
        assert _placed_right(found, sheet)
        recovered += 1
    assert recovered >= 3


@pytest.mark.parametrize("paint", [255, 0])
def test_no_marker_is_made_up_where_there_is_white_or_a_plain_black_square(paint):
    """A corner out of view (white) or covered (a black square with no code): refused,
    naming the corner, never read from the other three alone."""
    sheet = drawn(3)
    photo = gray(sheet).copy()
    x0, y0, x1, y1 = _marker_box(sheet, 1)
    if paint:
        photo[y0:y1, x0:x1] = paint
    else:
        code = sheet.page.code
        x, y = code.marker_squares()[1]
        side = code.marker_mm
        square = cv2.perspectiveTransform(np.array([[[x, y], [x + side, y], [x + side, y + side], [x, y + side]]]),
                                          sheet.photo.page_to_photo)[0]
        photo[y0:y1, x0:x1] = 230
        cv2.fillConvexPoly(photo, np.round(square).astype(np.int32), 20)
    with pytest.raises(ScanError, match="cut off.*top-right"):
        find_sheet(photo)


EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "scan-example.jpg"


@pytest.mark.parametrize("columns, missing", [((480, None), "top-left, top-right"), ((0, 1600), "bottom-right, bottom-left"),
                                              ((0, 1900), "top-right, bottom-right")])
def test_a_sheet_cut_off_names_every_corner_cut_off_not_a_field_drawn_like_a_marker(columns, missing):
    """The README's photo cut off on one side, two corner markers out of it: a field drawn like a
    marker (any corner's id, anywhere) was counted found, and the message named one corner
    missing; the user retook the photo with that corner in view and was refused again."""
    photo = cv2.imread(str(EXAMPLE), cv2.IMREAD_GRAYSCALE)
    rows = slice(600, None) if columns == (0, 1900) else slice(None)
    with pytest.raises(ScanError) as refused:
        find_sheet(np.ascontiguousarray(photo[rows, slice(*columns)]))
    assert f"found 2 of the sheet's 4 corner markers (missing: {missing})" in str(refused.value)


def test_a_smooth_picture_without_a_sheet_is_called_blurred_or_sheetless():
    """A plain graphic of soft shapes looks as blurred as an out-of-focus sheet: the message
    said only "too blurred", to someone who had photographed no sheet at all."""
    picture = cv2.GaussianBlur(np.random.default_rng(1).integers(0, 256, (900, 1200)).astype(np.uint8), (0, 0), 25)
    picture = cv2.normalize(picture, None, 0, 255, cv2.NORM_MINMAX)
    with pytest.raises(ScanError) as refused:
        find_sheet(picture)
    said = str(refused.value)  # no marker found, or one the soft shapes passed for
    assert "blurred" in said and ("or no design sheet from `printkit paper` is in it" in said
                                  or "is there a design sheet from `printkit paper` in the photo?" in said), said


def test_consistent_keeps_the_corners_that_sit_as_one_sheets_markers():
    sheet = drawn(3)
    found = find_sheet(gray(sheet))
    code = found.code
    squares = [cv2.perspectiveTransform(np.array([[[x, y], [x + code.marker_mm, y], [x + code.marker_mm, y + code.marker_mm],
                                                   [x, y + code.marker_mm]]], np.float64), found.page_to_photo)[0]
               for x, y in code.marker_squares()]
    ids = code.marker_ids()
    real = {corner: [Marker(ids[corner], corner, squares[corner])] for corner in (0, 1, 3)}
    # a "marker" of the bottom-right's id drawn where the top-left's square is, moved half a page
    stray = Marker(ids[2], 2, squares[0] + np.array([300.0, 400.0]))
    assert set(consistent({**real, 2: [stray]})) == {0, 1, 3}
    assert set(consistent({0: real[0], 2: [stray]})) in ({0}, {2})  # one corner alone is always consistent
    assert consistent({}) == {}


def test_a_sheet_printed_before_the_markers_grew_still_scans():
    code = SheetCode(8, 8, False, sized=False)
    sheet = make_sheet(3, TRAINING_STYLES, rows=LEVEL, code=code, px_per_mm=8.0, size=(2048, 1536), max_tilt=15.0,
                       curl=0.5)
    found = find_sheet(gray(sheet))
    assert found.code == code and found.code.marker_mm == 6.0
    assert _placed_right(found, sheet)


def test_a_corner_out_of_the_photo_is_named_though_a_drawing_passes_for_its_marker():
    """Three markers in view and the fourth cut off, while something in the drawing reads as
    that corner's marker: the four make no sheet, but the three do, and they put the fourth
    outside the photo. That is a sheet cut off, not a sheet of another size."""
    sheet = drawn(5)  # turned so that its bottom-right marker lies right of the others
    x0, y0, x1, y1 = _marker_box(sheet, 2, pad=0.0)
    photo = gray(sheet)[:, :x0 - 8].copy()  # that marker out of the frame
    side = 8 * round((x1 - x0) / 8)
    fake = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), 36, side)
    (left, top), (width, height) = sheet.page.code.grid_origin, sheet.page.code.grid_size
    cx, cy = cv2.perspectiveTransform(np.array([[[left + width / 3, top + height / 2]]]), sheet.photo.page_to_photo)[0, 0].astype(int)
    photo[cy - side // 2 - 8:cy + side // 2 + 8, cx - side // 2 - 8:cx + side // 2 + 8] = 255  # a bottom-right marker amid the fields
    photo[cy - side // 2:cy - side // 2 + side, cx - side // 2:cx - side // 2 + side] = fake
    with pytest.raises(ScanError, match="cut off: its bottom-right corner marker is out of the photo"):
        find_sheet(photo)


def _blur_marker(photo: np.ndarray, sheet, corner: int, sigma: float) -> np.ndarray:
    x0, y0, x1, y1 = _marker_box(sheet, corner, pad=1.0)
    photo[y0:y1, x0:x1] = cv2.GaussianBlur(photo, (0, 0), sigma)[y0:y1, x0:x1]
    return photo


@pytest.mark.parametrize("corner", [2, 3])
def test_a_marker_too_blurred_for_any_look_is_matched_where_the_other_three_put_it(corner):
    """Blurred past what OpenCV's looks find even as a dark square (a Gaussian of 4.5 px at
    8 px a mm: refused as cut off before printkit.scan.fourth_marker), the marker the three
    others' sheet prints there is matched to the photo: the sheet is found, placed right."""
    sheet = drawn(3)
    found = find_sheet(_blur_marker(gray(sheet).copy(), sheet, corner, 4.5))
    assert found.code == SheetCode(8, 8, False)
    assert _placed_right(found, sheet)


def test_a_corner_marker_in_view_but_unreadable_is_named_though_a_drawing_passes_for_it():
    """The bottom-right marker inked over (in view, no code to read) while something in the
    drawing reads as that corner's marker: the four make no sheet, but the other three do and
    put the fourth in the photo. The message names that corner and says to retake sharper and
    closer, not that the sheet is of another size (a 1600 x 1200 photo of a tilted full-size
    sheet, its 6 mm markers 14 px across, was refused so)."""
    sheet = drawn(3)
    photo = gray(sheet).copy()
    x0, y0, x1, y1 = _marker_box(sheet, 2, pad=0.0)
    photo[y0:y1, x0:x1] = 25
    fake = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), 36, 48)
    cx, cy = np.mean([_marker_box(sheet, c) for c in range(4)], axis=0).reshape(2, 2).mean(axis=0).astype(int)
    photo[cy - 32:cy + 32, cx - 32:cx + 32] = 255  # a bottom-right marker amid the fields
    photo[cy - 24:cy + 24, cx - 24:cx + 24] = fake
    with pytest.raises(ScanError, match="bottom-right corner marker could not be read") as refused:
        find_sheet(photo)
    assert "another size" not in str(refused.value) and "cut off" not in str(refused.value)


def test_a_corner_marker_read_where_the_others_do_not_put_it_is_not_called_unreadable():
    """The bottom-left marker moved sharp along the sheet's edge (read, but not where the
    other three put it): the four make no sheet, and the message says so, not that the marker
    could not be read."""
    sheet = drawn(3)
    photo = gray(sheet).copy()
    x0, y0, x1, y1 = _marker_box(sheet, 3, pad=1.0)
    top = np.array(_marker_box(sheet, 0, pad=1.0)[:2])
    shift = ((top - (x0, y0)) * 0.6).astype(int)  # most of the way along the edge to the next corner
    marker = photo[y0:y1, x0:x1].copy()
    photo[y0:y1, x0:x1] = 235
    photo[y0 + shift[1]:y1 + shift[1], x0 + shift[0]:x1 + shift[0]] = marker
    with pytest.raises(ScanError) as refused:
        find_sheet(photo)
    assert "could not be read" not in str(refused.value)
    assert "do not sit where" in str(refused.value)


@pytest.mark.parametrize("long_side, enlarged", [(2048, True), (3264, False)])
def test_only_a_small_photo_is_looked_at_enlarged(monkeypatch, long_side, enlarged):
    """An 8 MP photo enlarged twice is 32 MP, half a second of the marker detector's: only a
    photo up to 2600 px long (5 MP), whose markers may be two px a cell, is (a photo with
    no sheet in it goes through every pass)."""
    from printkit.scan import markers

    scales = []
    detect = markers._detect_scaled

    def spied(gray, scale, *args, **kwargs):
        scales.append(scale)
        return detect(gray, scale, *args, **kwargs)

    monkeypatch.setattr(markers, "_detect_scaled", spied)
    with pytest.raises(ScanError):
        find_sheet(np.full((long_side * 3 // 4, long_side), 200, np.uint8))
    assert (2.0 in scales) == enlarged


@pytest.mark.parametrize("corner, light, size", [(0, 0.2, (3264, 2448)), (2, 0.12, (2048, 1536))])
def test_a_marker_half_in_a_sharp_shadow_is_found(corner, light, size):
    """A shadow's sharp edge (1 mm) through the middle of a corner marker, a fifth (or an
    eighth) of the light left beyond it: OpenCV's detector breaks the marker along the edge
    and the sheet was refused ("could not be read", "cut off or a corner covered"); read
    again where the other three put it, in the light evened out, it is found, placed right."""
    sheet = marker_in_shadow(corner, light, size)
    found = find_sheet(gray(sheet))
    assert found.code == SheetCode(8, 8, False)
    assert _placed_right(found, sheet)


def test_a_marker_in_shadow_that_no_detector_reads_is_matched_in_the_evened_light(monkeypatch):
    """Where even in the evened light OpenCV's detector reads no marker, the marker the three
    others' sheet prints there is matched to the evened photo (printkit.scan.fourth_marker)."""
    from printkit.scan import shadowed_marker

    monkeypatch.setattr(shadowed_marker, "detect", lambda *args, **kwargs: [])
    sheet = marker_in_shadow(0, 0.2)
    found = find_sheet(gray(sheet))
    assert found.code == SheetCode(8, 8, False)
    assert _placed_right(found, sheet)


def test_evening_the_light_keeps_a_shadows_edge_out_of_a_marker():
    """A marker whose right half lies in a fifth of the light: evened, the paper on both
    sides of the edge is as light, and the marker's black as dark, as lit ones."""
    cells = np.kron(1 - np.array(marker_cells(0), np.float32), np.ones((10, 10)))  # 1: white
    patch = np.full((200, 200), 220.0, np.float32)
    patch[70:130, 70:130] = 20 + 200 * cells
    patch[:, 100:] *= 0.2
    evened = even_light(patch.astype(np.uint8), 60.0).astype(np.float32)
    assert abs(evened[20, 20] - evened[20, 180]) < 10  # paper, lit and shadowed
    marker = evened[70:130, 70:130]
    black = cells == 0
    assert marker[black].max() < 0.35 * evened[20, 20]  # every black cell reads black, on both sides
    assert marker[~black].min() > 0.65 * evened[20, 20]  # every white cell reads white


@pytest.mark.parametrize("corner", range(4))
def test_a_close_look_from_one_marker_reaches_inwards_over_the_page_and_a_little_outwards(monkeypatch, corner):
    """In the marker's own millimetres: a left-hand marker's look starts `outwards` left of
    it, a right-hand one's ends `outwards` right of it (it ended twice as far out, and that
    much less far in); the same up and down."""
    from printkit.scan import markers
    from printkit.scan.marker_sheet import Marker

    looked = []
    monkeypatch.setattr(markers, "_warped_look", lambda gray, to_photo, window, marker_mm: looked.append(window) or [])
    square = np.array([[100, 100], [160, 100], [160, 160], [100, 160]], np.float64)
    markers._look_from_one(np.zeros((10, 10), np.uint8), Marker(0, corner, square))
    (x0, y0, width, height), = looked
    outwards, inwards = markers.CLOSE_REACH
    assert width == height == outwards + inwards
    assert x0 == -outwards if corner in (0, 3) else x0 + width == markers.MARKER_MM + outwards
    assert y0 == -outwards if corner in (0, 1) else y0 + height == markers.MARKER_MM + outwards
