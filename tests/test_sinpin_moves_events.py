"""A move's vocabulary (printkit.sinpin.moves.events): health events kept canonically, a total
order on results, outcomes as `printkit moves` reports them, and the health rule every walker
applies (`health_after`, S22, S25), with the walkers compared on the same moves."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.game.outcomes import GameMoves
from printkit.sinpin.game.suffixmemo import Opening
from printkit.sinpin.level import Level
from printkit.sinpin.moves import search
from printkit.sinpin.moves.bounds import apply_health
from printkit.sinpin.moves.events import (ENTER, HURT, ITEM, LOSE, MoveResult, Outcome, canonical_events,
                                          health_after)
from printkit.sinpin.rules import Rules
from printkit.sinpin.tiles import Tile


def test_hearts_between_losses_are_sorted_and_each_counts_once() -> None:
    """S22: a heart is taken once, where first entered; between two losses of health their
    order cannot change health, so they are kept sorted."""
    events = [(5, 1), (2, 1), HURT, (7, 2), (5, 1), (3, 3), HURT]
    assert canonical_events(events) == ((2, 1), (5, 1), HURT, (3, 3), (7, 2), HURT)
    assert canonical_events([]) == () and canonical_events([HURT, HURT]) == (HURT, HURT)


def test_results_have_a_total_order_and_outcomes_report_them() -> None:
    hurt = MoveResult((3, 1), False, (HURT, (2, 1)), 1, frozenset({(2, 1), (3, 1)}), False, ((2, 1), (3, 1)))
    plain = hurt._replace(events=(), trail=None)
    assert sorted([hurt, plain], key=MoveResult.order) == [plain, hurt]
    assert hurt.damage == 1 and hurt.hearts == ((2, 1),)
    assert Outcome.of(hurt).as_json() == {"end": [3, 1], "exit": False, "damage": 1, "gems": 1,
                                          "hearts": [[2, 1]], "passed": [[2, 1], [3, 1]]}


@pytest.mark.parametrize("health, hearts, hurt, maximum, expected", [
    (2, 1, False, 3, 3),  # S22: a heart gives 1 health
    (1, 5, False, 3, 3),  # ... up to the maximum
    (3, 1, False, 3, 3),  # a heart taken at full health is used up for nothing
    (4, 1, False, 3, 4),  # a health above the maximum (start_health > max_health) stays
    (0, 1, False, 3, 1),  # S34 (d): a drawn heart raises health from 0
    (2, 0, True, 3, 1),  # S16, S17: a loss costs 1
    (1, 0, True, 3, None),  # S25: at 0 the avatar is knocked out
    (1, 1, True, 3, 1),  # the hearts of the stretch come before its loss
    (3, 2, True, 3, 2),
    (1, 2, True, 1, None),  # with maximum 1 no heart saves the avatar
])
def test_S22_S25_health_after_one_stretch_of_a_move(health, hearts, hurt, maximum, expected) -> None:
    assert health_after(health, hearts, hurt, maximum) == expected


# The three walkers that apply the health rule to a move (search._Follower, bounds.apply_health,
# game.outcomes.GameMoves) fed one and the same move: fields entered in a row on y = 1, each a
# heart (S22) or a loss of health (S16, S17). Hearts are the level's first three fields; those
# not still there were taken earlier in the game.
HEARTS = ((1, 1), (2, 1), (3, 1))
HAZARDS = ((4, 1), (5, 1))
WIDTH = 7
steps = st.lists(st.one_of(st.tuples(st.just("heart"), st.sampled_from(HEARTS)),
                           st.tuples(st.just("hurt"), st.sampled_from(HAZARDS))), max_size=9)


def _by_follower(move, present, health, maximum):
    """`printkit moves` and the validator's route: the engine's events one by one."""
    engine = SimpleNamespace(level=SimpleNamespace(positions={Tile.HEART: list(HEARTS)}), max_health=maximum)
    walker = search._Follower(engine, frozenset(present), None)  # type: ignore[arg-type]
    events: list[tuple[int, ...]] = []
    for kind, (x, y) in move:
        events += [(ENTER, x, y), (LOSE,) if kind == "hurt" else (ITEM, x, y)]
    after = walker.apply(tuple(events), search._Log(health, (), 0, frozenset(), frozenset(), None), (0, 1))
    if after is None:
        [result] = walker.results
        return True, 0, result.damage, frozenset(result.hearts), result.end
    log, here = after
    return False, log.health, sum(1 for e in log.events if e == HURT), frozenset(log.taken), here


def _by_bounds(move, present, health, maximum, every_heart_there=False):
    """The solver: canonical health events of a move (all the level's hearts), hearts left as bits."""
    events = canonical_events(HURT if kind == "hurt" else field for kind, field in move)
    bit = {pos: 1 << i for i, pos in enumerate(HEARTS)}
    if every_heart_there:  # turns_with_health's easier game
        after = apply_health(events, health, 0, None, maximum)
        return (True, 0) if after is None else (False, after[0])
    after = apply_health(events, health, sum(bit[p] for p in present), bit, maximum)
    if after is None:
        return True, 0, frozenset()
    return False, after[0], frozenset(p for p in present if not after[1] & bit[p])


def _by_game(move, present, health, maximum):
    """A game: the move as one suffix (the fields entered between losses, as masks)."""
    level = Level(("#" * WIDTH, "#A...Z#", "#" * WIDTH), rules=Rules(max_health=maximum))
    moves = GameMoves(level)
    segments, hurts = [0], []
    for kind, (x, y) in move:
        segments[-1] |= 1 << (y * WIDTH + x)
        if kind == "hurt":
            hurts.append((x, y))
            segments.append(0)
    end = move[-1][1] if move else (0, 1)
    opening = Opening({(end, False, tuple(segments), tuple(hurts), -1, 0): ()}, 0, 0)
    [outcome] = moves._apply(opening, health, (0, moves.mask(present), 0))
    return outcome.knocked_out, outcome.health, outcome.damage, frozenset(moves.positions(outcome.hearts)), outcome.end


@settings(max_examples=400)
@given(move=steps, present=st.sets(st.sampled_from(HEARTS)), health=st.integers(1, 4), maximum=st.integers(1, 4))
def test_S22_S25_the_three_walkers_apply_health_alike(move, present, health, maximum) -> None:
    followed = _by_follower(move, present, health, maximum)
    in_game = _by_game(move, present, health, maximum)
    # knocked out, health after, damage, hearts taken, where the move ends (where health reached 0)
    assert followed == in_game, (move, present, health, maximum)
    knocked, health_left, _, taken, _ = followed
    # the solver drops a move that knocks the avatar out (S26): nothing more to compare then
    assert _by_bounds(move, present, health, maximum) == (knocked, health_left, frozenset() if knocked else taken)
    if set(present) == set(HEARTS):
        assert _by_bounds(move, present, health, maximum, every_heart_there=True) == (knocked, health_left)
