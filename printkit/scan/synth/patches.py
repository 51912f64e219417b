"""Single fields drawn and "photographed" straight into the patch the scan cuts (fields.PATCH
px square, ink darkness 0..1), without a whole sheet: a hundred times quicker than drawing,
photographing and reading sheets, so training can see every form of every tile thousands
of times, in many more pens and hands than the named styles.

A field is drawn at 8 px a mm with its printed frame, by a training style whose pen width,
darkness, wobble, size and place in the field are varied well past the style's own (thick
and thin pens, small and off-centre forms, light ink), then seen by a camera of 3.5 to 11
px a mm (blur, noise, sometimes JPEG), warped to the flat grid's 6 px a mm and cut out as
`printkit.scan.fields` cuts a field (its frame found up to a few tenths of a mm off)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from printkit.scan.fields import INSET_MM, PX, cut
from printkit.scan.synth import ink
from printkit.scan.synth.forms import variants
from printkit.scan.synth.page import _stray
from printkit.scan.synth.styles import Style
from printkit.sinpin.rules import FIELD_MM, SQUARE_MM
from printkit.sinpin.tiles import Tile

DRAW_PX = 8.0  # px a mm the field is drawn at
BORDER_MM = 1.0  # drawn around the field: its frame line and a strip of the neighbours


def _luminance(colour: tuple[float, float, float]) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def varied(style: Style, rng: np.random.Generator) -> Style:
    """The style with its pen and hand varied well past their own ranges (half of the time)."""
    if rng.random() < 0.5:
        return style
    width = float(np.exp(rng.uniform(np.log(0.22), np.log(1.9))))
    low = float(rng.uniform(0.3, 0.85))
    small = float(rng.uniform(0.5, 0.95))
    return dataclasses.replace(style, width=(width * 0.9, width * 1.1), darkness=(low, min(1.0, low + 0.2)),
                               wobble=style.wobble * float(rng.uniform(0.5, 1.8)), tremor=style.tremor * float(rng.uniform(0.5, 2.0)),
                               scale=(small, min(1.15, small + 0.3)), slant=style.slant * float(rng.uniform(0.5, 1.6)),
                               offset=style.offset * float(rng.uniform(0.5, 1.6)))


def field_patch(tile: Tile, styles: tuple[Style, ...], rng: np.random.Generator, held_out: int = 0) -> tuple[np.ndarray, str]:
    """One field of `tile` drawn in a (varied) style from `styles`, as the scan's patch, and
    the name of the form drawn."""
    style = varied(styles[int(rng.integers(len(styles)))], rng)
    choices = variants(tile, held_out)
    variant = choices[int(rng.integers(len(choices)))]
    side = int(round((FIELD_MM + 2 * BORDER_MM) * DRAW_PX))
    mask = np.zeros((side, side), np.uint8)
    origin = (BORDER_MM * DRAW_PX, BORDER_MM * DRAW_PX)
    width = float(rng.uniform(*style.width))
    ink.draw(mask, ink.place(variant.make(rng), rng, style), origin, DRAW_PX, width, style, rng)
    if rng.random() < style.smudges * 2:
        _stray(mask, origin, DRAW_PX, rng)
    colour = style.colours[int(rng.integers(len(style.colours)))]
    dark = ink.texture(mask, style, rng) * float(rng.uniform(*style.darkness)) * (1.0 - _luminance(colour))
    frame = np.zeros_like(dark)
    line = max(1, int(round(rng.uniform(0.35, 0.6) * DRAW_PX)))
    grey = float(rng.uniform(0.15, 0.55)) if rng.random() < 0.9 else 0.0  # the squared paper's lines
    for at in (BORDER_MM + SQUARE_MM, BORDER_MM + 2 * SQUARE_MM):
        p = int(round(at * DRAW_PX))
        cv2.line(frame, (p, 0), (p, side), grey, max(1, int(round(0.2 * DRAW_PX))))
        cv2.line(frame, (0, p), (side, p), grey, max(1, int(round(0.2 * DRAW_PX))))
    for at in (BORDER_MM, BORDER_MM + FIELD_MM):
        p = int(round(at * DRAW_PX))
        cv2.line(frame, (p, 0), (p, side), 1.0, line)
        cv2.line(frame, (0, p), (side, p), 1.0, line)
    dark = 1.0 - (1.0 - dark) * (1.0 - frame * float(rng.uniform(0.7, 0.95)))
    photo_px = float(rng.uniform(3.5, 11.0))  # the camera's px a mm on the paper
    seen = cv2.resize(dark, None, fx=photo_px / DRAW_PX, fy=photo_px / DRAW_PX, interpolation=cv2.INTER_AREA)
    blur = float(rng.uniform(0.0, 1.3))
    if blur > 0.3:
        seen = cv2.GaussianBlur(seen, (0, 0), blur)
    seen = seen + rng.normal(0, rng.uniform(0.004, 0.03), seen.shape).astype(np.float32)
    if rng.random() < 0.5:
        grey = np.clip(255 * (1 - seen), 0, 255).astype(np.uint8)
        grey = cv2.imdecode(cv2.imencode(".jpg", grey, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])[1], 0)
        seen = 1.0 - grey.astype(np.float32) / 255.0
    flat = cv2.resize(seen, (int(round(side / DRAW_PX * PX)),) * 2, interpolation=cv2.INTER_AREA if photo_px > PX else cv2.INTER_LINEAR)
    flat = np.clip(flat + float(rng.uniform(-0.01, 0.03)), 0.0, 1.0)
    flat = cv2.GaussianBlur(flat, (0, 0), 0.8)
    near, far = (BORDER_MM + INSET_MM) * PX, (BORDER_MM + FIELD_MM - INSET_MM) * PX
    off = rng.normal(0, 0.3 * PX, 4)  # the frame found a little off
    return cut(flat, near + off[0], near + off[1], far + off[2], far + off[3]), variant.name


def drawn_fields(count_per_tile: int, styles: tuple[Style, ...], seed: int, held_out: int = 0,
                 tiles: tuple[Tile, ...] = tuple(Tile)) -> tuple[np.ndarray, np.ndarray]:
    """`count_per_tile` patches of each of `tiles` and their classes (the index in Tile), from `seed`."""
    xs, ys = [], []
    order = list(Tile)
    for k in range(count_per_tile):
        for tile in tiles:
            # each patch from its own generator: a form drawn differently changes only its patches
            rng = np.random.default_rng((seed, k, order.index(tile)))
            xs.append(field_patch(tile, styles, rng, held_out)[0])
            ys.append(order.index(tile))
    return np.stack(xs), np.array(ys)
