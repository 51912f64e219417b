"""The tiles of S3 as vector icons, one Symbol each, drawn in a 15 mm field box.

Each icon is defined once per document and placed with a Use per field. The art is meant
to be told apart by a child in black and white: every tile has its own silhouette (filled
or open, round or square, tall or flat) rather than relying on colour or fine detail.
Coordinates are millimetres inside the field, origin at its top-left corner, y down.
"""

from __future__ import annotations

import math

from printkit.draw import (
    Circle, Group, Item, Line, Path, Polygon, Polyline, Rect, Style, Symbol, Text, Use, arc_commands, scale, translate,
)
from printkit.draw.fonts import ascent
from printkit.draw.furniture import hatch
from printkit.sinpin.rules import FIELD_MM
from printkit.sinpin.tiles import Tile

INK = "#000000"
PAPER = "#ffffff"
ROCK_FILL = "#c8c8c8"
_F = FIELD_MM
_MID = _F / 2

OUTLINE = Style(stroke=INK, width=0.6, fill=PAPER, join="round")
BOLD_LINE = Style(stroke=INK, width=0.8, cap="round", join="round")
SOLID = Style(stroke=None, fill=INK)
THIN = Style(stroke=INK, width=0.35, cap="round", join="round")


def symbol_name(tile: Tile) -> str:
    return f"tile-{tile.name.lower()}"


def _centred_text(text: str, cx: float, cy: float, size: float, fill: str = INK) -> Text:
    # baseline half a cap height below the centre puts capitals and α/Ω visually in the middle
    return Text(cx, cy + ascent(size, True) * 0.48, text, size, fill=fill, anchor="middle", bold=True)


def _rock() -> tuple[Item, ...]:
    # 45° lines crossing each edge every 2.5 mm: 15 mm is a whole number of steps, so the
    # hatch of neighbouring rock fields continues without a seam
    spacing = 2.5 / math.sqrt(2)
    return (
        Rect(0, 0, _F, _F, Style(stroke=None, fill=ROCK_FILL)),
        hatch(Rect(0, 0, _F, _F), spacing=spacing, angle=45, style=Style(stroke="#404040", width=0.3)),
    )


def _doorway(fill: str) -> Path:
    left, right, top, floor = 3.0, 12.0, 2.0, 14.2
    radius = (right - left) / 2
    return Path(
        (("M", left, floor), ("L", left, top + radius),
         *arc_commands(_MID, top + radius, radius, 180, 360, move=False),
         ("L", right, floor), ("Z",)),
        Style(stroke=INK, width=0.7, fill=fill, join="round"),
    )


def _door() -> tuple[Item, ...]:
    return (_doorway(PAPER), Line(1.5, 14.2, 13.5, 14.2, BOLD_LINE), _centred_text("α", _MID, 9.2, 7.5))


def _exit() -> tuple[Item, ...]:
    return (_doorway(INK), Line(1.5, 14.2, 13.5, 14.2, BOLD_LINE), _centred_text("Ω", _MID, 9.0, 7.0, fill=PAPER))


def _ladder() -> tuple[Item, ...]:
    # rails run the full height so a column of ladder fields reads as one ladder; rungs sit
    # between the 5 mm squares' lines so they are not lost in the paper
    rail = Style(stroke=INK, width=0.8, cap="butt")
    commands = [("M", 4.0, 0.0), ("L", 4.0, _F), ("M", 11.0, 0.0), ("L", 11.0, _F)]
    for rung in (2.5, 7.5, 12.5):
        commands += [("M", 4.0, rung), ("L", 11.0, rung)]
    return (Path(tuple(commands), rail),)


def _spikes() -> tuple[Item, ...]:
    teeth = 4
    base, tip, left, right = 14.5, 5.5, 1.5, 13.5
    width = (right - left) / teeth
    points = [(left, base)]
    for tooth in range(teeth):
        points += [(left + width * (tooth + 0.5), tip), (left + width * (tooth + 1), base)]
    return (Polygon(points, Style(stroke=INK, width=0.4, fill=INK, join="miter")),)


def _blades() -> tuple[Item, ...]:
    # a circular saw: hooked teeth read as "cuts", unlike the round spring or teleporter
    teeth, outer, inner = 9, 6.4, 4.4
    points = []
    for tooth in range(teeth):
        angle = 2 * math.pi * tooth / teeth
        following = 2 * math.pi * (tooth + 1) / teeth
        points.append((_MID + inner * math.cos(angle), _MID + inner * math.sin(angle)))
        points.append((_MID + outer * math.cos(following - 0.12), _MID + outer * math.sin(following - 0.12)))
    return (
        Polygon(points, Style(stroke=INK, width=0.3, fill=INK, join="miter")),
        Circle(_MID, _MID, 2.6, Style(stroke=None, fill=PAPER)),
        Circle(_MID, _MID, 1.0, SOLID),
    )


