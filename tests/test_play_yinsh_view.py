"""printkit.play.yinsh_view: the play page's YINSH board is the printed board's layout."""

from __future__ import annotations

import json
import math

import pytest

from printkit.boards.layout import Page, convex_hull, yinsh_layout
from printkit.play.geometry import geometry_of
from printkit.play.yinsh_view import OUTLINE_MM, PHONE_PAGE, SCREEN_PAGE, SLOT_CLEAR_MM, VIEW_MARGIN_MM, yinsh_geometry
from printkit.yinsh import board
from printkit.yinsh.game import YinshGame
from printkit.yinsh.knobs import BLITZ, Knobs


@pytest.fixture(scope="module")
def found() -> dict:
    return yinsh_geometry(YinshGame())


def test_points_lines_and_labels_are_the_boards(found) -> None:
    """Y1: 85 points by GIPF name, 33 lines, as `printkit board` lays them out."""
    json.dumps(found)
    assert len(found["points"]) == 85 == len(board.POINTS)
    assert {p["name"] for p in found["points"]} == {p.name for p in board.POINTS}
    assert len({tuple(p["at"]) for p in found["points"]}) == 85  # distinct places
    assert len(found["lines"]) == 33
    printed = {p.name: p.centre for p in yinsh_layout(SCREEN_PAGE).points}
    for p in found["points"]:
        assert p["at"] == pytest.approx(list(printed[p["name"]]), abs=1e-3)
    spacing = found["spacing"]
    at = {p["name"]: p["at"] for p in found["points"]}
    assert math.dist(at["e5"], at["e6"]) == pytest.approx(spacing, abs=1e-2)  # neighbours a spacing apart
    assert math.dist(at["e5"], at["f6"]) == pytest.approx(spacing, abs=1e-2)
    assert {label["text"] for label in found["labels"]} >= set("ABCDEFGHIJK")


def test_rings_and_markers_fit_as_printed(found) -> None:
    assert found["marker"] < found["ring_hole"] < found["ring"] < found["spacing"]


def test_slots_and_everything_inside_the_view(found) -> None:
    """Three slots a seat for rings taken off (Y7), all inside the view box."""
    x, y, w, h = found["view_box"]
    assert [row["seat"] for row in found["slots"]] == [0, 1]
    for row in found["slots"]:
        assert len(row["centres"]) == 3
        _moved_out(found, row, 3)
        for cx, cy in row["centres"]:
            r = row["diameter"] / 2
            assert x <= cx - r and cx + r <= x + w and y <= cy - r and cy + r <= y + h
    reach = found["backdrop"]
    for px, py in found["hull"]:  # the board's shape: the hull grown by the backdrop
        assert x <= px - reach and px + reach <= x + w and y <= py - reach and py + reach <= y + h


def test_the_hull_is_convex_and_holds_every_point_and_label_as_the_printed_board(found) -> None:
    hull = found["hull"]
    for i in range(len(hull)):
        (x0, y0), (x1, y1), (x2, y2) = hull[i - 2], hull[i - 1], hull[i]
        assert (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) > -0.1  # turning one way (or on, rounded to µm)
    for px, py in [p["at"] for p in found["points"]] + [label["at"] for label in found["labels"]]:
        for i in range(len(hull)):  # on the inner side of every edge (or on it)
            (x0, y0), (x1, y1) = hull[i - 1], hull[i]
            assert (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0) >= -0.1
    printed = yinsh_layout(Page(orientation="landscape"))  # the shape `printkit board` prints
    assert found["backdrop"] == pytest.approx(printed.shape_reach)
    assert len(hull) == len(printed.shape)
    assert convex_hull([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2), (1, 0)]) == [(0, 0), (2, 0), (2, 2), (0, 2)]


def test_the_play_page_finds_it(found) -> None:
    assert geometry_of(YinshGame()) == found


def _printed_slots(found: dict, seat: int, count: int) -> list[tuple[float, float]]:
    """A seat's slot centres as `printkit board` lays out a board for `count` rings (Y7)."""
    printed = yinsh_layout(SCREEN_PAGE, rings_to_win=count).slots[seat].centres
    return [(round(cx, 3), round(cy, 3)) for cx, cy in printed]


def _moved_out(found: dict, row: dict, count: int) -> float:
    """The row's slots are the printed board's, all moved one way, away from the board's
    centre (along the row's middle from it); how far."""
    printed = _printed_slots(found, row["seat"], count)
    moves = {(round(cx - px, 2), round(cy - py, 2)) for (cx, cy), (px, py) in zip(row["centres"], printed)}
    assert len(moves) == 1 and len(row["centres"]) == count
    (dx, dy), = moves
    points = [p["at"] for p in found["points"]]
    centre = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    mx = sum(p[0] for p in printed) / count - centre[0]
    my = sum(p[1] for p in printed) / count - centre[1]
    assert dx * mx + dy * my >= 0 and abs(dx * my - dy * mx) < 0.05 * math.hypot(mx, my)
    return math.hypot(dx, dy)


def _off_the_hull(hull: list, p: tuple) -> float:
    """How far p lies outside the convex hull (0 inside)."""
    nearest = math.inf
    inside = True
    for i in range(len(hull)):
        (x0, y0), (x1, y1) = hull[i - 1], hull[i]
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / (dx * dx + dy * dy)))
        nearest = min(nearest, math.dist(p, (x0 + t * dx, y0 + t * dy)))
        inside = inside and dx * (p[1] - y0) - dy * (p[0] - x0) >= 0
    return 0.0 if inside else nearest


