"""Diagrams for the YINSH rules sheet: a strip of the board with rings and markers on it, a
move with its flips and a row taken off, each as a "before" and an "after" panel.

A strip is one column of the board (numbers `first` … `last`) and the points next to it,
turned so the column runs left to right (numbers growing to the right); everything is in
page millimetres, y down, from the panel's top-left corner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from printkit.draw import Circle, Group, Item, Path, Polygon, Rect, Style, Text, fonts, translate
from printkit.render.boards.paint import INK
from printkit.yinsh.board import Point, neighbours, point, point_mm

XY = tuple[float, float]
WHITE, BLACK = "#ffffff", "#000000"
LINE = Style(stroke="#8a8070", width=0.35, cap="round")
RING_RADIUS = 0.36  # of the spacing
MARKER_RADIUS = 0.26
HIGHLIGHT = "#e8a33d"


@dataclass(frozen=True)
class Strip:
    column: str
    first: int
    last: int
    s: float  # spacing, mm

    @cached_property
    def points(self) -> list[Point]:
        """The column's points first … last and the neighbours beside them (not beyond its ends)."""
        middle = [point(f"{self.column}{n}") for n in range(self.first, self.last + 1)]
        low, high = self._raw(middle[0])[0] - self.s / 2, self._raw(middle[-1])[0] + self.s / 2
        around = {q for p in middle for q in neighbours(p) if low - 1e-9 <= self._raw(q)[0] <= high + 1e-9}
        return sorted(around | set(middle))

    def _raw(self, p: Point) -> XY:
        x, y = point_mm(p, self.s)
        return (y, -x)  # the column runs left to right, higher letters upward

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        xys = [self._raw(p) for p in self.points]
        pad = self.s * 0.5
        return (min(x for x, _ in xys) - pad, min(y for _, y in xys) - pad,
                max(x for x, _ in xys) + pad, max(y for _, y in xys) + pad)

    @property
    def size(self) -> XY:
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0, y1 - y0)

    def at(self, name: str) -> XY:
        x0, y0, _, _ = self.bounds
        x, y = self._raw(point(name))
        return (x - x0, y - y0)

    def board(self) -> list[Item]:
        """The strip's lines (between neighbouring points of the strip) and its points."""
        shown = set(self.points)
        commands = []
        for p in shown:
            for q in neighbours(p):
                if q in shown and p < q:
                    commands += [("M", *self.at(p.name)), ("L", *self.at(q.name))]
        items: list[Item] = [Path(tuple(commands), LINE)]
        items += [Circle(*self.at(p.name), 0.05 * self.s, Style(stroke=None, fill=INK)) for p in sorted(shown)]
        return items


def ring(at: XY, colour: str, s: float) -> list[Item]:
    """A ring: a thick circle; a white ring has a black rim inside and out to read on paper."""
    r = RING_RADIUS * s
    if colour == WHITE:
        return [Circle(*at, r, Style(stroke=BLACK, width=0.16 * s)), Circle(*at, r, Style(stroke=WHITE, width=0.1 * s))]
    return [Circle(*at, r, Style(stroke=BLACK, width=0.14 * s))]


def marker(at: XY, colour: str, s: float) -> Circle:
    return Circle(*at, MARKER_RADIUS * s, Style(stroke=BLACK, width=0.3, fill=colour))


def arrow(start: XY, end: XY, s: float, lift: float = 0.62) -> list[Item]:
    """An arrow from start to end, raised `lift`·s above the line between them."""
    rise = lift * s
    a = (start[0], start[1] - rise)
    b = (end[0], end[1] - rise)
    head = 0.22 * s
    style = Style(stroke=HIGHLIGHT, width=0.6, cap="round", join="round")
    return [Path((("M", start[0], start[1] - RING_RADIUS * s), ("L", *a), ("L", b[0] - head, b[1])), style),
            Polygon(((b[0], b[1]), (b[0] - head * 1.4, b[1] - head * 0.7), (b[0] - head * 1.4, b[1] + head * 0.7)),
                    Style(stroke=None, fill=HIGHLIGHT))]


def capsule(first: XY, last: XY, s: float) -> Path:
    """A rounded outline around the points from first to last (on one horizontal line)."""
    r = 0.42 * s
    x0, x1, y = first[0], last[0], first[1]
    k = 0.5523 * r  # a quarter circle as a cubic
    return Path((("M", x0, y - r), ("L", x1, y - r), ("C", x1 + k, y - r, x1 + r, y - k, x1 + r, y),
                 ("C", x1 + r, y + k, x1 + k, y + r, x1, y + r), ("L", x0, y + r),
                 ("C", x0 - k, y + r, x0 - r, y + k, x0 - r, y), ("C", x0 - r, y - k, x0 - k, y - r, x0, y - r), ("Z",)),
                Style(stroke=HIGHLIGHT, width=0.8))


