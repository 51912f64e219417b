"""Finding a design sheet in a photo: its four scan markers, the code their ids carry
(printkit.scan.layout) and the homography from the page (mm) to the photo (px).

On a whole sheet in a low-resolution photo a marker's cells are two or three pixels wide,
so the markers are looked for in several passes, each only when the ones before left no
sheet: the photo shrunk to DETECT_SIDE (fast), as it is, enlarged twice (a small photo);
then the page warped upright at CLOSE_PX px a mm around the markers found, by the affine
map all of them give together, then by one marker's own corners (a marker says which
corner of the sheet it is, so where the others can be). Every marker any pass finds is a
candidate; the four that make one sheet with the least misfit are taken. Last, a marker
too blurred to decode is read from the dark square just where the others put it, and, when
three corners' markers are read, the fourth is matched where they put it
(printkit.scan.fourth_marker: no look need find it as a square).
Measured on the project's 360 synthetic test photos of today's sheet (bigger markers where
there is room): the sheet found on 359 (354 before the fourth was matched).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan.errors import FOCUS, RETAKE, ScanError
from printkit.scan.fourth_marker import fourth_marker, odd_corner, threes_in
from printkit.scan.images import looks_blurred
from printkit.scan.layout import CORNERS, MARKER_MM, SheetCode, corner_of, decode, marker_cells
from printkit.sinpin.rules import MAX_LONG_SIDE, MAX_SHORT_SIDE

DETECT_SIDE = 1800  # px: markers are looked for in a copy this big first (fast), then in the photo itself
# px: a photo no longer than this is also looked at enlarged twice (its markers may be two px a
# cell); a longer one is not: an 8 MP photo enlarged is 32 MP, 0.5 s of the detector's for a
# marker the looks round those found see too (500 test photos: the same sheets found, the
# same fields read; the hardest photo's sheet found in 0.67 s instead of 1.13 s)
ENLARGE_BELOW = 2600
MAX_RESIDUAL = 0.25  # of a marker's side: markers further off one flat sheet are not one sheet
CLOSE_PX = 4.5  # px a mm of the upright page warped around the best marker found (cells 4.5 px)
CLOSE_REACH = (12.0, 340.0)  # mm: the warped page reaches this far outwards and inwards of that marker
CLOSE_LOOKS = 2  # from at most this many markers alone (a "marker" may be ink: then from another)
CANDIDATES = 3  # at most this many candidates a corner are tried together (largest first)
UNREAD = -1  # the id and corner of a dark square whose code did not read (kept from the close looks)
MIN_LIKENESS = 0.5  # an unread square is taken for the marker expected there when its cells correlate this well
LIKENESS_LEAD = 0.15  # ... and better by this much than with any other sheet size's markers
UNREAD_SIZES = 8  # the sheet sizes fitting the read markers best that are tried


@dataclass(frozen=True)
class FoundSheet:
    code: SheetCode
    page_to_photo: np.ndarray  # 3 x 3, page mm -> photo px
    marker_px: float  # 6 mm in photo px, a small marker's side (how finely the sheet is seen)
    residual: float  # RMS distance of the markers' corners from the homography, in px


@dataclass(frozen=True)
class _Marker:
    marker_id: int
    corner: int  # index into CORNERS
    points: np.ndarray  # 4 x 2 photo px, clockwise from the marker's own top-left

    @property
    def side(self) -> float:
        return float(np.mean(np.linalg.norm(self.points - np.roll(self.points, 1, axis=0), axis=1)))


def _detector(lenient: bool = False) -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    parameters.minMarkerPerimeterRate = 0.01  # a 6 mm marker on a whole sheet is small in the frame
    # read each cell from its middle, more finely: blurred or tilted markers then decode
    parameters.perspectiveRemovePixelPerCell = 8
    parameters.perspectiveRemoveIgnoredMarginPerCell = 0.3
    # DICT_4X4_50 can correct one wrong cell (its codes differ in 4); OpenCV's default rate
    # (0.6 of one cell, rounded down) corrects none. A code read wrong by three cells could
    # pass as another id: the homography's misfit and the field lines check a whole sheet.
    parameters.errorCorrectionRate = 1.0
    if lenient:  # where markers of a known size are looked for: a blurred black border may read grey
        parameters.maxErroneousBitsInBorderRate = 1.0
    return cv2.aruco.ArucoDetector(dictionary, parameters)


def _detect(image: np.ndarray, to_photo: np.ndarray, lenient: bool = False,
            sides: tuple[float, float] = (0.0, np.inf)) -> list[_Marker]:
    """The sheet markers in `image` whose side (px) lies within `sides`, their corners taken
    to photo px by `to_photo` (3 x 3)."""
    corners, ids, rejected = _detector(lenient).detectMarkers(image)
    read = [] if ids is None else list(zip(corners, ids.flatten()))
    found = []
    for quad, marker_id in read + ([(quad, UNREAD) for quad in rejected] if lenient else []):
        corner = UNREAD if marker_id == UNREAD else corner_of(int(marker_id))
        side = float(np.mean(np.linalg.norm(quad.reshape(4, 2) - np.roll(quad.reshape(4, 2), 1, axis=0), axis=1)))
        if corner is not None and sides[0] < side < sides[1]:
            points = cv2.perspectiveTransform(quad.reshape(-1, 1, 2).astype(np.float64), to_photo).reshape(4, 2)
            found.append(_Marker(int(marker_id), corner, points))
    return found


def _detect_scaled(gray: np.ndarray, scale: float, lenient: bool = False,
                   sides: tuple[float, float] = (0.0, np.inf)) -> list[_Marker]:
    """`_detect` in the photo scaled by `scale` (`sides` in the scaled image's px)."""
    interpolation = cv2.INTER_AREA if scale < 1.0 else cv2.INTER_CUBIC
    image = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=interpolation)
    return _detect(image, np.diag([1 / scale, 1 / scale, 1.0]), lenient, sides)


