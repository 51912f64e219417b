"""The drawing alphabet: how each tile (S3) is drawn by hand on a design sheet, quickly and
unlike any other, as strokes in millimetres inside a 15 mm field (origin top-left, y down).

The printed legend shows these forms; the synthetic hand-drawn sheets (printkit.scan.synth)
start from them and vary them. A form is a tuple of strokes, each a polyline; curves are
sampled from a few points through a Catmull-Rom spline, so that a form stays a handful of
numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.sinpin.tiles import Tile

Point = tuple[float, float]
Stroke = tuple[Point, ...]
Form = tuple[Stroke, ...]


def spline(points: Sequence[Point], steps: int = 8, closed: bool = False) -> Stroke:
    """A smooth curve through `points` (Catmull-Rom), `steps` samples between two of them."""
    pts = list(points)
    if closed:
        pts = [pts[-1], *pts, pts[0], pts[1]]
    else:
        pts = [pts[0], *pts, pts[-1]]
    out: list[Point] = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(steps):
            t = k / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                    + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in (0, 1)))  # type: ignore[misc]
    out.append(pts[-2])
    return tuple(out)


def circle(cx: float, cy: float, r: float, steps: int = 28) -> Stroke:
    return tuple((cx + r * math.cos(2 * math.pi * k / steps), cy + r * math.sin(2 * math.pi * k / steps))
                 for k in range(steps + 1))


def hatch(left: float, top: float, right: float, bottom: float, spacing: float, angle: float = 45.0) -> Form:
    """Parallel lines `spacing` mm apart at `angle` degrees across a rectangle."""
    return hatch_inside(((left, top), (right, top), (right, bottom), (left, bottom)), spacing, angle)


def hatch_inside(corners: tuple[Point, ...], spacing: float, angle: float = 45.0) -> Form:
    """Parallel lines `spacing` mm apart at `angle` degrees across a convex polygon (its
    corners in order): a shape filled in by hand."""
    dx, dy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
    nx, ny = -dy, dx  # the lines' normal
    offsets = [x * nx + y * ny for x, y in corners]
    lines = []
    offset = min(offsets) + spacing / 2
    while offset < max(offsets):
        ends = []
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
            da, db = ax * nx + ay * ny - offset, bx * nx + by * ny - offset
            if (da < 0) != (db < 0):
                t = da / (da - db)
                ends.append((ax + (bx - ax) * t, ay + (by - ay) * t))
        if len(ends) == 2:
            lines.append((ends[0], ends[1]))
        offset += spacing
    return tuple(lines)


def _rock() -> Form:
    return hatch(1.5, 1.5, 13.5, 13.5, 1.6, 45.0)


def _ladder() -> Form:
    return (((4.5, 1.5), (4.5, 13.5)), ((10.5, 1.5), (10.5, 13.5)),
            ((4.5, 4.5), (10.5, 4.5)), ((4.5, 7.5), (10.5, 7.5)), ((4.5, 10.5), (10.5, 10.5)))


def _spikes() -> Form:
    teeth, left, right, base, tip = 4, 1.8, 13.2, 12.5, 6.0
    width = (right - left) / teeth
    points: list[Point] = [(left, base)]
    for tooth in range(teeth):
        points += [(left + width * (tooth + 0.5), tip), (left + width * (tooth + 1), base)]
    return (tuple(points),)


def _blades() -> Form:
    return (((3.0, 3.0), (12.0, 12.0)), ((12.0, 3.0), (3.0, 12.0)))


def _web() -> Form:
    spokes = []
    for k in range(4):
        angle = math.pi * k / 4
        dx, dy = 5.5 * math.cos(angle), 5.5 * math.sin(angle)
        spokes.append(((7.5 - dx, 7.5 - dy), (7.5 + dx, 7.5 + dy)))
    return tuple(spokes)


def _spring() -> Form:
    # an arrow up from its bar: it throws you up (S19). Not a coil: a coil's zigzag or loops
    # are how people fill rock too, and were the reader's commonest mix-up (docs/scan.md)
    return (((3.5, 12.5), (11.5, 12.5)), ((7.5, 12.5), (7.5, 2.8)), ((4.2, 6.3), (7.5, 2.8), (10.8, 6.3)))


def _teleporter() -> Form:
    return (circle(7.5, 7.5, 5.2),)


def _chest() -> Form:
    return (((3.0, 4.0), (12.0, 4.0), (12.0, 12.0), (3.0, 12.0), (3.0, 4.0)), ((3.0, 7.0), (12.0, 7.0)))


def _heart() -> Form:
    return (spline(((7.5, 5.0), (9.3, 3.0), (11.8, 3.4), (12.6, 5.8), (11.0, 9.0), (7.5, 12.5), (4.0, 9.0),
                    (2.4, 5.8), (3.2, 3.4), (5.7, 3.0), (7.5, 5.0)), 6),)


def _gem() -> Form:
    return (((7.5, 2.2), (12.8, 7.5), (7.5, 12.8), (2.2, 7.5), (7.5, 2.2)),)


def _question() -> Form:
    hook = spline(((4.6, 5.0), (5.6, 2.9), (7.8, 2.3), (10.0, 3.3), (10.3, 5.4), (8.8, 7.0), (7.5, 8.2), (7.5, 10.0)), 5)
    return (hook, circle(7.5, 12.4, 0.5, 8))


def _door() -> Form:
    # α: a loop open to the right, the stroke crossing itself (like a fish)
    return (spline(((12.5, 3.8), (10.6, 7.5), (8.0, 10.8), (4.8, 11.0), (2.8, 8.0), (3.8, 4.6), (7.0, 4.0),
                    (9.6, 7.0), (12.6, 11.6)), 6),)


def _exit() -> Form:
    # Ω: an arch on two feet
    arch = spline(((5.6, 12.0), (3.2, 9.2), (3.2, 5.2), (7.5, 2.8), (11.8, 5.2), (11.8, 9.2), (9.4, 12.0)), 6)
    return (((2.4, 12.0), (5.6, 12.0)), arch, ((9.4, 12.0), (12.6, 12.0)))


FORMS: dict[Tile, Form] = {
    Tile.ROCK: _rock(),
    Tile.OPEN: (),
    Tile.DOOR: _door(),
    Tile.EXIT: _exit(),
    Tile.LADDER: _ladder(),
    Tile.SPIKES: _spikes(),
    Tile.BLADES: _blades(),
    Tile.WEB: _web(),
    Tile.SPRING: _spring(),
    Tile.TELEPORTER: _teleporter(),
    Tile.CHEST: _chest(),
    Tile.HEART: _heart(),
    Tile.GEM: _gem(),
    Tile.QUESTION: _question(),
}

HOW_TO_DRAW: dict[Tile, str] = {
    Tile.ROCK: "hatch or fill it, edge to edge",
    Tile.OPEN: "leave it blank",
    Tile.DOOR: "α, one loop",
    Tile.EXIT: "Ω on two feet",
    Tile.LADDER: "two rails, rungs",
    Tile.SPIKES: "zigzag on the floor, top empty",
    Tile.BLADES: "a big X",
    Tile.WEB: "a star: + and X",
    Tile.SPRING: "an arrow up from a bar",
    Tile.TELEPORTER: "a big ring",
    Tile.CHEST: "a box with a lid line",
    Tile.HEART: "a heart",
    Tile.GEM: "a diamond",
    Tile.QUESTION: "a question mark",
}

# The pairs the reader mixes up most when they are drawn alike (bench/scan_accuracy.py and
# bench/scan_bundled.py: a rock's zigzag drawn small read as spikes and back, a
# chest turned read as a gem, a ring as a heart, blades as a web), and how to keep them apart.
LOOK_ALIKES: tuple[str, ...] = (
    "Rock fills its field edge to edge: drawn small, its hatching looks like spikes.",
    "Rock is hatched or filled in, not scribbled round and round: round strokes read as a ring.",
    "Spikes stand on the floor, the top of the field empty; a spring is one arrow up from its bar.",
    "A chest sits square to the grid with its lid line; a gem stands on a corner.",
    "A teleporter is a round, closed ring; a heart has its dip on top.",
    "Blades are one X; a web is an X with a + through it.",
)
