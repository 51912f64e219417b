"""Things that go wrong when a phone photographs a sheet, laid on a grey photo afterwards:
the phone moving while it takes the photo (a smear one way) and the reflection of a lamp
or the flash (a glare that washes the ink out). bench/scan_mishaps.py and the tests lay
them on the project's photos to see that the scan says what went wrong, or lists what it
could not read, rather than give a level silently wrong."""

from __future__ import annotations

import cv2
import numpy as np


def smeared(photo: np.ndarray, length: int, degrees: float) -> np.ndarray:
    """`photo` smeared `length` px along `degrees` (0: left to right), as a phone moving
    while it takes the photo smears it."""
    line = np.zeros((length, length), np.float32)
    line[length // 2, :] = 1
    turn = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), degrees, 1.0)
    line = cv2.warpAffine(line, turn, (length, length))
    return cv2.filter2D(photo, -1, line / line.sum())


def glared(photo: np.ndarray, centre: tuple[float, float], radius: float, strength: float = 1.0) -> np.ndarray:
    """`photo` with a lamp's or a flash's reflection at `centre` (photo px): light added
    over an oval `radius` px across its long half (flat on top, its edge soft over about a
    third of that), `strength` 1 taking the paper and the ink inside to white."""
    height, width = photo.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    reach = ((xs - centre[0]) ** 2 + ((ys - centre[1]) * 1.4) ** 2) / (2 * radius * radius)
    light = np.exp(-reach ** 2)  # flat on top, falling off at about `radius`
    return np.clip(photo.astype(np.float32) + strength * 330.0 * light, 0, 255).astype(np.uint8)
