"""Synthetic photos of drawn design sheets for the scan's tests, made once per test process
(each takes about a second): a few seeds, small photos, styles from both sets."""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from printkit.scan.layout import SheetCode
from printkit.scan.synth.photo import Shadow
from printkit.scan.synth.sheets import SyntheticSheet, make_sheet
from printkit.scan.synth.styles import HELD_OUT_STYLES, TRAINING_STYLES

LEVEL = (  # a small level that is solvable, with every kind of tile but spikes and blades
    "########",
    "#A....w#",
    "#H##.#*#",
    "#H.?.O.#",
    "#H#S##C#",
    "#h..*.Z#",
    "#O.....#",
    "########",
)


@lru_cache(maxsize=None)
def drawn(seed: int = 3, held_out: bool = False, size: tuple[int, int] = (2048, 1536)) -> SyntheticSheet:
    """LEVEL drawn and photographed (an 8 x 8 sheet, gently: a few degrees of tilt)."""
    styles = HELD_OUT_STYLES if held_out else TRAINING_STYLES
    return make_sheet(seed, styles, rows=LEVEL, code=SheetCode(8, 8, False), px_per_mm=8.0, size=size,
                      max_tilt=15.0, curl=0.5)


def gray(sheet: SyntheticSheet) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(sheet.photo.jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)


@lru_cache(maxsize=None)
def shadowed(light: float, edge_mm: float, seed: int = 3) -> SyntheticSheet:
    """LEVEL drawn and photographed as `drawn` makes it, with a phone's shadow leaving `light`
    of the light over the grid's right part, its edges slanted across fields (bench/scan_shadows.py
    lays the like on twelve sheets)."""
    code = SheetCode(8, 8, False)
    left, top = code.grid_origin
    width, height = code.grid_size
    polygon = ((left + 0.4 * width, top + 0.15 * height), (left + width + 30, top + 0.05 * height),
               (left + width + 30, top + 0.95 * height), (left + 0.55 * width, top + 0.85 * height))
    return make_sheet(seed, TRAINING_STYLES, rows=LEVEL, code=code, px_per_mm=8.0, size=(2048, 1536), max_tilt=15.0,
                      curl=0.5, shadow_on_page=Shadow(polygon, light, edge_mm))


@lru_cache(maxsize=None)
def marker_in_shadow(corner: int, light: float, size: tuple[int, int] = (3264, 2448), seed: int = 3) -> SyntheticSheet:
    """LEVEL drawn and photographed as `drawn` makes it, with a shadow's sharp (1 mm) edge
    through the middle of one corner marker, slanted 20 degrees off square to the sheet's
    diagonal, `light` left under it over the marker's outer part and beyond (as
    bench/scan_shadows.py lays it on twelve sheets)."""
    code = SheetCode(8, 8, False)
    mx, my = code.marker_squares()[corner]
    centre = np.array([mx + code.marker_mm / 2, my + code.marker_mm / 2])
    left, top = code.grid_origin
    width, height = code.grid_size
    inward = np.array([left + width / 2, top + height / 2]) - centre
    inward /= np.linalg.norm(inward)
    turn = math.radians(20)
    along = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]]) @ (-inward[1], inward[0])
    reach = 60.0
    polygon = (centre + reach * along, centre + reach * (along - inward), centre - reach * (along + inward),
               centre - reach * along)
    return make_sheet(seed, TRAINING_STYLES, rows=LEVEL, code=code, px_per_mm=8.0, size=size, max_tilt=15.0,
                      curl=0.5, shadow_on_page=Shadow(tuple((float(x), float(y)) for x, y in polygon), light, 1.0))


def glared_at(sheet: SyntheticSheet, radius_mm: float) -> np.ndarray:
    """The sheet's grey photo with a lamp's reflection `radius_mm` across on the paper (in mm,
    so that photos showing the sheet at other scales get a glare of the same size), centred
    a third of the way across the grid and half way down."""
    from printkit.scan.synth.mishaps import glared

    (left, top), (width, height) = sheet.page.code.grid_origin, sheet.page.code.grid_size
    matrix = sheet.photo.page_to_photo
    centre = cv2.perspectiveTransform(np.array([[[left + 0.3 * width, top + 0.5 * height]]]), matrix)[0, 0]
    px_per_mm = float(np.sqrt(abs(np.linalg.det(matrix[:2, :2] / matrix[2, 2]))))
    return glared(gray(sheet), (float(centre[0]), float(centre[1])), radius_mm * px_per_mm)
