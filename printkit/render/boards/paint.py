"""Painting helpers the board and pieces pages share: colours, patterns, arcs, text set by
its visual centre, and furniture (title, calibration bar) put where the board leaves room.

Everything returns drawing-layer primitives (printkit.draw) in page millimetres, y down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.boards.layout import Page
from printkit.draw import Circle, Command, Group, Path, Style, Text, arc_commands, arc_to, bounding_box, translate
from printkit.draw.colours import BLACK
from printkit.draw.furniture import calibration_bar, hatch
from printkit.draw.geometry import point_to_segment

XY = tuple[float, float]

INK = "#2b2620"  # lines and text: a warm near-black, kinder on the eye than pure black
CAP_HEIGHT = 1493 / 2048  # DejaVu Sans capitals and digits, in ems
CUT = Style(stroke=BLACK, width=0.3)
FOLD = Style(stroke=INK, width=0.25, dash=(1.6, 1.2))
CLEARANCE_MM = 2.0  # between furniture and the board


# -- shapes -------------------------------------------------------------------------------
def arc_around(p: XY, q: XY, centre: XY, r: float) -> tuple[Command, ...]:
    """Path commands continuing from p to q along the minor arc of the circle about `centre`."""
    ux, uy = q[0] - p[0], q[1] - p[1]
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    # arc_to: a clockwise minor arc has its centre on the right of p→q, at (-uy, ux)
    clockwise = (centre[0] - mx) * -uy + (centre[1] - my) * ux > 0
    return arc_to(p[0], p[1], q[0], q[1], r, clockwise=clockwise)


def arc_points(p: XY, q: XY, centre: XY, pieces: int = 12) -> list[XY]:
    """Points along the minor arc from p to q about `centre`, p included, q not."""
    a0 = math.atan2(p[1] - centre[1], p[0] - centre[0])
    a1 = math.atan2(q[1] - centre[1], q[0] - centre[0])
    sweep = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    r = math.dist(p, centre)
    return [
        (centre[0] + r * math.cos(a0 + sweep * i / pieces), centre[1] + r * math.sin(a0 + sweep * i / pieces))
        for i in range(pieces)
    ]


def circle_points(centre: XY, r: float, pieces: int = 48) -> list[XY]:
    return [
        (centre[0] + r * math.cos(2 * math.pi * i / pieces), centre[1] + r * math.sin(2 * math.pi * i / pieces))
        for i in range(pieces)
    ]


def circle_commands(centre: XY, r: float) -> tuple[Command, ...]:
    return (*arc_commands(centre[0], centre[1], r, 0.0, 360.0), ("Z",))


def annulus(centre: XY, outer: float, inner: float, style: Style) -> Path:
    """A ring: the hole is cut by the even-odd rule."""
    if inner <= 0:
        return Path(circle_commands(centre, outer), style)
    return Path((*circle_commands(centre, outer), *circle_commands(centre, inner)), style, even_odd=True)


# -- patterns -----------------------------------------------------------------------------
def pattern(name: str, outline: Sequence[XY], colour: str, spacing: float, width: float) -> Group:
    """One of spec.PATTERNS filling the polygon `outline`: it tells players apart when the
    colours print as greys."""
    style = Style(stroke=colour, width=width)
    hatches = {
        "diagonal": (45.0,),
        "crosshatch": (45.0, -45.0),
        "horizontal": (0.0,),
        "vertical": (90.0,),
        "grid": (0.0, 90.0),
    }
    if name == "dots":
        return Group((dots(outline, colour, spacing),))
    angles = hatches[name]
    # two crossing hatches are as dark as one at half the spacing: open them up
    step = spacing * (1.4 if len(angles) > 1 else 1.0)
    return Group(tuple(hatch(list(outline), step, angle, style) for angle in angles))


def dots(outline: Sequence[XY], colour: str, spacing: float) -> Path | Group:
    """Dots on a triangular grid anchored to the page origin, wholly inside `outline`."""
    radius = spacing * 0.2
    ys = [p[1] for p in outline]
    row_pitch = spacing * math.sqrt(3) / 2
    commands: list[Command] = []
    for row in range(math.floor(min(ys) / row_pitch), math.ceil(max(ys) / row_pitch) + 1):
        y = row * row_pitch
        shift = spacing / 2 if row % 2 else 0.0
        # A dot fits where its row, and the rows a radius above and below, are all inside.
        spans = _common(*(_spans(outline, y + k * radius) for k in (-1, 0, 1)))
        for left, right in spans:
            first = math.ceil((left + radius - shift) / spacing)
            last = math.floor((right - radius - shift) / spacing)
            for column in range(first, last + 1):
                commands += circle_commands((column * spacing + shift, y), radius)
    return Path(tuple(commands), Style(stroke=None, fill=colour)) if commands else Group(())


def _spans(polygon: Sequence[XY], y: float) -> list[tuple[float, float]]:
    """Where the horizontal line at `y` is inside the polygon (even-odd), left to right."""
    crossings = sorted(
        ax + (y - ay) * (bx - ax) / (by - ay)
        for (ax, ay), (bx, by) in zip(polygon, [*polygon[1:], polygon[0]])
        if (ay <= y < by) or (by <= y < ay)
    )
    return list(zip(crossings[::2], crossings[1::2]))


def _common(*span_lists: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The intersection of several unions of intervals."""
    result = span_lists[0]
    for spans in span_lists[1:]:
        result = [
            (max(a, c), min(b, d)) for a, b in result for c, d in spans if max(a, c) < min(b, d)
        ]
    return result