def _detect_lenient(gray: np.ndarray) -> list[_Marker]:
    """Markers whose black border reads partly grey, in the photo at about 1800 px (as big
    as a field or smaller: a field with a few strokes in it can pass for a marker)."""
    return _detect_scaled(gray, DETECT_SIDE / max(gray.shape), lenient=True, sides=(0.0, DETECT_SIDE / 60))


def _warped_look(gray: np.ndarray, mm_to_photo: np.ndarray, area: tuple[float, float, float, float],
                 marker_mm: float) -> list[_Marker]:
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
    return _detect(image, to_photo, lenient=True, sides=(0.5 * side, 2.0 * side))


def _affine(page: np.ndarray, photo: np.ndarray) -> tuple[np.ndarray, float]:
    """The least-squares affine map page mm -> photo px (2 x 3) and its RMS misfit in px."""
    design = np.c_[page, np.ones(len(page))]
    matrix = np.linalg.lstsq(design, photo, rcond=None)[0]
    return matrix.T, float(np.sqrt(np.mean(np.sum((design @ matrix - photo) ** 2, axis=1))))


def _look_from_one(gray: np.ndarray, marker: _Marker) -> list[_Marker]:
    """The page around one marker, by the affine map its own corners give: the other corners
    lie inwards of it, at most a page away either way the sheet is turned. Measured in the
    marker's cells, taken for 1 mm (a bigger marker's page is then found smaller, its
    markers as big as ever)."""
    page = np.array([[0, 0], [MARKER_MM, 0], [MARKER_MM, MARKER_MM], [0, MARKER_MM]], np.float64)
    mm_to_photo, _ = _affine(page, marker.points)
    outwards, inwards = CLOSE_REACH
    x0 = -outwards if marker.corner in (0, 3) else MARKER_MM + outwards - inwards  # a left-hand marker: page to the right
    y0 = -outwards if marker.corner in (0, 1) else MARKER_MM + outwards - inwards
    return _warped_look(gray, mm_to_photo, (x0, y0, outwards + inwards, outwards + inwards), MARKER_MM)


