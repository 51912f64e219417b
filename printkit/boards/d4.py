"""A foldable paper d4: the net of a regular tetrahedron, numbered like a real d4.

The net is the classic one: a big equilateral triangle of side 2e cut into four faces of
edge e. Folding the three outer faces up around the centre face brings the big triangle's
three corners together at the apex, so the six half sides of the big triangle glue in
pairs, one pair meeting at each big corner; each pair gets one glue tab.

Numbering: on a real d4 each face shows three numbers, one in each corner, and the number
at the top vertex is the value thrown. So every vertex of the tetrahedron carries one
number, shown in each of the three corners that meet there: the apex (the three big
corners) is 4, the midpoints of the big triangle's sides are 1, 2 and 3.

Coordinates are page millimetres, y down, like printkit.boards.layout.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.draw.geometry import point_to_segment

XY = tuple[float, float]

SQRT3 = math.sqrt(3.0)

DIE_EDGE_MM = 20.0  # the brief's 18-20 mm: about a common retail d4
DIE_FIT = 1.3  # boards.md: the board's edge is at least 1.3 × the die's edge
TAB_DEPTH = 0.25  # of the edge: 5 mm tabs on a 20 mm die
TAB_ANGLE_DEG = 45.0  # tab sides slant in, so folded tabs do not collide at the corners

APEX_NUMBER = 4
SIDE_NUMBERS = (1, 2, 3)  # the midpoints of the big sides, in corner order


def die_edge(board_edge_mm: float) -> float:
    """The die edge that fits the board's spaces: 20 mm, smaller on a small lattice."""
    fitting = math.floor(board_edge_mm / DIE_FIT * 2) / 2  # in half millimetres, rounded down
    return min(DIE_EDGE_MM, fitting)


def _add(p: XY, q: XY, k: float = 1.0) -> XY:
    return (p[0] + k * q[0], p[1] + k * q[1])


def _mid(p: XY, q: XY) -> XY:
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


@dataclass(frozen=True)
class Face:
    corners: tuple[XY, XY, XY]
    numbers: tuple[int, int, int]  # the number printed in each corner

    @property
    def centroid(self) -> XY:
        xs, ys = zip(*self.corners)
        return (sum(xs) / 3, sum(ys) / 3)


@dataclass(frozen=True)
class Net:
    edge: float
    faces: tuple[Face, Face, Face, Face]  # the centre face first
    tabs: tuple[tuple[XY, XY, XY, XY], ...]  # base start, outer start, outer end, base end
    outline: tuple[XY, ...]  # the cut line, tabs included, as a closed polygon
    folds: tuple[tuple[XY, XY], ...]  # the inner edges, then the tab bases

    def moved(self, dx: float, dy: float) -> Net:
        def m(p: XY) -> XY:
            return (p[0] + dx, p[1] + dy)

        return Net(
            self.edge,
            tuple(Face(tuple(map(m, f.corners)), f.numbers) for f in self.faces),  # type: ignore[arg-type]
            tuple(tuple(map(m, tab)) for tab in self.tabs),  # type: ignore[misc]
            tuple(map(m, self.outline)),
            tuple((m(a), m(b)) for a, b in self.folds),
        )

    @property
    def box(self) -> tuple[float, float, float, float]:
        xs, ys = zip(*self.outline)
        return (min(xs), min(ys), max(xs), max(ys))


