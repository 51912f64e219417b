"""The solver (S26) against the search it replaced: the same least turns and the same route.

The oracle is the solver as it was before the search with the hand ignored
(`turns_without_hands`) and the bound with health followed (`turns_with_health`) were put
in front of the looser passes: breadth-first passes cut at the shortest, shortest + 1,
shortest + 2, then uncut, by the bound with health ignored. The levels are every candidate
the generator judged for a batch of several sizes (rejected ones too: unwinnable ones, ones
where health forces a detour), the bundled levels, and small random maps with random health
knobs where health forces a detour or makes the exit unwinnable (tests/data/solver-detours.jsonl:
the cheaper of those found among some 23,000 random maps, where the generator's batches have few such levels).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.batch import derive_seed
from printkit.sinpin.generate import generator
from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves import solver
from printkit.sinpin.moves.graph import MoveCache, move_graph, reached_from
from printkit.sinpin.moves.bounds import FULL_MASK, apply_health, relaxed_turns_to_exit, turns_with_health
from printkit.sinpin.moves.events import HURT
from printkit.sinpin.moves.solver import Solution, solve
from printkit.sinpin.rules import Rules
from printkit.sinpin.tiles import Tile

LEVELS = Path(__file__).resolve().parent.parent / "levels"
DETOURS = Path(__file__).resolve().parent / "data" / "solver-detours.jsonl"


def passes_from_the_shortest(moves: MoveCache, positions: frozenset) -> Solution | None:
    """The solver as it was: passes cut at shortest, +1, +2, then one uncut."""
    level = moves.level
    bound_to_exit = relaxed_turns_to_exit(moves, positions)
    shortest = bound_to_exit.get(level.door, [None] * (FULL_MASK + 1))[FULL_MASK]
    if shortest is None:
        return None
    summaries: dict = {}
    top = max(level.rules.max_health, level.rules.start_health)
    per_health = {pos: [row] * (top + 1) for pos, row in bound_to_exit.items()}  # the same whatever the health
    for bound in (shortest, shortest + 1, shortest + 2, None):
        route, cut = solver._search(level, moves, per_health, bound, summaries)
        if route is not None or not cut:
            return route
    return None


@pytest.fixture(scope="session")
def judged_levels() -> list[Level]:
    """Every level the generator validated for a small batch of 6x5, 12x18 and 20x20 caves."""
    judged: list[Level] = []
    validate = generator.validate

    def keep(level: Level, *, any_size: bool = False):
        judged.append(level)
        return validate(level, any_size=any_size)

    generator.validate = keep
    try:
        for width, height, count in ((6, 5, 4), (12, 18, 6), (20, 20, 1)):
            for index in range(count):  # seed 1: the batch holds a level that health makes unwinnable
                generator.generate_level(generator.Request(width, height, any_size=True), derive_seed(1, index), index)
    finally:
        generator.validate = validate
    bundled = [read_level(str(path)).level() for path in sorted(LEVELS.glob("*.yaml"))]
    return judged + bundled


def _searched(level: Level) -> tuple[MoveCache, frozenset] | None:
    moves = MoveCache(level)
    reachable = reached_from(move_graph(moves), level.door)
    return (moves, reachable) if level.exit in reachable else None


def test_S26_the_solver_finds_the_same_least_turns_and_route_as_the_passes_it_replaced(judged_levels) -> None:
    kinds = {"unwinnable": 0, "detour": 0, "shortest": 0}
    for level in judged_levels:
        searched = _searched(level)
        if searched is None:
            continue
        old = passes_from_the_shortest(*searched)
        moves, reachable = _searched(level)  # a fresh cache: nothing shared with the oracle
        new = solve(moves, reachable)
        assert (old is None) == (new is None), level.rows
        if old is None:
            kinds["unwinnable"] += 1
            continue
        assert new.plan == old.plan, level.rows  # the same turns, cards, moves and health: the same route
        shortest = relaxed_turns_to_exit(moves, reachable)[level.door][FULL_MASK]
        kinds["detour" if new.turns > shortest else "shortest"] += 1
    # the batch reaches the new paths: levels where health makes the exit unreachable
    assert kinds["unwinnable"] >= 1 and kinds["shortest"] >= 10, kinds


def test_S26_the_search_without_hands_is_a_lower_bound_and_never_misses_a_win(judged_levels) -> None:
    for level in judged_levels[::3]:
        searched = _searched(level)
        if searched is None:
            continue
        moves, reachable = searched
        bound_to_exit = relaxed_turns_to_exit(moves, reachable)
        floor = solver.turns_without_hands(level, moves, bound_to_exit, {})
        found = solve(moves, reachable)
        if found is not None:
            assert floor is not None and floor <= found.turns, level.rows


@pytest.fixture(scope="session")
def detour_levels() -> list[tuple[str, Level]]:
    """Small random maps (random health knobs) where health forces a detour or makes the
    reachable exit unwinnable (S16, S17, S22, S26), with which of the two."""
    found = []
    for line in DETOURS.read_text().splitlines():
        item = json.loads(line)
        found.append((item["kind"], Level(tuple(item["rows"]), rules=Rules(**item["rules"]))))
    return found


def test_S26_where_health_forces_a_detour_the_solver_finds_the_route_of_the_passes_it_replaced(detour_levels) -> None:
    kinds = {"detour": 0, "unwinnable": 0, "no hearts": 0}
    for kind, level in detour_levels:
        searched = _searched(level)
        assert searched is not None, level.rows
        old = passes_from_the_shortest(*searched)
        moves, reachable = _searched(level)
        new = solve(moves, reachable)
        assert (new is None) == (kind == "unwinnable") == (old is None), level.rows
        if new is not None:
            assert new.plan == old.plan, level.rows
            assert new.turns > relaxed_turns_to_exit(moves, reachable)[level.door][FULL_MASK], level.rows
        kinds[kind] += 1
        kinds["no hearts"] += not level.positions[Tile.HEART]
    assert kinds["detour"] >= 80 and kinds["unwinnable"] >= 40 and kinds["no hearts"] >= 40, kinds


def test_S26_the_bound_with_health_is_a_lower_bound_and_exact_without_hearts(detour_levels, judged_levels) -> None:
    """Hearts kept on the map only add ways to go, so the bound is at most the least turns;
    without hearts nothing is relaxed, so it is the least turns (None: unwinnable)."""
    exact = 0
    for level in [level for _, level in detour_levels] + judged_levels[::5]:
        searched = _searched(level)
        if searched is None:
            continue
        moves, reachable = searched
        found = solve(moves, reachable)
        with_health = turns_with_health(level, moves, relaxed_turns_to_exit(moves, reachable), {})
        row = with_health.get(level.door, [None] * 10)[level.rules.start_health]
        bound = row[FULL_MASK] if row is not None else None
        if not level.positions[Tile.HEART]:
            assert bound == (found.turns if found is not None else None), level.rows
            exact += 1
        elif found is not None:
            assert bound is not None and bound <= found.turns, level.rows
        # more health is never worse: the turns left only fall as health grows
        for rows in with_health.values():
            for low, high in zip(rows[1:], rows[2:]):
                if low is not None:
                    assert high is not None and all(a is None or (b is not None and b <= a) for a, b in zip(low, high))
    assert exact >= 40


def test_health_is_applied_in_order_each_heart_once_or_kept() -> None:
    heart, other = (2, 3), (5, 3)
    bit = {heart: 1, other: 2}
    # S22: a heart gives 1 up to the maximum; S26: each heart once, its bit leaves the mask
    assert apply_health((HURT, heart, heart), 2, 3, bit, 3) == (2, 2)
    assert apply_health((heart, HURT), 3, 1, bit, 3) == (2, 0)  # at the maximum it gives nothing
    assert apply_health((HURT, heart, HURT), 1, 3, bit, 3) is None  # S25: 0 ends it, hearts later too late
    assert apply_health((), 2, 3, bit, 3) == (2, 3)
    # hearts kept (turns_with_health's easier game): each pass gives 1 again, the mask stays
    assert apply_health((HURT, heart, heart, HURT), 2, 0, None, 3) == (2, 0)
    assert apply_health((HURT, HURT, heart), 2, 0, None, 3) is None


def test_S26_S22_a_heart_left_for_later_is_not_traded_for_one_wasted_at_full_health() -> None:
    """Two first moves end on the spikes at (6,2) with card 3 and 1 health: one passes both
    hearts at full health (S22: used up all the same) and drops onto the spikes, the other
    climbs down the ladder and leaves the heart at (6,1). Only the second wins in 3 turns:
    card 4 jumps into that heart (1 -> 2), falls and walks on into the spikes at (3,2)
    (2 -> 1), then card 1 takes the exit. The search must tell the two states apart by the
    hearts left (field, health and hand alike), or it keeps the first and needs a fourth turn."""
    level = Level(("##########",
                   "#####.hhA#",
                   "##Z^..^H##",
                   "##########"), rules=Rules(start_health=2, max_health=2))
    searched = _searched(level)
    assert searched is not None
    found = solve(*searched)
    assert found is not None and found.turns == 3
    route = found.route()
    assert [(step.card, step.trail, step.health) for step in route[:2]] == [
        (3, ((7, 1), (7, 2), (6, 2)), 1),
        (4, ((6, 1), (5, 1), (5, 2), (4, 2), (3, 2)), 1),
    ]
    assert route[-1].exited
