"""The planned route: its constraints alone (every other field rock) already make a level
that can be won, told the way the story asks; shortcuts are a pair a stretch apart."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.level import Level
from printkit.sinpin.generate.route import plan, shortcut
from printkit.sinpin.moves.validator import validate


def bare(skeleton) -> Level:
    """The route's constraints and nothing else: rock wherever the plan leaves it free."""
    grid = [["#"] * skeleton.width for _ in range(skeleton.height)]
    for (x, y), char in skeleton.fixed.items():
        grid[y][x] = char
    grid[skeleton.door[1]][skeleton.door[0]] = "A"
    grid[skeleton.exit[1]][skeleton.exit[0]] = "Z"
    return Level(tuple("".join(row) for row in grid))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(12, 18), (18, 12), (8, 8), (6, 5)]),
       st.sampled_from(["below", "above", "any"]), st.sampled_from([5.0, 20.0, 50.0]))
def test_the_bare_route_can_be_won_and_keeps_its_story(seed: int, size, story: str, length: float) -> None:
    width, height = size
    skeleton = plan(random.Random(seed), width, height, length, story, 0.5)
    level = bare(skeleton)
    verdict = validate(level)
    assert verdict.solvable, "\n".join(level.rows)
    door, exit_ = skeleton.door, skeleton.exit
    assert level.supported(*door) and level.supported(*exit_)
    if story == "below":
        assert exit_[1] > door[1]
    elif story == "above":
        assert exit_[1] < door[1]
    assert skeleton.walked[0] == door and skeleton.walked[-1] == exit_
    assert all(0 < x < width - 1 and 0 < y < height - 1 for x, y in skeleton.fixed)


def test_without_ladders_the_route_only_drops() -> None:
    for seed in range(20):
        skeleton = plan(random.Random(seed), 12, 18, 40.0, "below", 0.0)
        assert "H" not in skeleton.fixed.values()
        assert validate(bare(skeleton)).solvable


def test_a_long_route_is_longer_than_a_short_one_and_has_more_ladders() -> None:
    short = [plan(random.Random(seed), 12, 18, 10.0, "below", 0.5) for seed in range(10)]
    long = [plan(random.Random(seed), 12, 18, 60.0, "below", 0.5) for seed in range(10)]
    assert sum(len(s.walked) for s in long) > 2 * sum(len(s.walked) for s in short)
    assert sum(list(s.fixed.values()).count("H") for s in long) > sum(list(s.fixed.values()).count("H") for s in short)


def test_floors_rise_and_fall_along_a_pass() -> None:
    # Passes three rows apart leave room for dips and ledges: a step of one field up or down
    # between two fields side by side on the walk.
    stepped = 0
    for seed in range(10):
        walked = plan(random.Random(seed), 12, 18, 30.0, "below", 0.5).walked
        stepped += any(abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1 for a, b in zip(walked, walked[1:]))
    assert stepped >= 7


def test_a_shortcut_is_a_pair_of_teleporters_a_stretch_apart_on_the_walk() -> None:
    skeleton = plan(random.Random(3), 12, 18, 40.0, "below", 0.5)
    grid = [list(row) for row in bare(skeleton).rows]
    assert shortcut(grid, skeleton.walked, random.Random(1))
    placed = [pos for pos in skeleton.walked if grid[pos[1]][pos[0]] == "O"]
    assert len(placed) == 2
    first, second = (skeleton.walked.index(pos) for pos in placed)
    assert abs(second - first) >= 2
    assert not shortcut([list(row) for row in ("#####", "#A.Z#", "#####")], [(1, 1), (2, 1), (3, 1)], random.Random(1))


def test_ladders_stand_on_floors_and_the_lowest_pass_walks_on_the_bottom_border() -> None:
    for seed in range(20):
        skeleton = plan(random.Random(seed), 12, 18, 40.0, "below", 0.5)
        fixed = skeleton.fixed
        for (x, y), char in fixed.items():
            if char == "H" and fixed.get((x, y + 1)) != "H":
                # The foot of a ladder: on rock or the border (S4), never one field above a floor.
                assert y == 16 or fixed.get((x, y + 1)) == "#", (seed, x, y)
        assert max(y for _, y in skeleton.walked) == 16  # the row above the bottom border


def test_a_short_route_still_has_several_passes_where_the_map_has_room() -> None:
    for seed in range(10):
        walked = plan(random.Random(seed), 12, 18, 12.0, "below", 0.5).walked
        rows = {y for _, y in walked}
        assert len(rows) >= 5  # MIN_PASSES, each on its own row (dips and ledges add more)
    tiny = plan(random.Random(1), 6, 5, 4.0, "below", 0.5)
    assert tiny.exit[1] > tiny.door[1]
