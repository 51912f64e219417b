"""The generator: every level it makes passes the validator with no warning (S26, S27), fits
S2, has its features on the least-turns route and its least turns in range."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.batch import derive_seed
from printkit.sinpin.generate.generator import FEATURES, Failure, Generated, Request, generate_level
from printkit.sinpin.level import Level, fits_paper
from printkit.sinpin.generate.metrics import level_metrics, near_route
from printkit.sinpin.loader import dump_level, read_level
from printkit.sinpin.moves.validator import validate

# Ten levels each of five requests: 50 levels from fixed seeds.
REQUESTS = [
    Request(),
    Request(18, 12),
    Request(features=frozenset({"ladder", "spikes", "heart", "gem"}), min_turns=6, max_turns=10),
    Request(10, 14, features=frozenset({"teleporter", "web", "chest", "mark", "blades"})),
    Request(8, 8, features=frozenset({"spring", "gem"}), min_turns=2, max_turns=6, players=(3,)),
]


@pytest.fixture(scope="module")
def fifty() -> list[tuple[Request, Generated]]:
    made = []
    for number, request in enumerate(REQUESTS):
        for k in range(10):
            result = generate_level(request, derive_seed(9, number, k))
            assert isinstance(result, Generated), f"request {number}, level {k}: {result}"
            made.append((request, result))
    return made


def test_fifty_levels_pass_validate_with_no_warning_and_meet_their_request(fifty, tmp_path: Path) -> None:
    for number, (request, result) in enumerate(fifty):
        level = result.level
        path = tmp_path / f"{number}.yaml"
        path.write_text(dump_level(level, {"x-metrics": result.metrics}), encoding="utf-8")
        again = read_level(str(path)).level()  # what a user's `printkit validate` reads
        verdict = validate(again)
        assert verdict.valid and verdict.solvable and not verdict.warnings, (number, verdict.errors, verdict.warnings)
        assert not verdict.soft_locks and not verdict.unreachable_items
        assert fits_paper(level.width, level.height) and (level.width, level.height) == (request.width, request.height)
        low, high = request.turn_range()
        assert low <= verdict.min_turns <= high
        near = near_route(verdict)
        present = {name for name, tile in FEATURES.items() if level.positions[tile]}
        if request.features is not None:
            assert present == request.features, number  # what was asked, and nothing else special
        for name in present:  # the default mix is seeded: whatever it put in is on the route
            assert any(pos in near for pos in level.positions[FEATURES[name]]), (number, name)
        assert level.author == "printkit generate" and level.name and level.players == request.players
        assert result.metrics == {**level_metrics(level, verdict), "attempts": result.attempts}


def test_door_and_exit_are_far_apart(fifty) -> None:
    for _, result in fifty:
        (dx, dy), (ex, ey) = result.level.door, result.level.exit
        assert abs(dx - ex) + abs(dy - ey) >= (result.level.width + result.level.height) // 3


def test_the_same_seed_gives_the_same_level_and_two_seeds_differ() -> None:
    first, again, other = (generate_level(Request(), seed) for seed in (5, 5, 6))
    assert isinstance(first, Generated) and isinstance(again, Generated) and isinstance(other, Generated)
    assert first.level == again.level and first.metrics == again.metrics
    differing = sum(a != b for ra, rb in zip(first.level.rows, other.level.rows) for a, b in zip(ra, rb))
    assert differing > 30  # visibly different caves, not a field or two


def test_difficulty_follows_the_turn_range() -> None:
    short = [generate_level(Request(min_turns=3, max_turns=5), derive_seed(2, k)) for k in range(4)]
    long = [generate_level(Request(min_turns=11, max_turns=14), derive_seed(2, k)) for k in range(4)]
    assert all(isinstance(r, Generated) and 3 <= r.metrics["least_turns"] <= 5 for r in short)
    assert all(isinstance(r, Generated) and 11 <= r.metrics["least_turns"] <= 14 for r in long)


def test_an_impossible_request_fails_naming_what_could_not_be_met() -> None:
    result = generate_level(Request(6, 5, min_turns=30, max_turns=40, attempts=5), 1)
    assert isinstance(result, Failure)
    assert "least turns from 30 to 40" in result.reason and result.attempts == 5


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from([(12, 18), (18, 12), (9, 11), (6, 5)]))
def test_every_generated_level_is_solvable_soft_lock_free_and_loads_back_unchanged(seed: int, size) -> None:
    result = generate_level(Request(*size), seed)
    if isinstance(result, Failure):
        return  # the command reports these; what it writes is what matters here
    verdict = validate(result.level)
    assert verdict.solvable and not verdict.soft_locks and not verdict.warnings
    text = dump_level(result.level, {"x-metrics": result.metrics})
    assert _load(text) == result.level


def _load(text: str) -> Level:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, encoding="utf-8") as handle:
        handle.write(text)
    try:
        return read_level(handle.name).level()
    finally:
        Path(handle.name).unlink()
