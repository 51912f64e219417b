"""Where the play page draws a Sinoda board: the printed board's own layout.

The coordinates are those of `printkit board` (printkit.boards.layout: page millimetres,
y down, the lattice turned 30° so player 1's flower is at the bottom), so the screen shows
the board as the paper does: the disc, the petals on every lattice edge, the curved
triangles between them (N1), each seat's start flower in its colour and pattern with its
numbered badge. The page's script (static/games/sinoda.js) only scales these numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.boards.layout import SinodaLayout, Space, sinoda_layout
from printkit.boards.spec import DEFAULT_COLOURS, PATTERNS
from printkit.draw.colours import pattern_ink, text_on
from printkit.sinoda.game import SinodaGame

XY = tuple[float, float]

ARC_PIECES = 8  # points per curved side of a space; finer than a screen pixel at 1400 px
BADGE_REACH = 0.19  # badges sit this many edges beyond the board's corners (as printed)
TEAM_LETTERS = "ABC"
VIEW_MARGIN_MM = 2.0


def sinoda_geometry(game: SinodaGame, colours: Sequence[str] = ()) -> dict:
    """The board of `game` in page millimetres, for the page to draw and hit-test.

    `spaces` carry their name (as `printkit board --json` names them), centre, corners
    (a die is drawn as the space's triangle shrunk about its centre), and `outline`: the curved triangle between
    the petals as a polygon. `petals` are lenses (two arcs of `radius` between the tips).
    `seats` are in seat order (seat k is player k + 1, N3) with colour (`colours`, one a
    seat, as the played spec prints them; the defaults when none are given), the ink of
    the text on it (badge number, die value) and of its pattern, pattern, team letter,
    start flower and where the numbered badge goes.
    """
    lay = sinoda_layout(game.setup)
    r = lay.edge_mm
    colours = colours or DEFAULT_COLOURS["sinoda"]
    seats = []
    for flower in lay.flowers:
        seat = flower.player - 1
        team = game.setup.team_of(flower.player)
        colour = colours[seat]
        seats.append({
            "seat": seat,
            "player": flower.player,
            "colour": colour,
            # the print's own rules, so the page has no second formula: a page that chose
            # its ink otherwise showed seat 5's magenta badge "5" white, printed black
            "ink": text_on(colour),
            "pattern_ink": pattern_ink(colour),
            "pattern": PATTERNS[seat],
            "team": None if team is None else TEAM_LETTERS[team - 1],
            "flower": {"centre": _xy(flower.centre), "spaces": list(flower.spaces)},
            "badge": _xy(_badge_at(lay, flower.centre)),
        })
    cx, cy = lay.centre
    half = lay.outline_radius + VIEW_MARGIN_MM
    return {
        "game": "sinoda",
        "setup": game.setup.name,
        "board": game.setup.board,
        "unit": "mm",
        "view_box": [_round(cx - half), _round(cy - half), _round(2 * half), _round(2 * half)],
        "centre": _xy(lay.centre),
        "outline_radius": _round(lay.outline_radius),
        "edge": _round(r),
        "spaces": [_space(space, r) for space in lay.spaces],
        "petals": [{"tips": [_xy(petal.tips[0]), _xy(petal.tips[1])], "radius": _round(petal.radius)}
                   for petal in lay.petals],
        "seats": seats,
    }


geometry = sinoda_geometry  # what printkit.play.geometry looks for (GEOMETRY["sinoda"])


def _space(space: Space, r: float) -> dict:
    return {
        "name": space.name,
        "centre": _xy(space.centre),
        "corners": [_xy(c) for c in space.corners],
        "outline": [_xy(p) for p in cell_outline(space.corners, r)],
        "neighbours": list(space.neighbours),
    }


def cell_outline(corners: tuple[XY, XY, XY], r: float) -> list[XY]:
    """The curved triangle of a space: each side is the petal arc bulging into it, an arc
    of radius r about the far corner of the neighbouring triangle (the space's own far
    corner mirrored over the side), as the printed board draws it."""
    a, b, c = corners
    points: list[XY] = []
    for p, q, far in ((a, b, c), (b, c, a), (c, a, b)):
        centre = (p[0] + q[0] - far[0], p[1] + q[1] - far[1])
        start = math.atan2(p[1] - centre[1], p[0] - centre[0])
        end = math.atan2(q[1] - centre[1], q[0] - centre[0])
        sweep = (end - start + math.pi) % (2 * math.pi) - math.pi  # the minor arc
        points += [(centre[0] + r * math.cos(start + sweep * i / ARC_PIECES),
                    centre[1] + r * math.sin(start + sweep * i / ARC_PIECES)) for i in range(ARC_PIECES)]
    return points


def _badge_at(lay: SinodaLayout, flower_centre: XY) -> XY:
    cx, cy = lay.centre
    dx, dy = flower_centre[0] - cx, flower_centre[1] - cy
    length = math.hypot(dx, dy)
    reach = (lay.setup.n + BADGE_REACH) * lay.edge_mm
    return (cx + dx / length * reach, cy + dy / length * reach)


def _round(value: float) -> float:
    return round(value, 3)


def _xy(p: XY) -> list[float]:
    return [_round(p[0]), _round(p[1])]