def net(centre: XY, edge: float, pointing_up: bool = True) -> Net:
    """The net with the big triangle's centroid at `centre`, apex up or down on the page."""
    radius = 2 * edge / SQRT3  # of the big triangle's circumcircle
    turn = 0.0 if pointing_up else 180.0
    # The big corners clockwise on the page from the apex: (0, -R) turned clockwise.
    corners = tuple(
        (
            centre[0] + radius * math.sin(math.radians(turn + angle)),
            centre[1] - radius * math.cos(math.radians(turn + angle)),
        )
        for angle in (0.0, 120.0, 240.0)
    )
    o0, o1, o2 = corners
    m01, m12, m20 = _mid(o0, o1), _mid(o1, o2), _mid(o2, o0)
    n01, n12, n20 = SIDE_NUMBERS
    apex = APEX_NUMBER
    faces = (
        Face((m01, m12, m20), (n01, n12, n20)),
        Face((o0, m01, m20), (apex, n01, n20)),
        Face((o1, m12, m01), (apex, n12, n01)),
        Face((o2, m20, m12), (apex, n20, n12)),
    )
    # One tab per glued pair: the first half of each big side, walking clockwise; its
    # partner, the second half of the previous side, ends at the same big corner.
    tabs = tuple(_tab(start, end, centre, edge) for start, end in ((o0, m01), (o1, m12), (o2, m20)))
    # Each tab ends at a midpoint; the half side from there to the next corner is the
    # polygon's edge to the next tab's start.
    outline = tuple(point for tab in tabs for point in tab)
    folds = ((m01, m12), (m12, m20), (m20, m01), (o0, m01), (o1, m12), (o2, m20))
    return Net(edge, faces, tabs, outline, folds)


def _tab(start: XY, end: XY, inside: XY, edge: float) -> tuple[XY, XY, XY, XY]:
    """A trapezoid on the edge start→end, outside the net (away from `inside`)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    middle = _mid(start, end)
    if (middle[0] - inside[0]) * nx + (middle[1] - inside[1]) * ny < 0:
        nx, ny = -nx, -ny
    depth = TAB_DEPTH * edge
    inset = depth / math.tan(math.radians(TAB_ANGLE_DEG))
    out1 = _add(_add(start, (nx, ny), depth), (ux, uy), inset)
    out2 = _add(_add(end, (nx, ny), depth), (ux, uy), -inset)
    return (start, out1, out2, end)


def outline_gap(first: Sequence[XY], second: Sequence[XY]) -> float:
    """The clear distance between two closed outlines that do not cross: the least over
    each one's corners to the other's sides."""
    def sides(points: Sequence[XY]) -> list[tuple[XY, XY]]:
        return list(zip(points, [*points[1:], points[0]]))
    return min(min(point_to_segment(p, a, b) for p in one for a, b in sides(other))
               for one, other in ((first, second), (second, first)))


@functools.lru_cache(maxsize=None)
def nesting_gap(edge: float, clearance: float) -> float:
    """The distance between neighbours' parallel sides in a strip at which every cut
    outline, tabs included, keeps `clearance` from every other: found by trying gaps in
    0.1 mm steps from the clearance up, since the tabs of facing sides interleave at small
    gaps and the distance does not grow steadily with the gap."""
    gap = clearance
    while True:
        nets = _placed(edge, 4, gap)  # up-down and down-up neighbours, and the nets beyond them
        if min(outline_gap(a.outline, b.outline) for a, b in itertools.combinations(nets, 2)) >= clearance:
            return gap
        gap = round(gap + 0.1, 1)


def strip(edge: float, count: int, clearance: float) -> tuple[Net, ...]:
    """`count` nets side by side, apex up and down in turn so their slanted sides nest,
    every outline (tabs included) at least `clearance` mm from the next: room for scissors.
    The strip's box starts at (0, 0)."""
    nets = _placed(edge, count, nesting_gap(edge, clearance))
    left = min(n.box[0] for n in nets)
    top = min(n.box[1] for n in nets)
    return tuple(n.moved(-left, -top) for n in nets)


def _placed(edge: float, count: int, gap: float) -> list[Net]:
    """`count` nets nested apex up and down, `gap` mm between neighbours' parallel sides."""
    height = edge * SQRT3  # the big triangle's height
    pitch = edge + gap / math.sin(math.radians(60.0))
    nets = []
    for index in range(count):
        up = index % 2 == 0
        # centroids sit a third of the height from the base
        cy = height * 2 / 3 if up else height / 3
        nets.append(net((edge + index * pitch, cy), edge, up))
    return nets
