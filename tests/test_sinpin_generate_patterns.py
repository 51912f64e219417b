"""The learned look (a multi-dimensional Markov chain with back-off): counts mirrored,
distributions backed off for unseen contexts, drawing that keeps its constraints."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.generate.generator import bundled_examples
from printkit.sinpin.generate.patterns import CLASS_OF, ITEM, LADDER, OPEN, ROCK, learn

CORRIDOR = ("#######", "#A.*.Z#", "#######")


@pytest.fixture(scope="module")
def model():
    return learn(bundled_examples())


def test_one_example_is_learned_mirrored_and_both_ways_along_its_rows() -> None:
    model = learn([CORRIDOR])
    assert model.examples == 1
    # 5 inner fields, each counted for 2 mirror images x 2 row directions
    assert sum(model.counts[0][()].values()) == 5 * 4
    assert model.counts[0][()][ITEM] == 4 and model.counts[0][()][OPEN] == 16  # door and exit count as open
    assert model.kinds[(ITEM, True)]["*"] == 1  # the gem stands on rock


def test_distributions_are_probabilities_and_unseen_contexts_back_off(model) -> None:
    for context in [(ROCK, OPEN, ROCK, ROCK, ROCK), ("x", "d", "x", "d", "x"), ()]:
        tiles, cumulative = model.distribution(context)
        assert cumulative[-1] == pytest.approx(1.0) and all(a <= b for a, b in zip(cumulative, cumulative[1:]))
        assert set(tiles) <= set(CLASS_OF.values())
    classes = sorted(set(CLASS_OF.values()))
    below, before = next((b, c) for b in classes for c in classes if (b, c) not in model.counts[2] and (b,) in model.counts[1])
    never_seen = model.distribution((below, before, ROCK, ROCK, ROCK))
    assert never_seen == model.distribution((below,))  # nothing longer was seen: the field below speaks alone


def test_a_banned_class_gives_its_share_to_open_cave(model) -> None:
    context = (ROCK, OPEN, ROCK, ROCK, ROCK)
    tiles, cumulative = model.distribution(context, frozenset({LADDER}))
    assert LADDER not in tiles and cumulative[-1] == pytest.approx(1.0)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(6, 5), (12, 18), (18, 12), (9, 7)]))
def test_a_drawn_map_has_a_rock_border_and_only_map_characters(seed: int, size) -> None:
    model = learn(bundled_examples())
    width, height = size
    grid = model.sample(width, height, random.Random(seed))
    assert len(grid) == height and all(len(row) == width for row in grid)
    assert all(char == "#" for char in grid[0] + grid[-1]) and all(row[0] == row[-1] == "#" for row in grid)
    assert {char for row in grid for char in row} <= set(CLASS_OF) - {"A", "Z", " ", "O"}  # teleporters are placed, not drawn


def test_fixed_fields_stay_walked_ones_are_passable_and_allowed_kinds_hold(model) -> None:
    fixed = {(x, 5): "." for x in range(1, 11)} | {(x, 6): "#" for x in range(1, 11)}
    walked = frozenset((x, 5) for x in range(2, 10))
    for seed in range(20):
        grid = model.sample(12, 18, random.Random(seed), frozenset("*^"), fixed, walked)
        assert all(grid[6][x] == "#" for x in range(1, 11)) and grid[5][1] == grid[5][10] == "."
        assert all(grid[5][x] not in "#HS" for x in range(2, 10))  # nothing that blocks or bounces on the route
        assert {char for row in grid for char in row} <= set("#.*^")


def test_the_same_seed_draws_the_same_map(model) -> None:
    assert model.sample(12, 18, random.Random(4)) == model.sample(12, 18, random.Random(4))
    assert model.sample(12, 18, random.Random(4)) != model.sample(12, 18, random.Random(5))


def test_tastes_learned_from_the_examples(model) -> None:
    towers = learn([("#####", "#AHZ#", "#HH.#", "#####")])
    assert towers.ladder_taste() > model.ladder_taste() >= 0.3
    assert set(model.scattered(None)) == {"*", "h", "?"} and model.scattered(frozenset("*")) == tuple(
        char for char in model.scattered(None) if char == "*")
    assert model.with_teleporters == 3  # Teleport Tangle, Long Gallery and one more hold a pair



@pytest.mark.parametrize("maps", [[], [("AZ",)], [("##", "AZ", "##")]])
def test_a_model_that_learned_nothing_has_the_middle_taste_for_ladders(maps) -> None:
    # maps without a field inside the border count nothing (ladder_taste: KeyError: ())
    assert learn(maps).ladder_taste() == 0.5

def test_fixed_fields_ahead_weigh_the_classes_and_the_border_is_its_own_context(model) -> None:
    from printkit.sinpin.generate.patterns import AHEAD, BORDER
    context = (OPEN, OPEN, ROCK, ROCK, ROCK)
    plain = dict(zip(*model.distribution(context)))
    under_rock = model.distribution(context, evidence=tuple(ROCK if offset == (0, -1) else "" for offset in AHEAD))
    assert under_rock[1][-1] == pytest.approx(1.0) and under_rock != model.distribution(context)
    # The examples' bottom rows walk on the border; rock inside stands on rock far more often.
    on_border = dict(zip(*model.distribution((BORDER,))))
    on_rock = dict(zip(*model.distribution((ROCK,))))
    share = lambda cumulative, tile: cumulative[tile] - max([v for k, v in cumulative.items() if k < tile], default=0.0)
    assert share(on_border, ROCK) < share(on_rock, ROCK)
    # a fixed floor above makes the field under it likelier open (a room under a floor) and
    # rock less likely than with nothing fixed ahead
    under = dict(zip(*under_rock))
    assert share(under, OPEN) > share(plain, OPEN) and share(under, ROCK) < share(plain, ROCK)


def test_the_likelihood_of_what_is_seen_ahead_sums_to_one_over_all_seven(model) -> None:
    from printkit.sinpin.generate.patterns import AHEAD, BORDER, KINDS, SEEN_THERE

    assert set(SEEN_THERE) == set(KINDS) | {BORDER} and len(SEEN_THERE) == 7
    for offset in AHEAD:
        for tile in KINDS:  # the smoothing counts every class and the border, seen or not
            assert sum(model._likelihood(offset, tile, seen) for seen in SEEN_THERE) == pytest.approx(1.0)


def test_a_fixed_floor_above_makes_the_row_under_it_more_open(model) -> None:
    floor = {(x, 5): "#" for x in range(1, 11)}
    rock_under = 0
    for seed in range(30):
        grid = model.sample(12, 18, random.Random(seed), None, floor)
        rock_under += sum(grid[6][x] == "#" for x in range(1, 11))
    free_rock = 0
    for seed in range(30):
        grid = model.sample(12, 18, random.Random(seed))
        free_rock += sum(grid[6][x] == "#" for x in range(1, 11))
    assert rock_under < free_rock
