"""The Sinoda board page: the flower of life drawn from the layout (printkit.boards.layout).

Each lattice edge is a petal (a lens); the spaces are the curved triangles between the
petals, and a piece moves across a petal into the next space. Start flowers carry the
player's colour and pattern; a numbered badge outside each start flower shows the seat.
"""

from __future__ import annotations

import math

from printkit.boards.layout import SinodaLayout, Space
from printkit.boards.spec import BoardSpec, Player
from printkit.draw import Circle, Command, Group, Item, Page, Path, Rect, Style, fonts, lens
from printkit.render.boards import paint
from printkit.draw.colours import WHITE, pattern_ink, text_on, tint
from printkit.render.boards.paint import INK, XY, Keepout

BOARD_FILL = "#eadfc8"  # sand: the white petals stand out on it, and it prints light
PETAL_FILL = "#ffffff"
LABEL_INK = "#857866"
START_TINT = 0.55  # how far the player's colour is lightened for a start space
BADGE_REACH = 0.19  # badges sit this many edges beyond the board's corners, inside the rim
BADGE_RADIUS = 0.14  # of the edge, at most BADGE_RADIUS_MM
BADGE_RADIUS_MM = 5.0

TEAM_LETTERS = "ABC"
RULES = (
    "Start: your 6 dice on your flower, 1 on top.",
    "A turn: turn one die up or down by 1, or move it",
    "exactly its top number of spaces across petals;",
    "no jumping, no going back. Land on a rival to capture.",
)


def board_page(spec: BoardSpec, lay: SinodaLayout) -> Page:
    ink_saving = spec.ink_saving
    items: list[Item] = [_disc(lay, ink_saving)]
    by_name = {space.name: space for space in lay.spaces}
    for flower in lay.flowers:
        player = spec.players[flower.player - 1]
        for name in flower.spaces:
            items += start_space(by_name[name], lay.edge_mm, player, ink_saving)
    petal_style = Style(stroke=INK, width=0.3, fill=None if ink_saving else PETAL_FILL)
    for petal in lay.petals:
        (x1, y1), (x2, y2) = petal.tips
        items.append(lens(x1, y1, x2, y2, petal.radius, petal_style))
    if spec.labels:
        starts = {name for flower in lay.flowers for name in flower.spaces}
        items += [_label(space, lay.edge_mm, space.name in starts) for space in lay.spaces]
    for flower in lay.flowers:
        player = spec.players[flower.player - 1]
        items.append(_badge(lay, flower.centre, player, ink_saving))
    width, height = lay.page.size
    furniture = paint.Furniture(lay.page, [Keepout(lay.centre, lay.outline_radius)])
    for block, corners in (
        (_title(spec, lay), ("top-left", "top-right", "bottom-left", "bottom-right")),
        (paint.lines_block([(line, fonts.SMALLEST_PRINTED, False) for line in RULES]), ("top-right", "bottom-right")),
    ):
        placed = furniture.put(block, corners)
        if placed is not None:  # landscape pages may have no room for the rules: they are a help
            items.append(placed)
    items.append(furniture.calibration())
    return Page(width, height, tuple(items))


def _disc(lay: SinodaLayout, ink_saving: bool) -> Group:
    cx, cy = lay.centre
    fill = None if ink_saving else BOARD_FILL
    return Group((
        Circle(cx, cy, lay.outline_radius, Style(stroke=INK, width=0.6, fill=fill)),
        Circle(cx, cy, lay.outline_radius - 1.6, Style(stroke=INK, width=0.2)),
    ))


def cell_commands(space: Space, r: float) -> tuple[Command, ...]:
    """The curved triangle of a space: each side is the petal arc bulging into it, centred
    on the far corner of the neighbouring triangle (the corner mirrored over the side)."""
    commands: list[Command] = [("M", *space.corners[0])]
    for p, q, far in _sides(space):
        commands += paint.arc_around(p, q, _mirror_corner(p, q, far), r)
    return (*commands, ("Z",))


