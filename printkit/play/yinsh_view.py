"""Where the play page draws a YINSH board: the printed board's own layout.

The coordinates are those of `printkit board` for YINSH (printkit.boards.layout: page
millimetres, y down), on an A4 page turned landscape, the way the layout turns the board
for a landscape sheet: screens are wider than tall, and the players' ring slots then sit
left and right. The page's script (static/games/yinsh.js) only scales these numbers.
"""

from __future__ import annotations

from printkit.boards.layout import Box, Page, YinshLayout, yinsh_layout
from printkit.boards.pieces import marker_mm, ring_hole
from printkit.yinsh.game import YinshGame

XY = tuple[float, float]

VIEW_MARGIN_MM = 2.0
SCREEN_PAGE = Page(orientation="landscape")


def yinsh_geometry(game: YinshGame) -> dict:
    """The board in page millimetres: its 85 `points` by GIPF name (Y1), the 33 `lines`
    from end to end, the GIPF `labels`, the convex `hull` of the points and labels (the page
    draws the board's shape as this polygon grown by `backdrop`: the printed board's shape,
    boards.layout), the ring and marker sizes and each seat's `slots` for rings taken off,
    one a ring the game's `rows_to_win` knob asks for (Y7, Y12: 3, 1 in blitz), as the
    printed board has them (seat 0 is the printed player 1)."""
    lay = yinsh_layout(SCREEN_PAGE, rings_to_win=game.knobs.rows_to_win)
    s = lay.spacing_mm
    box = _view_box(lay)
    return {
        "game": "yinsh",
        "unit": "mm",
        "view_box": [_round(box.left), _round(box.top), _round(box.width), _round(box.height)],
        "spacing": _round(s),
        "ring": _round(lay.ring_mm),  # diameters, as the pieces sheet cuts them
        "ring_hole": _round(ring_hole(lay.ring_mm)),
        "marker": _round(marker_mm(s, lay.ring_mm)),
        "label_size": _round(lay.label_size),  # as printed
        "backdrop": _round(lay.shape_reach),
        "points": [{"name": p.name, "at": _xy(p.centre)} for p in lay.points],
        "lines": [{"name": line.name, "from": _xy(line.start), "to": _xy(line.end)} for line in lay.lines],
        "labels": [{"text": label.text, "at": _xy(label.at)} for label in lay.labels],
        "hull": [_xy(p) for p in lay.shape],
        "slots": [{"seat": row.player - 1, "centres": [_xy(c) for c in row.centres], "diameter": _round(row.diameter)}
                  for row in lay.slots],
    }


geometry = yinsh_geometry  # what printkit.play.geometry looks for (GEOMETRY["yinsh"])


def _view_box(lay: YinshLayout) -> Box:
    """Around all the page draws: the board's shape, the slots, and a ring on any point
    (the largest piece; its outline's half width and the halos the page rings a ring with,
    1.4 mm out, fit in the margin)."""
    boxes = [(corner, lay.shape_reach) for corner in lay.shape]
    boxes += [(c, row.diameter / 2) for row in lay.slots for c in row.centres]
    boxes += [(p.centre, lay.ring_mm / 2) for p in lay.points]
    found = Box.around(boxes)
    m = VIEW_MARGIN_MM
    return Box(found.left - m, found.top - m, found.right + m, found.bottom + m)


def _round(value: float) -> float:
    return round(value, 3)


def _xy(p: XY) -> list[float]:
    return [_round(p[0]), _round(p[1])]
