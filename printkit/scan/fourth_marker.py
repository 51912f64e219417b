"""The fourth scan marker from the three read and the sheet code their ids leave open.

Three markers read at three corners fit one sheet for every id the fourth corner may carry
(for a missing top-left one: every number of columns); each such sheet puts the fourth
marker somewhere. Where OpenCV's detector reads no marker there (too blurred, its cells two
or three px), the page is warped upright around that place and the marker that sheet prints
there, with its white ring, is matched to it (normalised cross-correlation). It is taken
when it matches well, better than any other id of its corner at that place, better than
what any other sheet size finds near there, and its white inner cells show lighter than its
black ones: white paper matches no marker well, a plain dark square (a filled field, a
marker inked over) matches but shows no code. Used also to tell a sheet cut off (its fourth
marker out of the photo) from a sheet of another size.

Three small markers fix a tilted sheet's perspective poorly, and on a small photo of a curled
sheet the place they put the fourth can be a marker side or two off (14 mm on a 1600 x 1200
photo of a full-size sheet tilted 27 degrees): the dark squares a look found near there
whose code did not read are matched too, each as if the three had put the marker on it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Protocol, TypeVar

import cv2
import numpy as np

from printkit.scan.layout import SHEET_IDS, SheetCode, corner_of, decode, marker_cells
from printkit.scan.marker_sheet import square_side

# of a marker's side: three markers of one flat sheet fit it this well (a cut-off sheet's three
# fit to 0.01, a sheet of another size's to 0.2); looser fits are no sheet to look in
THREE_MISFIT = 0.1
CELL_PX = 8  # px a marker cell in the page warped upright around where the fourth should be
REACH_CELLS = 6  # the fourth is looked for this many cells either way of where the three put it
# Measured on 117 test photos, each corner's marker looked for from the other three: a marker
# matches 0.92 to 1 (the five it was made for, blurred: 0.86 to 0.95), leads its corner's other
# ids by 0.075 or more (0.06) and shows its code at 0.72 or more (0.52); white paper matches at
# most 0.61, a plain black square 0.9 but shows no code (0.003 at most).
MIN_MATCH = 0.75  # the marker's cells and white ring correlate at least this well with the photo
MATCH_LEAD = 0.03  # ... better by this much than any other id of that corner there
MIN_CODE_CONTRAST = 0.25  # ... its white inner cells lighter than its black ones by this share of paper against border
SIZE_LEAD = 0.05  # ... and better than the marker any other sheet size puts near there
SQUARE_REACH = 3.0  # marker sides: unread dark squares this near where the three put the fourth are matched too


class Seen(Protocol):
    """A marker read in the photo (printkit.scan.marker_sheet.Marker keeps them so)."""

    marker_id: int
    corner: int
    points: np.ndarray  # 4 x 2 photo px, clockwise from the marker's own top-left


SeenT = TypeVar("SeenT", bound=Seen)


def three_fits(three: Sequence[Seen], missing: int) -> list[tuple[float, SheetCode, np.ndarray]]:
    """Every sheet the three markers (one at each corner but `missing`) and an id at
    `missing` make: its misfit (RMS, in marker sides), code and homography page mm -> photo
    px fitted to the three's 12 corners, best fit first."""
    photo = np.concatenate([m.points for m in three])
    side = float(np.mean([square_side(m.points) for m in three]))
    fits = []
    for marker_id in (i for i in SHEET_IDS if corner_of(i) == missing):
        try:
            code = decode({**{m.corner: m.marker_id for m in three}, missing: marker_id})
        except ValueError:
            continue
        page = np.array([point for m in three for point in code.marker_corners()[m.corner]], np.float64)
        matrix, _ = cv2.findHomography(page, photo, 0)
        if matrix is None:
            continue
        projected = cv2.perspectiveTransform(page.reshape(-1, 1, 2), matrix).reshape(-1, 2)
        misfit = float(np.sqrt(np.mean(np.sum((projected - photo) ** 2, axis=1)))) / side
        fits.append((misfit, code, matrix))
    return sorted(fits, key=lambda fit: fit[0])


