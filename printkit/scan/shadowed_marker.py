"""A corner marker that a shadow's sharp edge crosses, read again in light evened out.

OpenCV's detector takes a pixel for black where it is darker than the mean round it (3 to
23 px): where a shadow's sharp edge crosses a marker, lit paper by the edge reads white and
the shadowed paper beside it black, so the marker's square breaks along the edge and its
code, half in a fifth of the light, is not read, though a person sees it plainly. Where
three corners' markers make one sheet (printkit.scan.fourth_marker.three_fits) and the
fourth is not read, the photo round where they put it is divided by its paper's level: a
grey closing (the lightest within a square twice the marker's side, then the darkest of
those), which takes away every dark thing narrower than the square (the marker, ink, the
printed lines) but keeps a shadow's edge where it lies (a step or ramp of light wider than
the square closes to itself). There the marker is black on white on both sides of the edge:
OpenCV's detector reads it again, and failing that the marker the three's sheet prints
there is matched (printkit.scan.fourth_marker). Measured on bench/scan_shadows.py's 12 sheets
with a sharp shadow edge across a marker: all found down to 6 % of the light beyond the edge
(before: two refused at 20 %, five at 12 %), each corner evened and read in 0.005 to 0.16 s.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from printkit.scan.fourth_marker import THREE_MISFIT, fourth_marker, three_fits, threes_in
from printkit.scan.marker_sheet import CANDIDATES, Fit, Marker, detect, fit_sheet, square_side

EVEN_REACH = 3.0  # marker sides: the photo is evened this far round where three markers put the fourth
# marker sides: the closing's square, wider than a marker turned any way (1.4 sides), so that
# no part of it stays dark; a shadow narrower than it would be closed away as ink is
LEVEL_SQUARE = 2.0
EVEN_PLACES = 2  # at most this many places a corner are evened (three "markers" of ink put it elsewhere)
DARKEST_PAPER = 4.0  # grey levels: paper is taken for at least this light (a black table is not divided by 0)


def even_light(patch: np.ndarray, side: float) -> np.ndarray:
    """The grey `patch` divided by its paper's level, as light as its lightest paper
    (uint8); `side`: a marker's side in px, the widest dark thing taken for ink."""
    size = max(3, int(round(LEVEL_SQUARE * side)) | 1)
    level = cv2.morphologyEx(patch, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    level = np.maximum(level.astype(np.float32), DARKEST_PAPER)
    paper = float(np.percentile(level, 95))
    return np.clip(patch.astype(np.float32) * (paper / level), 0, 255).astype(np.uint8)


def _places(groups: dict[int, list[Marker]], missing: int) -> list[tuple[np.ndarray, list[list[Marker]]]]:
    """Where the sheets that three markers (one at each corner but `missing`) make, within
    THREE_MISFIT, put the marker at `missing` (4 x 2 photo px), with the threes that put it
    there, the best fitting first (a place within half a marker's side of another is one)."""
    others = {corner: groups[corner] for corner in range(4) if corner != missing and corner in groups}
    if len(others) < 3:
        return []
    found: list[tuple[float, np.ndarray, list[Marker]]] = []
    for three in threes_in(others, CANDIDATES):
        for misfit, code, matrix in three_fits(three, missing):
            if misfit > THREE_MISFIT:
                break
            square = cv2.perspectiveTransform(np.array([code.marker_corners()[missing]], np.float64), matrix)[0]
            found.append((misfit, square, three))
    places: list[tuple[np.ndarray, list[list[Marker]]]] = []
    for _, square, three in sorted(found, key=lambda item: item[0]):
        near = [place for place in places if np.linalg.norm(place[0].mean(axis=0) - square.mean(axis=0))
                < 0.5 * square_side(square)]
        if near:
            if not any(three is other for other in near[0][1]):
                near[0][1].append(three)
        elif len(places) < EVEN_PLACES:
            places.append((square, [three]))
    return places


def read_in_even_light(gray: np.ndarray, groups: dict[int, list[Marker]]) -> Fit | None:
    """The sheet from three corners' markers and the fourth read in the photo evened round
    where they put it (with four corners found, each is tried as the missing one: its
    "marker" may be ink, or a marker in a shadow's edge read as another id); None when no
    fourth is read there or the four make no sheet."""
    for missing in [corner for corner in range(4) if corner not in groups] or range(4):
        for square, threes in _places(groups, missing):
            side = square_side(square)
            height, width = gray.shape[:2]
            (x0, y0), (x1, y1) = (np.clip(square.mean(axis=0) + sign * EVEN_REACH * side, 0, (width, height))
                                  .astype(int) for sign in (-1, 1))
            if x1 - x0 < side or y1 - y0 < side:  # the place is out of the photo: a sheet cut off
                continue
            evened = even_light(gray[y0:y1, x0:x1], side)
            seen = [m for m in detect(evened, np.array([[1.0, 0, x0], [0, 1, y0], [0, 0, 1]]))
                    if m.corner == missing]
            fit = _first_sheet(threes, seen)
            if fit is not None:
                return fit
            # not read as a square: the marker the three's sheet prints there is matched
            photo = gray.copy()
            photo[y0:y1, x0:x1] = evened
            matched = fourth_marker(photo, threes)
            if matched is not None:
                three, marker_id, quad = matched
                fit = _first_sheet([three], [Marker(marker_id, missing, quad)])
                if fit is not None:
                    return fit
    return None


def _first_sheet(threes: Sequence[Sequence[Marker]], fourths: Sequence[Marker]) -> Fit | None:
    """The first sheet that one of the threes and one of the fourths make."""
    for three in threes:
        for fourth in fourths:
            fit = fit_sheet(tuple(sorted([*three, fourth], key=lambda m: m.corner)))
            if not fit.problem:
                return fit
    return None
