"""The Sinoda lattice of boards.md: spaces, adjacency, flowers, set-ups, millimetres."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.sinoda import board as sinoda
from printkit.sinoda.board import Board, Kind, Triangle, hex_distance, make_setup, rotate60


@pytest.mark.parametrize(("n", "count", "rings"), [(2, 24, [6, 18]), (3, 54, [6, 18, 30])])
def test_board_sizes(n: int, count: int, rings: list[int]) -> None:
    board = Board(n)
    assert len(board.triangles) == count
    assert len(set(board.triangles)) == count
    per_ring = Counter(t.ring for t in board.triangles)
    assert [per_ring[k] for k in range(1, n + 1)] == rings


@pytest.mark.parametrize(("n", "degrees"), [(2, {1: 0, 2: 12, 3: 12}), (3, {1: 0, 2: 18, 3: 36})])
def test_degree_counts(n: int, degrees: dict[int, int]) -> None:
    # Every triangle on the hexagon's rim has exactly one side on the rim (6n of them).
    board = Board(n)
    counts = Counter(len(board.neighbours(t)) for t in board.triangles)
    assert {d: counts.get(d, 0) for d in (1, 2, 3)} == degrees
    assert sum(counts.values()) == len(board.triangles)


@pytest.mark.parametrize("n", [2, 3])
def test_adjacency_is_sharing_a_side(n: int) -> None:
    board = Board(n)
    for t in board.triangles:
        sharing = {u for u in board.triangles if len(set(t.corners) & set(u.corners)) == 2}
        assert set(board.neighbours(t)) == sharing
        for u in board.neighbours(t):
            assert t in board.neighbours(u)
            assert t.kind != u.kind


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_a_space_lacks_a_neighbour_per_side_on_the_rim(n: int) -> None:
    board = Board(n)
    for t in board.triangles:
        p, q, s = t.corners
        rim_sides = sum(
            hex_distance(u) == n and hex_distance(v) == n for u, v in ((p, q), (q, s), (p, s))
        )
        assert len(board.neighbours(t)) == 3 - rim_sides


@given(st.integers(min_value=1, max_value=5))
def test_any_board_size(n: int) -> None:
    board = Board(n)
    kinds = Counter(t.kind for t in board.triangles)
    assert kinds[Kind.UP] == kinds[Kind.DOWN] == 3 * n * n
    assert len(board.triangles) == 6 * n * n
    for t in board.triangles:
        assert all(hex_distance(p) <= n for p in t.corners)
        for u in board.neighbours(t):
            assert t in board.neighbours(u)
    assert len(board.edges) == 9 * n * n + 3 * n
    assert len(set(board.names.values())) == len(board.triangles)


def test_names_are_ring_letter_and_clockwise_index() -> None:
    board = Board(3)
    assert board.name(Triangle(Kind.UP, 0, 0)) == "A1"
    assert board.triangle("a1") == Triangle(Kind.UP, 0, 0)
    for ring, letter in ((1, "A"), (2, "B"), (3, "C")):
        members = [t for t in board.triangles if t.ring == ring]
        assert [board.name(t) for t in members] == [f"{letter}{i}" for i in range(1, len(members) + 1)]
        turns = []
        for t in members:
            x, y = t.centroid()
            turns.append((60 - math.degrees(math.atan2(y, x))) % 360)
        assert turns == sorted(turns)  # clockwise from the ray through P(0, 1)


def test_names_are_the_same_on_every_board_size() -> None:
    small, large = Board(2), Board(3)
    for t in small.triangles:
        assert small.name(t) == large.name(t)


def test_millimetres() -> None:
    r = 30.0
    assert sinoda.point_mm((1, 0), r) == (30.0, 0.0)
    x, y = sinoda.point_mm((0, 1), r, centre=(100.0, 50.0))
    assert (x, y) == pytest.approx((115.0, 50.0 + 15 * math.sqrt(3)))
    for t in Board(2).triangles:
        corners = t.corners_mm(r)
        for i in range(3):
            assert math.dist(corners[i], corners[(i + 1) % 3]) == pytest.approx(r)
        cx, cy = t.centroid_mm(r)
        assert all(math.dist((cx, cy), c) == pytest.approx(r / math.sqrt(3)) for c in corners)


@pytest.mark.parametrize("n", [2, 3])
def test_petals(n: int) -> None:
    r = 10.0
    board = Board(n)
    assert len(board.petals) == len(board.edges)
    for petal in board.petals:
        tips = [sinoda.point_mm(p, r) for p in petal.tips]
        middle = ((tips[0][0] + tips[1][0]) / 2, (tips[0][1] + tips[1][1]) / 2)
        assert math.dist(*tips) == pytest.approx(r)
        centres = [sinoda.point_mm(p, r) for p in petal.arc_centres]
        for c in centres:
            assert math.dist(c, middle) == pytest.approx(math.sqrt(3) / 2 * r)
            assert all(math.dist(c, tip) == pytest.approx(r) for tip in tips)
        assert math.dist(*centres) == pytest.approx(math.sqrt(3) * r)  # either side


def test_flower_is_the_six_triangles_around_a_point() -> None:
    for p in Board(3).points:
        around = {t for t in sinoda.flower(p) if p in t.corners}
        assert len(around) == 6
    with pytest.raises(ValueError):
        Board(2).flower((2, 0))  # on the rim: half of it is off the board


SETUP_NAMES = ["2", "3", "3-small", "4", "4-teams", "6", "6-two-teams", "6-three-teams"]


def test_all_setups_are_named() -> None:
    assert [s.name for s in sinoda.ALL_SETUPS] == SETUP_NAMES


def test_a_setup_is_found_by_its_name_and_only_by_it() -> None:
    # a record's header names its set-up so (printkit.play.matches replays on it)
    assert [sinoda.setup_named(name) for name in SETUP_NAMES] == list(sinoda.ALL_SETUPS)
    for name in ("", "5", "2-large", "3-large", "4-two-teams", "6-four-teams", "six"):
        with pytest.raises(ValueError):
            sinoda.setup_named(name)


@pytest.mark.parametrize("setup", sinoda.ALL_SETUPS, ids=lambda s: s.name)
def test_start_flowers(setup: sinoda.Setup) -> None:
    board = setup.grid
    assert board.n == (2 if setup.board == "small" else 3)
    flowers = [setup.start_flower(player) for player in range(1, setup.players + 1)]
    assert len(flowers) == setup.players
    seen: set[Triangle] = set()
    for flower in flowers:
        assert len(set(flower)) == 6
        assert all(t in board for t in flower)
        assert not seen & set(flower)
        seen |= set(flower)


@pytest.mark.parametrize("setup", sinoda.ALL_SETUPS, ids=lambda s: s.name)
def test_players_sit_clockwise(setup: sinoda.Setup) -> None:
    angles = []
    for seat in setup.seats:
        x, y = sinoda.lattice_xy(seat)
        angles.append(math.degrees(math.atan2(y, x)))
    # Clockwise: each next seat at a smaller angle, once around in all.
    steps = [(angles[i] - angles[(i + 1) % len(angles)]) % 360 for i in range(len(angles))]
    assert all(0 < step < 360 for step in steps)
    assert sum(steps) == pytest.approx(360)


def test_seats_of_boards_md() -> None:
    assert set(make_setup(2).seats) == {(0, 1), (0, -1)}
    assert set(make_setup(6).seats) == {(2, 0), (0, 2), (-2, 2), (-2, 0), (0, -2), (2, -2)}
    # Two corners and two sides, 90° apart (the rulebook's "side edges or corner edges").
    assert set(make_setup(4).seats) == {(-2, 2), (2, -2), (1, 1), (-1, -1)}
    assert set(make_setup(3).seats) == {(0, 2), (-2, 0), (2, -2)}
    assert set(make_setup(3, "small").seats) == {(0, 1), (-1, 0), (1, -1)}


def test_four_players_sit_a_quarter_turn_apart_on_two_corners_and_two_sides() -> None:
    seats = make_setup(4).seats
    angles = [math.degrees(math.atan2(*reversed(sinoda.lattice_xy(p)))) for p in seats]
    assert [round((angles[i] - angles[(i + 1) % 4]) % 360, 9) for i in range(4)] == [90.0] * 4
    corners = {(2, 0), (0, 2), (-2, 2), (-2, 0), (0, -2), (2, -2)}
    assert [p in corners for p in seats] == [False, True, False, True]  # sides: players 1, 3
    assert all(hex_distance(p) == 2 for p in seats)


@pytest.mark.parametrize(
    ("players", "teams", "expected"),
    [(4, 2, ((1, 3), (2, 4))), (6, 3, ((1, 4), (2, 5), (3, 6))), (6, 2, ((1, 3, 5), (2, 4, 6)))],
)
def test_teams(players: int, teams: int, expected: tuple[tuple[int, ...], ...]) -> None:
    setup = make_setup(players, teams=teams)
    assert setup.teams == expected
    seats = setup.seats
    for team in setup.teams:
        members = [seats[p - 1] for p in team]
        if len(team) == 2:  # teammates opposite: point reflection through the centre
            (a, b), (c, d) = members
            assert (c, d) == (-a, -b)
            assert set(setup.start_flower(team[1])) == {
                _reflect(t) for t in setup.start_flower(team[0])
            }
        else:  # three teammates: a third of a turn apart
            assert {rotate60(p, 2) for p in members} == set(members)
    # Turns go clockwise and alternate between teams.
    for player in range(1, players + 1):
        assert setup.team_of(player) != setup.team_of(player % players + 1)


def _reflect(t: Triangle) -> Triangle:
    corners = {(-a, -b) for a, b in t.corners}
    return next(u for u in Board(3).triangles if set(u.corners) == corners)


@pytest.mark.parametrize(
    ("players", "board", "teams"),
    [(5, None, None), (2, "large", None), (4, "small", None), (6, None, 4), (3, None, 3)],
)
def test_impossible_setups(players: int, board: str | None, teams: int | None) -> None:
    with pytest.raises(ValueError):
        make_setup(players, board, teams)