@functools.lru_cache(maxsize=None)
def _template(marker_id: int | None) -> np.ndarray:
    """The marker (None: a plain black square) and a cell of white around it (the quiet zone
    every sheet prints), CELL_PX px a cell, slightly blurred as a photo's is, zero mean and
    unit norm (for normalised cross-correlation)."""
    cells = np.ones((8, 8), np.float32)
    cells[1:7, 1:7] = 0.0 if marker_id is None else 1.0 - np.array(marker_cells(marker_id), np.float32)
    image = cv2.GaussianBlur(cv2.resize(cells, None, fx=CELL_PX, fy=CELL_PX, interpolation=cv2.INTER_NEAREST),
                             (0, 0), CELL_PX / 4)
    image -= image.mean()
    return image / np.linalg.norm(image)


def _lead(patch: np.ndarray, marker_id: int) -> tuple[float, float]:
    """How much better the patch (the marker's square and ring) correlates with the marker
    than with any other marker of its corner (another sheet size's), and how much lighter
    its white inner cells are than its black ones, as a share of paper against border (0 for a
    plain black square, 1 for a sharp marker; a heavily blurred one about 0.3)."""
    centred = patch - patch.mean()
    norm = float(np.linalg.norm(centred))
    if norm < 1e-6:
        return -1.0, 0.0
    scores = {other: float(np.sum(centred * _template(other))) / norm
              for other in SHEET_IDS if corner_of(other) == corner_of(marker_id)}
    own = scores.pop(marker_id)
    middles = patch.reshape(8, CELL_PX, 8, CELL_PX)[:, 2:-2, :, 2:-2].mean(axis=(1, 3))
    ring = np.ones((8, 8), bool)
    ring[1:7, 1:7] = False
    black = np.zeros((8, 8), bool)
    black[1:7, 1:7] = marker_cells(marker_id)
    inner = np.zeros((8, 8), bool)
    inner[2:6, 2:6] = True
    border = black & ~inner & ~ring
    span = float(middles[ring].mean() - middles[border].mean())
    code = float(middles[inner & ~black].mean() - middles[inner & black].mean()) / span if span > 1e-6 else 0.0
    return own - max(scores.values()), code


def _match(gray: np.ndarray, code: SheetCode, matrix: np.ndarray, corner: int) -> tuple[float, float, float, np.ndarray]:
    """How well the marker `code` prints at `corner` matches the photo near where `matrix`
    (page mm -> photo px) puts it, by how much better than any other marker there, and where
    it matches best (4 x 2 photo px)."""
    cell = code.marker_mm / 6
    x, y = code.marker_corners()[corner][0]
    reach = REACH_CELLS * cell
    size = int(round((code.marker_mm + 2 * cell + 2 * reach) / cell * CELL_PX))
    # the window's px -> page mm (starting a ring cell and the reach out of the square) -> photo px
    to_page = np.array([[cell / CELL_PX, 0, x - cell - reach], [0, cell / CELL_PX, y - cell - reach], [0, 0, 1]])
    window = cv2.warpPerspective(gray, matrix @ to_page, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=127).astype(np.float32)
    marker_id = code.marker_ids()[corner]
    scores = cv2.matchTemplate(window, _template(marker_id), cv2.TM_CCOEFF_NORMED)
    _, best, _, (left, top) = cv2.minMaxLoc(scores)
    lead, code_contrast = _lead(window[top:top + 8 * CELL_PX, left:left + 8 * CELL_PX], marker_id)
    square = np.array([[0, 0], [6, 0], [6, 6], [0, 6]], np.float64) * CELL_PX + [left + CELL_PX, top + CELL_PX]
    photo = cv2.perspectiveTransform(square.reshape(-1, 1, 2), matrix @ to_page).reshape(4, 2)
    return float(best), lead, code_contrast, photo


