"""What the classifier sees of a field: its ink at a coarse scale, where the strokes run
(histograms of edge directions on a 4 x 4 grid, as HOG) and how much ink there is."""

from __future__ import annotations

import cv2
import numpy as np

COARSE = 16  # px side of the coarse ink image
CELLS = 4
BINS = 8


def features(patches: np.ndarray) -> np.ndarray:
    """(N, P, P) darkness patches -> (N, F) float32 features."""
    n, side, _ = patches.shape
    coarse = np.stack([cv2.resize(p, (COARSE, COARSE), interpolation=cv2.INTER_AREA) for p in patches]).reshape(n, -1)
    gx = np.stack([cv2.Sobel(p, cv2.CV_32F, 1, 0, ksize=3) for p in patches])
    gy = np.stack([cv2.Sobel(p, cv2.CV_32F, 0, 1, ksize=3) for p in patches])
    magnitude = np.sqrt(gx * gx + gy * gy)
    angle = np.mod(np.arctan2(gy, gx), np.pi)  # strokes have no direction: 0..180 degrees
    position = angle / np.pi * BINS - 0.5
    low = np.floor(position).astype(np.int64)
    weight_high = (position - low).astype(np.float32)
    cell = side // CELLS
    ys, xs = np.mgrid[0:side, 0:side]
    cell_index = (np.minimum(ys // cell, CELLS - 1) * CELLS + np.minimum(xs // cell, CELLS - 1)).ravel()
    size = CELLS * CELLS * BINS
    base = np.arange(n)[:, None] * size + cell_index[None, :] * BINS
    lo = np.mod(low.reshape(n, -1), BINS)
    m = magnitude.reshape(n, -1)
    wh = weight_high.reshape(n, -1)
    flat = np.bincount((base + lo).ravel(), (m * (1 - wh)).ravel(), n * size)
    flat += np.bincount((base + np.mod(lo + 1, BINS)).ravel(), (m * wh).ravel(), n * size)
    flat = flat.reshape(n, size).astype(np.float32)
    flat /= np.linalg.norm(flat, axis=1, keepdims=True) + 1.0  # +1: a blank field keeps small values
    amounts = np.stack([patches.mean(axis=(1, 2)), (patches > 0.25).mean(axis=(1, 2)), (patches > 0.5).mean(axis=(1, 2)),
                        magnitude.mean(axis=(1, 2))], axis=1)
    return np.concatenate([coarse * 2.0, flat * 4.0, amounts * 4.0], axis=1).astype(np.float32)