def _codes_for(markers: list[_Marker]) -> list[tuple[float, np.ndarray, SheetCode]]:
    """Every sheet size whose ids the markers carry, with the affine map page mm -> photo px
    fitted to all their corners and its misfit (px), best fit first."""
    photo = np.concatenate([m.points for m in markers])
    fits = []
    for landscape, sized in itertools.product((False, True), (True, False)):
        across, down = (MAX_LONG_SIDE, MAX_SHORT_SIDE) if landscape else (MAX_SHORT_SIDE, MAX_LONG_SIDE)
        for columns, rows in itertools.product(range(1, across + 1), range(1, down + 1)):
            code = SheetCode(columns, rows, landscape, sized)
            ids = code.marker_ids()
            if all(ids[m.corner] == m.marker_id for m in markers):
                page = np.array([point for m in markers for point in code.marker_corners()[m.corner]], np.float64)
                mm_to_photo, misfit = _affine(page, photo)
                fits.append((misfit, mm_to_photo, code))
    return sorted(fits, key=lambda fit: fit[0])


def _look_from_several(gray: np.ndarray, markers: list[_Marker]) -> list[_Marker]:
    """The page the markers found (of two corners or more) make, by the affine map fitted to
    all their corners for the sheet size they fit best (a guess where their ids leave it
    open; far apart, they place the page to a few mm)."""
    fits = _codes_for(markers)
    if not fits:
        return []
    _, mm_to_photo, code = fits[0]
    width, height = code.page
    margin = CLOSE_REACH[0]
    return _warped_look(gray, mm_to_photo, (-margin, -margin, width + 2 * margin, height + 2 * margin), code.marker_mm)


