"""Finding a design sheet in a photo: its four scan markers, the code their ids carry
(printkit.scan.layout) and the homography from the page (mm) to the photo (px).

On a whole sheet in a low-resolution photo a marker's cells are two or three pixels wide,
so the markers are looked for in several passes, each only when the ones before left no
sheet: the photo shrunk to DETECT_SIDE (fast), as it is, enlarged twice (a small photo);
with three corners' markers found, the fourth read again where they put it in the light
evened out (printkit.scan.shadowed_marker: a shadow's sharp edge across it; cheap, so
first); then the page warped upright at CLOSE_PX px a mm around the markers found, by the affine
map all of them give together, then by one marker's own corners (a marker says which
corner of the sheet it is, so where the others can be). Every marker any pass finds is a
candidate; the four that make one sheet with the least misfit are taken (the fit:
printkit.scan.marker_sheet). Last, a marker too blurred to decode is read from the dark
square just where the others put it (printkit.scan.unread_markers), and, when three
corners' markers are read, the fourth is matched where they put it
(printkit.scan.fourth_marker: no look need find it as a square), then read again in the
evened light (the looks may have found the third corner).
Measured on the project's 360 synthetic test photos of today's sheet (bigger markers where
there is room): the sheet found on 359 (354 before the fourth was matched).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan.errors import FOCUS, RETAKE, ScanError
from printkit.scan.fourth_marker import fourth_marker, odd_corner, threes_in
from printkit.scan.images import looks_blurred
from printkit.scan.layout import CORNERS, MARKER_MM, SheetCode
from printkit.scan.marker_sheet import (CANDIDATES, UNREAD, Fit, Marker, affine, best_fit, by_corner, codes_for, consistent,
                                        detect, fit_sheet)
from printkit.scan.shadowed_marker import read_in_even_light
from printkit.scan.unread_markers import read_unread

# A sheet whose markers found are smaller than this (px a side, as found) is small in its
# photo, and the markers not found are most likely too small to read, not out of the photo:
# it is told to come closer, not that it is cut off. Of the 500 test photos, the three whole
# sheets refused as cut off showed their found markers 18 to 19 px across (the photos' own
# geometry: 6 mm markers at 2.1 to 3.9 px a mm); a sheet filling a 2048 x 1536 photo shows
# them about 36 px across, and a sheet cut off by a photo taken close more still.
SMALL_MARKER_PX = 24.0

DETECT_SIDE = 1800  # px: markers are looked for in a copy this big first (fast), then in the photo itself
# px: a photo no longer than this is also looked at enlarged twice (its markers may be two px a
# cell); a longer one is not: an 8 MP photo enlarged is 32 MP, 0.5 s of the detector's for a
# marker the looks round those found see too (500 test photos: the same sheets found, the
# same fields read; the hardest photo's sheet found in 0.67 s instead of 1.13 s)
ENLARGE_BELOW = 2600
CLOSE_PX = 4.5  # px a mm of the upright page warped around the best marker found (cells 4.5 px)
CLOSE_REACH = (12.0, 340.0)  # mm: the warped page reaches this far outwards and inwards of that marker
CLOSE_LOOKS = 2  # from at most this many markers alone (a "marker" may be ink: then from another)


@dataclass(frozen=True)
class FoundSheet:
    code: SheetCode
    page_to_photo: np.ndarray  # 3 x 3, page mm -> photo px
    marker_px: float  # 6 mm in photo px, a small marker's side (how finely the sheet is seen)
    residual: float  # RMS distance of the markers' corners from the homography, in px


def _detect_scaled(gray: np.ndarray, scale: float, lenient: bool = False,
                   sides: tuple[float, float] = (0.0, np.inf)) -> list[Marker]:
    """`detect` in the photo scaled by `scale` (`sides` in the scaled image's px)."""
    interpolation = cv2.INTER_AREA if scale < 1.0 else cv2.INTER_CUBIC
    image = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=interpolation)
    return detect(image, np.diag([1 / scale, 1 / scale, 1.0]), lenient, sides)


def _detect_lenient(gray: np.ndarray) -> list[Marker]:
    """Markers whose black border reads partly grey, in the photo at about 1800 px (as big
    as a field or smaller: a field with a few strokes in it can pass for a marker)."""
    return _detect_scaled(gray, DETECT_SIDE / max(gray.shape), lenient=True, sides=(0.0, DETECT_SIDE / 60))


