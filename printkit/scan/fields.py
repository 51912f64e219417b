"""From the photo to one small image a field: the sheet's grid warped flat at a fixed
scale, the light evened out, each field's printed frame found again near where the markers
put it (paper that does not lie flat shifts fields by a millimetre or two), and the inside
of every field cut out as ink darkness 0..1."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan.errors import FOCUS, RETAKE, ScanError
from printkit.scan.glare import clipped_fields
from printkit.scan.images import looks_blurred
from printkit.scan.layout import SheetCode
from printkit.scan.shadows import DeepShadow, darkness, deep_shadow
from printkit.sinpin.rules import FIELD_MM

PX = 6.0  # px a mm of the flat grid
MARGIN_MM = 6.0  # around the grid in the flat image
FIELD_PX = int(FIELD_MM * PX)  # 90
SEARCH_MM = 3.5  # how far a field's frame is looked for from where the markers put it
INSET_MM = 0.9  # the field's inside starts this far in from its frame line
PATCH = 40  # px: the side of a field's image handed to the features
HIDING_INK = 0.3  # darkness beside a line piece not found that says a drawing hides it
# Paper darker than this (0..255) is too dark to read ink on: JPEG and the camera's noise
# leave a pale pen's strokes a few grey levels. The whole sheet that dark says "more light";
# so does part of it (a deep shadow) as big as DIM_FIELDS of a field.
DIM_PAPER = 40.0
DIM_FIELDS = 0.5
# px a mm: the reader learned from photos showing the sheet this fine or finer; a sheet shown
# coarser whose lines do not come out is too small in the photo, not (only) blurred
SMALL_PX = 3.5
# A field two or more of whose four printed frame pieces do not show, with no ink beside
# them to hide them, is washed out: a glare (a lamp's or the flash's reflection) whitens
# paper, lines and ink alike. Of the test sets' 500 photos two have one such field each;
# under a glare washing out a disc a quarter of the page across, 320 of 320 misreads not
# listed were in such fields (a reflection strong enough to leave a little of the ink: 82 of 92).
WASHED_PIECES = 2
FRAME_PIECES = 4  # a field's frame: its four sides
# A frame piece not found, nothing as dark as this anywhere across its search (its line, the
# ink beside it, a line the paper's curl moved out of reach), has faded (a glare): blurred
# lines, and lines on a sheet small in the photo, spread too wide to be found but still
# show at 0.25 to 0.41 of the darkness; under a glare 0 to 0.2 (one leaving a little ink:
# 0.09 to 0.37, median 0.18)
FADED_LINE = 0.22
MIN_SHADOW_BLOCKS = 8  # half-field blocks: a shadow smaller than two fields is taken for a drawing


@dataclass(frozen=True)
class FlatGrid:
    ink: np.ndarray  # float32 darkness 0..1 of the grid and its margin, PX px a mm
    code: SheetCode
    line_contrast: float  # how dark the printed field lines come out (0..1)
    line_width: float  # mm: how wide they come out (blur widens them)
    paper_level: float  # the paper's brightness in the photo, 0..255
    dx: np.ndarray  # px: each vertical field line's offset from where the markers put it, per row
    dy: np.ndarray  # px: each horizontal field line's offset, per column
    lines_found: float  # how many line pieces showed (the rest took their neighbours' offsets)
    lines_hidden: float = 0.0  # how many did not for ink beside them (a filled field: blur or not)
    dim_share: float = 0.0  # of the grid, the share whose paper is darker than DIM_PAPER (a deep shadow)
    photo_px_per_mm: float = PX  # how fine the photo shows the sheet
    deep_shadow: DeepShadow | None = None  # paper evened to under half the lit paper, if any (shadows.py)
    faded: np.ndarray | None = None  # (rows, columns): how many of each field's 4 frame pieces faded (a glare)
    clipped: np.ndarray | None = None  # (rows, columns) bool: inside clipped to white by a glare (glare.py)


def flatten(gray: np.ndarray, page_to_photo: np.ndarray, code: SheetCode, marker_px: float) -> FlatGrid:
    """The grid warped flat, as ink darkness with the light evened out, and where its
    printed field lines really are."""
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
    flat = flat.astype(np.float32)
    paper, dim_mask = _paper(flat)
    ink = darkness(flat, paper)
    dx, dy, profiles, hidden, faded = _frame_lines(ink, code)
    contrast, line_width, found = _line_quality(profiles)
    margin = int(MARGIN_MM * PX)
    dim = float(dim_mask[margin:-margin, margin:-margin].mean())
    clipped = clipped_fields(flat, code.rows, code.columns, margin, FIELD_PX, int(INSET_MM * PX))
    return FlatGrid(ink, code, contrast, line_width, float(np.percentile(flat, 90)), dx, dy, found, float(hidden), dim,
                    photo_px_per_mm, deep_shadow(flat, paper, int(FIELD_PX / 2)), faded=faded, clipped=clipped)


def _even_light(flat: np.ndarray) -> np.ndarray:
    """Darkness 1 - grey / paper (see _paper)."""
    return darkness(flat, _paper(flat)[0])


def _paper(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The paper's brightness at each px: the bright end of each half-field block, blocks
    much darker than their neighbours taken as ink (a filled field), not as shadow, unless
    they look like paper in a deep shadow (see _in_shadow) or lie by a soft edge (see
    _soft_edged). And where paper under a shadow is darker than DIM_PAPER (a px mask):
    the blocks that dark joined to those by a soft edge (the inside of a big filled area
    is as dark, but no soft edge leads into it)."""
    block = int(FIELD_PX / 2)
    h, w = flat.shape
    by, bx = -(-h // block), -(-w // block)
    padded = cv2.copyMakeBorder(flat, 0, by * block - h, 0, bx * block - w, cv2.BORDER_REPLICATE)
    tiles = padded.reshape(by, block, bx, block).transpose(0, 2, 1, 3).reshape(by, bx, -1)
    middle, bright = np.percentile(tiles, (50, 90), axis=2).astype(np.float32)
    around = cv2.dilate(bright, np.ones((5, 5), np.uint8))  # the brightest paper nearby
    around = cv2.GaussianBlur(around, (5, 5), 0)
    inked = (bright < 0.55 * around) & ~_in_shadow(bright, middle, around)
    shaded, closed = _soft_edged(flat, inked, bright, middle, around, block)
    if shaded.any():  # paper under a shadow: its own paper nearby is the measure, fills in it stay ink
        inside = _shadow_paper(bright, shaded)
        inked = np.where(shaded, bright < 0.55 * inside, inked)
        around = np.where(shaded, inside, around)
    paper = np.where(inked, around, bright)  # far darker than around: ink, not light
    paper = cv2.medianBlur(paper.astype(np.float32), 3)
    dim = np.zeros(paper.shape, bool)
    if shaded.any():
        _, labels = cv2.connectedComponents(((paper < DIM_PAPER) | shaded).astype(np.uint8), connectivity=8)
        joined = np.isin(labels, np.unique(labels[shaded & (labels > 0)]))
        dim = joined & (paper < DIM_PAPER)
    dim = cv2.resize(dim.astype(np.uint8), (bx * block, by * block), interpolation=cv2.INTER_NEAREST)[:h, :w] > 0
    paper = cv2.resize(paper, (bx * block, by * block), interpolation=cv2.INTER_LINEAR)[:h, :w]
    if shaded.any():
        # a block a deep shadow's edge crosses has lit paper in it and shaded: there the paper
        # follows the page closed up (lines and strokes gone) where that is far darker than
        # the paper the block gives but about as light as the shadow's own paper or lighter
        # (much darker is a fill: it stays ink; a shallow shadow's edge is evened as before)
        size = (bx * block, by * block)
        kernel = np.ones((3, 3), np.uint8)
        ring = cv2.dilate(shaded.astype(np.uint8), kernel) & cv2.dilate((~shaded).astype(np.uint8), kernel)
        edge = cv2.resize(ring, size, interpolation=cv2.INTER_NEAREST)[:h, :w].astype(bool)
        floor = cv2.resize(inside, size, interpolation=cv2.INTER_LINEAR)[:h, :w]
        fine = cv2.GaussianBlur(closed, (0, 0), 2.0)
        paper = np.where(edge & (fine >= 0.8 * floor) & (fine <= 0.6 * paper), fine, paper)
    return paper, dim


def _in_shadow(bright: np.ndarray, middle: np.ndarray, around: np.ndarray) -> np.ndarray:
    """Blocks that are paper in a deep shadow rather than a filled field, though 45 to 50 %
    darker than the paper nearby: even (their median within 7 % of their bright end, where
    a drawn fill's strokes and gaps differ more) and no sharp step from a neighbour (a
    shadow's edge is soft; a filled field's neighbour across its frame is paper). Measured
    on the test photos' blocks that dark: 13 of 19 blank or lightly drawn ones, 2 of 1,469
    filled ones (a charcoal smudge)."""
    near = cv2.dilate(bright, np.ones((3, 3), np.uint8))
    return (bright >= 0.5 * around) & (middle >= 0.93 * bright) & (bright >= 0.56 * near)


def _shadow_paper(bright: np.ndarray, shaded: np.ndarray) -> np.ndarray:
    """The paper's brightness under the shadow near each block: the upper quartile of the
    shaded blocks' within two blocks (not their brightest: a block the edge crosses is
    partly lit; not all: some are filled fields). 0 where none is near."""
    out = np.zeros(bright.shape, np.float32)
    near = cv2.dilate(shaded.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    for y, x in zip(*np.nonzero(near)):
        window = (slice(max(0, y - 2), y + 3), slice(max(0, x - 2), x + 3))
        out[y, x] = np.percentile(bright[window][shaded[window]], 75)
    return out


def _shifted(values: np.ndarray, by: int, axis: int) -> np.ndarray:
    """values[i + by] along `axis`, the edge's own value beyond the edge (np.roll would bring
    the light of the sheet's far side: a plain gradient's blocks by the edges read shaded)."""
    index = np.clip(np.arange(values.shape[axis]) + by, 0, values.shape[axis] - 1)
    return np.take(values, index, axis=axis)


def _soft_edged(flat: np.ndarray, inked: np.ndarray, bright: np.ndarray, middle: np.ndarray, around: np.ndarray,
                block: int) -> tuple[np.ndarray, np.ndarray]:
    """Of the blocks taken for ink (far darker than the paper nearby), those of dark areas
    whose edge is soft: paper under a shadow. A drawn fill's edge is the pen's: from paper
    to ink within a millimetre; a shadow's edge, cast by a phone or a hand under a lamp,
    spreads over several. Measured where the page, its lines and strokes closed up, steps
    by over a third across 8 mm: the steepest 1 mm of the step against the whole step."""
    closed = cv2.morphologyEx(flat, cv2.MORPH_CLOSE, np.ones((11, 11), np.uint8))
    light = np.log(np.maximum(cv2.GaussianBlur(closed, (0, 0), 1.0), 1.0))
    near, far = int(PX), int(6 * PX)
    h, w = flat.shape
    hard = np.zeros((h, w), np.float32)
    soft = np.zeros((h, w), np.float32)
    for axis in (0, 1):
        wide = np.abs(_shifted(light, far, axis) - _shifted(light, -far, axis))
        steep = np.abs(_shifted(light, near, axis) - light)
        line = (1, 2 * far + 1) if axis == 1 else (2 * far + 1, 1)
        steepest = cv2.dilate(steep, np.ones(line, np.uint8))
        centre = (wide >= 0.4) & (wide >= cv2.dilate(wide, np.ones(line, np.uint8)))
        sharp = steepest >= 0.7 * wide
        hard += centre & sharp
        soft += centre & ~sharp
    by, bx = inked.shape
    counts = []
    for edges in (hard, soft):
        padded = cv2.copyMakeBorder(edges, 0, by * block - h, 0, bx * block - w, cv2.BORDER_CONSTANT, value=0)
        counts.append(padded.reshape(by, block, bx, block).sum(axis=(1, 3)).astype(np.float32))
    # a block near a soft edge and no hard one (a shadow's band may join drawn fills)
    hard_near, soft_near = (cv2.boxFilter(count, -1, (5, 5), normalize=False, borderType=cv2.BORDER_CONSTANT)
                            for count in counts)
    shaded = inked & (soft_near > 2 * hard_near) & (soft_near >= 2 * block)
    number, labels = cv2.connectedComponents(inked.astype(np.uint8), connectivity=8)
    kernel = np.ones((3, 3), np.uint8)
    for label in range(1, number):
        area = (labels == label).astype(np.uint8)
        ring = cv2.dilate(area, kernel).astype(bool) & ~cv2.erode(area, kernel, borderType=cv2.BORDER_REPLICATE).astype(bool)
        hard_n, soft_n = counts[0][ring].sum(), counts[1][ring].sum()
        if soft_n > 2 * hard_n and area.sum() >= 4:  # a shadow's band, not a lone block of a ragged fill
            shaded |= area.astype(bool)
    # the shadow goes on over even blocks darker than the paper nearby and about as light as
    # a shaded neighbour (a fill is far darker than the paper beside it, shaded or not)
    even = (middle >= 0.75 * bright) & (bright <= 0.8 * around)
    while shaded.any():
        darkest = cv2.erode(np.where(shaded, bright, np.inf).astype(np.float32), kernel)
        lightest = cv2.dilate(np.where(shaded, bright, 0).astype(np.float32), kernel)
        joining = even & ~shaded & (bright >= 0.8 * darkest) & (bright <= 1.25 * lightest)
        if not joining.any():
            break
        shaded = shaded | joining
    # a shadow cast by a phone or a hand is big: a few blocks alone are drawn (a brush's fill
    # has soft edges too)
    number, labels, stats, _ = cv2.connectedComponentsWithStats(shaded.astype(np.uint8), connectivity=8)
    small = np.flatnonzero(stats[:, cv2.CC_STAT_AREA] < MIN_SHADOW_BLOCKS)
    return shaded & ~np.isin(labels, small[small > 0]), closed


def _frame_lines(ink: np.ndarray, code: SheetCode
                 ) -> tuple[np.ndarray, np.ndarray, list[np.ndarray], int, np.ndarray]:
    """How far (px) each vertical and horizontal field line lies from where the markers put
    it, per row band / column band, the darkness profile across each line found, how many
    were not found for ink beside them, and per field how many of its frame pieces faded
    (not found, nothing dark near: a glare; FADED_LINE).

    Along a band the printed line is whole and straight while drawn strokes come and go, so
    the median across the band's length shows the line as the darkest peak; a band inked
    all over (rock on both sides) shows none and takes its neighbours' offset.
    """
    margin = int(MARGIN_MM * PX)
    reach = int(SEARCH_MM * PX)
    half = int(2 * PX)
    dx = np.full((code.columns + 1, code.rows), np.nan)
    dy = np.full((code.rows + 1, code.columns), np.nan)
    profiles: list[np.ndarray] = []
    hidden = 0
    faded = np.zeros((code.rows, code.columns), np.int8)  # each field's frame pieces neither found nor hidden
    for vertical, lines, bands, offsets in ((True, code.columns + 1, code.rows, dx), (False, code.rows + 1, code.columns, dy)):
        for line in range(lines):
            at = margin + line * FIELD_PX
            for band in range(bands):
                start = margin + band * FIELD_PX + 8
                if vertical:
                    strip = ink[start:start + FIELD_PX - 16, at - reach - half:at + reach + half + 1]
                    profile = np.median(strip, axis=0)
                else:
                    strip = ink[at - reach - half:at + reach + half + 1, start:start + FIELD_PX - 16]
                    profile = np.median(strip, axis=1)
                inner = profile[half:-half]
                best = int(np.argmax(inner))
                peak, away = inner[best], int(PX)
                sides = (profile[half + best - away], profile[half + best + away])
                if peak - max(sides) < 0.2:  # no line, or ink on one side of it (looked up from its neighbours)
                    hidden += max(sides) >= HIDING_INK
                    if profile.max() < FADED_LINE:  # nothing dark anywhere near: not a line out of reach
                        _count_faded(faded, vertical, line, band)
                    continue
                offsets[line, band] = best - reach + _vertex(inner, best)
                profiles.append(profile[best:best + 2 * half + 1])
    return _smooth(dx), _smooth(dy), profiles, hidden, faded


def _count_faded(faded: np.ndarray, vertical: bool, line: int, band: int) -> None:
    """One more faded frame piece for the (one or two) fields the piece borders."""
    rows, columns = faded.shape
    for side in (line - 1, line):
        if vertical and 0 <= side < columns:
            faded[band, side] += 1
        elif not vertical and 0 <= side < rows:
            faded[side, band] += 1


def _vertex(values: np.ndarray, best: int) -> float:
    """The sub-pixel shift of a peak's top (a parabola through three samples)."""
    if 0 < best < len(values) - 1:
        a, b, c = values[best - 1], values[best], values[best + 1]
        denominator = a - 2 * b + c
        if denominator < -1e-6:
            return float(np.clip(0.5 * (a - c) / denominator, -0.5, 0.5))
    return 0.0


def _line_quality(profiles: list[np.ndarray]) -> tuple[float, float, float]:
    """How dark and how wide (mm, at half height) the printed lines come out, averaged over
    the lines found, and how many lines were found."""
    if not profiles:
        return 0.0, 0.0, 0.0
    profile = np.median(np.array(profiles), axis=0)
    base = float(min(profile[0], profile[-1]))
    peak = float(profile.max())
    above = profile - base >= (peak - base) / 2
    return peak - base, float(above.sum()) / PX, float(len(profiles))


def washed_out(grid: FlatGrid, photo: np.ndarray) -> np.ndarray:
    """Each field (row by row) whether the photo washed it out (WASHED_PIECES); none in a
    blurred `photo` (the grey photo the grid is from), whose lines a smear spread thin: its
    odds carry the doubt (a photo smeared 1.5 mm up and down lost 12 fields' frames so).
    But a field that lost all four sides of its frame is under a glare, blurred look or not:
    a smear spreads only the lines across its path (no field of 19 smeared photos lost all
    four; glares of 160 px radius left 6 to 39 such fields), while a big glare whitens so
    much of the photo that it looks blurred itself (one of 160 px radius did: 16 fields
    washed out, read as open, 15 of them unlisted). So is a field whose inside is clipped to
    white with one frame piece faded (glare.py): white alone is also lit paper beside a shadow."""
    clipped = np.zeros(grid.code.rows * grid.code.columns, bool)
    if grid.clipped is not None and grid.faded is not None:
        clipped = (grid.clipped & (grid.faded >= 1)).ravel()
    if grid.faded is None or not (grid.faded >= WASHED_PIECES).any():
        return clipped
    if not (grid.faded == FRAME_PIECES).any() and looks_blurred(photo):
        return clipped
    return (grid.faded >= WASHED_PIECES).ravel() | clipped


def check_quality(grid: FlatGrid, photo: np.ndarray | None = None) -> None:
    """ScanError when the printed lines come out too faint or too blurred to read fields
    (`photo`, the grey photo the grid is from, tells blur from faint print)."""
    code = grid.code
    lines = (code.columns + 1) * code.rows + (code.rows + 1) * code.columns
    if grid.paper_level < DIM_PAPER or grid.line_contrast < 0.18:
        if grid.paper_level >= DIM_PAPER and photo is not None and looks_blurred(photo):
            # the paper lit but its thin lines faded: a shaken phone's smear fades them as faint print does
            raise ScanError(f"the photo is too blurred to read the fields; {FOCUS}, and {RETAKE}")
        raise ScanError(f"the sheet is too dark or too faint to read (its printed lines barely show): {RETAKE},"
                        " in more light")
    if grid.dim_share * code.columns * code.rows > DIM_FIELDS:
        raise ScanError(f"part of the sheet is in too deep a shadow to read: {RETAKE}, in more light, without the"
                        " phone's or a hand's shadow on the sheet")
    # lines beside a filled field cannot show, blurred or not: most levels are more rock than
    # cave, and a sharp photo of one showed 33 of its 144 line pieces (111 hidden by ink)
    if grid.line_width > 2.2 or grid.lines_found < 0.25 * (lines - grid.lines_hidden):
        if grid.photo_px_per_mm < SMALL_PX:
            raise ScanError(f"the sheet is too small in the photo or too blurred to read the fields (its fields"
                            f" {grid.photo_px_per_mm * FIELD_MM:.0f} px across): come closer, so that the sheet fills"
                            f" the photo; {FOCUS}, and {RETAKE}")
        raise ScanError(f"the photo is too blurred to read the fields; {FOCUS}, and {RETAKE}")


def _smooth(offsets: np.ndarray) -> np.ndarray:
    """Offsets change slowly along the sheet: lost ones are filled in from their neighbours
    (outwards, over inked areas of any size), and one far from its neighbours' median takes
    that median."""
    values = offsets.copy()
    while np.isnan(values).any() and not np.isnan(values).all():
        filled = values.copy()
        for i, j in zip(*np.nonzero(np.isnan(values))):
            near = values[max(0, i - 1):i + 2, max(0, j - 1):j + 2]
            near = near[~np.isnan(near)]
            if near.size:
                filled[i, j] = float(np.median(near))
        values = filled
    values = np.nan_to_num(values)
    smoothed = values.copy()
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            median = float(np.median(values[max(0, i - 1):i + 2, max(0, j - 1):j + 2]))
            if abs(values[i, j] - median) > 2.5:
                smoothed[i, j] = median
    return smoothed


def field_patches(grid: FlatGrid, ink: np.ndarray | None = None) -> np.ndarray:
    """Every field's inside as a PATCH x PATCH darkness image, row by row: (rows, columns, P, P),
    cut from the grid's ink or the `ink` given (one of its deep_shadow's)."""
    code = grid.code
    margin = int(MARGIN_MM * PX)
    dx, dy = grid.dx, grid.dy
    inset = INSET_MM * PX
    ink = cv2.GaussianBlur(grid.ink if ink is None else ink, (0, 0), 0.8)  # the patches are half as fine: no aliasing
    patches = np.zeros((code.rows, code.columns, PATCH, PATCH), np.float32)
    for y in range(code.rows):
        for x in range(code.columns):
            left = margin + x * FIELD_PX + dx[x, y] + inset
            right = margin + (x + 1) * FIELD_PX + dx[x + 1, y] - inset
            top = margin + y * FIELD_PX + dy[y, x] + inset
            bottom = margin + (y + 1) * FIELD_PX + dy[y + 1, x] - inset
            patches[y, x] = cut(ink, left, top, right, bottom)
    return patches


def fields_reaching(grid: FlatGrid, mask: np.ndarray) -> np.ndarray:
    """Which fields (rows, columns) reach into a px mask of the flat grid (their inside, where
    the markers put it)."""
    code = grid.code
    margin, inset = int(MARGIN_MM * PX), int(PX)
    out = np.zeros((code.rows, code.columns), bool)
    for y in range(code.rows):
        for x in range(code.columns):
            top, left = margin + y * FIELD_PX, margin + x * FIELD_PX
            out[y, x] = mask[top + inset:top + FIELD_PX - inset, left + inset:left + FIELD_PX - inset].any()
    return out


def cut(ink: np.ndarray, left: float, top: float, right: float, bottom: float) -> np.ndarray:
    """The rectangle (px, fractional) resampled to PATCH x PATCH."""
    sx, sy = (right - left) / PATCH, (bottom - top) / PATCH
    matrix = np.array([[sx, 0, left], [0, sy, top]], np.float32)
    return cv2.warpAffine(ink, matrix, (PATCH, PATCH), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=0)
