"""A deep shadow on the sheet (a phone's or a hand's under a lamp, leaving under half the
light): where the evened paper lies that dark, and the ink measured again against the
shadow's own darkest paper near it, a second read for the fields there (reading.field_odds).

Near a deep shadow the light evening (fields._paper) can go wrong unseen: a blank field in
the shadow taken for a fill has its paper taken from the lit paper beside it and reads as
rock, surely. Against the darkest shadow paper near it, it shows no ink, while a fill under
the shadow stays far darker than that paper; a fill in the light beside the shadow fades
too, so the second read is weighed against the first, not taken instead."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# Paper evened to under DEEP_SHADOW of the sheet's lit paper lies under a deep shadow. 0.5:
# the test sets' random shadows darken by 20 to 50 % and are evened well (of their 200
# photos in the training styles six have fields read again, and every figure of
# bench/scan_accuracy.py stays the same); bench/scan_shadows.py left misreads unlisted from
# 45 % of the light down.
DEEP_SHADOW = 0.5
# Half-field blocks: fields this far from that paper are read again against the darkest of
# it within the reach. On small photos (2048 x 1536, an 8 x 8 sheet: tests/scansheets.py)
# blank fields read as rock, surely, lay up to three blocks from the paper evened that dark.
NEAR_BLOCKS = 3
# Paper evened to under DARK_SHADOW of the lit paper, and the half field round it (a soft
# edge): the evening is trusted down to about a third of the light; below it a blank field
# (or one drawn faintly) can be taken for a fill and read as rock both ways, surely, so rock
# read there is listed (reading.decide). On bench/scan_shadows.py's sheets every rock read
# in a shadow of 45 % listed so cost 19 fields a sheet more, with no misread to catch; the
# one misread at a fifth lay by a soft edge, outside the dark paper itself.
DARK_SHADOW = 1 / 3


@dataclass(frozen=True)
class DeepShadow:
    inside: np.ndarray  # px mask: paper evened to under DEEP_SHADOW of the lit paper
    near: np.ndarray  # px mask: within NEAR_BLOCKS blocks of it
    ink: np.ndarray  # darkness against the darkest such paper within a block
    ink_near: np.ndarray  # darkness against the darkest such paper within NEAR_BLOCKS blocks
    dark: np.ndarray  # px mask: paper evened to under DARK_SHADOW of the lit paper, and a block round it


def darkness(flat: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """Ink darkness 0..1: 1 - grey / paper."""
    return np.clip(1.0 - flat / np.maximum(paper, 1.0), 0.0, 1.0)


def deep_shadow(flat: np.ndarray, paper: np.ndarray, block: int) -> DeepShadow | None:
    """The deep shadow on the flat grid whose paper was evened to `paper` (px), measured in
    blocks of `block` px; None when no paper was evened that dark."""
    h, w = paper.shape
    by, bx = -(-h // block), -(-w // block)
    padded = cv2.copyMakeBorder(paper, 0, by * block - h, 0, bx * block - w, cv2.BORDER_REPLICATE)
    blocks = padded.reshape(by, block, bx, block).mean(axis=(1, 3)).astype(np.float32)
    lit = float(np.percentile(blocks, 90))
    deep = blocks < DEEP_SHADOW * lit
    if not deep.any():
        return None
    size = (bx * block, by * block)

    def spread(mask: np.ndarray, reach: int) -> np.ndarray:
        grown = cv2.dilate(mask.astype(np.uint8), np.ones((2 * reach + 1,) * 2, np.uint8))
        return cv2.resize(grown, size, interpolation=cv2.INTER_NEAREST)[:h, :w] > 0

    def against(reach: int) -> np.ndarray:
        window = np.ones((2 * reach + 1,) * 2, np.uint8)
        darkest = np.minimum(cv2.erode(np.where(deep, blocks, np.inf).astype(np.float32), window), blocks)
        floor = cv2.GaussianBlur(cv2.resize(darkest, size, interpolation=cv2.INTER_NEAREST)[:h, :w], (0, 0), 4.0)
        return darkness(flat, np.minimum(floor, paper))

    return DeepShadow(spread(deep, 0), spread(deep, NEAR_BLOCKS), against(1), against(NEAR_BLOCKS),
                      spread(blocks < DARK_SHADOW * lit, 1))