def fourth_marker(gray: np.ndarray, threes: Sequence[Sequence[SeenT]],
                  squares: Sequence[np.ndarray] = ()) -> tuple[Sequence[SeenT], int, np.ndarray] | None:
    """The marker at the corner each three of `threes` leave out, read from how the marker
    each sheet they fit prints there matches the photo, there and on any of `squares` (dark
    squares whose code did not read, 4 x 2 photo px) near there: the three it was found from,
    its id and its corners (4 x 2 photo px); None when no id matches well and clearly best."""
    best_of: dict[tuple[int, int, bool, float], tuple[float, float, float, Sequence[SeenT], int, np.ndarray]] = {}
    for three in threes:
        missing = ({0, 1, 2, 3} - {m.corner for m in three}).pop()
        for misfit, code, matrix in three_fits(three, missing):
            if misfit > THREE_MISFIT:
                break
            # a full-size sheet's markers are 6 mm, sized or not: the two read the same fields
            key = (code.columns, code.rows, code.landscape, code.marker_mm)
            for moved in [matrix, *_onto_squares(code, matrix, missing, squares)]:
                score, lead, contrast, square = _match(gray, code, moved, missing)
                if key not in best_of or score > best_of[key][0]:
                    best_of[key] = (score, lead, contrast, three, code.marker_ids()[missing], square)
    scored = sorted(best_of.values(), key=lambda item: -item[0])
    if not scored or scored[0][0] < MIN_MATCH or scored[0][1] < MATCH_LEAD or scored[0][2] < MIN_CODE_CONTRAST:
        return None
    if len(scored) > 1 and scored[1][0] > scored[0][0] - SIZE_LEAD:
        return None
    _, _, _, three, marker_id, square = scored[0]
    return three, marker_id, square


def _onto_squares(code: SheetCode, matrix: np.ndarray, corner: int, squares: Sequence[np.ndarray]) -> list[np.ndarray]:
    """`matrix` (page mm -> photo px) moved so that the marker at `corner` lands on each of
    the squares near where it puts it (SQUARE_REACH) and about as big."""
    where = cv2.perspectiveTransform(np.array([code.marker_corners()[corner]], np.float64), matrix)[0]
    centre, side = where.mean(axis=0), square_side(where)
    moved = []
    for square in squares:
        offset = square.mean(axis=0) - centre
        if np.linalg.norm(offset) <= SQUARE_REACH * side and 0.6 < square_side(square) / side < 1.6:
            moved.append(np.array([[1, 0, offset[0]], [0, 1, offset[1]], [0, 0, 1]]) @ matrix)
    return moved


def odd_corner(shape: tuple[int, ...], groups: dict[int, list[Seen]], candidates: int) -> tuple[int, bool, bool] | None:
    """The corner the other three corners' markers leave out when they make one sheet (the
    size among those their ids allow that they fit best, THREE_MISFIT), whether that sheet puts
    its marker there wholly in the photo, and whether a marker with that id was read at all
    (elsewhere: a sheet not lying flat, or of another print); None when no three make a
    sheet. Four candidates that make no sheet may be three markers and a drawing passing for
    the fourth: then the fourth is out of view (a cut-off sheet) or in view but not read (too
    small, blurred or shadowed), not a sheet of another size."""
    height, width = shape[:2]
    best: tuple[float, int, bool, bool] | None = None
    for missing in range(4):
        others = {corner: groups[corner] for corner in range(4) if corner != missing and corner in groups}
        if len(others) < 3:
            continue
        fits = [fit for three in threes_in(others, candidates) for fit in three_fits(three, missing)[:1]]
        if fits:
            misfit, code, matrix = min(fits, key=lambda fit: fit[0])
            square = np.array(code.marker_corners()[missing], np.float64).reshape(-1, 1, 2)
            square = cv2.perspectiveTransform(square, matrix).reshape(-1, 2)
            inside = (square[:, 0] >= 0) & (square[:, 0] < width) & (square[:, 1] >= 0) & (square[:, 1] < height)
            if misfit <= THREE_MISFIT and (best is None or misfit < best[0]):
                read = any(m.marker_id == code.marker_ids()[missing] for m in groups.get(missing, []))
                best = (misfit, missing, bool(inside.all()), read)
    return None if best is None else best[1:]


def threes_in(groups: dict[int, list[SeenT]], candidates: int) -> list[list[SeenT]]:
    """Of markers grouped by corner (three corners), every three one a corner (at most
    `candidates` a corner)."""
    return [list(three) for three in itertools.product(*(group[:candidates] for group in groups.values()))]
