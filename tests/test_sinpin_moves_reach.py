"""Where the avatar can get (printkit/sinpin/moves/reach.py): S26 explained, `moves --to`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves.graph import MoveCache, move_graph, reached_from
from printkit.sinpin.moves.reach import fields_apart, least_turns, nearest, offset_words, reach, way_to
from printkit.sinpin.moves.validator import validate
from printkit.sinpin.rules import FULL_HAND, Rules, next_hand

MISSING_RUNG = Path(__file__).resolve().parent / "data" / "missing-rung.yaml"
# the same cave with the bottom rung (F6) in place: the shaft can be climbed
WITH_RUNG_ROW = "  #....H*....#"


@pytest.fixture(scope="module")
def stranded() -> Level:
    return read_level(str(MISSING_RUNG)).level()


@pytest.fixture(scope="module")
def mended(stranded: Level) -> Level:
    rows = list(stranded.rows)
    rows[5] = WITH_RUNG_ROW.strip()
    return Level(tuple(rows), rules=stranded.rules)


def test_nearest_is_fewest_fields_apart_ties_in_reading_order():
    assert fields_apart((1, 6), (1, 1)) == 5
    assert nearest([(3, 4), (1, 2), (5, 2)], (3, 2)) == (1, 2)  # two fields either side: the left one, same row
    assert nearest([(4, 3), (2, 1)], (3, 2)) == (2, 1)  # a tie across rows: the upper row first
    assert nearest([(9, 9), (4, 2)], (3, 2)) == (4, 2)


def test_offsets_are_said_in_words():
    assert offset_words((1, 6), (1, 1)) == "5 fields below it"
    assert offset_words((2, 1), (3, 1)) == "1 field left of it"
    assert offset_words((6, 0), (3, 2)) == "3 fields right of it and 2 above it"
    assert offset_words((3, 2), (3, 2)) == "it"


def test_an_unsolvable_level_says_what_alpha_reaches_and_the_nearest_to_omega(stranded):
    verdict = validate(stranded)
    (s26,) = [finding for finding in verdict.errors if finding.rule == "S26"]
    assert s26.message.endswith("from α the avatar reaches 10 rest positions; the nearest to Ω is B7, 5 fields below it")
    assert verdict.reach is not None
    assert set(verdict.reach.positions) == verdict.reachable == set(verdict.soft_locks)
    assert verdict.reach.nearest == (1, 6)
    found = verdict.as_json("x")["errors"][0]
    assert found["reach"] == {
        "from": "K7", "to": "B2", "count": 10,
        "positions": ["B7", "C7", "D7", "E7", "F7", "G7", "H7", "I7", "J7", "K7"],
        "nearest": "B7", "x": 1, "y": 6, "fields_apart": 5, "where": "5 fields below it",
    }


def test_a_solvable_level_and_one_that_health_defeats_carry_no_reach(mended):
    assert validate(mended).valid and validate(mended).reach is None
    # the exit is in the move graph, but the spikes on the only way cost the one health (S26's other reason)
    spiked = Level.from_text("#######\n#A.^.Z#\n#######", rules=Rules(start_health=1, max_health=1))
    verdict = validate(spiked)
    assert verdict.solvable is False and verdict.reach is None
    assert "reach" not in verdict.as_json("x")["errors"][0]


def test_the_door_is_the_nearest_when_it_is_and_says_so():
    level = Level.from_text("#######\n#Z#...#\n#.#A..#\n#######")
    verdict = validate(level)
    assert verdict.reach is not None and verdict.reach.nearest == (3, 2)
    assert "the nearest to Ω is D3 (α itself), 2 fields right of it and 1 below it" in verdict.errors[-1].message


def test_moves_to_a_field_find_the_least_turns_with_cards_as_s5_allows(mended):
    moves = MoveCache(mended)
    graph = move_graph(moves)
    way = way_to(moves, graph, mended.door, (7, 1))  # H2, up the shaft and along the top
    assert way.legs is not None and way.reach.reached and not way.health_followed
    # each turn plays a card still in the hand (S5) and ends where the next begins
    hand, here = FULL_HAND, mended.door
    for leg in way.legs:
        assert leg.start == here and leg.card in hand
        hand, here = next_hand(hand, leg.card), leg.end
    assert here == (7, 1)
    assert len(way.legs) == 3
    exit_way = way_to(moves, graph, mended.door, mended.exit)
    assert exit_way.health_followed and len(exit_way.legs) == validate(mended).min_turns


def test_moves_to_an_unreachable_field_give_the_nearest_reached(stranded):
    moves = MoveCache(stranded)
    way = way_to(moves, move_graph(moves), stranded.door, (7, 1))
    assert way.legs is None and not way.reach.reached
    assert way.reach.nearest == (7, 6) and way.reach.distance == 5  # H7, straight below H2


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(range(10)))
def test_least_turns_reaches_each_rest_position_alpha_reaches(index):
    level = read_level(str(MISSING_RUNG)).level()
    moves = MoveCache(level)
    graph = move_graph(moves)
    positions = sorted(reached_from(graph, level.door))
    target = positions[index % len(positions)]
    plan = least_turns(moves, level.door, target)
    assert plan is not None and (plan == [] if target == level.door else plan[-1][2] == target)
    assert reach(graph, level.door, target).reached


# The floor of the top row has a hole at D3: a move walks into D2 and falls through D3 to D4.
HOLE = Level(("#######", "#A....#", "###.###", "#....Z#", "#######"))


def test_a_field_moves_fall_through_is_passed_by_a_move_the_engine_walks():
    moves = MoveCache(HOLE)
    graph = move_graph(moves)
    way = way_to(moves, graph, HOLE.door, (3, 2))
    assert way.legs is None and not way.reach.reached  # no move ends on D3 (S4, S14)
    leg = way.passed_by
    assert leg is not None and (leg.start, leg.card, leg.end) == ((1, 1), 2, (3, 3))
    assert leg.trail == ((2, 1), (3, 1), (3, 2), (3, 3)) and (3, 2) in leg.trail
    assert way_to(moves, graph, HOLE.door, (5, 1)).passed_by is None  # F2: no move gets there at all
    assert way_to(moves, graph, HOLE.door, (3, 3)).passed_by is None  # D4: a rest position, a route
