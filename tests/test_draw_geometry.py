"""Geometry: affine transforms and circular arcs as cubic Béziers."""

from __future__ import annotations

import math

import pytest

from printkit.draw import IDENTITY, Arc, Transform, arc_commands, arc_to, lens, rotate, scale, translate
from printkit.draw.geometry import point_to_segment


def bezier_point(p0, p1, p2, p3, t):
    return tuple((1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t * t * c + t ** 3 * d
                 for a, b, c, d in zip(p0, p1, p2, p3))


def curve_points(commands, start=None, samples=8):
    """Points sampled along the C commands of a path."""
    here = start
    for command in commands:
        if command[0] == "M":
            here = command[1:]
        elif command[0] == "C":
            p1, p2, p3 = command[1:3], command[3:5], command[5:7]
            for i in range(samples + 1):
                yield bezier_point(here, p1, p2, p3, i / samples)
            here = p3


def test_transform_composition_applies_the_right_hand_side_first():
    moved_then_turned = rotate(90) @ translate(10, 0)
    turned_then_moved = translate(10, 0) @ rotate(90)
    assert moved_then_turned.apply(1, 0) == (0.0, 11.0)
    assert turned_then_moved.apply(1, 0) == (10.0, 1.0)
    # quarter turns are exact, and positive angles turn +x towards +y (clockwise on the page)
    assert rotate(90).as_tuple() == (0.0, 1.0, -1.0, 0.0, 0.0, 0.0)
    assert rotate(-270) == rotate(90)
    assert rotate(30, 5, 7).apply(5, 7) == pytest.approx((5, 7))
    assert scale(2).apply(3, 4) == (6.0, 8.0)
    assert scale(2, -1).apply(3, 4) == (6.0, -4.0)
    assert (IDENTITY @ translate(1, 2)) == translate(1, 2)
    assert Transform().is_identity and not translate(1).is_identity


@pytest.mark.parametrize(("start", "end", "pieces"), [(0, 90, 1), (0, 360, 4), (30, -100, 2), (-45, 200, 3)])
def test_arc_commands_stay_on_the_circle(start, end, pieces):
    commands = arc_commands(10, 20, 7, start, end)
    assert commands[0][0] == "M" and len(commands) == pieces + 1
    first, last = commands[0][1:], commands[-1][-2:]
    assert first == pytest.approx((10 + 7 * math.cos(math.radians(start)), 20 + 7 * math.sin(math.radians(start))))
    assert last == pytest.approx((10 + 7 * math.cos(math.radians(end)), 20 + 7 * math.sin(math.radians(end))))
    for x, y in curve_points(commands):
        assert math.hypot(x - 10, y - 20) == pytest.approx(7, rel=3e-4)
    assert arc_commands(0, 0, 1, 0, 90, move=False)[0][0] == "C"


def test_arc_runs_clockwise_on_the_page_for_increasing_angles():
    # from 0° (right of the centre) to 90°: through the lower right, since y points down
    points = list(curve_points(Arc(0, 0, 1, 0, 90).to_path().commands))
    assert all(x > -1e-9 and y > -1e-9 for x, y in points)
    assert points[-1] == pytest.approx((0, 1))


def test_arc_to_joins_the_end_points_on_a_circle_of_the_radius():
    minor = arc_to(0, 0, 10, 0, 6)
    assert minor[-1][-2:] == (10.0, 0.0)
    points = list(curve_points(minor, start=(0.0, 0.0)))
    # a clockwise arc from left to right passes above the chord (smaller y) with its centre below
    assert min(y for _, y in points) < -1
    centre_y = math.sqrt(36 - 25)
    for x, y in points:
        assert math.hypot(x - 5, y - centre_y) == pytest.approx(6, rel=3e-4)
    counter = list(curve_points(arc_to(0, 0, 10, 0, 6, clockwise=False), start=(0.0, 0.0)))
    assert max(y for _, y in counter) > 1
    large = list(curve_points(arc_to(0, 0, 10, 0, 6, large=True), start=(0.0, 0.0)))
    assert min(y for _, y in large) < -6  # the long way round
    with pytest.raises(ValueError, match="too small"):
        arc_to(0, 0, 10, 0, 4)
    with pytest.raises(ValueError):
        arc_to(1, 1, 1, 1, 4)


def test_lens_is_symmetric_about_its_chord():
    petal = lens(0, 0, 10, 0, 8)
    points = list(curve_points(petal.commands))
    top, bottom = min(y for _, y in points), max(y for _, y in points)
    assert top == pytest.approx(-bottom) and top < 0
    assert petal.commands[-1] == ("Z",)


@pytest.mark.parametrize("p, a, b, expected", [
    ((1.0, 2.0), (0.0, 0.0), (4.0, 0.0), 2.0),     # the foot falls inside the segment
    ((-3.0, 4.0), (0.0, 0.0), (4.0, 0.0), 5.0),    # before a: the distance to a
    ((7.0, -4.0), (0.0, 0.0), (4.0, 0.0), 5.0),    # beyond b: the distance to b
    ((2.0, 0.0), (0.0, 0.0), (4.0, 0.0), 0.0),     # on the segment
    ((3.0, 3.0), (0.0, 0.0), (4.0, 4.0), 0.0),     # on a slanted one
    ((0.0, 2.0), (0.0, 0.0), (2.0, 2.0), math.sqrt(2)),
    ((4.0, 5.0), (1.0, 1.0), (1.0, 1.0), 5.0),     # a and b one point: the distance to it
    ((1.0, 1.0), (1.0, 1.0), (1.0, 1.0), 0.0),
])
def test_point_to_segment_measures_to_the_nearest_point_of_the_segment(p, a, b, expected):
    assert point_to_segment(p, a, b) == pytest.approx(expected)
    assert point_to_segment(p, b, a) == pytest.approx(expected)  # either direction
