"""The avatars' heads and the ghost as bold vector emblems, for cards, backs and pawns.

Each emblem is drawn in a 20 × 20 box centred on the origin (y down) with strokes that read
at 10 mm and at 40 mm alike; scale it with a Group transform. They are built to survive
black-and-white printing: a dark outline, a light face and black eyes, nose and ears, so the
silhouette alone tells the animal. `fill` is the avatar's colour (None: outlines only, for
ink saving). The map's items (gem, heart, web, chest, question mark) are the map icons'
business (printkit/render/sinpin/icons.py), not drawn here a second time.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.draw import Circle, Group, Item, Line, Path, Polygon, Style, scale, translate
from printkit.draw.geometry import Command

BOX = 20.0  # the side of the box every emblem is drawn in
INK = "#000000"
WHITE = "#ffffff"
OUTLINE = 0.8  # mm at BOX size: bold enough to survive a 50 % scale


class _Pens:
    """The styles of one emblem: solid, or outlines only (ink saving)."""

    def __init__(self, fill: str | None) -> None:
        self.outline_only = fill is None
        self.face = Style(stroke=INK, width=OUTLINE, fill=fill or WHITE, join="round")
        self.light = Style(stroke=INK, width=OUTLINE, fill=WHITE, join="round")
        self.thin = Style(stroke=INK, width=OUTLINE / 2, fill=WHITE, join="round")
        self.dark = Style(stroke=INK, width=OUTLINE / 2, fill=WHITE if fill is None else INK, join="round")
        self.solid = Style(stroke=None, fill=INK)  # eyes and noses stay black even when saving ink
        self.line = Style(stroke=INK, width=OUTLINE / 2, cap="round")


def _ellipse(cx: float, cy: float, rx: float, ry: float, style: Style) -> Group:
    return Group((Circle(0.0, 0.0, 1.0, style),), translate(cx, cy) @ scale(rx, ry))


def _symmetric(start: tuple[float, float], left: list[Command]) -> tuple[Command, ...]:
    """A closed outline symmetric about x = 0 from its left half: `left` runs from `start`
    (on the axis) down the left side back to the axis, as L and C commands."""
    ends = [start] + [(command[-2], command[-1]) for command in left]
    right: list[Command] = []
    for index in reversed(range(len(left))):
        command, (x0, y0) = left[index], ends[index]
        if command[0] == "L":
            right.append(("L", -x0, y0))
        else:
            _, x1, y1, x2, y2, _, _ = command
            right.append(("C", -x2, y2, -x1, y1, -x0, y0))
    return (("M", *start), *left, *right, ("Z",))


def _fox(pens: _Pens) -> list[Item]:
    head = [("M", 0, 8.6), ("L", -6.8, 1.6), ("L", -9.4, -0.6), ("L", -7.4, -2.8), ("L", -8.2, -9.6),
            ("L", -2.8, -5.2), ("C", -1.2, -5.7, 1.2, -5.7, 2.8, -5.2), ("L", 8.2, -9.6), ("L", 7.4, -2.8),
            ("L", 9.4, -0.6), ("L", 6.8, 1.6), ("Z",)]
    cheeks = [("M", 0, 8.6), ("L", -6.8, 1.6), ("L", -9.4, -0.6), ("C", -6.5, -0.2, -3.5, 1.2, -1.6, 3.4),
              ("C", -0.6, 3.9, 0.6, 3.9, 1.6, 3.4), ("C", 3.5, 1.2, 6.5, -0.2, 9.4, -0.6), ("L", 6.8, 1.6), ("Z",)]
    items: list[Item] = [Path(tuple(head), pens.face), Path(tuple(cheeks), pens.light)]
    for side in (-1, 1):
        items.append(Polygon([(side * 7.5, -7.9), (side * 4.2, -5.3), (side * 6.8, -3.6)], pens.dark))
        items.append(Polygon([(side * 4.4, -0.2), (side * 2.0, -1.5), (side * 2.5, 0.4)], pens.solid))
    items.append(Path((("M", -1.5, 6.9), ("L", 1.5, 6.9), ("L", 0, 8.9), ("Z",)), pens.solid))
    return items


def _goat(pens: _Pens) -> list[Item]:
    items: list[Item] = []
    for side in (-1, 1):
        # horns sweep up and back, drawn first so the head covers their roots
        horn = [("M", side * 1.0, -4.6), ("C", side * 1.6, -8.6, side * 5.2, -10.2, side * 8.4, -8.6),
                ("C", side * 5.6, -8.4, side * 3.8, -6.8, side * 3.9, -3.4), ("Z",)]
        items.append(Path(tuple(horn), pens.light))
        ear = [("M", side * 3.4, -2.6), ("C", side * 6.4, -3.8, side * 9.2, -2.6, side * 9.8, -0.4),
               ("C", side * 7.4, 0.6, side * 5.0, 0.4, side * 3.4, -0.4), ("Z",)]
        items.append(Path(tuple(ear), pens.face))
    head = _symmetric((0, -5.4), [("C", -2.8, -5.4, -4.6, -4.0, -4.6, -1.0), ("C", -4.6, 2.4, -3.4, 4.4, -2.6, 6.4),
                                  ("C", -2.0, 7.8, -1.2, 8.2, 0, 8.2)])
    items.append(Path(head, pens.face))
    items.append(Polygon([(-1.4, 7.6), (1.4, 7.6), (0.0, 10.0)], pens.dark))  # beard
    for side in (-1, 1):
        items.append(Circle(side * 2.2, -1.0, 1.25, pens.thin))
        items.append(_ellipse(side * 2.2, -1.0, 1.0, 0.38, pens.solid))  # goats' pupils are bars
        items.append(Circle(side * 0.9, 5.6, 0.45, pens.solid))
    return items


def _mouse(pens: _Pens) -> list[Item]:
    items: list[Item] = []
    for side in (-1, 1):
        items.append(Circle(side * 5.6, -4.4, 4.4, pens.face))  # the big round ears say "mouse"
        items.append(Circle(side * 5.6, -4.4, 2.6, pens.thin))
    head = _symmetric((0, -4.6), [("C", -4.6, -4.6, -7.2, -1.6, -6.6, 1.8), ("C", -6.0, 4.8, -2.6, 7.4, 0, 8.8)])
    items.append(Path(head, pens.face))
    for side in (-1, 1):
        items.append(Circle(side * 2.5, 0.6, 1.05, pens.solid))
        for end_y in (4.4, 6.4, 8.4):
            items.append(Line(side * 1.8, 6.6, side * 9.4, end_y + (end_y - 6.4) * 0.3, pens.line))
    items.append(Circle(0, 8.2, 1.2, pens.solid))
    return items


def _penguin(pens: _Pens) -> list[Item]:
    items: list[Item] = [Circle(0, 0.4, 8.8, pens.face)]
    mask = _symmetric((0, -2.6), [("C", -2.2, -6.4, -7.8, -4.6, -7.0, 0.6), ("C", -6.4, 5.2, -3.2, 8.2, 0, 8.4)])
    items.append(Path(mask, pens.light))
    for side in (-1, 1):
        items.append(Circle(side * 3.0, 0.2, 1.1, pens.solid))
        items.append(Circle(side * 2.7, -0.2, 0.35, Style(stroke=None, fill=WHITE)))  # a glint keeps the eye alive
    items.append(Polygon([(-2.2, 2.4), (2.2, 2.4), (0.0, 6.2)], pens.dark if pens.outline_only else Style(stroke=INK, width=OUTLINE / 2, fill="#f2a900", join="round")))
    return items


def _ghost(pens: _Pens) -> list[Item]:
    outline: list[Command] = [("M", -7.4, 9.0), ("L", -7.4, -1.6), ("C", -7.4, -6.4, -4.2, -9.4, 0, -9.4),
                              ("C", 4.2, -9.4, 7.4, -6.4, 7.4, -1.6), ("L", 7.4, 9.0)]
    # the ragged hem: three scallops from right to left
    for index in range(3):
        x0 = 7.4 - index * 14.8 / 3
        x1 = x0 - 14.8 / 3
        outline.append(("C", x0 - 1.2, 6.0, x1 + 1.2, 6.0, x1, 9.0))
    outline.append(("Z",))
    items: list[Item] = [Path(tuple(outline), pens.light)]
    for side in (-1, 1):
        items.append(_ellipse(side * 2.6, -2.6, 1.25, 1.8, pens.solid))
    items.append(_ellipse(0, 2.8, 1.1, 1.5, pens.solid))  # "oooh"
    return items


_DRAWERS: dict[str, Callable[[_Pens], list[Item]]] = {
    "fox": _fox, "goat": _goat, "mouse": _mouse, "penguin": _penguin, "ghost": _ghost,
}


def emblem(name: str, size: float, fill: str | None, cx: float = 0.0, cy: float = 0.0) -> Group:
    """Emblem `name` (fox, goat, mouse, penguin, ghost) fitting a `size` mm square centred on
    (cx, cy); `fill` the face colour, None for outlines only."""
    return Group(tuple(_DRAWERS[name](_Pens(fill))), translate(cx, cy) @ scale(size / BOX))
