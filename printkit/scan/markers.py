"""Finding a design sheet in a photo: its four scan markers, the code their ids carry
(printkit.scan.layout) and the homography from the page (mm) to the photo (px)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan.errors import RETAKE, ScanError
from printkit.scan.layout import CORNERS, MARKER_MM, SheetCode, corner_of, decode

DETECT_SIDE = 1800  # px: markers are looked for in a copy this big first (fast), then in the photo itself
MAX_RESIDUAL = 0.25  # of a marker's side: markers further off one flat sheet are not one sheet


@dataclass(frozen=True)
class FoundSheet:
    code: SheetCode
    page_to_photo: np.ndarray  # 3 x 3, page mm -> photo px
    marker_px: float  # a marker's side in photo px (how finely the sheet is seen)
    residual: float  # RMS distance of the markers' corners from the homography, in px


def _detector() -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    parameters.minMarkerPerimeterRate = 0.01  # a 6 mm marker on a whole sheet is small in the frame
    # read each cell from its middle, more finely: blurred or tilted markers then decode
    parameters.perspectiveRemovePixelPerCell = 8
    parameters.perspectiveRemoveIgnoredMarginPerCell = 0.3
    return cv2.aruco.ArucoDetector(dictionary, parameters)


def _detect(gray: np.ndarray, scale: float, offset: tuple[int, int] = (0, 0)) -> dict[int, tuple[int, np.ndarray]]:
    """The sheet markers found, by corner: (id, 4 x 2 corners in full-size px); `offset`
    is where `gray` (a crop) lies in the photo."""
    interpolation = cv2.INTER_AREA if scale < 1.0 else cv2.INTER_CUBIC
    image = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=interpolation)
    corners, ids, _ = _detector().detectMarkers(image)
    found: dict[int, tuple[int, np.ndarray]] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.flatten()):
        corner = corner_of(int(marker_id))
        if corner is None:
            continue
        points = quad.reshape(4, 2).astype(np.float64) / scale + offset
        size = cv2.arcLength(points.astype(np.float32), True)
        if corner not in found or size > cv2.arcLength(found[corner][1].astype(np.float32), True):
            found[corner] = (int(marker_id), points)
    return found


def _look_again(gray: np.ndarray, found: dict[int, tuple[int, np.ndarray]]) -> dict[int, tuple[int, np.ndarray]]:
    """The fourth marker, looked for closely (enlarged) where the other three say it is: the
    corners of a sheet make a parallelogram, nearly, even seen at an angle."""
    missing = next(corner for corner in range(4) if corner not in found)
    centre = {corner: points.mean(axis=0) for corner, (_, points) in found.items()}
    opposite = (missing + 2) % 4
    guess = centre[(missing + 1) % 4] + centre[(missing + 3) % 4] - centre[opposite]
    side = float(np.mean([np.linalg.norm(points[0] - points[2]) for _, points in found.values()]))
    reach = int(max(3 * side, 0.08 * np.linalg.norm(guess - centre[opposite])))
    x0, y0 = int(max(0, guess[0] - reach)), int(max(0, guess[1] - reach))
    crop = gray[y0:int(guess[1] + reach), x0:int(guess[0] + reach)]
    if crop.size == 0:
        return {}
    again = _detect(crop, max(1.0, 60.0 / max(side, 1.0)), (x0, y0))
    return {corner: value for corner, value in again.items() if corner == missing}


def find_sheet(gray: np.ndarray) -> FoundSheet:
    """The sheet in a grey photo; ScanError saying what to do when it is not there whole."""
    scale = min(1.0, DETECT_SIDE / max(gray.shape))
    found = _detect(gray, scale)
    if len(found) < 4 and scale < 1.0:
        more = _detect(gray, 1.0)
        if len(more) >= len(found):
            found = more
    if len(found) < 4 and max(gray.shape) <= 2 * DETECT_SIDE:  # a small photo: its markers may be a few px a cell
        more = _detect(gray, 2.0)
        if len(more) > len(found):
            found = more
    if len(found) == 3:
        found.update(_look_again(gray, found))
    if not found:
        raise ScanError("no design-sheet markers in the photo: print the sheet with `printkit paper` (sheets"
                        " without the four black corner markers cannot be scanned: type the level in or draw it"
                        f" in `printkit editor`), and {RETAKE}, in good light")
    if len(found) < 4:
        missing = ", ".join(CORNERS[corner] for corner in range(4) if corner not in found)
        raise ScanError(f"the sheet is cut off: found {len(found)} of its 4 corner markers (missing: {missing});"
                        f" {RETAKE}")
    try:
        code = decode({corner: marker_id for corner, (marker_id, _) in found.items()})
    except ValueError as error:
        raise ScanError(f"the corner markers do not belong to one design sheet ({error}); print a fresh sheet with"
                        " `printkit paper` and photograph one sheet at a time") from None
    page = np.array([point for square in code.marker_corners() for point in square], np.float64)
    photo = np.concatenate([found[corner][1] for corner in range(4)])
    matrix, _ = cv2.findHomography(page, photo, 0)
    if matrix is None:
        raise ScanError(f"the corner markers do not make a flat sheet; {RETAKE}")
    projected = cv2.perspectiveTransform(page.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    residual = float(np.sqrt(np.mean(np.sum((projected - photo) ** 2, axis=1))))
    marker_px = float(np.mean([np.linalg.norm(found[c][1][0] - found[c][1][2]) for c in range(4)]) / np.sqrt(2))
    if residual > MAX_RESIDUAL * marker_px:
        raise ScanError(f"the markers do not sit where a {code.columns} x {code.rows} design sheet has them (a sheet"
                        " of another size or a different print?): print the sheet with `printkit paper` at 100 %"
                        f" and lay it flat; {RETAKE}")
    return FoundSheet(code, matrix, marker_px * MARKER_MM / MARKER_MM, residual)