@pytest.mark.parametrize("rows", [1, 2, 3, 5])
def test_the_slots_sit_clear_of_the_outline_the_page_draws(rows) -> None:
    """Review: the printed slots sit 1 mm off the printed shape; the page strokes the shape
    0.5 mm further out, so each slot touched the outline on the screen. On the page they are
    moved out until SLOT_CLEAR_MM (3) off it, no further than that, or than their caption
    needs (with one or two slots a seat, beside the board's widest rows: one crossed the outline)."""
    found = yinsh_geometry(YinshGame(Knobs(rows_to_win=rows)))
    outline = found["backdrop"] + OUTLINE_MM
    for row in found["slots"]:
        moved = _moved_out(found, row, rows)
        r = row["diameter"] / 2
        clear = min(_off_the_hull(found["hull"], c) for c in row["centres"]) - r - outline
        assert clear >= SLOT_CLEAR_MM - 1e-3 and moved > 0
        if rows >= 3:  # their caption lies above the board's widest rows
            assert clear < SLOT_CLEAR_MM + 0.25
        cx, cy = row["caption"]
        assert cx == pytest.approx(min(row["centres"], key=lambda c: c[1])[0]) and cy < min(c[1] for c in row["centres"]) - r


def test_a_ring_on_any_point_is_inside_the_view_on_every_side(found) -> None:
    """Review: at 1400x900 a ring on a bottom-row point was cut off: the view box ended at
    y 201.43 mm, a ring there (y 195.93, 9 mm across half) reached 204.93. A ring (the largest
    piece), its outline and the halos drawn round it (1.4 mm out) fit on all four sides."""
    x, y, w, h = found["view_box"]
    reach = found["ring"] / 2 + 1.4 + 0.8 / 2  # the halo's radius and half its line (games/yinsh.js)
    assert reach > found["marker"] / 2
    for point in found["points"]:
        px, py = point["at"]
        assert x <= px - reach and px + reach <= x + w and y <= py - reach and py + reach <= y + h, point["name"]
    bottom = max(point["at"][1] for point in found["points"])
    assert bottom == pytest.approx(195.933) and y + h >= bottom + found["ring"] / 2 == pytest.approx(204.933)


@pytest.mark.parametrize("knobs", [BLITZ, Knobs(rows_to_win=2), Knobs(rows_to_win=5)], ids=lambda k: f"rows_to_win {k.rows_to_win}")
def test_the_slots_follow_the_games_rows_to_win_as_the_printed_board(knobs) -> None:
    """Y7, Y12: one slot a ring the game's `rows_to_win` asks for (1 in blitz), where the
    printed board of that knob has them (moved out, clear of the page's outline), all inside
    the view (the page drew 3 whatever the knob)."""
    found = yinsh_geometry(YinshGame(knobs))
    x, y, w, h = found["view_box"]
    for row in found["slots"]:
        _moved_out(found, row, knobs.rows_to_win)
        r = row["diameter"] / 2
        for cx, cy in row["centres"]:
            assert x <= cx - r and cx + r <= x + w and y <= cy - r and cy + r <= y + h
    assert geometry_of(YinshGame(knobs)) == found  # the page's /api/game (and a replay: its header's rules)


@pytest.mark.parametrize("rows", [1, 3, 5])
def test_a_phone_gets_the_board_as_printed_on_a_portrait_sheet(rows) -> None:
    """Review: on a 390 px phone the landscape board's slots, beside it, took width and left
    neighbouring points 27.7 px apart. `portrait` is the board as printed on a portrait sheet
    (Y1: the same points, lines and labels), its slots (Y7, one a ring to take off) in rows
    above and below it, clear of the outline, their captions beside them: the view box is the
    board's width with a ring on any point, no wider."""
    found = yinsh_geometry(YinshGame(Knobs(rows_to_win=rows)))
    upright = found["portrait"]
    printed = yinsh_layout(PHONE_PAGE, rings_to_win=rows)
    assert {p["name"]: p["at"] for p in upright["points"]} == {p.name: [round(c, 3) for c in p.centre] for p in printed.points}
    assert len(upright["lines"]) == 33 and len(upright["labels"]) == len(found["labels"])
    x, y, w, h = upright["view_box"]
    reach = found["ring"] / 2 + 1.4 + 0.8 / 2  # a ring on a point and its halo (games/yinsh.js)
    xs = [p["at"][0] for p in upright["points"]]
    assert x <= min(xs) - reach and max(xs) + reach <= x + w
    outline = found["backdrop"] + OUTLINE_MM
    hx = [p[0] for p in upright["hull"]]
    board = max(max(hx) + outline, max(xs) + reach) - min(min(hx) - outline, min(xs) - reach)
    assert w <= board + 2 * VIEW_MARGIN_MM + 0.01  # the board alone sets the width
    # the landscape view box with the slots beside: 264.4 mm (267.8 with the desk's captions
    # on two lines, "white: rings off" the widest)
    assert w < found["view_box"][2] * 0.76
    middle = sum(p["at"][1] for p in upright["points"]) / 85
    for row in upright["slots"]:
        r = row["diameter"] / 2
        centres = row["centres"]
        assert len(centres) == rows and len({c[1] for c in centres}) == 1  # a row across
        above = centres[0][1] < middle
        assert above == (row["seat"] == 1)  # the printed player 2 across the board from player 1
        clear = min(_off_the_hull(upright["hull"], c) for c in centres) - r - outline
        assert clear >= SLOT_CLEAR_MM - 1e-3
        for cx, cy in centres:
            assert x <= cx - r and cx + r <= x + w and y <= cy - r and cy + r <= y + h
        cx, cy = row["caption"]  # left of the row, level with it
        assert cx < min(c[0] for c in centres) - r and abs(cy - centres[0][1]) < r and x < cx