def _warped_look(gray: np.ndarray, mm_to_photo: np.ndarray, area: tuple[float, float, float, float],
                 marker_mm: float) -> list[Marker]:
    """The markers (`marker_mm` big) in `area` (x, y, width, height in mm) warped upright at
    CLOSE_PX px a mm by the affine map `mm_to_photo` (2 x 3); under tilt an affine map is a
    few mm off far from where it was fitted, which the detector does not mind."""
    x0, y0, width, height = area
    image_to_mm = np.array([[1 / CLOSE_PX, 0, x0], [0, 1 / CLOSE_PX, y0], [0, 0, 1]])
    to_photo = np.vstack([mm_to_photo, [0, 0, 1]]) @ image_to_mm
    size = (int(width * CLOSE_PX), int(height * CLOSE_PX))
    image = cv2.warpPerspective(gray, to_photo, size, flags=cv2.INTER_CUBIC | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=127)
    # the page is at about CLOSE_PX px a mm there: a "marker" much bigger or smaller is ink or a field
    side = marker_mm * CLOSE_PX
    return detect(image, to_photo, lenient=True, sides=(0.5 * side, 2.0 * side))


def _look_from_one(gray: np.ndarray, marker: Marker) -> list[Marker]:
    """The page around one marker, by the affine map its own corners give: the other corners
    lie inwards of it, at most a page away either way the sheet is turned. Measured in the
    marker's cells, taken for 1 mm (a bigger marker's page is then found smaller, its
    markers as big as ever)."""
    page = np.array([[0, 0], [MARKER_MM, 0], [MARKER_MM, MARKER_MM], [0, MARKER_MM]], np.float64)
    mm_to_photo, _ = affine(page, marker.points)
    outwards, inwards = CLOSE_REACH
    # a left-hand marker: the page to its right, from `outwards` left of it; a right-hand one:
    # the page to its left, to `outwards` right of it (and the same up and down)
    x0 = -outwards if marker.corner in (0, 3) else MARKER_MM - inwards
    y0 = -outwards if marker.corner in (0, 1) else MARKER_MM - inwards
    return _warped_look(gray, mm_to_photo, (x0, y0, outwards + inwards, outwards + inwards), MARKER_MM)


def _look_from_several(gray: np.ndarray, markers: list[Marker]) -> list[Marker]:
    """The page the markers found (of two corners or more) make, by the affine map fitted to
    all their corners for the sheet size they fit best (a guess where their ids leave it
    open; far apart, they place the page to a few mm)."""
    fits = codes_for(markers)
    if not fits:
        return []
    _, mm_to_photo, code = fits[0]
    width, height = code.page
    margin = CLOSE_REACH[0]
    return _warped_look(gray, mm_to_photo, (-margin, -margin, width + 2 * margin, height + 2 * margin), code.marker_mm)


def _from_three(gray: np.ndarray, groups: dict[int, list[Marker]], unread: list[Marker]) -> Fit | None:
    """The sheet from three corners' markers and the fourth matched where they put it
    (printkit.scan.fourth_marker); with four corners found each is tried as the missing one
    (its "marker" may be ink). None when no fourth matches."""
    for missing in [corner for corner in range(4) if corner not in groups] or range(4):
        others = {corner: groups[corner] for corner in range(4) if corner != missing and corner in groups}
        if len(others) < 3:
            continue
        found = fourth_marker(gray, threes_in(others, CANDIDATES), [m.points for m in unread])
        if found is None:
            continue
        three, marker_id, square = found
        markers = sorted([*three, Marker(marker_id, missing, square)], key=lambda m: m.corner)
        fit = fit_sheet(tuple(markers))
        if not fit.problem:
            return fit
    return None


def _sheet_in(candidates: list[Marker]) -> tuple[dict[int, list[Marker]], Fit | None]:
    """The candidates by corner, and the best sheet they make (None: a corner missing)."""
    groups = by_corner(candidates)
    return groups, (best_fit(groups) if len(groups) == 4 else None)


