"""Where the pieces go on paper: the sheets a family prints instead of the retail box.

Sinoda: one capture disc per player and six paper d4 nets per player. YINSH: 5 rings per
player and 51 markers, drawn for duplex printing: the back of each marker is printed at
the mirror image of its front, so it lands behind it when the sheet is turned over.

Like printkit.boards.layout, everything is page millimetres from the top-left corner, y
down; the drawing layer only paints what is here. Pieces are packed in shelves (rows)
between a header band (title, instructions) and a footer band (calibration bar).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Protocol, Sequence, TypeVar

from printkit.boards import d4
from printkit.boards.layout import Page

XY = tuple[float, float]

HEADER_MM = 22.0  # title and one or two lines of instructions
FOOTER_MM = 12.0  # the calibration bar and its words
# Room for scissors between any two pieces to cut out (issue 19: the d4 nets' tabs nearly
# touched): every cut line at least this far from another piece's.
SCISSORS_MM = 4.0
SHELF_GAP_MM = SCISSORS_MM
ITEM_GAP_MM = SCISSORS_MM

CAPTURE_RIM_MM = 2.0  # a capture disc holds a flower of six dice, plus this rim

RING_BAND_FRACTION = 0.125  # of the ring's diameter; never thinner than RING_BAND_MM
RING_BAND_MM = 2.5  # a narrower paper ring tears when cut out
MARKER_PER_SPACING = 0.7  # boards.md: markers about 14 mm at s = 20 mm ...
MARKER_CLEARANCE_MM = 1.0  # ... but a marker must sit inside a ring's hole
BACK_BLEED_MM = 0.75  # backs overlap the cut line so a slightly shifted back leaves no rim
REGISTRATION_INSET_MM = 4.0

DUPLEX_EDGES: tuple[str, ...] = ("long", "short")


class Movable(Protocol):
    def moved(self, dx: float, dy: float) -> Movable: ...


M = TypeVar("M", bound=Movable)


@dataclass(frozen=True)
class Disc:
    """A round piece: a capture disc, a ring (with its hole) or a marker."""

    player: int  # whose it is; 0 for the shared YINSH markers
    centre: XY
    radius: float
    hole: float = 0.0  # radius of the hole: rings

    def moved(self, dx: float, dy: float) -> Disc:
        return replace(self, centre=(self.centre[0] + dx, self.centre[1] + dy))


@dataclass(frozen=True)
class PlayerNet:
    player: int
    net: d4.Net

    def moved(self, dx: float, dy: float) -> PlayerNet:
        return PlayerNet(self.player, self.net.moved(dx, dy))


@dataclass(frozen=True)
class Shelf:
    width: float
    height: float
    items: tuple[Movable, ...]  # relative to the shelf's top-left corner


@dataclass(frozen=True)
class Sheet:
    """One printed page of pieces (for YINSH, the front of a duplex sheet)."""

    items: tuple[Movable, ...]


def area(page: Page) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of the room for pieces, between header and footer."""
    width, height = page.size
    margin = page.margin_mm
    return (margin, margin + HEADER_MM, width - margin, height - margin - FOOTER_MM)


def paginate(shelves: Sequence[Shelf], page: Page) -> tuple[Sheet, ...]:
    """Shelves top to bottom, each centred across the page; a new sheet when one is full."""
    left, top, right, bottom = area(page)
    sheets: list[list[Movable]] = [[]]
    y = top
    for shelf in shelves:
        if shelf.width > right - left + 1e-9 or shelf.height > bottom - top + 1e-9:
            raise ValueError(
                f"a row of pieces {shelf.width:.1f} × {shelf.height:.1f} mm does not fit"
                f" {page.describe()} inside {page.margin_mm:g} mm margins"
            )
        if y + shelf.height > bottom + 1e-9:
            sheets.append([])
            y = top
        x = left + (right - left - shelf.width) / 2
        sheets[-1] += [item.moved(x, y) for item in shelf.items]
        y += shelf.height + SHELF_GAP_MM
    return tuple(Sheet(tuple(items)) for items in sheets)


def disc_shelves(discs: Sequence[Disc], room: float, gap: float = ITEM_GAP_MM) -> list[Shelf]:
    """Equal discs (centred at the origin) in rows as wide as `room` allows."""
    if not discs:
        return []
    diameter = 2 * discs[0].radius
    per_row = max(1, math.floor((room + gap) / (diameter + gap) + 1e-9))
    shelves = []
    for start in range(0, len(discs), per_row):
        row = discs[start:start + per_row]
        items = tuple(
            disc.moved(diameter / 2 + i * (diameter + gap), diameter / 2) for i, disc in enumerate(row)
        )
        shelves.append(Shelf(len(row) * diameter + (len(row) - 1) * gap, diameter, items))
    return shelves


# -- Sinoda -------------------------------------------------------------------------------
@dataclass(frozen=True)
class SinodaPieces:
    page: Page
    die_edge: float
    sheets: tuple[Sheet, ...]  # capture discs, then each player's six nets

    def discs(self) -> list[Disc]:
        return [item for sheet in self.sheets for item in sheet.items if isinstance(item, Disc)]

    def nets(self) -> list[PlayerNet]:
        return [item for sheet in self.sheets for item in sheet.items if isinstance(item, PlayerNet)]


