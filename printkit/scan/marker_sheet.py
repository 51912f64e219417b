"""Scan markers as OpenCV's detector sees them, and the design sheet four of them make.

The looks of printkit.scan.markers, the unread squares of printkit.scan.unread_markers and
the evened light of printkit.scan.shadowed_marker all gather markers (`Marker`, photo px) and
ask the same of them: which sheet sizes their ids allow (`codes_for`) and whether four, one
a corner, make one flat sheet (`fit_sheet`, `best_fit`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan.errors import RETAKE
from printkit.scan.layout import MARKER_DICTIONARY, SheetCode, corner_of, decode
from printkit.sinpin.rules import MAX_LONG_SIDE, MAX_SHORT_SIDE

MAX_RESIDUAL = 0.25  # of a marker's side: markers further off one flat sheet are not one sheet
CANDIDATES = 3  # at most this many candidates a corner are tried together (largest first)
UNREAD = -1  # the id and corner of a dark square whose code did not read (kept from the close looks)


@dataclass(frozen=True)
class Marker:
    marker_id: int
    corner: int  # index into CORNERS
    points: np.ndarray  # 4 x 2 photo px, clockwise from the marker's own top-left

    @property
    def side(self) -> float:
        return square_side(self.points)


def square_side(points: np.ndarray) -> float:
    """The mean side (px) of a square's four corners (4 x 2)."""
    return float(np.mean(np.linalg.norm(points - np.roll(points, 1, axis=0), axis=1)))


def _detector(lenient: bool = False) -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, MARKER_DICTIONARY))
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


def detect(image: np.ndarray, to_photo: np.ndarray, lenient: bool = False,
           sides: tuple[float, float] = (0.0, np.inf)) -> list[Marker]:
    """The sheet markers in `image` whose side (px) lies within `sides`, their corners taken
    to photo px by `to_photo` (3 x 3); `lenient`: dark squares whose code did not read too
    (as UNREAD)."""
    corners, ids, rejected = _detector(lenient).detectMarkers(image)
    read = [] if ids is None else list(zip(corners, ids.flatten()))
    found = []
    for quad, marker_id in read + ([(quad, UNREAD) for quad in rejected] if lenient else []):
        corner = UNREAD if marker_id == UNREAD else corner_of(int(marker_id))
        side = square_side(quad.reshape(4, 2))
        if corner is not None and sides[0] < side < sides[1]:
            points = cv2.perspectiveTransform(quad.reshape(-1, 1, 2).astype(np.float64), to_photo).reshape(4, 2)
            found.append(Marker(int(marker_id), corner, points))
    return found


def affine(page: np.ndarray, photo: np.ndarray) -> tuple[np.ndarray, float]:
    """The least-squares affine map page mm -> photo px (2 x 3) and its RMS misfit in px."""
    design = np.c_[page, np.ones(len(page))]
    matrix = np.linalg.lstsq(design, photo, rcond=None)[0]
    return matrix.T, float(np.sqrt(np.mean(np.sum((design @ matrix - photo) ** 2, axis=1))))


def codes_for(markers: list[Marker]) -> list[tuple[float, np.ndarray, SheetCode]]:
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
                mm_to_photo, misfit = affine(page, photo)
                fits.append((misfit, mm_to_photo, code))
    return sorted(fits, key=lambda fit: fit[0])


def by_corner(candidates: list[Marker]) -> dict[int, list[Marker]]:
    """Candidates per corner, largest first, one per marker (the same id seen again at
    about the same place by another pass is the same marker)."""
    groups: dict[int, list[Marker]] = {}
    for marker in sorted(candidates, key=lambda m: -m.side):
        if marker.corner == UNREAD:
            continue
        same = groups.setdefault(marker.corner, [])
        if not any(m.marker_id == marker.marker_id and np.linalg.norm(m.points.mean(axis=0) - marker.points.mean(axis=0))
                   < m.side for m in same):
            same.append(marker)
    return groups


@dataclass(frozen=True)
class Fit:
    code: SheetCode | None
    matrix: np.ndarray | None
    residual: float
    marker_px: float
    problem: str  # why these markers are no sheet ("" when they are one)


def fit_sheet(markers: tuple[Marker, ...]) -> Fit:
    """The homography from all 16 marker corners, and how well the four make one sheet."""
    side = float(np.mean([m.side for m in markers]))
    try:
        code = decode({m.corner: m.marker_id for m in markers})
    except ValueError as error:
        return Fit(None, None, np.inf, side, f"the corner markers do not belong to one design sheet ({error});"
                   " print a fresh sheet with `printkit paper` and photograph one sheet at a time")
    page = np.array([point for square in code.marker_corners() for point in square], np.float64)
    photo = np.concatenate([m.points for m in markers])
    matrix, _ = cv2.findHomography(page, photo, 0)
    if matrix is None:
        return Fit(code, None, np.inf, side, f"the corner markers do not make a flat sheet; {RETAKE}")
    projected = cv2.perspectiveTransform(page.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    residual = float(np.sqrt(np.mean(np.sum((projected - photo) ** 2, axis=1))))
    if residual > MAX_RESIDUAL * side:
        return Fit(code, matrix, residual, side, f"the markers do not sit where a {code.columns} x"
                   f" {code.rows} design sheet has them (a sheet of another size or a different print?): print the"
                   f" sheet with `printkit paper` at 100 % and lay it flat; {RETAKE}")
    return Fit(code, matrix, residual, side, "")


def best_fit(groups: dict[int, list[Marker]]) -> Fit:
    """Of every four candidates, one a corner, those that fit one sheet best (misfit in
    marker sides); when none does, the largest four, with what is wrong with them."""
    fits = [fit_sheet(markers) for markers in itertools.product(*(groups[c][:CANDIDATES] for c in range(4)))]
    good = [fit for fit in fits if not fit.problem]
    return min(good, key=lambda fit: fit.residual / fit.marker_px) if good else fits[0]


# misfit (px) a marker side past which markers of two corners or more do not lie on one sheet:
# an affine map fits a sheet's own markers to at most 0.26 of a side in the 200 training-style
# test photos (median 0.065; the photo's perspective is not affine), and the two markers of a
# photo cut off on its right with a field drawn like the bottom-left marker, 0.46
CONSISTENT_MISFIT = 0.35


def consistent(groups: dict[int, list[Marker]]) -> dict[int, Marker]:
    """The most corners whose candidates (one a corner) sit as one sheet's markers do (their ids
    a sheet size's, their corners where its page puts them), least misfit first: a field
    drawn like a marker is no corner of the sheet, so it is not said to be found. Empty when
    no candidate is."""
    corners = sorted(groups)
    for count in range(len(corners), 0, -1):
        best: tuple[float, dict[int, Marker]] | None = None
        for chosen in itertools.combinations(corners, count):
            for markers in itertools.product(*(groups[c][:CANDIDATES] for c in chosen)):
                fits = codes_for(list(markers))
                side = float(np.mean([m.side for m in markers]))
                if fits and fits[0][0] <= CONSISTENT_MISFIT * side and (best is None or fits[0][0] / side < best[0]):
                    best = (fits[0][0] / side, {m.corner: m for m in markers})
        if best is not None:
            return best[1]
    return {}
