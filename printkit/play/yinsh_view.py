"""Where the play page draws a YINSH board: the printed board's own layout.

The coordinates are those of `printkit board` for YINSH (printkit.boards.layout: page
millimetres, y down), on an A4 page turned landscape, the way the layout turns the board
for a landscape sheet: screens are wider than tall, and the players' ring slots then sit
left and right. A phone held upright is taller than wide: there the page draws the board
as printed on a portrait sheet (`portrait`), the slots above and below it, so that the board
alone takes the phone's width (its points 38 px apart on a 390 px phone, not 28 px beside the
landscape slots). The page's script (static/games/yinsh.js) only scales these numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.boards.layout import Box, Page, SlotRow, YinshLayout, yinsh_layout
from printkit.boards.pieces import marker_mm, ring_hole
from printkit.draw.geometry import point_to_segment
from printkit.yinsh.game import YinshGame

XY = tuple[float, float]

VIEW_MARGIN_MM = 2.0
SCREEN_PAGE = Page(orientation="landscape")
PHONE_PAGE = Page(orientation="portrait")
# The page strokes the board's shape with ink OUTLINE_MM beyond the printed shape (yinsh.js:
# stroke-width 2·backdrop + 1), and keeps the slots and their captions SLOT_CLEAR_MM off it:
# the printed slots sit 1 mm off the printed shape, which on the screen read as touching
# it, and a blitz slot's caption, beside the board's widest row, crossed the outline.
OUTLINE_MM = 0.5
SLOT_CLEAR_MM = 3.0


@dataclass(frozen=True)
class Caption:
    """How the page captions a seat's slots (yinsh.js drawSlots): `lines` with {seat} the
    printed player's number and {colour} white or black, the first bold, each of its size in
    `sizes` (mm), baselines `leading` apart. Text widths are the browser's; CAPTION_EM bounds
    a character's width (a sans-serif's average is about 0.55 em)."""

    lines: tuple[str, ...]
    sizes: tuple[float, ...]
    leading: float

    def widest(self) -> float:
        """The widest line's width at most, the longer colour's ("white") and a seat's digit in it."""
        return max(len(line.format(seat=1, colour="white")) * CAPTION_EM * size for line, size in zip(self.lines, self.sizes))

    def to_json(self) -> dict:
        return {"lines": list(self.lines), "sizes": list(self.sizes), "leading": self.leading}


CAPTION_EM = 0.6
CAPTION_GAP_MM = 2.0  # between the caption and its slots
# The caption's three short lines, "Player 1" (bold), "white", "rings off", at a desk and on a
# phone alike, each at least 12 CSS px high where the page is looked at; their baselines apart
# more than a line's box (1.17 em) so that the lines' boxes do not touch.
CAPTION_LINES = ("Player {seat}", "{colour}", "rings off")
# A desk: above the top slot. The drawing is 2.6 px a mm in a 1000 x 700 window (the README's
# picture), 3.5 at 1280 x 800 and 4.0 at 1400 x 900; "Player 1" 3.6 mm and "white: rings off"
# 3.0 mm were 9.4 and 7.8 px at 1000 x 700, 10.6 px at 1280 x 800: too small to read. These are
# 12.2 px or more at 1000 x 700 (16.6 at 1280 x 800), the lines narrower than "white: rings
# off" was.
DESK_CAPTION = Caption(CAPTION_LINES, (4.8, 4.7, 4.7), 5.7)
# A phone: the drawing is about 1.87 px a mm on a 390 px phone, where the desk's old sizes
# were 6.7 and 5.6 px, unreadable; these are 12.3 and 11.9 px. Beside the row (a row of five
# leaves 36 mm there) "white: rings off" at that size does not fit on a line.
PHONE_CAPTION = Caption(CAPTION_LINES, (6.6, 6.4, 6.4), 7.8)


def yinsh_geometry(game: YinshGame) -> dict:
    """The board in page millimetres: its 85 `points` by GIPF name (Y1), the 33 `lines`
    from end to end, the GIPF `labels`, the convex `hull` of the points and labels (the page
    draws the board's shape as this polygon grown by `backdrop`: the printed board's shape,
    boards.layout), the ring and marker sizes and each seat's `slots` for rings taken off,
    one a ring the game's `rows_to_win` knob asks for (Y7, Y12: 3, 1 in blitz), as the
    printed board has them (seat 0 is the printed player 1), and their `caption_style`
    (Caption); and in `portrait` the same places (view_box, points, lines, labels, hull,
    slots) on a portrait sheet, for a phone, with the phone's larger captions."""
    lay = yinsh_layout(SCREEN_PAGE, rings_to_win=game.knobs.rows_to_win)
    s = lay.spacing_mm
    return {
        "game": "yinsh",
        "unit": "mm",
        "spacing": _round(s),
        "ring": _round(lay.ring_mm),  # diameters, as the pieces sheet cuts them
        "ring_hole": _round(ring_hole(lay.ring_mm)),
        "marker": _round(marker_mm(s, lay.ring_mm)),
        "label_size": _round(lay.label_size),  # as printed
        "backdrop": _round(lay.shape_reach),
        **_places(lay),
        "portrait": _places(yinsh_layout(PHONE_PAGE, rings_to_win=game.knobs.rows_to_win)),
    }


