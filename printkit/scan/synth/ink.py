"""Strokes on paper as a hand draws them: each form moved, turned and sized a little, every
stroke wandering and trembling along its length, drawn by a pen with its own width and
texture (a ballpoint skips, a pencil is grainy, a brush swells and thins)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from printkit.scan.alphabet import Form
from printkit.scan.synth.styles import Style

SHIFT = 4  # cv2 drawing with 1/16 px precision


def place(form: Form, rng: np.random.Generator, style: Style) -> list[np.ndarray]:
    """The form's strokes in field mm, moved, turned, slanted and sized as this hand does."""
    scale = rng.uniform(*style.scale)
    stretch = rng.uniform(0.9, 1.1)
    angle = math.radians(rng.normal(0, style.slant))
    shear = rng.normal(0, 0.08)
    offset = rng.normal(0, style.offset, 2)
    c, s = math.cos(angle), math.sin(angle)
    matrix = np.array([[c, -s], [s, c]]) @ np.array([[scale * stretch, shear], [0, scale / stretch]])
    strokes = []
    for stroke in form:
        points = (np.asarray(stroke, dtype=np.float64) - 7.5) @ matrix.T + 7.5 + offset
        strokes.append(_handled(points, rng, style))
    return strokes


def _handled(points: np.ndarray, rng: np.random.Generator, style: Style) -> np.ndarray:
    """A stroke resampled every 0.25 mm, wandering and trembling, its ends a little off."""
    if len(points) < 2:
        return points
    steps = np.linalg.norm(np.diff(points, axis=0), axis=1)
    length = float(steps.sum())
    if length < 1e-6:
        return points
    along = np.concatenate([[0.0], np.cumsum(steps)])
    samples = np.linspace(0, length, max(2, int(length / 0.25)))
    resampled = np.stack([np.interp(samples, along, points[:, 0]), np.interp(samples, along, points[:, 1])], axis=1)
    # the ends: a hand starts late or overshoots
    trim = rng.uniform(-0.08, 0.08, 2) * min(length, 6.0) / max(length, 1e-6)
    keep = (samples >= max(0.0, trim[0]) * length) & (samples <= length * (1 - max(0.0, trim[1])))
    resampled = resampled[keep] if keep.sum() >= 2 else resampled
    samples = samples[keep] if keep.sum() >= 2 else samples
    wander = np.zeros_like(resampled)
    for _ in range(3):
        wavelength = rng.uniform(6, 30)
        phase = rng.uniform(0, 2 * math.pi, 2)
        amplitude = rng.normal(0, style.wobble / 2, 2)
        wander += amplitude * np.sin(2 * math.pi * samples[:, None] / wavelength + phase)
    tremor = rng.normal(0, style.tremor, resampled.shape)
    if len(tremor) > 4:
        tremor = cv2.GaussianBlur(tremor.reshape(-1, 1, 2).astype(np.float32), (1, 5), 0).reshape(-1, 2)
    return resampled + wander + tremor


def draw(mask: np.ndarray, strokes: list[np.ndarray], origin: tuple[float, float], px_per_mm: float,
         width_mm: float, style: Style, rng: np.random.Generator) -> None:
    """Draw the strokes (field mm) into `mask` (uint8 coverage, 255 = full ink) with the
    field's top-left at `origin` (page px)."""
    for stroke in strokes:
        if len(stroke) < 2:
            continue
        px = (stroke * px_per_mm + origin) * (1 << SHIFT)
        px = np.round(px).astype(np.int32)
        if style.pen in ("brush", "ballpoint", "crayon", "fountain"):
            _segments(mask, px, px_per_mm, width_mm, style, rng)
        else:
            thickness = max(1, int(round(width_mm * px_per_mm)))
            cv2.polylines(mask, [px.reshape(-1, 1, 2)], False, 255, thickness, cv2.LINE_AA, SHIFT)


def _segments(mask: np.ndarray, px: np.ndarray, px_per_mm: float, width_mm: float, style: Style,
              rng: np.random.Generator) -> None:
    n = len(px)
    if style.pen == "brush":  # swelling in the middle of a stroke, thin at its ends
        widths = width_mm * (0.35 + 0.65 * np.sin(np.linspace(0.15, math.pi - 0.15, n)) * rng.uniform(0.7, 1.0))
    elif style.pen == "fountain":  # a broad nib: thick across its edge, thin along it
        direction = np.arctan2(*np.diff(px.astype(np.float64), axis=0, append=px[-1:] + [[1, 1]]).T[::-1])
        widths = width_mm * (0.25 + 0.75 * np.abs(np.sin(direction - math.pi / 4)))
    else:
        widths = np.full(n, width_mm)
    skip = 0.05 if style.pen == "ballpoint" else 0.0
    chunk = 6
    for start in range(0, n - 1, chunk):
        if skip and rng.random() < skip:
            continue
        part = px[start:start + chunk + 1]
        thickness = max(1, int(round(widths[start] * px_per_mm)))
        cv2.polylines(mask, [part.reshape(-1, 1, 2)], False, 255, thickness, cv2.LINE_AA, SHIFT)


def texture(mask: np.ndarray, style: Style, rng: np.random.Generator) -> np.ndarray:
    """Ink coverage 0..1 from the drawn mask, with the pen's texture (grain, gaps)."""
    cover = mask.astype(np.float32) / 255.0
    if style.pen in ("pencil", "crayon", "charcoal"):
        grain = rng.uniform(0.55 if style.pen == "pencil" else 0.35, 1.0, mask.shape).astype(np.float32)
        grain = cv2.GaussianBlur(grain, (3, 3), 0)
        cover *= grain
    return cover
