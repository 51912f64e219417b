"""Laying out caves: storeys tile the map, the construction keeps what the route needs."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.generate import plan
from printkit.sinpin.level import Level


@settings(max_examples=60, deadline=None)
@given(st.integers(5, 60), st.integers(0, 10**6))
def test_storeys_tile_the_map_two_or_three_open_rows_on_one_floor_each(height: int, seed: int) -> None:
    bands = plan.storeys(random.Random(seed), height)
    assert bands[0].top == 1 and bands[-1].bottom == height - 2
    for upper, lower in zip(bands, bands[1:]):
        assert lower.top == upper.bottom + 2  # one floor row between
    if len(bands) > 1:
        assert all(1 <= band.bottom - band.top <= 2 for band in bands)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(12, 18), (18, 12), (6, 5), (9, 13)]))
def test_a_constructed_cave_has_one_door_on_rock_one_exit_and_a_rock_border(seed: int, size) -> None:
    width, height = size
    cave = plan.construct(random.Random(seed), width, height, frozenset({"ladder", "spring"}), 30.0)
    level = Level(cave.rows())
    assert (level.width, level.height) == size
    assert all(char == "#" for char in level.rows[0] + level.rows[-1])
    assert all(row[0] == row[-1] == "#" for row in level.rows)
    assert len(level.positions[level.tile(*level.door)]) == 1 and level.exit is not None
    assert level.supported(*level.door)  # S4