def _places(lay: YinshLayout) -> dict:
    """Where a layout puts the board's parts, its slots moved clear of the page's outline."""
    beside = lay.page.orientation == "portrait"  # portrait: the slots' rows lie across, above and below the board
    caption = PHONE_CAPTION if beside else DESK_CAPTION
    slots = [_clear_of_the_board(lay, row, caption, beside) for row in lay.slots]
    box = _view_box(lay, slots, caption, beside)
    return {
        "view_box": [_round(box.left), _round(box.top), _round(box.width), _round(box.height)],
        "points": [{"name": p.name, "at": _xy(p.centre)} for p in lay.points],
        "lines": [{"name": line.name, "from": _xy(line.start), "to": _xy(line.end)} for line in lay.lines],
        "labels": [{"text": label.text, "at": _xy(label.at)} for label in lay.labels],
        "hull": [_xy(p) for p in lay.shape],
        "slots": [{"seat": row.player - 1, "centres": [_xy(c) for c in centres], "diameter": _round(row.diameter),
                   "caption": _xy(_caption_at(centres, row.diameter, caption, beside))}
                  for row, centres in zip(lay.slots, slots)],
        "caption_style": caption.to_json(),
    }


geometry = yinsh_geometry  # what printkit.play.geometry looks for (GEOMETRY["yinsh"])


def _view_box(lay: YinshLayout, slots: list[list[XY]], caption: Caption, beside: bool) -> Box:
    """Around all the page draws: the board's shape, the slots and their captions, and a
    ring on any point (the largest piece; its outline's half width and the halos the page
    rings a ring with, 1.4 mm out, fit in the margin)."""
    boxes = [(corner, lay.shape_reach) for corner in lay.shape]
    boxes += [(c, row.diameter / 2) for row, centres in zip(lay.slots, slots) for c in centres]
    boxes += [(p.centre, lay.ring_mm / 2) for p in lay.points]
    found = Box.around(boxes)
    for row, centres in zip(lay.slots, slots):
        corners = _caption_box(_caption_at(centres, row.diameter, caption, beside), caption)
        found = Box(min(found.left, corners[0][0]), min(found.top, corners[0][1]),
                    max(found.right, corners[1][0]), max(found.bottom, corners[1][1]))
    m = VIEW_MARGIN_MM
    return Box(found.left - m, found.top - m, found.right + m, found.bottom + m)


def _caption_at(centres: list[XY], diameter: float, caption: Caption, beside: bool = False) -> XY:
    """The caption's first baseline, centred over the top slot (the page draws it there);
    `beside` a row lying across (portrait), left of its first slot, its two lines level with
    the row: above or below it, the caption would make the page taller still."""
    if not beside:
        top = min(centres, key=lambda c: c[1])
        return (top[0], top[1] - diameter / 2 - CAPTION_GAP_MM - caption.leading * (len(caption.lines) - 1))
    first = min(centres, key=lambda c: c[0])
    (left, top), (right, bottom) = _caption_box((0.0, 0.0), caption)
    return (first[0] - diameter / 2 - CAPTION_GAP_MM - right, first[1] - (top + bottom) / 2)


def _caption_box(at: XY, caption: Caption) -> tuple[XY, XY]:
    """The caption's lines, at most: (left, top), (right, bottom)."""
    half = caption.widest() / 2
    below = caption.leading * (len(caption.lines) - 1) + 0.3 * caption.sizes[-1]
    return (at[0] - half, at[1] - caption.sizes[0]), (at[0] + half, at[1] + below)


def _clear_of_the_board(lay: YinshLayout, row: SlotRow, caption: Caption, beside: bool) -> list[XY]:
    """The row's slots as printed, moved away from the board's centre, in 0.25 mm steps,
    until they and their caption are SLOT_CLEAR_MM off the outline the page draws."""
    board = (sum(p.centre[0] for p in lay.points) / len(lay.points), sum(p.centre[1] for p in lay.points) / len(lay.points))
    middle = (sum(c[0] for c in row.centres) / len(row.centres), sum(c[1] for c in row.centres) / len(row.centres))
    length = math.dist(middle, board)
    away = ((middle[0] - board[0]) / length, (middle[1] - board[1]) / length)
    outline = lay.shape_reach + OUTLINE_MM + SLOT_CLEAR_MM
    step = 0.0
    while True:
        centres = [(x + step * away[0], y + step * away[1]) for x, y in row.centres]
        (left, top), (right, bottom) = _caption_box(_caption_at(centres, row.diameter, caption, beside), caption)
        edges = [(left + (right - left) * k / 8, y) for k in range(9) for y in (top, bottom)]
        edges += [(x, top + (bottom - top) * k / 4) for k in range(5) for x in (left, right)]
        if (all(_outside(lay.shape, c) >= outline + row.diameter / 2 for c in centres)
                and all(_outside(lay.shape, p) >= outline for p in edges)):
            return centres
        step += 0.25


def _outside(polygon: tuple[XY, ...], p: XY) -> float:
    """How far p lies outside a convex polygon (0 inside it)."""
    count = len(polygon)
    inside = True
    nearest = math.inf
    for i in range(count):
        (x0, y0), (x1, y1) = polygon[i - 1], polygon[i]
        nearest = min(nearest, point_to_segment(p, (x0, y0), (x1, y1)))
        cross = (x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)
        inside = inside and cross >= 0  # the hull turns one way (tests/test_play_yinsh_view.py)
    return 0.0 if inside else nearest


def _round(value: float) -> float:
    return round(value, 3)


def _xy(p: XY) -> list[float]:
    return [_round(p[0]), _round(p[1])]
