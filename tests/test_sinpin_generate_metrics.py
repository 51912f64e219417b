"""Figures of a validated level and the expressive range of many."""

from __future__ import annotations

from printkit.sinpin.level import Level
from printkit.sinpin.generate.metrics import (
    branching, expressive_range, far_apart, level_metrics, near_route, rock_share, route_fields, route_trail,
)
from printkit.sinpin.moves.validator import validate

CORRIDOR = Level(("#######", "#A.^.Z#", "#######"))


def test_the_route_of_a_corridor_is_its_fields_and_its_hazard_is_counted() -> None:
    verdict = validate(CORRIDOR)
    assert route_trail(verdict)[0] == (1, 1) and route_fields(verdict)[-1] == (5, 1)
    assert set(route_fields(verdict)) == {(x, 1) for x in range(1, 6)}
    metrics = level_metrics(CORRIDOR, verdict)
    assert metrics["route_hazards"] == 1 and metrics["features_on_route"] == ["spikes"]
    assert metrics["route_fields"] == len(route_trail(verdict)) - 1
    assert metrics["least_turns"] == verdict.min_turns and metrics["rest_positions"] == verdict.rest_positions
    assert (3, 0) in near_route(verdict) and (3, 2) in near_route(verdict) and (0, 0) in near_route(verdict)


def test_rock_share_and_branching() -> None:
    assert rock_share(CORRIDOR) == 16 / 21
    verdict = validate(CORRIDOR)
    moves = verdict.solution.moves
    sources = [p for p in sorted(verdict.reachable) if p != CORRIDOR.exit]
    expected = sum(len({e for c in range(1, 7) for e in moves.ends(p, c)}) for p in sources) / len(sources)
    assert branching(verdict) == expected > 0


def test_expressive_range_counts_every_level_once_in_each_plot() -> None:
    metrics = [{"least_turns": t, "route_hazards": h, "rock_share": r, "branching": b}
               for t, h, r, b in [(3, 0, 0.4, 2.0), (5, 2, 0.6, 8.0), (5, 2, 0.5, 5.0), (9, 1, 0.6, 8.0)]]
    figures = expressive_range(metrics, bins=4)
    first = figures["turns_by_hazards"]
    assert first["x_bins"] == list(range(3, 10)) and first["y_bins"] == [0, 1, 2]
    assert first["counts"][2][5 - 3] == 2 and first["counts"][0][0] == 1 and first["counts"][1][9 - 3] == 1
    second = figures["rock_by_branching"]
    assert second["x_edges"][0] == 0.4 and second["x_edges"][-1] == 0.6
    assert second["counts"][3][3] == 2  # the highest rock share and branching: the last bins
    assert figures["least_turns"] == {"bins": list(range(3, 10)), "counts": [1, 0, 2, 0, 0, 0, 1]}


def test_far_apart_starts_at_the_fewest_turns_and_picks_the_extremes() -> None:
    metrics = [{"least_turns": t, "route_hazards": 0, "rock_share": 0.5, "branching": 1.0} for t in (7, 3, 4, 12, 8)]
    assert far_apart(metrics, 2) == [1, 3]
    assert sorted(far_apart(metrics, 9)) == [0, 1, 2, 3, 4]
    assert far_apart([], 3) == []
