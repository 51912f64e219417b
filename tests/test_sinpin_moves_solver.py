"""The solver (S26) against the search it replaced: the same least turns and the same route.

The oracle is the solver as it was before the search with the hand ignored
(`turns_without_hands`) was put in front of the looser passes: breadth-first passes cut at
the shortest, shortest + 1, shortest + 2, then uncut. The levels are every candidate the
generator judged for a batch of several sizes (rejected ones too: unwinnable ones, ones
where health forces a detour) and the bundled levels.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.batch import derive_seed
from printkit.sinpin.generate import generator
from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves import solver
from printkit.sinpin.moves.graph import MoveCache, move_graph, reached_from
from printkit.sinpin.moves.solver import FULL_MASK, Solution, relaxed_turns_to_exit, solve

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def passes_from_the_shortest(moves: MoveCache, positions: frozenset) -> Solution | None:
    """The solver as it was: passes cut at shortest, +1, +2, then one uncut."""
    level = moves.level
    bound_to_exit = relaxed_turns_to_exit(moves, positions)
    shortest = bound_to_exit.get(level.door, [None] * (FULL_MASK + 1))[FULL_MASK]
    if shortest is None:
        return None
    summaries: dict = {}
    for bound in (shortest, shortest + 1, shortest + 2, None):
        route, cut = solver._search(level, moves, bound_to_exit, bound, summaries)
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
            for index in range(count):  # seed 4: the batch holds a level that health makes unwinnable
                generator.generate_level(generator.Request(width, height, any_size=True), derive_seed(4, index), index)
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