# -- text ---------------------------------------------------------------------------------
def facing(frm: XY, towards: XY) -> float:
    """The rotation (degrees, clockwise on the page) that makes text at `frm` stand with its
    top towards `towards`: upright for a player sitting beyond `frm`."""
    return math.degrees(math.atan2(towards[0] - frm[0], -(towards[1] - frm[1])))


def centred_text(
    centre: XY, text: str, size: float, *, fill: str = INK, bold: bool = False, rotate: float = 0.0
) -> Text:
    """Text whose capitals and digits are centred on `centre`, turned by `rotate` degrees."""
    drop = CAP_HEIGHT * size / 2  # from the visual centre down to the baseline, in text space
    angle = math.radians(rotate)
    x = centre[0] - drop * math.sin(angle)
    y = centre[1] + drop * math.cos(angle)
    return Text(x, y, text, size, fill=fill, anchor="middle", bold=bold, rotate=rotate)


def lines_block(lines: Sequence[tuple[str, float, bool]], leading: float = 1.3) -> Group:
    """Lines of (text, size, bold) set flush left, the block's top-left at the origin."""
    items = []
    y = 0.0
    for text, size, bold in lines:
        y += size * (CAP_HEIGHT if not items else leading)
        items.append(Text(0.0, y, text, size, fill=INK, bold=bold))
    return Group(tuple(items))


# -- furniture ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Keepout:
    """A disc the furniture must stay clear of: the board, a point, a label, a slot."""

    centre: XY
    radius: float


@dataclass(frozen=True)
class ShapeKeepout:
    """A convex polygon grown by `reach` (YINSH's board shape) the furniture stays clear of."""

    corners: tuple[XY, ...]
    reach: float


CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
Box = tuple[float, float, float, float]  # left, top, right, bottom


class Furniture:
    """Puts blocks (title, rules, calibration bar) into the page's corners, inside the
    margins, clear of the board's keepouts and of the blocks already put."""

    def __init__(self, page: Page, keepouts: Sequence[Keepout | ShapeKeepout]) -> None:
        self.page = page
        self.keepouts = tuple(keepouts)
        self.taken: list[Box] = []

    def put(self, group: Group, corners: Sequence[str] = CORNERS) -> Group | None:
        """`group` (drawn near the origin) moved into the first free corner; None if none."""
        box = bounding_box(group.items, {})
        if box is None:
            return None
        x0, y0, x1, y1 = box
        width, height = self.page.size
        margin = self.page.margin_mm
        for corner in corners:
            left = margin if corner.endswith("left") else width - margin - (x1 - x0)
            top = margin if corner.startswith("top") else height - margin - (y1 - y0)
            spot = (left, top, left + x1 - x0, top + y1 - y0)
            if any(_meets(k, spot) for k in self.keepouts) or any(_overlap(b, spot) for b in self.taken):
                continue
            self.taken.append(spot)
            return Group(group.items, translate(left - x0, top - y0))
        return None

    def calibration(self, corners: Sequence[str] = ("bottom-left", "bottom-right", "top-right", "top-left")) -> Group:
        """The 50 mm bar that proves the print is at actual size; every page needs one."""
        placed = self.put(calibration_bar(0.0, 0.0), corners)
        if placed is None:
            raise ValueError(f"no corner of the {self.page.describe()} page has room for the calibration bar")
        return placed


def _meets(keepout: Keepout | ShapeKeepout, box: Box) -> bool:
    if isinstance(keepout, ShapeKeepout):
        return _distance_to_polygon(box, keepout.corners) < keepout.reach + CLEARANCE_MM
    cx, cy = keepout.centre
    nearest_x = min(max(cx, box[0]), box[2])
    nearest_y = min(max(cy, box[1]), box[3])
    return math.hypot(cx - nearest_x, cy - nearest_y) < keepout.radius + CLEARANCE_MM


def _distance_to_polygon(box: Box, polygon: Sequence[XY]) -> float:
    """The shortest distance between a box and a convex polygon, 0 when they overlap."""
    left, top, right, bottom = box
    rect = [(left, top), (right, top), (right, bottom), (left, bottom)]
    if any(left <= x <= right and top <= y <= bottom for x, y in polygon) or any(_inside(p, polygon) for p in rect):
        return 0.0
    return min(_segment_distance(a, b, c, d) for a, b in _sides(polygon) for c, d in _sides(rect))


def _sides(polygon: Sequence[XY]) -> list[tuple[XY, XY]]:
    return list(zip(polygon, [*polygon[1:], polygon[0]]))


def _inside(p: XY, polygon: Sequence[XY]) -> bool:
    """Whether p is inside a convex polygon (either winding)."""
    signs = {_side(a, b, p) > 0 for a, b in _sides(polygon)}
    return len(signs) == 1


def _side(a: XY, b: XY, p: XY) -> float:
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _segment_distance(a: XY, b: XY, c: XY, d: XY) -> float:
    if _side(a, b, c) * _side(a, b, d) < 0 and _side(c, d, a) * _side(c, d, b) < 0:
        return 0.0  # they cross
    return min(point_to_segment(a, c, d), point_to_segment(b, c, d), point_to_segment(c, a, b), point_to_segment(d, a, b))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] + CLEARANCE_MM and b[0] < a[2] + CLEARANCE_MM and a[1] < b[3] + CLEARANCE_MM and b[1] < a[3] + CLEARANCE_MM


def dot(centre: XY, r: float, colour: str) -> Circle:
    return Circle(centre[0], centre[1], r, Style(stroke=None, fill=colour))
