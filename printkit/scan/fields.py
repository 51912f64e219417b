"""From the photo to one small image a field: the sheet's grid warped flat at a fixed
scale, the light evened out, each field's printed frame found again near where the markers
put it (paper that does not lie flat shifts fields by a millimetre or two), and the inside
of every field cut out as ink darkness 0..1."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan.errors import RETAKE, ScanError
from printkit.scan.layout import SheetCode
from printkit.sinpin.rules import FIELD_MM

PX = 6.0  # px a mm of the flat grid
MARGIN_MM = 4.0  # around the grid in the flat image
FIELD_PX = int(FIELD_MM * PX)  # 90
SEARCH_MM = 2.5  # how far a field's frame is looked for from where the markers put it
INSET_MM = 0.9  # the field's inside starts this far in from its frame line
PATCH = 40  # px: the side of a field's image handed to the features


@dataclass(frozen=True)
class FlatGrid:
    ink: np.ndarray  # float32 darkness 0..1 of the grid and its margin, PX px a mm
    code: SheetCode
    line_contrast: float  # how dark the printed field lines come out (0..1)
    line_width: float  # mm: how wide they come out (blur widens them)


def flatten(gray: np.ndarray, page_to_photo: np.ndarray, code: SheetCode, marker_px: float) -> FlatGrid:
    """The grid warped flat, as ink darkness with the light evened out."""
    left, top = code.grid_origin
    width, height = code.grid_size
    size = (int(round((width + 2 * MARGIN_MM) * PX)), int(round((height + 2 * MARGIN_MM) * PX)))
    flat_to_page = np.array([[1 / PX, 0, left - MARGIN_MM], [0, 1 / PX, top - MARGIN_MM], [0, 0, 1]])
    source = gray
    photo_px_per_mm = marker_px / 6.0
    shrink = 1.0
    if photo_px_per_mm > 1.6 * PX:  # warping straight from a much finer photo would alias
        shrink = 1.6 * PX / photo_px_per_mm
        source = cv2.resize(gray, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    matrix = np.diag([shrink, shrink, 1.0]) @ page_to_photo @ flat_to_page
    flat = cv2.warpPerspective(source, matrix, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    ink = _even_light(flat.astype(np.float32))
    contrast, line_width = _line_profile(ink, code)
    return FlatGrid(ink, code, contrast, line_width)


def _even_light(flat: np.ndarray) -> np.ndarray:
    """Darkness 1 - grey / paper, where the paper's brightness is the bright end of each
    half-field block, blocks much darker than their neighbours taken as ink (a filled field),
    not as shadow."""
    block = int(FIELD_PX / 2)
    h, w = flat.shape
    by, bx = -(-h // block), -(-w // block)
    padded = cv2.copyMakeBorder(flat, 0, by * block - h, 0, bx * block - w, cv2.BORDER_REPLICATE)
    tiles = padded.reshape(by, block, bx, block).transpose(0, 2, 1, 3).reshape(by, bx, -1)
    bright = np.percentile(tiles, 90, axis=2).astype(np.float32)
    around = cv2.dilate(bright, np.ones((5, 5), np.uint8))  # the brightest paper nearby
    around = cv2.GaussianBlur(around, (5, 5), 0)
    paper = np.where(bright < 0.55 * around, around, bright)  # far darker than around: ink, not light
    paper = cv2.medianBlur(paper.astype(np.float32), 3)
    paper = cv2.resize(paper, (bx * block, by * block), interpolation=cv2.INTER_LINEAR)[:h, :w]
    return np.clip(1.0 - flat / np.maximum(paper, 1.0), 0.0, 1.0)


def _line_profile(ink: np.ndarray, code: SheetCode) -> tuple[float, float]:
    """The mean darkness across the printed field lines (averaged along them, which washes
    out what is drawn): its peak and its width at half height, in mm."""
    margin = int(MARGIN_MM * PX)
    half = int(2 * PX)
    profiles = []
    for column in range(1, code.columns):
        x = margin + column * FIELD_PX
        profiles.append(np.median(ink[margin:-margin, x - half:x + half + 1], axis=0))
    for row in range(1, code.rows):
        y = margin + row * FIELD_PX
        profiles.append(np.median(ink[y - half:y + half + 1, margin:-margin], axis=1))
    if not profiles:
        return 1.0, 0.45
    profile = np.median(np.array(profiles), axis=0)
    base = float(min(profile[0], profile[-1]))
    peak = float(profile.max())
    above = profile - base >= (peak - base) / 2
    return peak - base, float(above.sum()) / PX


def check_quality(grid: FlatGrid) -> None:
    """ScanError when the printed lines come out too faint or too blurred to read fields."""
    if grid.line_contrast < 0.18:
        raise ScanError(f"the sheet is too dark or too faint to read (its printed lines barely show): {RETAKE},"
                        " in more light")
    if grid.line_width > 2.2:
        raise ScanError(f"the photo is too blurred to read the fields (lines {grid.line_width:.1f} mm wide); hold"
                        f" the phone still and let it focus, and {RETAKE}")


def _frame_offsets(ink: np.ndarray, code: SheetCode) -> tuple[np.ndarray, np.ndarray]:
    """How far (px) each vertical and horizontal field line lies from where the markers put
    it, per row band / column band: the printed line is straight and whole across a band,
    drawn strokes are not, so the column (row) darkest along most of the band wins."""
    margin = int(MARGIN_MM * PX)
    reach = int(SEARCH_MM * PX)
    dx = np.zeros((code.columns + 1, code.rows))
    dy = np.zeros((code.rows + 1, code.columns))
    for line in range(code.columns + 1):
        x = margin + line * FIELD_PX
        for band in range(code.rows):
            y0 = margin + band * FIELD_PX + 10
            strip = ink[y0:y0 + FIELD_PX - 20, max(0, x - reach):x + reach + 1]
            dx[line, band] = _best(strip > 0.3, axis=0) - min(reach, x)
    for line in range(code.rows + 1):
        y = margin + line * FIELD_PX
        for band in range(code.columns):
            x0 = margin + band * FIELD_PX + 10
            strip = ink[max(0, y - reach):y + reach + 1, x0:x0 + FIELD_PX - 20]
            dy[line, band] = _best(strip > 0.3, axis=1) - min(reach, y)
    return _smooth(dx), _smooth(dy)


def _best(dark: np.ndarray, axis: int) -> float:
    """The position (px, sub-pixel) of the line darkest along the whole strip; NaN if none."""
    share = dark.mean(axis=1 - axis)
    kernel = np.array([0.25, 0.5, 0.25])
    share = np.convolve(share, kernel, mode="same")
    best = int(np.argmax(share))
    away = int(PX)
    around = max(share[best - away] if best >= away else 0.0, share[best + away] if best + away < len(share) else 0.0)
    if share[best] < 0.7 or share[best] - around < 0.3:  # no line, or ink all around it
        return np.nan
    if 0 < best < len(share) - 1:  # the peak's centre between samples
        a, b, c = share[best - 1], share[best], share[best + 1]
        denominator = a - 2 * b + c
        if denominator < 0:
            return best + 0.5 * (a - c) / denominator
    return float(best)


def _smooth(offsets: np.ndarray) -> np.ndarray:
    """Offsets change slowly along the sheet: a lost or odd one takes its neighbours' median."""
    filled = offsets.copy()
    rows, columns = offsets.shape
    for i in range(rows):
        for j in range(columns):
            near = offsets[max(0, i - 1):i + 2, max(0, j - 1):j + 2]
            near = near[~np.isnan(near)]
            median = float(np.median(near)) if near.size else 0.0
            value = offsets[i, j]
            filled[i, j] = median if np.isnan(value) or abs(value - median) > 2.5 else value
    return filled