def halo(at: XY, s: float, around: float = MARKER_RADIUS) -> Circle:
    """A highlight around a marker (one turned over) or, with `around` RING_RADIUS, a ring."""
    return Circle(*at, (around + 0.1) * s + (0.05 * s if around == RING_RADIUS else 0.0), Style(stroke=HIGHLIGHT, width=0.8))


@dataclass(frozen=True)
class Panel:
    strip: Strip
    rings: dict[str, str]  # point -> colour
    markers: dict[str, str]
    extra: tuple[Item, ...] = ()  # drawn on top, in the strip's coordinates
    labels: tuple[str, ...] = ()

    def items(self, size: float) -> list[Item]:
        s = self.strip.s
        items = self.strip.board()
        items += [marker(self.strip.at(p), colour, s) for p, colour in sorted(self.markers.items())]
        for p, colour in sorted(self.rings.items()):
            items += ring(self.strip.at(p), colour, s)
        bottom = self.strip.size[1] + size * 1.1
        items += [Text(self.strip.at(p)[0], bottom, p, size, fill=INK, anchor="middle") for p in self.labels]
        return items + list(self.extra)


def slots(at: XY, s: float, filled: int, size: float) -> list[Item]:
    """Three ring slots in a column (rings taken off), the first `filled` holding a ring."""
    items: list[Item] = []
    pitch = 0.95 * s
    for k in range(3):
        centre = (at[0], at[1] + k * pitch)
        items.append(Circle(*centre, 0.45 * s, Style(stroke=INK, width=0.3, fill="#f3ead6")))
        if k < filled:
            items += ring(centre, WHITE, s)
    items.append(Text(at[0], at[1] - 0.45 * s - size * 0.4, "slots", size, fill=INK, anchor="middle"))
    return items


def move_panels(s: float, size: float) -> tuple[Panel, Panel]:
    """White moves e3-e8: over e4 (free), then e5 e6 e7 (markers), stopping on e8."""
    strip = Strip("e", 3, 9, s)
    before = {"e5": WHITE, "e6": BLACK, "e7": BLACK, "d4": BLACK, "f8": WHITE}
    after = {**before, "e3": WHITE, "e5": BLACK, "e6": WHITE, "e7": WHITE}
    flipped = tuple(halo(strip.at(p), s) for p in ("e5", "e6", "e7"))
    return (Panel(strip, {"e3": WHITE}, {**before, "e3": WHITE}, tuple(arrow(strip.at("e3"), strip.at("e8"), s)),
                  ("e3", "e5", "e6", "e7", "e8")),
            Panel(strip, {"e8": WHITE}, after, flipped, ("e3", "e5", "e6", "e7", "e8")))


def row_panels(s: float, size: float) -> tuple[Panel, Panel]:
    """White's row e3-e7 goes back to the pool with the ring on f6."""
    strip = Strip("e", 2, 8, s)
    row = {f"e{n}": WHITE for n in range(3, 8)}
    others = {"e2": BLACK, "d5": BLACK, "f8": WHITE}
    rings = {"e8": WHITE, "f6": WHITE, "d2": BLACK}
    marked = (capsule(strip.at("e3"), strip.at("e7"), s), halo(strip.at("f6"), s, RING_RADIUS))
    before = Panel(strip, rings, {**row, **others}, marked, ("e3", "e7"))
    after = Panel(strip, {"e8": WHITE, "d2": BLACK}, others, (), ("e3", "e7"))
    return before, after


def panel_pair(panels: Sequence[Panel], top_left: XY, width: float, size: float,
               captions: Sequence[str], trailer: Sequence[Item] = (), trailer_width: float = 0.0) -> tuple[Group, float]:
    """Two panels side by side across `width`, each with its caption below; the pair's
    Group and height. `trailer` (`trailer_width` wide) is drawn right of the second panel,
    in its coordinates."""
    gap = 6.0
    column = (width - gap) / 2
    strip_w, strip_h = panels[0].strip.size
    items: list[Item] = []
    height = 0.0
    for index, (panel, caption) in enumerate(zip(panels, captions)):
        x = top_left[0] + index * (column + gap)
        inset = (column - strip_w - (trailer_width if index == 1 else 0.0)) / 2
        content = panel.items(size) + (list(trailer) if index == 1 else [])
        items.append(Group(tuple(content), translate(x + inset, top_left[1])))
        y = top_left[1] + strip_h + size * 2.9
        lines = fonts.wrap(caption, column, size)
        items += [Text(x, y + k * size * 1.25, text, size) for k, text in enumerate(lines)]
        height = max(height, strip_h + size * 2.9 + len(lines) * size * 1.25)
    frame = Rect(top_left[0] - 2.0, top_left[1] - 2.0, width + 4.0, height + 2.0, Style(stroke="#c8bfae", width=0.3), 2.0)
    return Group((frame, *items)), height + 2.0


def spacing_for(width: float) -> float:
    """The spacing that fits a seven-point strip and a column of slots into half of `width`."""
    column = (width - 6.0) / 2
    return min(10.0, column / (8 + 1.4))

