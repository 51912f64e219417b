"""Where a board goes on paper: the models' millimetres placed on a page.

Page coordinates are millimetres from the page's top-left corner with y pointing down (as
in SVG); the drawing layer and `printkit board --json` both read these numbers, so a board
is laid out once. The content (everything printed) is centred on the page and must stay
inside the margins: `fits` says whether it does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from printkit.sinoda import board as sinoda
from printkit.yinsh import board as yinsh

XY = tuple[float, float]

PAPER_MM: dict[str, XY] = {"A4": (210.0, 297.0), "A3": (297.0, 420.0), "Letter": (215.9, 279.4)}
PAPERS: tuple[str, ...] = tuple(PAPER_MM)
ORIENTATIONS: tuple[str, ...] = ("portrait", "landscape")
DEFAULT_MARGIN_MM = 10.0

# boards.md: a circle of radius about (n + 0.4)·r encloses a Sinoda board.
OUTLINE_FACTOR = 0.4
# boards.md suggests r ≈ 40 and 28 mm, but with the (n + 0.4)·r circle those need 192 and
# 190.4 mm, more than the 190 mm A4 leaves between 10 mm margins; these fit A4 and Letter.
DEFAULT_EDGE_MM: dict[str, float] = {"small": 39.0, "large": 27.5}
# Rotating the lattice 30° puts player 1's flower at the bottom edge of the page.
DEFAULT_ROTATION_DEG = 30.0

DEFAULT_SPACING_MM = 20.0


def paper_default(value: float, paper: str) -> float:
    """A default board size for `paper`: as given for A4 and Letter; A3 is A4 scaled by
    √2, so its default board is too (in whole half millimetres, down), and `paper: A3`
    alone prints the larger board."""
    scale = math.sqrt(2.0) if paper == "A3" else 1.0
    return math.floor(value * scale * 2 + 1e-9) / 2
RING_PER_SPACING = 0.9  # boards.md: rings about 18 mm at s = 20 mm

# YINSH's labels print at this fraction of the spacing, at most LABEL_SIZE_MM.
LABEL_SIZE = 0.2
LABEL_SIZE_MM = 4.0
# The board's tan shape is the rounded hull of the points and the label centres. A label
# of one or two characters reaches at most 0.75 of its size from its centre (DejaVu Sans
# "10": half its advance 0.64 em, half its capitals' height 0.36 em: 0.73 em corner to
# centre, whichever way the board turns), and the shape gives it SHAPE_SPARE_MM more.
# Labels sit on some sides only, so a reach around every point, as wide as the labels,
# would make the shape lopsided and larger than the page (a review).
LABEL_REACH = 0.75
SHAPE_SPARE_MM = 0.5
# "Player 1: rings taken off (3 win)" beyond each row of slots: its centre CAPTION_OFFSET of
# its size beyond the slots' edge (capitals 0.39 em clear of them), its descenders, towards
# the page's edge, CAPTION_REACH of its size beyond its centre. Kept close: at s = 20 mm the
# board, slots and captions need 259.1 of the 259.4 mm Letter leaves between 10 mm margins.
CAPTION_SIZE_MM = 3.0
CAPTION_OFFSET = 0.75
CAPTION_REACH = 0.6


@dataclass(frozen=True)
class Page:
    paper: str = "A4"
    orientation: str = "portrait"
    margin_mm: float = DEFAULT_MARGIN_MM

    @property
    def size(self) -> XY:
        short, long = PAPER_MM[self.paper]
        return (short, long) if self.orientation == "portrait" else (long, short)

    @property
    def usable(self) -> XY:
        """Width and height inside the margins."""
        width, height = self.size
        return (width - 2 * self.margin_mm, height - 2 * self.margin_mm)

    @property
    def centre(self) -> XY:
        width, height = self.size
        return (width / 2, height / 2)

    def describe(self) -> str:
        return f"{self.paper} {self.orientation}"


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def centre(self) -> XY:
        return ((self.left + self.right) / 2, (self.top + self.bottom) / 2)

    @staticmethod
    def around(items: Iterable[tuple[XY, float]]) -> Box:
        """The box around discs (centre, half-size); a half-size of 0 is a point."""
        boxes = [(x - h, y - h, x + h, y + h) for (x, y), h in items]
        return Box(
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )


@dataclass(frozen=True)
class Placement:
    """Model millimetres (y up, origin at the board's reference point) → page millimetres."""

    origin: XY  # where the model's origin lands on the page
    rotation_deg: float = 0.0  # counter-clockwise as seen on the page

    def __call__(self, xy: XY) -> XY:
        angle = math.radians(self.rotation_deg)
        cos, sin = math.cos(angle), math.sin(angle)
        x, y = xy
        return (self.origin[0] + x * cos - y * sin, self.origin[1] - (x * sin + y * cos))


def _centred(page: Page, rotation_deg: float, items: list[tuple[XY, float]]) -> Placement:
    """The placement that centres the content (discs in model mm) on the page."""
    trial = Placement((0.0, 0.0), rotation_deg)
    box = Box.around((trial(xy), half) for xy, half in items)
    cx, cy = page.centre
    return Placement((cx - box.centre[0], cy - box.centre[1]), rotation_deg)


def convex_hull(points: Iterable[XY]) -> list[XY]:
    """The corners of the points' convex hull in order (Andrew's monotone chain), points on
    its sides left out: the outline of YINSH's board, on paper and on screen."""
    ordered = sorted(set((round(x, 9), round(y, 9)) for x, y in points))

    def half(sequence: list[XY]) -> list[XY]:
        chain: list[XY] = []
        for p in sequence:
            while len(chain) >= 2 and _cross(chain[-2], chain[-1], p) <= 1e-9:
                chain.pop()
            chain.append(p)
        return chain[:-1]

    return half(ordered) + half(ordered[::-1])


def _cross(o: XY, a: XY, b: XY) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _fits(page: Page, content: Box) -> bool:
    usable_width, usable_height = page.usable
    return content.width <= usable_width + 1e-9 and content.height <= usable_height + 1e-9


# -- Sinoda -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Space:
    name: str
    axial: str
    centre: XY
    corners: tuple[XY, XY, XY]
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class PlacedPetal:
    tips: tuple[XY, XY]
    arc_centres: tuple[XY, XY]
    radius: float


@dataclass(frozen=True)
class StartFlower:
    player: int
    around: sinoda.Point
    centre: XY
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class SinodaLayout:
    page: Page
    setup: sinoda.Setup
    edge_mm: float
    rotation_deg: float
    centre: XY
    outline_radius: float
    spaces: tuple[Space, ...]
    petals: tuple[PlacedPetal, ...]
    flowers: tuple[StartFlower, ...]
    content: Box

    @property
    def fits(self) -> bool:
        return _fits(self.page, self.content)


def sinoda_layout(
    setup: sinoda.Setup,
    page: Page = Page(),
    edge_mm: float | None = None,
    rotation_deg: float = DEFAULT_ROTATION_DEG,
) -> SinodaLayout:
    r = DEFAULT_EDGE_MM[setup.board] if edge_mm is None else edge_mm
    board = setup.grid
    outline = (board.n + OUTLINE_FACTOR) * r
    place = _centred(page, rotation_deg, [((0.0, 0.0), outline)])

    def at(p: sinoda.Point) -> XY:
        return place(sinoda.point_mm(p, r))

    spaces = tuple(
        Space(
            name=board.name(t),
            axial=t.axial,
            centre=place(t.centroid_mm(r)),
            corners=(at(t.corners[0]), at(t.corners[1]), at(t.corners[2])),
            neighbours=tuple(sorted((board.name(u) for u in board.neighbours(t)), key=_name_order)),
        )
        for t in board.triangles
    )
    petals = tuple(
        PlacedPetal(
            tips=(at(petal.tips[0]), at(petal.tips[1])),
            arc_centres=(at(petal.arc_centres[0]), at(petal.arc_centres[1])),
            radius=r,
        )
        for petal in board.petals
    )
    flowers = tuple(
        StartFlower(
            player=player,
            around=seat,
            centre=at(seat),
            spaces=tuple(sorted((board.name(t) for t in board.flower(seat)), key=_name_order)),
        )
        for player, seat in enumerate(setup.seats, start=1)
    )
    centre = place((0.0, 0.0))
    content = Box.around([(centre, outline)])
    return SinodaLayout(
        page, setup, r, rotation_deg, centre, outline, spaces, petals, flowers, content
    )


def _name_order(name: str) -> tuple[str, int]:
    return (name[0], int(name[1:]))


# -- YINSH --------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlacedPoint:
    name: str
    centre: XY
    lines: tuple[str, ...]  # column, row, diagonal
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class PlacedLine:
    name: str
    direction: str
    points: tuple[str, ...]
    start: XY
    end: XY


@dataclass(frozen=True)
class PlacedLabel:
    text: str
    at: XY


@dataclass(frozen=True)
class SlotRow:
    player: int
    centres: tuple[XY, ...]
    diameter: float
    caption_at: XY  # the caption's centre, beyond the slots, away from the board


@dataclass(frozen=True)
class YinshLayout:
    page: Page
    spacing_mm: float
    ring_mm: float
    rotation_deg: float
    points: tuple[PlacedPoint, ...]
    lines: tuple[PlacedLine, ...]
    labels: tuple[PlacedLabel, ...]  # empty when labels are off
    label_size: float  # mm
    slots: tuple[SlotRow, ...]
    shape: tuple[XY, ...]  # the board's shape: this convex polygon grown by shape_reach
    shape_reach: float
    content: Box

    @property
    def fits(self) -> bool:
        return _fits(self.page, self.content)


def default_ring_mm(spacing_mm: float) -> float:
    return RING_PER_SPACING * spacing_mm


def label_size_mm(spacing_mm: float) -> float:
    return min(LABEL_SIZE_MM, LABEL_SIZE * spacing_mm)


def shape_reach_mm(spacing_mm: float) -> float:
    """How far the board's shape reaches beyond the points and label centres it holds."""
    return LABEL_REACH * label_size_mm(spacing_mm) + SHAPE_SPARE_MM


def yinsh_layout(
    page: Page = Page(),
    spacing_mm: float = DEFAULT_SPACING_MM,
    ring_mm: float | None = None,
    labels: bool = True,
    rings_to_win: int = yinsh.RINGS_TO_WIN,
) -> YinshLayout:
    """The board, its labels and a row of `rings_to_win` slots per player (knob rows_to_win, Y7)."""
    s = spacing_mm
    ring = default_ring_mm(s) if ring_mm is None else ring_mm
    # The columns run from one player to the other, and players sit at the short edges.
    rotation = 0.0 if page.orientation == "portrait" else -90.0
    slot_rows = yinsh.ring_slots(s, ring, rings_to_win)
    slot_half = yinsh.slot_diameter(ring) / 2
    texts = yinsh.labels(s) if labels else ()
    reach = shape_reach_mm(s)
    held = [yinsh.point_mm(p, s) for p in yinsh.POINTS] + [label.at for label in texts]
    captions = [_caption_at(row, slot_half) for row in slot_rows]

    # Everything printed, as discs: the shape (which holds the labels), the slots and their
    # captions (each one line, narrower than the row of slots it sits beyond).
    items: list[tuple[XY, float]] = [(xy, reach) for xy in held]
    items += [(centre, slot_half) for row in slot_rows for centre in row]
    items += [(at, CAPTION_REACH * CAPTION_SIZE_MM) for at in captions]
    place = _centred(page, rotation, items)

    points = tuple(
        PlacedPoint(
            name=p.name,
            centre=place(yinsh.point_mm(p, s)),
            lines=tuple(line.name for line in yinsh.LINES_THROUGH[p]),
            neighbours=tuple(q.name for q in yinsh.neighbours(p)),
        )
        for p in yinsh.POINTS
    )
    lines = tuple(
        PlacedLine(
            name=line.name,
            direction=line.direction,
            points=tuple(p.name for p in line.points),
            start=place(yinsh.point_mm(line.first, s)),
            end=place(yinsh.point_mm(line.last, s)),
        )
        for line in yinsh.LINES
    )
    placed_labels = tuple(PlacedLabel(label.text, place(label.at)) for label in texts)
    slots = tuple(
        SlotRow(player, tuple(place(c) for c in row), yinsh.slot_diameter(ring), place(caption))
        for player, (row, caption) in enumerate(zip(slot_rows, captions), start=1)
    )
    shape = tuple(convex_hull(place(xy) for xy in held))
    content = Box.around((place(xy), half) for xy, half in items)
    return YinshLayout(
        page, s, ring, rotation, points, lines, placed_labels, label_size_mm(s), slots, shape, reach, content
    )


def _caption_at(row: tuple[XY, ...], slot_half: float) -> XY:
    """Beyond the middle of a row of slots, away from the board's centre (the origin)."""
    x = sum(c[0] for c in row) / len(row)
    y = sum(c[1] for c in row) / len(row)
    length = math.hypot(x, y)
    away = slot_half + CAPTION_OFFSET * CAPTION_SIZE_MM
    return (x + x / length * away, y + y / length * away)