def find_sheet(gray: np.ndarray) -> FoundSheet:
    """The sheet in a grey photo; ScanError saying what to do when it is not there whole."""
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    passes = [scale] + ([1.0] if scale < 1.0 else [])
    if max(gray.shape) <= ENLARGE_BELOW:  # a small photo: its markers may be two px a cell
        passes.append(2.0)
    candidates: list[Marker] = []
    for again in passes:
        candidates += _detect_scaled(gray, again)
        groups, fit = _sheet_in(candidates)
        if fit is not None and not fit.problem:
            break
    if not groups:  # nothing yet: a blurred black border may read grey
        candidates += _detect_lenient(gray)
        groups, fit = _sheet_in(candidates)
    # three corners found and a fourth not: a shadow's sharp edge may cross it. Read again where
    # they put it in the light evened out (cheap, before the looks round the page: on 500 test
    # photos 4 are found so a little sooner, their homography 0.4 px apart at most, the same
    # fields read; a shadowed one in 0.3 s instead of 0.8 s)
    if (fit is None or fit.problem) and len(groups) >= 3:
        fit = read_in_even_light(gray, groups) or fit
    looked: list[Marker] = []  # the markers looked from alone
    together = False  # whether looked from all found together
    while groups and (fit is None or fit.problem) and len(looked) < CLOSE_LOOKS:
        if not together and len(groups) >= 2:  # first from all the markers found, together
            together = True
            candidates += _look_from_several(gray, [group[0] for group in groups.values()])
        else:  # then from the largest of a corner not looked from yet (a "marker" may be ink)
            fresh = [group[0] for corner, group in groups.items() if all(m.corner != corner for m in looked)]
            if not fresh:
                break
            looked.append(max(fresh, key=lambda m: m.side))
            candidates += _look_from_one(gray, looked[-1])
        groups, fit = _sheet_in(candidates)
    unread = [m for m in candidates if m.corner == UNREAD]
    if fit is None or fit.problem:
        fit = read_unread(gray, groups, unread) or fit
    if (fit is None or fit.problem) and len(groups) >= 3:  # a fourth marker no look could read
        fit = _from_three(gray, groups, unread) or fit
    if (fit is None or fit.problem) and len(groups) >= 3:  # the looks may have found a third corner
        fit = read_in_even_light(gray, groups) or fit
    if not groups and looks_blurred(gray):
        # a smooth picture with no sheet in it looks as blurred: both said (review: a plain graphic)
        raise ScanError(f"the photo is too blurred to find the sheet's corner markers (or no design sheet from"
                        f" `printkit paper` is in it): {FOCUS}, and {RETAKE}")
    if not groups:
        raise ScanError("no design-sheet markers in the photo: print the sheet with `printkit paper` (sheets"
                        " without the four black corner markers cannot be scanned: type the level in or draw it"
                        " in `printkit editor`); a sheet that has them shows them too small or blurred to read:"
                        f" fill the photo with the sheet, let the phone focus, and {RETAKE}, in good light")
    if fit is None:
        # the corners said found are those that sit as one sheet's: a field drawn like a marker
        # (any corner's id, anywhere) was counted found, and the corner it stood for not named
        found = consistent(groups) or {corner: group[0] for corner, group in groups.items()}
        missing = ", ".join(CORNERS[corner] for corner in range(4) if corner not in found)
        count = f"{len(found)} of the sheet's 4 corner markers (missing: {missing})"
        if len(found) == 1:  # one dark square can be anything: a photo without a sheet finds one too
            count += " (is there a design sheet from `printkit paper` in the photo?)"
        if looks_blurred(gray):  # a blurred marker is not found either: the sheet may well be whole
            raise ScanError(f"found only {count}, and the photo is blurred: {FOCUS}, and {RETAKE}")
        side = float(np.median([marker.side for marker in found.values()]))
        if side < SMALL_MARKER_PX:  # the others are as small: too small to find, not out of the photo
            they = "it is" if len(found) == 1 else "they are"
            raise ScanError(f"found only {count}, and {they} small in the photo (about {side:.0f} px across):"
                            f" come closer, so that the sheet fills the photo; {FOCUS}, and {RETAKE}")
        # a marker under a thumb or a fold is as unseen as one out of the photo: both said
        raise ScanError(f"the sheet is cut off or a corner covered: found {count}; {RETAKE}")
    if fit.problem:
        odd = odd_corner(gray.shape, groups, CANDIDATES)
        if odd is not None and not odd[1]:
            raise ScanError(f"the sheet is cut off: its {CORNERS[odd[0]]} corner marker is out of the photo; {RETAKE}")
        if odd is not None and not odd[2]:  # three markers make one sheet, the fourth in view but unread
            raise ScanError(f"the sheet's {CORNERS[odd[0]]} corner marker could not be read (too small, blurred,"
                            f" covered or in shadow in the photo): {FOCUS}, fill the photo with the sheet, and {RETAKE},"
                            " in good light")
        if looks_blurred(gray):  # a blurred marker may read as another (a shaken phone's smear): not the sheet's fault
            raise ScanError(f"the corner markers could not be read right, the photo is blurred: {FOCUS}, and {RETAKE}")
        raise ScanError(fit.problem)
    assert fit.code is not None and fit.matrix is not None
    return FoundSheet(fit.code, fit.matrix, fit.marker_px * MARKER_MM / fit.code.marker_mm, fit.residual)
