"""Figures of a validated level: route, hazards, leniency, linearity, branching."""

from __future__ import annotations

from printkit.sinpin.level import Level
from printkit.sinpin.generate.metrics import (
    branching, feature_density, health_lost, leniency, level_metrics, linearity, near_route, rock_share, route_fields,
    route_trail,
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


def test_leniency_counts_hazards_entered_and_health_lost_on_the_route() -> None:
    verdict = validate(CORRIDOR)
    # the spikes are entered (S16): one hazard, one health
    assert health_lost(verdict) == 1 and leniency(CORRIDOR, verdict) == -2
    harmless = Level(("#######", "#A.*.Z#", "#######"))
    assert leniency(harmless, validate(harmless)) == 0


def test_linearity_and_feature_density() -> None:
    verdict = validate(CORRIDOR)
    assert linearity(CORRIDOR, verdict) == 1.0  # the route is the whole cave
    assert feature_density(CORRIDOR) == 100 * 3 / 21
    metrics = level_metrics(CORRIDOR, verdict)
    assert metrics["leniency"] == -2 and metrics["health_lost"] == 1 and metrics["linearity"] == 1.0
