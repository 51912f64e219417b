"""The validator's fast walks of the engine's transitions agree with the general one.

`MoveCache.ends`, `items_passed` (one walk of bit sets) and the solver's health endings
(`all_endings` with nothing watched and no gems) are shortcuts; each must give exactly what
the general suffix walk gives, on the bundled levels and on random dense caves.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves import bits
from printkit.sinpin.moves.graph import MoveCache
from printkit.sinpin.rules import CARD_VALUES
from printkit.sinpin.tiles import Tile

LEVELS = sorted((Path(__file__).resolve().parent.parent / "levels").glob("*.yaml"))


def random_cave(seed: int, width: int = 7, height: int = 6) -> Level:
    """Rock border, floors with gaps, and most open fields special (hearts and teleporters many)."""
    rng = random.Random(seed)
    rows = [["#"] * width for _ in range(height)]
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            rows[y][x] = rng.choice(".....##HOOhh^!wSC*?")
    rows[height - 2][1] = "A"
    rows[1][width - 2] = "Z"
    return Level(tuple("".join(row) for row in rows))


def assert_shortcuts_agree(level: Level) -> None:
    moves = MoveCache(level)
    engine = moves.engine
    for y in range(level.height):
        for x in range(level.width):
            if engine.rock(x, y):
                continue
            for card in CARD_VALUES:
                general = engine.moves((x, y), card, watch=None, gems=False)
                fast = moves.get((x, y), card)
                assert fast == tuple(sorted(set(fast), key=type(fast[0]).order))  # unique and sorted
                assert {(r.end, r.exited, r.events) for r in fast} == {(r.end, r.exited, r.events) for r in general}
                assert all(not r.passed and r.gems == 0 for r in fast)
                assert moves.ends((x, y), card) == tuple(sorted({r.end for r in general}))
                passed = frozenset().union(*(r.passed for r in general)) & moves.items
                assert moves.items_passed((x, y), card) == passed


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
def test_shortcuts_agree_with_the_general_walk_on_the_bundled_levels(path: Path) -> None:
    assert_shortcuts_agree(read_level(str(path)).level())


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_shortcuts_agree_with_the_general_walk_on_dense_caves(seed: int) -> None:
    assert_shortcuts_agree(random_cave(seed))


def test_following_to_one_end_keeps_exactly_the_ways_that_end_there() -> None:
    from printkit.sinpin.moves import search

    for level in [read_level(str(path)).level() for path in LEVELS[:7]] + [random_cave(seed) for seed in range(5)]:
        engine = MoveCache(level).engine
        for y in range(level.height):
            for x in range(level.width):
                if engine.rock(x, y):
                    continue
                for card in (2, 5):
                    every = engine.moves((x, y), card, trail=True)
                    for end in {r.end for r in every}:
                        only = search.follow(engine, (x, y), card, engine.items, None, None, True, ending=end)
                        assert only == tuple(r for r in every if r.end == end)


def test_ends_lists_the_fields_of_a_few_bits_as_positions_does() -> None:
    """bits._ends (one set bit at a time) and bits._positions (byte by byte) agree, order included."""
    rng = random.Random(5)
    for width in (3, 12, 18, 40):
        for _ in range(200):
            value = sum(1 << rng.randrange(width * 30) for _ in range(rng.randrange(12)))
            assert bits._ends(value, width) == bits._positions(value, width)


def _changed_cave(level: Level, rng: random.Random, changes: int) -> Level:
    """The cave with a few fields inside the border made another tile (door and exit stay)."""
    rows = [list(row) for row in level.rows]
    inside = [(x, y) for y in range(1, level.height - 1) for x in range(1, level.width - 1) if rows[y][x] not in "AZ"]
    for x, y in rng.sample(inside, changes):
        rows[y][x] = rng.choice(".#HSwC^!h*?O")
    return Level(tuple("".join(row) for row in rows))


def _walk_everything(level: Level) -> bits.Reach:
    engine = MoveCache(level).engine
    reach = bits.Reach.of_engine(engine)
    for x, y, tile in level.cells():
        if tile is not Tile.ROCK:
            for card in CARD_VALUES:
                reach.union(engine.openings((x, y), card))
    return reach


@pytest.mark.parametrize("seed", range(12))
def test_S4_S24_what_a_reach_carries_to_the_next_map_is_what_that_map_gives(seed: int) -> None:
    """Reach carries its memo to the next map of the same size for the states whose move
    comes nowhere near a changed field: each carried (ends, fields entered) must be what a
    fresh walk of the new map gives, and so must every move's."""
    rng = random.Random(seed)
    level = random_cave(1000 + seed, 10, 8)
    carried_any = 0
    for changes in (1, 1, 2, 3, 5, 0):
        _walk_everything(level)  # the memo the next map starts from
        level = _changed_cave(level, rng, changes) if changes else Level(tuple(row.replace(".", "*", 1) for row in level.rows))
        engine = MoveCache(level).engine
        carried = bits.Reach.of_engine(engine)
        carried_any += len(carried.memo)
        fresh = bits.Reach(engine)
        for state, found in list(carried.memo.items()):
            assert fresh.of(state) == found, (level.rows, state)
        for x, y, tile in level.cells():
            if tile is not Tile.ROCK:
                for card in CARD_VALUES:
                    assert carried.union(engine.openings((x, y), card)) == fresh.union(engine.openings((x, y), card))
    assert carried_any > 0  # some maps carried something over


def test_movement_rows_see_items_as_open_cave() -> None:
    # the game's engines (S22, S23): the door and blades stay, they tell S25 and S17 events
    assert bits.movement_rows(("#*h?wC#", "#A!HZ.#")) == ("#...wC#", "#A!HZ.#")


def test_the_movement_map_also_opens_the_door_and_blades() -> None:
    level = Level(("#######", "#A*h?.#", "#!.HZ.#", "#######"))
    assert bits.movement_map(level) == ("#######", "#.....#", "#..HZ.#", "#######")
    assert bits.movement_map(level) == tuple(row.replace("A", ".").replace("!", ".") for row in bits.movement_rows(level.rows))