DICE_PER_PLAYER = 6


def capture_radius(die_edge: float) -> float:
    # Six captured dice stand as a flower of triangles: a hexagon of circumradius die_edge.
    return die_edge + CAPTURE_RIM_MM


def sinoda_pieces(players: int, page: Page, board_edge_mm: float) -> SinodaPieces:
    edge = d4.die_edge(board_edge_mm)
    left, _, right, _ = area(page)
    room = right - left
    radius = capture_radius(edge)
    discs = [Disc(player, (0.0, 0.0), radius) for player in range(1, players + 1)]
    shelves = disc_shelves(discs, room)
    # The dice of all players in strips as long as the page allows (a strip may hold two
    # players' nets: 4 mm between nets leaves room for 5 a strip, not 6).
    owners = [player for player in range(1, players + 1) for _ in range(DICE_PER_PLAYER)]
    count = len(owners)
    while count > 1 and _strip_width(d4.strip(edge, count, SCISSORS_MM)) > room + 1e-9:
        count -= 1
    for start in range(0, len(owners), count):
        chunk = owners[start:start + count]
        nets = d4.strip(edge, len(chunk), SCISSORS_MM)
        box = _strip_box(nets)
        shelves.append(Shelf(box[2], box[3], tuple(PlayerNet(player, n) for player, n in zip(chunk, nets))))
    return SinodaPieces(page, edge, paginate(shelves, page))


def _strip_box(nets: Sequence[d4.Net]) -> tuple[float, float, float, float]:
    boxes = [n.box for n in nets]
    return (0.0, 0.0, max(b[2] for b in boxes), max(b[3] for b in boxes))


def _strip_width(nets: Sequence[d4.Net]) -> float:
    return _strip_box(nets)[2]


# -- YINSH --------------------------------------------------------------------------------
MARKERS = 51


@dataclass(frozen=True)
class YinshPieces:
    page: Page
    duplex: str  # "long" | "short": the edge the sheet turns over
    ring_mm: float
    hole_mm: float
    marker_mm: float
    sheets: tuple[Sheet, ...]  # fronts: rings of player 1, of player 2, then the markers

    def backs(self, sheet: Sheet) -> tuple[Disc, ...]:
        """What is printed behind `sheet`: each marker and ring, mirrored, with bleed."""
        return tuple(
            replace(
                disc,
                centre=mirror(disc.centre, self.page, self.duplex),
                radius=disc.radius + BACK_BLEED_MM,
                hole=max(disc.hole - BACK_BLEED_MM, 0.0),
            )
            for disc in sheet.items
            if isinstance(disc, Disc)
        )

    def registration(self) -> tuple[XY, ...]:
        """Marks printed on the fronts; `mirror` them for the backs. The set is lopsided,
        so a sheet turned over the wrong edge shows marks that do not meet."""
        width, height = self.page.size
        inset = self.page.margin_mm + REGISTRATION_INSET_MM
        return ((width - inset, inset), (width - inset, height - inset))


def mirror(xy: XY, page: Page, duplex: str) -> XY:
    """Where a point of the front lands on the back page when the sheet is turned over
    its long or short edge (as duplex printers and the print dialog name them)."""
    width, height = page.size
    x, y = xy
    vertical_long_edge = height >= width
    # Turning over a vertical edge swaps left and right; over a horizontal one, top and bottom.
    if (duplex == "long") == vertical_long_edge:
        return (width - x, y)
    return (x, height - y)


def ring_hole(ring_mm: float) -> float:
    band = max(RING_BAND_MM, RING_BAND_FRACTION * ring_mm)
    return ring_mm - 2 * band


def marker_mm(spacing_mm: float, ring_mm: float) -> float:
    return min(MARKER_PER_SPACING * spacing_mm, ring_hole(ring_mm) - MARKER_CLEARANCE_MM)


def yinsh_pieces(
    page: Page, spacing_mm: float, ring_mm: float, rings_per_player: int, duplex: str = "long"
) -> YinshPieces:
    if duplex not in DUPLEX_EDGES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_EDGES)}, not {duplex!r}")
    left, _, right, _ = area(page)
    room = right - left
    hole = ring_hole(ring_mm)
    marker = marker_mm(spacing_mm, ring_mm)
    shelves: list[Shelf] = []
    for player in (1, 2):
        rings = [Disc(player, (0.0, 0.0), ring_mm / 2, hole / 2) for _ in range(rings_per_player)]
        shelves += disc_shelves(rings, room)
    markers = [Disc(0, (0.0, 0.0), marker / 2) for _ in range(MARKERS)]
    # Backs bleed past the cut lines: keep neighbours' bleeds apart.
    shelves += disc_shelves(markers, room, gap=ITEM_GAP_MM + 2 * BACK_BLEED_MM)
    return YinshPieces(page, duplex, ring_mm, hole, marker, paginate(shelves, page))