def _web() -> tuple[Item, ...]:
    spokes = 8
    reach = 6.8
    ends = [(_MID + reach * math.cos(2 * math.pi * k / spokes + math.pi / 8),
             _MID + reach * math.sin(2 * math.pi * k / spokes + math.pi / 8)) for k in range(spokes)]
    commands: list[tuple] = []
    for x, y in ends:
        commands += [("M", _MID, _MID), ("L", x, y)]
    for fraction in (0.35, 0.65, 0.95):
        # threads sag towards the centre between spokes, as a real web does
        ring = [(_MID + (x - _MID) * fraction, _MID + (y - _MID) * fraction) for x, y in ends]
        commands.append(("M", *ring[0]))
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            sag = 0.72
            mx, my = _MID + ((ax + bx) / 2 - _MID) * sag, _MID + ((ay + by) / 2 - _MID) * sag
            commands.append(("C", (ax + 2 * mx) / 3, (ay + 2 * my) / 3, (bx + 2 * mx) / 3, (by + 2 * my) / 3, bx, by))
    return (Path(tuple(commands), Style(stroke=INK, width=0.4, cap="round", join="round")),)


def _spring() -> tuple[Item, ...]:
    left, right = 3.5, 11.5
    top, bottom = 6.8, 12.8
    coils = 3
    points = [(_MID, top)]
    step = (bottom - top) / (coils * 2)
    for k in range(1, coils * 2):
        points.append((left if k % 2 else right, top + step * k))
    points.append((_MID, bottom))
    return (
        Rect(2.5, 12.8, 10.0, 1.6, SOLID),
        Rect(2.5, 5.4, 10.0, 1.4, SOLID),
        Polyline(points, Style(stroke=INK, width=0.7, cap="round", join="round")),
        Polyline([(4.5, 3.8), (_MID, 1.2), (10.5, 3.8)], BOLD_LINE),
    )


def _teleporter() -> tuple[Item, ...]:
    return (
        Circle(_MID, _MID, 5.6, Style(stroke=INK, width=1.4, fill=PAPER)),
        Circle(_MID, _MID, 3.2, Style(stroke=INK, width=0.45, dash=(0.9, 0.7))),
        Circle(_MID, _MID, 1.1, SOLID),
    )


def _chest() -> tuple[Item, ...]:
    left, right, lid_top, rim, floor = 2.0, 13.0, 3.6, 7.4, 13.2
    lid = Path(
        (("M", left, rim), ("L", left, lid_top + 1.8),
         ("C", left, lid_top - 0.3, right, lid_top - 0.3, right, lid_top + 1.8), ("L", right, rim), ("Z",)),
        OUTLINE,
    )
    return (
        Rect(left, rim, right - left, floor - rim, OUTLINE),
        lid,
        Path((("M", 4.5, lid_top + 0.6), ("L", 4.5, floor), ("M", 10.5, lid_top + 0.6), ("L", 10.5, floor)), THIN),
        Rect(6.3, rim - 1.2, 2.4, 3.0, Style(stroke=INK, width=0.3, fill=INK), radius=0.4),
        Circle(_MID, rim + 0.6, 0.45, Style(stroke=None, fill=PAPER)),
    )


def _heart() -> tuple[Item, ...]:
    top, bottom = 5.0, 12.8
    return (Path(
        (("M", _MID, bottom),
         ("C", 4.0, 10.0, 1.8, 8.0, 2.2, 5.6),
         ("C", 2.6, 3.0, 6.2, 2.2, _MID, top),
         ("C", 8.8, 2.2, 12.4, 3.0, 12.8, 5.6),
         ("C", 13.2, 8.0, 11.0, 10.0, _MID, bottom),
         ("Z",)),
        Style(stroke=INK, width=0.4, fill=INK, join="round"),
    ),)


def _gem() -> tuple[Item, ...]:
    crown, girdle, tip = 3.5, 6.4, 12.8
    outline = [(5.0, crown), (10.0, crown), (12.6, girdle), (_MID, tip), (2.4, girdle)]
    facets = (
        ("M", 2.4, girdle), ("L", 12.6, girdle),
        ("M", 5.0, crown), ("L", 6.0, girdle), ("L", _MID, tip), ("L", 9.0, girdle), ("L", 10.0, crown),
        ("M", 6.0, girdle), ("L", _MID, crown), ("L", 9.0, girdle),
    )
    return (Polygon(outline, Style(stroke=INK, width=0.7, fill=PAPER, join="round")), Path(facets, THIN))


def _question() -> tuple[Item, ...]:
    return (
        Circle(_MID, _MID, 5.8, Style(stroke=INK, width=0.7, fill=PAPER)),
        _centred_text("?", _MID, _MID, 8.5),
    )


_ART = {
    Tile.ROCK: _rock,
    Tile.DOOR: _door,
    Tile.EXIT: _exit,
    Tile.LADDER: _ladder,
    Tile.SPIKES: _spikes,
    Tile.BLADES: _blades,
    Tile.WEB: _web,
    Tile.SPRING: _spring,
    Tile.TELEPORTER: _teleporter,
    Tile.CHEST: _chest,
    Tile.HEART: _heart,
    Tile.GEM: _gem,
    Tile.QUESTION: _question,
}


def tile_symbols() -> tuple[Symbol, ...]:
    """One Symbol per tile that has art (open cave has none), in the order of S3."""
    return tuple(Symbol(symbol_name(tile), _ART[tile]()) for tile in Tile if tile in _ART)


def has_icon(tile: Tile) -> bool:
    return tile in _ART


def icon(tile: Tile, x: float, y: float, size: float = FIELD_MM) -> Use | Group:
    """The tile drawn in the box of side `size` whose top-left corner is (x, y); open cave is blank."""
    if tile not in _ART:
        return Group(())
    placement = translate(x, y)
    if size != FIELD_MM:
        placement = placement @ scale(size / FIELD_MM)
    return Use(symbol_name(tile), placement)