def field_patches(grid: FlatGrid) -> np.ndarray:
    """Every field's inside as a PATCH x PATCH darkness image, row by row: (rows, columns, P, P)."""
    code = grid.code
    margin = int(MARGIN_MM * PX)
    dx, dy = _frame_offsets(grid.ink, code)
    inset = INSET_MM * PX
    ink = cv2.GaussianBlur(grid.ink, (0, 0), 0.8)  # the patches are half as fine: no aliasing
    patches = np.zeros((code.rows, code.columns, PATCH, PATCH), np.float32)
    for y in range(code.rows):
        for x in range(code.columns):
            left = margin + x * FIELD_PX + dx[x, y] + inset
            right = margin + (x + 1) * FIELD_PX + dx[x + 1, y] - inset
            top = margin + y * FIELD_PX + dy[y, x] + inset
            bottom = margin + (y + 1) * FIELD_PX + dy[y + 1, x] - inset
            patches[y, x] = cut(ink, left, top, right, bottom)
    return patches


def cut(ink: np.ndarray, left: float, top: float, right: float, bottom: float) -> np.ndarray:
    """The rectangle (px, fractional) resampled to PATCH x PATCH."""
    sx, sy = (right - left) / PATCH, (bottom - top) / PATCH
    matrix = np.array([[sx, 0, left], [0, sy, top]], np.float32)
    return cv2.warpAffine(ink, matrix, (PATCH, PATCH), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=0)
