"""The pictures of the Sinoda rules sheet: the set-up of a board spec (each start flower
coloured and patterned as on the board page, a die showing 1 on each start space, the
seats' numbers and team letters by the rim) and the rulebook's worked example of a move (a
2 that must go round a piece). Both are drawn from the board's own layout, smaller."""

from __future__ import annotations

import math

from printkit.boards.layout import Page as PaperPage
from printkit.boards.layout import SinodaLayout, Space, sinoda_layout
from printkit.boards.spec import BoardSpec, Player
from printkit.draw import Circle, Group, Item, Path, Polygon, Polyline, Style, lens, translate
from printkit.draw.colours import WHITE, text_on
from printkit.render.boards import paint
from printkit.render.boards.paint import INK, XY
from printkit.render.boards.sinoda import BOARD_FILL, PETAL_FILL, TEAM_LETTERS, cell_commands, start_space
from printkit.sinoda import board as sinoda

BADGE_RADIUS = 4.0  # mm: the seat number inside is 4.4 mm, well above 8 pt
TAG_RADIUS = 2.9  # mm: the team letter's disc; its letter is 3.2 mm
DIE_SIDE = 0.46  # a die's side, as a share of the largest triangle that fits the space's curved cell
DIGIT = 3.0  # mm: the 1 on a start die
YES = "#1a7f37"  # the legal end of the worked example
NO = "#b42318"  # the ends that are not moves


def setup_reach(setup: sinoda.Setup, edge_mm: float) -> float:
    """How far from the board's centre the set-up picture reaches (rim and badges)."""
    return (setup.n + 0.4) * edge_mm + 1.5 + 2 * BADGE_RADIUS + (2 * TAG_RADIUS + 1 if setup.teams else 0)


def setup_picture(spec: BoardSpec, centre: XY, edge_mm: float) -> Group:
    """The board of `spec` at `edge_mm`, centred on `centre`, as set up to play."""
    options = spec.options
    lay = sinoda_layout(options.setup, PaperPage(), edge_mm, options.rotation_deg)
    items: list[Item] = [Circle(*lay.centre, lay.outline_radius, Style(stroke=INK, width=0.5, fill=BOARD_FILL))]
    by_name = {space.name: space for space in lay.spaces}
    dice: list[Item] = []
    for flower in lay.flowers:
        player = spec.players[flower.player - 1]
        for name in flower.spaces:
            space = by_name[name]
            items += start_space(space, edge_mm, player, False)
            dice.append(die(space, edge_mm, 1, player.colour))
    petal = Style(stroke=INK, width=0.25, fill=PETAL_FILL)
    for placed in lay.petals:
        (x1, y1), (x2, y2) = placed.tips
        items.append(lens(x1, y1, x2, y2, placed.radius, petal))
    items += dice
    for flower in lay.flowers:
        items.append(_badge(lay, flower.centre, spec.players[flower.player - 1]))
    shift = (centre[0] - lay.centre[0], centre[1] - lay.centre[1])
    return Group(tuple(items), translate(*shift))


def die(space: Space, edge_mm: float, value: int, colour: str) -> Group:
    """A four-sided die seen from above on a space: a triangle in the player's colour with
    its top value."""
    cx, cy = space.centre
    inradius = edge_mm / (2 * math.sqrt(3))
    side = DIE_SIDE * 2 * inradius * math.sqrt(3)
    # Point it the way the space points, so it sits in the triangle.
    corners = []
    for corner in space.corners:
        dx, dy = corner[0] - cx, corner[1] - cy
        length = math.hypot(dx, dy)
        reach = side / math.sqrt(3)
        corners.append((cx + dx / length * reach, cy + dy / length * reach))
    return Group((
        Polygon(corners, Style(stroke=INK, width=0.3, fill=colour)),
        paint.centred_text((cx, cy), str(value), DIGIT, fill=text_on(colour), bold=True),
    ))


def _badge(lay: SinodaLayout, seat: XY, player: Player) -> Group:
    cx, cy = lay.centre
    dx, dy = seat[0] - cx, seat[1] - cy
    length = math.hypot(dx, dy)
    reach = lay.outline_radius + 1.5 + BADGE_RADIUS
    at = (cx + dx / length * reach, cy + dy / length * reach)
    items: list[Item] = [
        Circle(*at, BADGE_RADIUS, Style(stroke=INK, width=0.3, fill=player.colour)),
        paint.centred_text(at, str(player.number), BADGE_RADIUS * 1.1, fill=text_on(player.colour), bold=True),
    ]
    if player.team is not None:
        right = (dy / length, -dx / length)  # beside the number, clockwise of it
        gap = BADGE_RADIUS + TAG_RADIUS + 0.8
        spot = (at[0] + right[0] * gap, at[1] + right[1] * gap)
        items += [Circle(*spot, TAG_RADIUS, Style(stroke=INK, width=0.25, fill=WHITE)),
                  paint.centred_text(spot, TEAM_LETTERS[player.team - 1], TAG_RADIUS * 1.1, bold=True)]
    return Group(tuple(items))


