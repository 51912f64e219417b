"""Markers whose code did not read, taken from the dark squares where the read ones put them.

A marker blurred to two or three px a cell shows as a dark square (the close looks of
printkit.scan.markers keep them, UNREAD) but its code does not decode. Where two corners'
markers or more are read, every sheet size their ids allow puts the missing markers
somewhere: the squares there are read as those markers when their 6 x 6 cells correlate with
them well, and clearly better than with any other size's markers.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from printkit.scan.layout import SheetCode, marker_cells
from printkit.scan.marker_sheet import UNREAD, Fit, Marker, affine, codes_for, fit_sheet

MIN_LIKENESS = 0.5  # an unread square is taken for the marker expected there when its cells correlate this well
LIKENESS_LEAD = 0.15  # ... and better by this much than with any other sheet size's markers
UNREAD_SIZES = 8  # the sheet sizes fitting the read markers best that are tried


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


def read_unread(gray: np.ndarray, groups: dict[int, list[Marker]], unread: list[Marker]) -> Fit | None:
    """The sheet from the markers read (two corners or more) and, at the missing corners,
    dark squares whose code did not read (a blurred marker a few px a cell): for every sheet
    size the read ones allow, the squares where its markers would be, taken when their cells
    look like those markers. The size whose squares look most like its markers, by a clear
    lead, and fit one sheet with the read ones; None when no size does."""
    found = [group[0] for group in groups.values()]
    if len(found) < 2 or not unread:
        return None
    # the read ones together, and (three or more) leaving each out: one may be ink read as a marker
    best_of: dict[tuple[int, int, bool, float], tuple[float, Fit]] = {}
    for read in [found] + ([[m for m in found if m is not out] for out in found] if len(found) >= 3 else []):
        _score_sizes(gray, read, unread, best_of)
    scored = sorted(best_of.values(), key=lambda item: -item[0])
    if not scored or scored[0][0] < MIN_LIKENESS:
        return None
    if len(scored) > 1 and scored[1][0] > scored[0][0] - LIKENESS_LEAD:
        return None
    return scored[0][1]


def _score_sizes(gray: np.ndarray, read: list[Marker], unread: list[Marker],
                 best_of: dict[tuple[int, int, bool, float], tuple[float, Fit]]) -> None:
    """For the sheet sizes the read markers fit best, the unread squares where that size's
    missing markers would be, and how much the least alike looks like its marker (into
    `best_of`, by size, when the four make one sheet)."""
    centres = np.array([m.points.mean(axis=0) for m in unread])
    spread = max(float(np.linalg.norm(a.points.mean(axis=0) - b.points.mean(axis=0)))
                 for a, b in itertools.combinations(read, 2))
    # a full-size sheet's markers are 6 mm, sized or not: the two read the same fields, and
    # only differ in the bottom-left id, so they count as one size (the better of the two)
    fits = codes_for(read)
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
                mm_to_photo, _ = affine(page, photo)
                square = square @ mm_to_photo[:, :2].T + mm_to_photo[:, 2]
            side = Marker(UNREAD, UNREAD, square).side
            reach = max(0.5 * side, (0.04 if len(markers) >= 3 else 0.15) * spread)
            best: tuple[float, np.ndarray] | None = None
            for index in np.nonzero(np.linalg.norm(centres - square.mean(axis=0), axis=1) < reach)[0]:
                quad = unread[int(index)].points
                if not 0.6 < Marker(UNREAD, UNREAD, quad).side / side < 1.6:
                    continue
                turn = min(range(4), key=lambda k: float(np.linalg.norm(np.roll(quad, -k, axis=0) - square)))
                quad = np.roll(quad, -turn, axis=0)
                score = _likeness(_cells(gray, quad), code.marker_ids()[corner])
                if best is None or score > best[0]:
                    best = (score, quad)
            if best is None:
                break
            likeness.append(best[0])
            markers[corner] = Marker(code.marker_ids()[corner], corner, best[1])
        else:
            fit = fit_sheet(tuple(markers[corner] for corner in range(4)))
            key = (code.columns, code.rows, code.landscape, code.marker_mm)
            if not fit.problem and (key not in best_of or min(likeness) > best_of[key][0]):
                best_of[key] = (min(likeness), fit)
