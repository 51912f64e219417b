"""The YINSH board of boards.md: 85 points, 33 lines, coordinates, ring slots."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from printkit.yinsh import board as yinsh
from printkit.yinsh.board import LINES, LINES_THROUGH, POINTS, Point, point, point_mm

COUNTS = [4, 7, 8, 9, 10, 9, 10, 9, 8, 7, 4]

# boards.md, verbatim.
SEGMENTS = {
    "column": "A2–A5, B1–B7, C1–C8, D1–D9, E1–E10, F2–F10, G2–G11, H3–H11, I4–I11, J5–J11, K7–K10",
    "row": "B1–E1, A2–G2, A3–H3, A4–I4, A5–J5, B6–J6, B7–K7, C8–K8, D9–K9, E10–K10, G11–J11",
    "diagonal": "B7–E10, A5–G11, A4–H11, A3–I11, A2–J11, B2–J10, B1–K10, C1–K9, D1–K8, E1–K7, G2–J5",
}


def _names(text: str) -> list[str]:
    return [item.strip().replace("–", "-").lower() for item in text.split(",")]


def test_85_points_in_columns() -> None:
    assert len(POINTS) == 85
    per_column = Counter(p.name[0] for p in POINTS)
    assert [per_column[letter] for letter in yinsh.LETTERS] == COUNTS
    assert point("a2") in POINTS and point("K10") == Point(10, 10)


def test_corners_are_absent() -> None:
    for name in ("a1", "a6", "f1", "f11", "k6", "k11"):
        with pytest.raises(KeyError):
            point(name)


def test_quadratic_form_is_the_same_board() -> None:
    for col in range(11):
        for num in range(1, 12):
            p = Point(col, num)
            assert yinsh.on_board(p) == (p.x**2 - p.x * p.y + p.y**2 <= 21)


def test_33_segments_as_in_boards_md() -> None:
    assert len(LINES) == 33
    for direction, text in SEGMENTS.items():
        expected = _names(text)
        lines = {line.name: line for line in LINES if line.direction == direction}
        assert set(lines) == set(expected)
        assert [len(lines[name].points) for name in expected] == COUNTS


def test_segments_are_maximal_and_straight() -> None:
    for line in LINES:
        step = yinsh.DIRECTIONS[line.direction]
        for a, b in zip(line.points, line.points[1:]):
            assert b == a.step(step)
        assert line.first.step(step, -1) not in POINTS
        assert line.last.step(step) not in POINTS


def test_every_point_on_exactly_three_segments() -> None:
    for p in POINTS:
        through = [line for line in LINES if p in line.points]
        assert len(through) == 3
        assert [line.direction for line in LINES_THROUGH[p]] == ["column", "row", "diagonal"]


def test_no_anti_diagonal_line() -> None:
    assert point("a3") not in yinsh.neighbours(point("b2"))
    assert len(yinsh.neighbours(point("f6"))) == 6
    assert [q.name for q in yinsh.neighbours(point("a2"))] == ["a3", "b2", "b3"]


def test_neighbours_are_one_spacing_apart_and_symmetric() -> None:
    s = 20.0
    for p in POINTS:
        for q in yinsh.neighbours(p):
            assert p in yinsh.neighbours(q)
            assert math.dist(point_mm(p, s), point_mm(q, s)) == pytest.approx(s)


def test_millimetres() -> None:
    s = 20.0
    assert point_mm(point("f6"), s) == (0.0, 0.0)
    assert point_mm(point("f7"), s) == pytest.approx((0.0, 20.0))  # numbers grow upward
    assert point_mm(point("a2"), s) == pytest.approx((-5 * math.sqrt(3) / 2 * s, -1.5 * s))
    xs, ys = zip(*(point_mm(p, s) for p in POINTS))
    assert max(xs) - min(xs) == pytest.approx(8.660254 * s)
    assert max(ys) - min(ys) == pytest.approx(9 * s)


def test_labels() -> None:
    labels = yinsh.labels(20.0)
    letters = Counter(label.text for label in labels if label.text.isalpha())
    assert letters == {letter.upper(): 2 for letter in yinsh.LETTERS}
    assert sorted(int(label.text) for label in labels if label.text.isdigit()) == list(range(1, 12))
    # Column letters below the lowest and above the highest point of their column.
    a_low, a_high = sorted(label.at[1] for label in labels if label.text == "A")
    assert a_low == pytest.approx(point_mm(point("a2"), 20.0)[1] - 10)
    assert a_high == pytest.approx(point_mm(point("a5"), 20.0)[1] + 10)


@pytest.mark.parametrize(("s", "ring"), [(20.0, 18.0), (15.0, 13.5), (25.0, 25.0)])
def test_ring_slots_clear_of_the_board(s: float, ring: float) -> None:
    rows = yinsh.ring_slots(s, ring)
    radius = yinsh.slot_diameter(ring) / 2
    assert [len(row) for row in rows] == [3, 3]
    everything = [point_mm(p, s) for p in POINTS] + [label.at for label in yinsh.labels(s)]
    for player, row in enumerate(rows):
        for centre in row:
            assert (centre[1] < 0) == (player == 0)  # player 1 at the low numbers
            # Clear of points and of 3.5 mm label text by a few millimetres.
            assert min(math.dist(centre, xy) for xy in everything) > radius + 4
        for a, b in zip(row, row[1:]):
            assert math.dist(a, b) >= 2 * radius