# -- the worked example ---------------------------------------------------------------------
# On the small board: a 2 on B4 beside a 1 on B5. Its only move ends on B2 (through B3); B3
# is one step away, B1 three (B3, B2, B1), and A2 lies beyond the 1. The engine agrees
# (tests/test_render_sinoda_rules.py asks printkit.sinoda for the same position's moves).
EXAMPLE_SPACES = ("A2", "A3", "B1", "B2", "B3", "B4", "B5", "B6")
EXAMPLE_PIECES = {"B4": 2, "B5": 1}
EXAMPLE_MARKS = {"A": "B2", "B": "B3", "C": "B1", "D": "A2"}  # the rulebook's letters
EXAMPLE_PATH = ("B4", "B3", "B2")
EXAMPLE_ROTATION = 120.0  # degrees: B1-B6 lie in a row, the board's centre below them
PETAL_BULGE = 0.14  # of the edge: how far a petal on a drawn space's outer side reaches out


def example_layout(edge_mm: float) -> tuple[SinodaLayout, tuple[float, float, float, float]]:
    """The small board at `edge_mm` and the box (left, top, right, bottom) of the spaces drawn."""
    lay = sinoda_layout(sinoda.make_setup(2), PaperPage(), edge_mm, EXAMPLE_ROTATION)
    corners = [c for space in lay.spaces if space.name in EXAMPLE_SPACES for c in space.corners]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    bulge = PETAL_BULGE * edge_mm
    return lay, (min(xs) - bulge, min(ys) - bulge, max(xs) + bulge, max(ys) + bulge)


def example_picture(top_left: XY, edge_mm: float, colour: str) -> tuple[Group, float, float]:
    """The worked example with its box (example_layout) at `top_left`; its width and height."""
    lay, (left, top, right, bottom) = example_layout(edge_mm)
    by_name = {space.name: space for space in lay.spaces}
    shown = [by_name[name] for name in EXAMPLE_SPACES]
    items: list[Item] = [Path(cell_commands(space, edge_mm), Style(stroke=None, fill=BOARD_FILL)) for space in shown]
    sides = set()
    for space in shown:
        a, b, c = space.corners
        for p, q in ((a, b), (b, c), (c, a)):
            key = tuple(sorted((tuple(round(v, 6) for v in p), tuple(round(v, 6) for v in q))))
            if key not in sides:
                sides.add(key)
                items.append(lens(*p, *q, edge_mm, Style(stroke=INK, width=0.25, fill=PETAL_FILL)))
    route = [by_name[name].centre for name in EXAMPLE_PATH]
    items.append(Polyline(route, Style(stroke=YES, width=0.9)))
    items.append(_arrow_head(route[-2], route[-1], edge_mm))
    for name, value in EXAMPLE_PIECES.items():
        items.append(die(by_name[name], edge_mm, value, colour))
    for letter, name in EXAMPLE_MARKS.items():
        items.append(_mark(by_name[name].centre, letter, YES if letter == "A" else NO))
    group = Group(tuple(items), translate(top_left[0] - left, top_left[1] - top))
    return group, right - left, bottom - top


def _arrow_head(frm: XY, to: XY, edge_mm: float) -> Polygon:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tip = (to[0] - ux * edge_mm * 0.17, to[1] - uy * edge_mm * 0.17)  # stops short of the mark
    size = 2.6
    base = (tip[0] - ux * size, tip[1] - uy * size)
    return Polygon([tip, (base[0] - uy * size * 0.55, base[1] + ux * size * 0.55),
                    (base[0] + uy * size * 0.55, base[1] - ux * size * 0.55)], Style(stroke=None, fill=YES))


def _mark(centre: XY, letter: str, colour: str) -> Group:
    return Group((Circle(*centre, 2.7, Style(stroke=colour, width=0.5, fill=WHITE)),
                  paint.centred_text(centre, letter, 3.3, fill=colour, bold=True)))
