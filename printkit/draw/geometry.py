"""Plane geometry in page millimetres (y down): affine transforms, circular arcs as Béziers,
and the distance from a point to a segment.

A positive angle turns from +x towards +y, which is clockwise on the printed page, as in SVG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
Command = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


@dataclass(frozen=True, slots=True)
class Transform:
    """The affine map (x, y) -> (a·x + c·y + e, b·x + d·y + f), as PDF `cm` and SVG `matrix`."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def __matmul__(self, other: Transform) -> Transform:
        """`self @ other` applies `other` first, like SVG's transform="self other"."""
        return Transform(
            self.a * other.a + self.c * other.b,
            self.b * other.a + self.d * other.b,
            self.a * other.c + self.c * other.d,
            self.b * other.c + self.d * other.d,
            self.a * other.e + self.c * other.f + self.e,
            self.b * other.e + self.d * other.f + self.f,
        )

    def apply(self, x: float, y: float) -> Point:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    @property
    def is_identity(self) -> bool:
        return self == IDENTITY

    def as_tuple(self) -> tuple[float, float, float, float, float, float]:
        return self.a, self.b, self.c, self.d, self.e, self.f


IDENTITY = Transform()


def _cos_sin(degrees: float) -> tuple[float, float]:
    # quarter turns exactly, so a rotated grid has no 6e-17 residue in its coordinates
    quarter, rest = divmod(degrees, 90.0)
    if rest == 0.0:
        return ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))[int(quarter) % 4]
    radians = math.radians(degrees)
    return math.cos(radians), math.sin(radians)


def point_to_segment(p: Point, a: Point, b: Point) -> float:
    """The distance from p to the nearest point of the segment a–b (to a itself when a and b
    are one point). The boards' net spacing, the printed pieces' clearances and the play
    page's YINSH slots all measure with it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    # t is where the foot of the perpendicular falls along a→b, kept on the segment
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def translate(dx: float, dy: float = 0.0) -> Transform:
    return Transform(e=dx, f=dy)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Transform:
    """Turn by `degrees` (clockwise on the page) about (cx, cy)."""
    cos, sin = _cos_sin(degrees)
    turn = Transform(cos, sin, -sin, cos)
    if cx == 0.0 and cy == 0.0:
        return turn
    return translate(cx, cy) @ turn @ translate(-cx, -cy)


def scale(sx: float, sy: float | None = None) -> Transform:
    return Transform(a=sx, d=sx if sy is None else sy)


def arc_commands(cx: float, cy: float, r: float, start_deg: float, end_deg: float, *, move: bool = True) -> tuple[Command, ...]:
    """Cubic Béziers along the circle about (cx, cy) from `start_deg` to `end_deg`.

    Each piece spans at most 90°, which keeps the radius within 0.03 % of `r`. With
    `move` the result starts with an M to the arc's start, otherwise it continues a path.
    """
    sweep = end_deg - start_deg
    pieces = max(1, math.ceil(abs(sweep) / 90.0 - 1e-9))
    step = math.radians(sweep / pieces)
    k = 4.0 / 3.0 * math.tan(step / 4.0) * r
    angle = math.radians(start_deg)
    x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
    commands: list[Command] = [("M", x, y)] if move else []
    for _ in range(pieces):
        following = angle + step
        nx, ny = cx + r * math.cos(following), cy + r * math.sin(following)
        commands.append((
            "C",
            x - k * math.sin(angle), y + k * math.cos(angle),
            nx + k * math.sin(following), ny - k * math.cos(following),
            nx, ny,
        ))
        angle, x, y = following, nx, ny
    return tuple(commands)


def arc_to(x0: float, y0: float, x1: float, y1: float, r: float, *, clockwise: bool = True, large: bool = False) -> tuple[Command, ...]:
    """Béziers continuing a path from (x0, y0) to (x1, y1) along a circle of radius `r`,
    like SVG's `A` command: `clockwise` picks the turning direction, `large` the longer arc."""
    chord = math.hypot(x1 - x0, y1 - y0)
    if chord == 0.0:
        raise ValueError("an arc needs two different end points")
    if r < chord / 2 - 1e-9:
        raise ValueError(f"radius {r} mm is too small for end points {chord} mm apart")
    rise = math.sqrt(max(r * r - chord * chord / 4, 0.0))
    ux, uy = (x1 - x0) / chord, (y1 - y0) / chord
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    # a clockwise minor arc (on a y-down page) has its centre on the chord's right-hand side
    side = 1.0 if clockwise != large else -1.0
    cx, cy = mx - side * uy * rise, my + side * ux * rise
    start = math.degrees(math.atan2(y0 - cy, x0 - cx))
    end = math.degrees(math.atan2(y1 - cy, x1 - cx))
    sweep = (end - start) % 360.0 if clockwise else -((start - end) % 360.0)
    commands = arc_commands(cx, cy, r, start, start + sweep, move=False)
    # land exactly on the requested end point, free of trigonometric rounding
    return commands[:-1] + (commands[-1][:5] + (x1, y1),)
