"""A page image turned into a phone photo of it: the paper tinted and curled, lying on a
table at any rotation and up to about 30 degrees of tilt, lit unevenly with a shadow across
it, blurred, noisy and saved as JPEG."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

SIZES = ((4000, 3000), (3264, 2448), (2592, 1944), (2048, 1536), (1600, 1200))


@dataclass(frozen=True)
class Photo:
    jpeg: bytes
    page_to_photo: np.ndarray  # 3 x 3 homography from page mm to photo px (before the curl)
    size: tuple[int, int]  # width, height in px
    tilt: float  # degrees
    notes: str


@dataclass(frozen=True)
class Shadow:
    """A shadow laid on the page on purpose (bench/scan_shadows.py), in place of the random
    one: a polygon in page mm, the share of the light left under it, and how soft its edge is
    (a Gaussian's sigma in page mm: a phone held high under a ceiling lamp casts a soft edge,
    one held low or a lamp's small bulb a sharp one)."""

    polygon_mm: tuple[tuple[float, float], ...]
    light: float  # 0..1: the share of the light left under the shadow
    edge_mm: float  # sigma of the edge's blur, page mm

    def mask(self, size: tuple[int, int], page_to_photo: np.ndarray) -> np.ndarray:
        """1 under the shadow, 0 outside, the edge blurred (photo px, size = width, height)."""
        w, h = size
        step = 4  # made at a quarter size, then enlarged: the edge is at least a mm soft
        points = cv2.perspectiveTransform(np.array(self.polygon_mm, np.float64).reshape(-1, 1, 2), page_to_photo)
        small = np.zeros((h // step + 1, w // step + 1), np.float32)
        cv2.fillPoly(small, [np.round(points.reshape(-1, 2) / step).astype(np.int32)], 1.0)
        px_per_mm = float(np.sqrt(abs(np.linalg.det(page_to_photo[:2, :2] / page_to_photo[2, 2]))))
        sigma = self.edge_mm * px_per_mm / step
        if sigma > 0.3:
            small = cv2.GaussianBlur(small, (0, 0), sigma)
        return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _tilted_corners(width: float, height: float, rng: np.random.Generator, tilt: float) -> np.ndarray:
    """The page's corners (mm, centred) seen by a pinhole camera with the page turned any
    way and tilted by `tilt` degrees about a random axis in its plane."""
    turn = rng.uniform(0, 2 * math.pi)
    axis = rng.uniform(0, 2 * math.pi)
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], float) - (width / 2, height / 2)
    c, s = math.cos(turn), math.sin(turn)
    flat = corners @ np.array([[c, -s], [s, c]]).T
    ax, ay = math.cos(axis), math.sin(axis)
    t = math.radians(tilt)
    # rotation about the in-plane axis (ax, ay, 0) by t (Rodrigues; kx: the cross product with it)
    kx = np.array([[0, 0, ay], [0, 0, -ax], [-ay, ax, 0]])
    rot = np.eye(3) + math.sin(t) * kx + (1 - math.cos(t)) * (kx @ kx)
    points = np.c_[flat, np.zeros(4)] @ rot.T
    distance = max(width, height) * rng.uniform(1.1, 1.8)  # phone lenses are wide
    z = points[:, 2] + distance
    return points[:, :2] / z[:, None] * distance


def _background(size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A table: a colour, blotches and maybe wood grain (made small, then enlarged)."""
    w, h = size
    sw, sh = w // 8 + 1, h // 8 + 1
    base = rng.uniform(40, 200, 3).astype(np.float32)
    small = cv2.resize(rng.normal(0, 18, (sh // 2 + 1, sw // 2 + 1, 3)).astype(np.float32), (sw, sh))
    image = base[None, None, :] + small
    if rng.random() < 0.5:  # wood grain
        ys = np.arange(sh, dtype=np.float32)[:, None] * 8
        image += (12 * np.sin(ys / rng.uniform(6, 25) + np.sin(np.arange(sw)[None, :] * 8 / 300.0) * 3))[:, :, None]
    return cv2.resize(np.clip(image, 0, 255), (w, h), interpolation=cv2.INTER_LINEAR)


def _curl(page: np.ndarray, px_per_mm: float, rng: np.random.Generator, amount: float) -> np.ndarray:
    """Paper that does not lie flat: a smooth displacement of up to `amount` mm."""
    h, w = page.shape[:2]
    gy, gx = np.mgrid[0:h:16, 0:w:16].astype(np.float32)
    dx = np.zeros_like(gx)
    dy = np.zeros_like(gy)
    for _ in range(2):
        fx, fy = rng.uniform(0.3, 1.2, 2)
        phase = rng.uniform(0, 2 * math.pi, 2)
        dx += rng.normal(0, amount / 2) * np.sin(math.pi * fx * gx / w + phase[0]) * np.sin(math.pi * fy * gy / h + phase[1])
        dy += rng.normal(0, amount / 2) * np.cos(math.pi * fx * gx / w + phase[1]) * np.sin(math.pi * fy * gy / h + phase[0])
    mapx = cv2.resize(gx + dx * px_per_mm, (w, h), interpolation=cv2.INTER_LINEAR)
    mapy = cv2.resize(gy + dy * px_per_mm, (w, h), interpolation=cv2.INTER_LINEAR)
    return cv2.remap(page, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _light(size: tuple[int, int], rng: np.random.Generator, shadow: bool) -> np.ndarray:
    w, h = size
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    gx, gy = rng.normal(0, 0.25, 2)
    field = 1.0 + gx * (xs / w - 0.5) + gy * (ys / h - 0.5)
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    field *= 1.0 - rng.uniform(0, 0.35) * (((xs - cx) ** 2 + (ys - cy) ** 2) / (w * w + h * h))
    if shadow:
        mask = np.zeros(field.shape, np.float32)
        points = np.array([[rng.uniform(-0.2, 1.2) * field.shape[1], rng.uniform(-0.2, 1.2) * field.shape[0]]
                           for _ in range(int(rng.integers(3, 6)))], np.int32)
        cv2.fillPoly(mask, [points], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(2, 25))
        field *= 1.0 - rng.uniform(0.2, 0.5) * mask
    field = cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR)
    return field * rng.uniform(0.75, 1.1)


def photograph(page: np.ndarray, px_per_mm: float, rng: np.random.Generator, *, size: tuple[int, int] | None = None,
               max_tilt: float = 30.0, curl: float | None = None, quality: int | None = None,
               shadow_on_page: Shadow | None = None) -> Photo:
    """A photo (JPEG) of the page image `page` (RGB uint8 at px_per_mm); `shadow_on_page`
    lays that shadow instead of the random one (None: as before, byte for byte)."""
    h_px, w_px = page.shape[:2]
    width, height = w_px / px_per_mm, h_px / px_per_mm
    size = size or SIZES[int(rng.integers(len(SIZES)))]
    if rng.random() < 0.5:
        size = (size[1], size[0])
    tilt = float(rng.uniform(0, max_tilt))
    curl = float(rng.uniform(0, 2.5) if curl is None else curl)
    tint = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.85, 1.0), rng.uniform(0.8, 1.0)], np.float32)
    paper = page.astype(np.float32) * tint[None, None, :]
    if curl > 0:
        paper = _curl(paper, px_per_mm, rng, curl)
    seen = _tilted_corners(width, height, rng, tilt)
    span = seen.max(axis=0) - seen.min(axis=0)
    fill = rng.uniform(0.6, 0.93)
    factor = fill * min(size[0] / span[0], size[1] / span[1])
    seen = (seen - seen.min(axis=0)) * factor
    room = np.array(size) - (seen.max(axis=0))
    seen += rng.uniform(0, 1, 2) * room
    page_mm = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    page_to_photo = cv2.getPerspectiveTransform(page_mm, seen.astype(np.float32))
    px_to_mm = np.diag([1 / px_per_mm, 1 / px_per_mm, 1.0])
    matrix = page_to_photo @ px_to_mm
    warped = cv2.warpPerspective(paper, matrix, size, flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    cover = cv2.warpPerspective(np.ones((h_px, w_px), np.float32), matrix, size, flags=cv2.INTER_LINEAR)
    image = warped + _background(size, rng) * (1.0 - cover[:, :, None])
    shadow = rng.random() < 0.6
    light = _light(size, rng, shadow and shadow_on_page is None)
    if shadow_on_page is not None:
        shadow = False
        light *= 1.0 - (1.0 - shadow_on_page.light) * shadow_on_page.mask(size, page_to_photo)
    image *= light[:, :, None]
    blur = rng.uniform(0.0, 1.6) * max(size) / 4000
    if blur > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    if rng.random() < 0.2:  # a shaky hand
        length = int(rng.integers(3, 8))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rotation = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0)
        image = cv2.filter2D(image, -1, cv2.warpAffine(kernel, rotation, (length, length)))
    image += rng.normal(0, rng.uniform(1, 7), image.shape[:2])[:, :, None].astype(np.float32)
    quality = int(rng.integers(55, 95)) if quality is None else quality
    bgr = np.clip(image[:, :, ::-1], 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    notes = f"{size[0]}x{size[1]} tilt {tilt:.0f} curl {curl:.1f} mm blur {blur:.1f} jpeg {quality}{' shadow' if shadow else ''}"
    if shadow_on_page is not None:
        notes += f" shadow {shadow_on_page.light:.0%} light, edge {shadow_on_page.edge_mm:g} mm"
    return Photo(data.tobytes(), page_to_photo, size, tilt, notes)