def _cells(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The darkness of a square's 6 x 6 cells (each cell's middle), corners as given."""
    cell = 8
    target = np.array([[0, 0], [6 * cell, 0], [6 * cell, 6 * cell], [0, 6 * cell]], np.float32)
    flat = cv2.warpPerspective(gray, cv2.getPerspectiveTransform(quad.astype(np.float32), target), (6 * cell, 6 * cell))
    middles = flat.reshape(6, cell, 6, cell)[:, 2:-2, :, 2:-2].astype(np.float32).mean(axis=(1, 3))
    return -middles


def _likeness(cells: np.ndarray, marker_id: int) -> float:
    """How well the cells' darkness correlates with the marker's black cells (-1..1)."""
    expected = np.array(marker_cells(marker_id), np.float32)
    if cells.std() < 1e-6:
        return -1.0
    return float(np.corrcoef(cells.ravel(), expected.ravel())[0, 1])


def _read_unread(gray: np.ndarray, groups: dict[int, list[_Marker]], unread: list[_Marker]) -> _Fit | None:
    """The sheet from the markers read (two corners or more) and, at the missing corners,
    dark squares whose code did not read (a blurred marker a few px a cell): for every sheet
    size the read ones allow, the squares where its markers would be, taken when their cells
    look like those markers. The size whose squares look most like its markers, by a clear
    lead, and fit one sheet with the read ones; None when no size does."""
    found = [group[0] for group in groups.values()]
    if len(found) < 2 or not unread:
        return None
    # the read ones together, and (three or more) leaving each out: one may be ink read as a marker
    best_of: dict[tuple[int, int, bool, float], tuple[float, _Fit]] = {}
    for read in [found] + ([[m for m in found if m is not out] for out in found] if len(found) >= 3 else []):
        _score_sizes(gray, read, unread, best_of)
    scored = sorted(best_of.values(), key=lambda item: -item[0])
    if not scored or scored[0][0] < MIN_LIKENESS:
        return None
    if len(scored) > 1 and scored[1][0] > scored[0][0] - LIKENESS_LEAD:
        return None
    return scored[0][1]


def _score_sizes(gray: np.ndarray, read: list[_Marker], unread: list[_Marker],
                 best_of: dict[tuple[int, int, bool, float], tuple[float, _Fit]]) -> None:
    """For the sheet sizes the read markers fit best, the unread squares where that size's
    missing markers would be, and how much the least alike looks like its marker (into
    `best_of`, by size, when the four make one sheet)."""
    centres = np.array([m.points.mean(axis=0) for m in unread])
    spread = max(float(np.linalg.norm(a.points.mean(axis=0) - b.points.mean(axis=0)))
                 for a, b in itertools.combinations(read, 2))
    # a full-size sheet's markers are 6 mm, sized or not: the two read the same fields, and
    # only differ in the bottom-left id, so they count as one size (the better of the two)
    fits = _codes_for(read)
    sizes: dict[tuple[int, int, bool, float], SheetCode] = {}
    for _, _, code in fits:
        key = (code.columns, code.rows, code.landscape, code.marker_mm)
        if len(sizes) < UNREAD_SIZES or key in sizes:
            sizes.setdefault(key, code)
    codes = [code for _, _, code in fits
             if (code.columns, code.rows, code.landscape, code.marker_mm) in sizes]
    for code in codes:
        markers, likeness = {m.corner: m for m in read}, []
        for corner in range(4):
            if corner in markers:
                continue
            # where this size's marker would be, by the markers placed so far (under tilt an
            # affine map from two is off by a few marker sides: the nearest squares are tried)
            page = np.array([point for c in markers for point in code.marker_corners()[c]], np.float64)
            photo = np.concatenate([markers[c].points for c in markers])
            square = np.array(code.marker_corners()[corner], np.float64)
            if len(markers) >= 3:
                matrix, _ = cv2.findHomography(page, photo, 0)
                square = cv2.perspectiveTransform(square.reshape(-1, 1, 2), matrix).reshape(4, 2)
            else:
                mm_to_photo, _ = _affine(page, photo)
                square = square @ mm_to_photo[:, :2].T + mm_to_photo[:, 2]
            side = _Marker(UNREAD, UNREAD, square).side
            reach = max(0.5 * side, (0.04 if len(markers) >= 3 else 0.15) * spread)
            best: tuple[float, np.ndarray] | None = None
            for index in np.nonzero(np.linalg.norm(centres - square.mean(axis=0), axis=1) < reach)[0]:
                quad = unread[int(index)].points
                if not 0.6 < _Marker(UNREAD, UNREAD, quad).side / side < 1.6:
                    continue
                turn = min(range(4), key=lambda k: float(np.linalg.norm(np.roll(quad, -k, axis=0) - square)))
                quad = np.roll(quad, -turn, axis=0)
                score = _likeness(_cells(gray, quad), code.marker_ids()[corner])
                if best is None or score > best[0]:
                    best = (score, quad)
            if best is None:
                break
            likeness.append(best[0])
            markers[corner] = _Marker(code.marker_ids()[corner], corner, best[1])
        else:
            fit = _fit(tuple(markers[corner] for corner in range(4)))
            key = (code.columns, code.rows, code.landscape, code.marker_mm)
            if not fit.problem and (key not in best_of or min(likeness) > best_of[key][0]):
                best_of[key] = (min(likeness), fit)


def _by_corner(candidates: list[_Marker]) -> dict[int, list[_Marker]]:
    """Candidates per corner, largest first, one per marker (the same id seen again at
    about the same place by another pass is the same marker)."""
    groups: dict[int, list[_Marker]] = {}
    for marker in sorted(candidates, key=lambda m: -m.side):
        if marker.corner == UNREAD:
            continue
        same = groups.setdefault(marker.corner, [])
        if not any(m.marker_id == marker.marker_id and np.linalg.norm(m.points.mean(axis=0) - marker.points.mean(axis=0))
                   < m.side for m in same):
            same.append(marker)
    return groups


@dataclass(frozen=True)
class _Fit:
    code: SheetCode | None
    matrix: np.ndarray | None
    residual: float
    marker_px: float
    problem: str  # why these markers are no sheet ("" when they are one)


def _fit(markers: tuple[_Marker, ...]) -> _Fit:
    """The homography from all 16 marker corners, and how well the four make one sheet."""
    side = float(np.mean([m.side for m in markers]))
    try:
        code = decode({m.corner: m.marker_id for m in markers})
    except ValueError as error:
        return _Fit(None, None, np.inf, side, f"the corner markers do not belong to one design sheet ({error});"
                    " print a fresh sheet with `printkit paper` and photograph one sheet at a time")
    page = np.array([point for square in code.marker_corners() for point in square], np.float64)
    photo = np.concatenate([m.points for m in markers])
    matrix, _ = cv2.findHomography(page, photo, 0)
    if matrix is None:
        return _Fit(code, None, np.inf, side, f"the corner markers do not make a flat sheet; {RETAKE}")
    projected = cv2.perspectiveTransform(page.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    residual = float(np.sqrt(np.mean(np.sum((projected - photo) ** 2, axis=1))))
    if residual > MAX_RESIDUAL * side:
        return _Fit(code, matrix, residual, side, f"the markers do not sit where a {code.columns} x"
                    f" {code.rows} design sheet has them (a sheet of another size or a different print?): print the"
                    f" sheet with `printkit paper` at 100 % and lay it flat; {RETAKE}")
    return _Fit(code, matrix, residual, side, "")


def _best_fit(groups: dict[int, list[_Marker]]) -> _Fit:
    """Of every four candidates, one a corner, those that fit one sheet best (misfit in
    marker sides); when none does, the largest four, with what is wrong with them."""
    fits = [_fit(markers) for markers in itertools.product(*(groups[c][:CANDIDATES] for c in range(4)))]
    good = [fit for fit in fits if not fit.problem]
    return min(good, key=lambda fit: fit.residual / fit.marker_px) if good else fits[0]


def _from_three(gray: np.ndarray, groups: dict[int, list[_Marker]], unread: list[_Marker]) -> _Fit | None:
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
        markers = sorted([*three, _Marker(marker_id, missing, square)], key=lambda m: m.corner)
        fit = _fit(tuple(markers))
        if not fit.problem:
            return fit
    return None


def _sheet_in(candidates: list[_Marker]) -> tuple[dict[int, list[_Marker]], _Fit | None]:
    """The candidates by corner, and the best sheet they make (None: a corner missing)."""
    groups = _by_corner(candidates)
    return groups, (_best_fit(groups) if len(groups) == 4 else None)


def find_sheet(gray: np.ndarray) -> FoundSheet:
    """The sheet in a grey photo; ScanError saying what to do when it is not there whole."""
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    passes = [scale] + ([1.0] if scale < 1.0 else [])
    if max(gray.shape) <= ENLARGE_BELOW:  # a small photo: its markers may be two px a cell
        passes.append(2.0)
    candidates: list[_Marker] = []
    for again in passes:
        candidates += _detect_scaled(gray, again)
        groups, fit = _sheet_in(candidates)
        if fit is not None and not fit.problem:
            break
    if not groups:  # nothing yet: a blurred black border may read grey
        candidates += _detect_lenient(gray)
        groups, fit = _sheet_in(candidates)
    looked: list[_Marker] = []  # the markers looked from alone
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
        fit = _read_unread(gray, groups, unread) or fit
    if (fit is None or fit.problem) and len(groups) >= 3:  # a fourth marker no look could read
        fit = _from_three(gray, groups, unread) or fit
    if not groups and looks_blurred(gray):
        raise ScanError(f"the photo is too blurred to find the sheet's corner markers: {FOCUS}, and {RETAKE}")
    if not groups:
        raise ScanError("no design-sheet markers in the photo: print the sheet with `printkit paper` (sheets"
                        " without the four black corner markers cannot be scanned: type the level in or draw it"
                        " in `printkit editor`); a sheet that has them shows them too small or blurred to read:"
                        f" fill the photo with the sheet, let the phone focus, and {RETAKE}, in good light")
    if fit is None:
        missing = ", ".join(CORNERS[corner] for corner in range(4) if corner not in groups)
        if looks_blurred(gray):  # a blurred marker is not found either: the sheet may well be whole
            raise ScanError(f"found only {len(groups)} of the sheet's 4 corner markers (missing: {missing}), and the"
                            f" photo is blurred: {FOCUS}, and {RETAKE}")
        # a marker under a thumb or a fold is as unseen as one out of the photo: both said
        raise ScanError(f"the sheet is cut off or a corner covered: found {len(groups)} of its 4 corner markers"
                        f" (missing: {missing}); {RETAKE}")
    if fit.problem:
        odd = odd_corner(gray.shape, groups, CANDIDATES)
        if odd is not None and not odd[1]:
            raise ScanError(f"the sheet is cut off: its {CORNERS[odd[0]]} corner marker is out of the photo; {RETAKE}")
        if odd is not None and not odd[2]:  # three markers make one sheet, the fourth in view but unread
            raise ScanError(f"the sheet's {CORNERS[odd[0]]} corner marker could not be read (too small, blurred,"
                            f" covered or in shadow in the photo): {FOCUS}, fill the photo with the sheet, and {RETAKE},"
                            " in good light")
        raise ScanError(fit.problem)
    assert fit.code is not None and fit.matrix is not None
    return FoundSheet(fit.code, fit.matrix, fit.marker_px * MARKER_MM / fit.code.marker_mm, fit.residual)