def cell_outline(space: Space) -> list[XY]:
    """The curved triangle as a polygon, for patterns."""
    points: list[XY] = []
    for p, q, far in _sides(space):
        points += paint.arc_points(p, q, _mirror_corner(p, q, far))
    return points


def _sides(space: Space) -> list[tuple[XY, XY, XY]]:
    a, b, c = space.corners
    return [(a, b, c), (b, c, a), (c, a, b)]


def _mirror_corner(p: XY, q: XY, far: XY) -> XY:
    return (p[0] + q[0] - far[0], p[1] + q[1] - far[1])


def start_space(space: Space, r: float, player: Player, ink_saving: bool) -> list[Item]:
    items: list[Item] = []
    if not ink_saving:
        ground = tint(player.colour, START_TINT)
        items.append(Path(cell_commands(space, r), Style(stroke=None, fill=ground)))
    spacing = max(1.8, 0.075 * r) * (1.4 if ink_saving else 1.0)
    items.append(paint.pattern(player.pattern, cell_outline(space), pattern_ink(player.colour), spacing, 0.35))
    return items


def _label(space: Space, r: float, on_pattern: bool) -> Item:
    size = fonts.SMALLEST_PRINTED  # 8 pt fits the cells of the smallest board (edge 21 mm, 12 mm across inside)
    text = paint.centred_text(space.centre, space.name, size, fill=LABEL_INK)
    if not on_pattern:
        return text
    # A white patch keeps the name readable over the start pattern.
    width = fonts.text_width(space.name, size) + 1.0
    height = paint.CAP_HEIGHT * size + 1.0
    x, y = space.centre
    patch = Rect(x - width / 2, y - height / 2, width, height, Style(stroke=None, fill=WHITE), radius=0.5)
    return Group((patch, text))


def _badge(lay: SinodaLayout, seat: XY, player: Player, ink_saving: bool) -> Group:
    cx, cy = lay.centre
    dx, dy = seat[0] - cx, seat[1] - cy
    length = math.hypot(dx, dy)
    reach = (lay.setup.n + BADGE_REACH) * lay.edge_mm
    at = (cx + dx / length * reach, cy + dy / length * reach)
    radius = min(BADGE_RADIUS_MM, BADGE_RADIUS * lay.edge_mm)
    if ink_saving:
        disc = Circle(*at, radius, Style(stroke=player.colour, width=0.6, fill=WHITE))
        ink = INK
    else:
        disc = Circle(*at, radius, Style(stroke=INK, width=0.3, fill=player.colour))
        ink = text_on(player.colour)
    turn = paint.facing(at, lay.centre)
    items: list[Item] = [disc, paint.centred_text(at, str(player.number), radius * 1.1, fill=ink, bold=True, rotate=turn)]
    if player.team is not None:
        # The team's letter beside the seat's number, to the player's right.
        tag = max(0.6 * radius, fonts.SMALLEST_PRINTED / 1.1)  # its letter 8 pt at least
        gap = radius + tag + 0.8
        right = (dy / length, -dx / length)  # as seen by the player, facing the board
        spot = (at[0] + right[0] * gap, at[1] + right[1] * gap)
        items += [
            Circle(*spot, tag, Style(stroke=INK, width=0.25, fill=WHITE)),
            paint.centred_text(spot, TEAM_LETTERS[player.team - 1], tag * 1.1, bold=True, rotate=turn),
        ]
    return Group(tuple(items))


def _title(spec: BoardSpec, lay: SinodaLayout) -> Group:
    setup = lay.setup
    lines = [
        ("Sinoda", 7.0, True),
        (f"{setup.players} players · {setup.board} board · {len(lay.spaces)} spaces", 3.2, False),
    ]
    if setup.teams:
        teams = " · ".join(
            f"{TEAM_LETTERS[i]}: " + " + ".join(str(p) for p in team) for i, team in enumerate(setup.teams)
        )
        lines.append((f"{len(setup.teams)} teams, partners opposite ({teams})", 3.2, False))
    return paint.lines_block(lines)
