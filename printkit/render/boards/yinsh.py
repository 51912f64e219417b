"""The YINSH board page: 33 lines, 85 points, GIPF labels and a ring slot per player for each
ring taken off to win (knob rows_to_win, Y7: 3, 1 in blitz), drawn from the layout
(printkit.boards.layout)."""

from __future__ import annotations

import math

from printkit.boards.layout import CAPTION_SIZE_MM, SlotRow, YinshLayout, convex_hull
from printkit.boards.pieces import ring_hole
from printkit.boards.spec import BoardSpec, Player
from printkit.draw import Circle, Command, Item, Page, Path, Style, fonts
from printkit.render.boards import paint
from printkit.draw.colours import tint
from printkit.render.boards.paint import INK, XY, Keepout, ShapeKeepout
from printkit.wording import counted

BOARD_FILL = "#f3ead6"
POINT_RADIUS = 0.05  # of the spacing
SLOT_TINT = 0.75  # a slot is the player's colour lightened this much



def _rules(rows_to_win: int) -> tuple[str, ...]:
    """The rules in the corner, in four short lines; the win (Y7) is the spec's knob."""
    return (
        "Place your 5 rings. A turn: put a marker in one",
        "of your rings, move the ring along a line; flip",
        "every marker it jumps. 5 in a row: take them off",
        f"and one ring onto your slot. {counted(rows_to_win, 'ring')} off wins.",
    )


def board_page(spec: BoardSpec, lay: YinshLayout) -> Page:
    s = lay.spacing_mm
    centres = [p.centre for p in lay.points]
    # The layout sized and centred the page's content by this shape, so draw it as given.
    backdrop_style = Style(stroke=INK, width=0.5, fill=None if spec.ink_saving else BOARD_FILL)
    items: list[Item] = [Path(rounded_hull(list(lay.shape), lay.shape_reach), backdrop_style)]
    line_commands: list[Command] = []
    for line in lay.lines:
        line_commands += [("M", *line.start), ("L", *line.end)]
    items.append(Path(tuple(line_commands), Style(stroke=INK, width=0.45, cap="round")))
    items += [paint.dot(c, POINT_RADIUS * s, INK) for c in centres]
    items += [paint.centred_text(label.at, label.text, lay.label_size) for label in lay.labels]
    board_centre = _mean(centres)
    rows_to_win = len(lay.slots[0].centres)  # the layout made one slot per ring to take off (Y7)
    keepouts: list[Keepout | ShapeKeepout] = [ShapeKeepout(lay.shape, lay.shape_reach)]
    for row in lay.slots:
        player = spec.players[row.player - 1]
        slot_items, slot_keepouts = _slots(row, player, lay.ring_mm, board_centre, spec.ink_saving)
        items += slot_items
        keepouts += slot_keepouts
    width, height = lay.page.size
    furniture = paint.Furniture(lay.page, keepouts)
    title = paint.lines_block([
        ("YINSH", 7.0, True),
        (f"85 points · rings {lay.ring_mm:g} mm", 3.2, False),
    ])
    for block, corners in (
        (title, ("top-left", "top-right", "bottom-left", "bottom-right")),
        (paint.lines_block([(line, fonts.SMALLEST_PRINTED, False) for line in _rules(rows_to_win)]), ("top-right", "bottom-right", "bottom-left")),
    ):
        placed = furniture.put(block, corners)
        if placed is not None:  # the rules are a help: left out when no corner has room
            items.append(placed)
    items.append(furniture.calibration())
    return Page(width, height, tuple(items))


def _mean(points: list[XY]) -> XY:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _slots(row: SlotRow, player: Player, ring_mm: float, board_centre: XY, ink_saving: bool) -> tuple[list[Item], list[Keepout]]:
    """A player's slots for the rings they take off to win, numbered, captioned for that player."""
    radius = row.diameter / 2
    fill = None if ink_saving else tint(player.colour, SLOT_TINT)
    items: list[Item] = []
    for centre in row.centres:
        items += [
            Circle(*centre, radius, Style(stroke=INK, width=0.4, fill=fill)),
            Circle(*centre, ring_hole(ring_mm) / 2, Style(stroke=INK, width=0.2, dash=(1.0, 1.0))),
        ]
    middle = _mean(list(row.centres))
    turn = paint.facing(middle, board_centre)
    for number, centre in enumerate(row.centres, start=1):
        items.append(paint.centred_text(centre, str(number), radius * 0.5, fill=tint(INK, 0.45), rotate=turn))
    # The caption goes beyond the slots (where the layout counted it), upright for the player there.
    dx, dy = middle[0] - board_centre[0], middle[1] - board_centre[1]
    length = math.hypot(dx, dy)
    size = CAPTION_SIZE_MM
    at = row.caption_at
    count = len(row.centres)
    caption = f"Player {player.number}: rings taken off ({count} win{'s' * (count == 1)})"
    items.append(paint.centred_text(at, caption, size, rotate=turn))
    half = fonts.text_width(caption, size) / 2
    across = (-dy / length, dx / length)
    keepouts = [Keepout(c, radius) for c in row.centres]
    keepouts += [Keepout((at[0] + k * half * across[0], at[1] + k * half * across[1]), size) for k in (-1.0, 0.0, 1.0)]
    return items, keepouts


def rounded_hull(points: list[XY], reach: float) -> tuple[Command, ...]:
    """The convex hull of `points` grown by `reach`, its corners rounded (a Minkowski sum
    with a disc): the board's shape behind the lines."""
    hull = convex_hull(points)
    centre = _mean(hull)
    commands: list[Command] = []
    count = len(hull)
    normals = [_outward(hull[i], hull[(i + 1) % count], centre) for i in range(count)]
    for i in range(count):
        a, b = hull[i], hull[(i + 1) % count]
        n = normals[i]
        start = (a[0] + reach * n[0], a[1] + reach * n[1])
        end = (b[0] + reach * n[0], b[1] + reach * n[1])
        commands.append(("M", *start) if i == 0 else ("L", *start))
        commands.append(("L", *end))
        following = normals[(i + 1) % count]
        commands += paint.arc_around(end, (b[0] + reach * following[0], b[1] + reach * following[1]), b, reach)
    return (*commands, ("Z",))


def _outward(a: XY, b: XY, centre: XY) -> XY:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length, dx / length
    if (a[0] - centre[0]) * nx + (a[1] - centre[1]) * ny < 0:
        nx, ny = -nx, -ny
    return (nx, ny)
