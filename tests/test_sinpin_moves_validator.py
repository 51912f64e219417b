"""The validator (S26, S27, S27a) on tiny hand-checked levels."""

from __future__ import annotations

import pytest

from printkit.sinpin.level import Level
from printkit.sinpin.rules import FULL_HAND, Rules, next_hand
from printkit.sinpin.moves.validator import validate, validate_rows


def level(*rows: str, **knobs: int) -> Level:
    return Level(rows, rules=Rules(**knobs))


def corridor(length: int) -> Level:
    """Door and exit `length` fields apart in a corridor one field high (no jumps)."""
    inside = "A" + "." * (length - 1) + "Z"
    return level("#" * (len(inside) + 2), f"#{inside}#", "#" * (len(inside) + 2))


def rules_of(verdict) -> list[tuple[str, int | None, int | None]]:
    return [(f.rule, f.x, f.y) for f in verdict.errors]


# -- S5 and S26: cards and the least number of turns ------------------------------------------


def test_S5_a_played_card_comes_back_only_after_a_reset() -> None:
    hand = FULL_HAND
    for card in (1, 2, 3, 4, 5, 6):
        hand = next_hand(hand, card)
    assert hand == FULL_HAND  # 1 2 3 4 5 6 then 6 again is legal (a reset, not a window)
    assert next_hand(next_hand(FULL_HAND, 6), 5) == frozenset({1, 2, 3, 4})
    with pytest.raises(ValueError, match="S5"):
        next_hand(next_hand(FULL_HAND, 6), 6)


def test_S26_least_turns_respect_the_card_cycle() -> None:
    # 12 fields: 6 + 6 would do it in 2 turns, but a 6 cannot follow a 6 (S5).
    verdict = validate(corridor(12))
    assert verdict.valid and verdict.min_turns == 3
    cards = [step.card for step in verdict.route]
    assert len(set(cards)) == 3 and sum(cards) >= 12


def test_S26_least_turns_use_a_card_again_after_the_reset() -> None:
    # 27 fields = 1+2+3+4+5+6 + 6: seven turns, the seventh a 6 right after the first six.
    # The corridor is wider than A4 allows (S2): searched only when asked to.
    rows = list(corridor(27).rows)
    assert validate_rows(rows).min_turns is None
    verdict = validate_rows(rows, any_size=True)
    assert verdict.min_turns == 7 and verdict.route[-1].card == 6
    assert rules_of(verdict) == [("S2", None, None)] and not verdict.valid and verdict.solvable


def test_S26_counts_the_turn_that_enters_the_exit() -> None:
    verdict = validate(level("#####", "#A.Z#", "#####"))
    assert verdict.min_turns == 1 and verdict.route[0].exited and verdict.route[0].end == (3, 1)


def test_S26_health_must_never_reach_zero() -> None:
    # Each spike field ends a move and costs 1 of the 3 health: the third one knocks out.
    verdict = validate(level("#######", "#A^^^Z#", "#######"))
    assert not verdict.solvable and verdict.min_turns is None
    assert rules_of(verdict) == [("S26", None, None)]
    assert "costs all the 3 health an avatar starts with" in verdict.errors[0].message
    assert verdict.soft_locks == ()  # health is ignored in the move graph (S27)


def test_S26_a_move_touching_zero_fails_even_with_a_heart_later_in_it() -> None:
    # blade_points 6: entering the blades always hurts; with 1 health that is the end,
    # even though the heart comes right after in the same move.
    assert not validate(level("#########", "#A!h...Z#", "#########", start_health=1, blade_points=6)).solvable
    # The heart first, then the blades: health 1 -> 2 -> 1, and the exit is reached.
    assert validate(level("#########", "#Ah!...Z#", "#########", start_health=1, blade_points=6)).solvable


def test_S26_hearts_count_once() -> None:
    # Health 1: the heart gives 2, two spike fields take both. Walking back and forth over
    # the heart would help if it counted again; it does not, so the level cannot be won.
    assert not validate(level("#########", "#A.h.^^Z#", "#########", start_health=1)).solvable
    assert validate(level("#########", "#A.h.^^Z#", "#########", start_health=2)).min_turns == 3


# -- S27: rest positions, soft-locks, unreachable items ---------------------------------------

PIT = (
    "#######",
    "#.....#",
    "#A...Z#",
    "###.#*#",  # the gem lies below the exit: entering the exit ends every move
    "###.#w#",  # a web is not an item (S27)
    "#######",
)


def test_S27_soft_locks_and_unreachable_items_are_warnings() -> None:
    verdict = validate(level(*PIT))
    assert verdict.valid and verdict.min_turns == 1  # a 5 jumps the pit: walk, jump, step, fall, step
    assert verdict.soft_locks == ((3, 4),)  # the bottom of the pit: jumping out only lands back
    assert verdict.unreachable_items == ((5, 3),)
    assert [(w.rule, w.x, w.y) for w in verdict.warnings] == [("S27", 3, 4), ("S27", 5, 3)]
    assert all(w.severity == "warning" for w in verdict.warnings)


def test_S27_the_door_counts_as_a_rest_position_even_if_no_move_ends_there() -> None:
    # From the door every move drops down the shaft; nothing comes back up to the door.
    verdict = validate(level("####", "#A.#", "##.#", "#Z.#", "####"))
    assert verdict.reachable == {(1, 1), (2, 3), (1, 3)}
    assert verdict.rest_positions == 3 and verdict.soft_locks == ()


def test_S27_the_door_can_be_a_soft_lock_the_exit_never() -> None:
    verdict = validate(level("#####", "#A#Z#", "#####"))
    assert verdict.soft_locks == ((1, 1),) and verdict.rest_positions == 1
    assert rules_of(verdict) == [("S26", None, None)]


# -- S27a: errors, with rule, column and row ---------------------------------------------------


def test_S27a_an_unsupported_door_is_an_S4_error_at_the_door() -> None:
    verdict = validate(level(".....", ".A.Z.", "....."))
    assert ("S4", 1, 1) in rules_of(verdict) and not verdict.valid


def test_S27a_grid_errors_leave_the_search_fields_at_their_defaults() -> None:
    verdict = validate_rows(["####", "#A.Z#", "#xA#"])
    assert rules_of(verdict) == [("S1", 4, 1), ("S3", 1, 2), ("S3", 2, 2)]
    # never searched: solvability unknown (None), not "not solvable" (issue 12 item 9)
    assert (verdict.solvable, verdict.min_turns, verdict.rest_positions, verdict.soft_locks, verdict.unreachable_items) == (
        None, None, 0, (), ()
    )


def test_S26_the_search_reports_progress_per_rest_position() -> None:
    seen: list[int] = []
    verdict = validate_rows(["#######", "#A...Z#", "#######"], progress=seen.append)
    assert seen == [1] * verdict.rest_positions


def test_S27a_no_door_and_no_exit_have_no_position() -> None:
    assert rules_of(validate_rows(["....", "####"])) == [("S3", None, None), ("S3", None, None)]


def test_S20_a_lone_teleporter_gets_a_warning() -> None:
    verdict = validate(level("######", "#AO.Z#", "######"))
    assert [(w.rule, w.x, w.y) for w in verdict.warnings] == [("S20", 2, 1)]


def test_S28_more_items_than_set_up_allows_is_a_warning() -> None:
    verdict = validate(level("A" + "*" * 16 + "Z", "*" * 18))
    assert ("S28", None, None) in [(w.rule, w.x, w.y) for w in verdict.warnings]


def test_S2_a_huge_map_is_refused_quickly_without_a_search() -> None:
    rows = ["A" + "." * 98 + "Z"] + ["#" * 100] * 99
    verdict = validate_rows(rows)
    assert [(f.rule, f.x, f.y) for f in verdict.errors] == [("S2", None, None)]
    assert verdict.rest_positions == 0 and verdict.min_turns is None



def test_S2_stops_the_search_but_not_the_checks_that_need_none() -> None:
    """Review: a 20 x 14 map whose door α has open cave below it said only S2; S4 came only
    with --any-size. Every problem is reported (level-format.md): S4's error and the layout's
    warnings (S20, S28) too, the same as when the search runs."""
    rows = ["#" * 20, "#A" + "." * 17 + "#", *["#" + "." * 18 + "#"] * 10, "#" + "." * 4 + "O" + "." * 12 + "Z#", "#" * 20]
    verdict = validate_rows(rows)
    assert [(f.rule, f.x, f.y) for f in verdict.errors] == [("S2", None, None), ("S4", 1, 1)]
    assert [(w.rule, w.x, w.y) for w in verdict.warnings] == [("S20", 5, 12)]
    assert verdict.solvable is None and verdict.rest_positions == 0  # never searched
    searched = validate_rows(rows, any_size=True)
    assert searched.errors[:2] == verdict.errors and searched.warnings[:1] == verdict.warnings

# S1 and S3 stop the search too, not the checks that need none, made on the map as far as it
# can be read (MapReading): a field that is an unknown character or that a short row lacks is
# unknown, and a check that would read one is left out rather than guessed.
def warnings_of(verdict) -> list[tuple[str, int | None, int | None]]:
    return [(w.rule, w.x, w.y) for w in verdict.warnings]


def test_S3_an_unknown_character_leaves_S4_and_S28_checked() -> None:
    rows = ["########",
            "#A..x..#",  # 'x' is no tile (S3)
            "#..ww..Z",  # open cave below α (S4)
            "########"]
    verdict = validate_rows(rows, Rules(setup_webs=1))
    assert rules_of(verdict) == [("S3", 4, 1), ("S4", 1, 1)]
    assert warnings_of(verdict) == [("S28", None, None)]
    assert verdict.solvable is None and verdict.stopped_by == ("S1", "S3")  # still never searched


def test_S3_the_door_over_an_unknown_character_is_not_judged() -> None:
    """S4 reads the field below α: an unknown character there may be meant as rock or not."""
    verdict = validate_rows(["#####", "#A.Z#", "#x..#", "#####"])
    assert rules_of(verdict) == [("S3", 1, 2)]


def test_S20_a_lone_teleporter_is_told_only_when_every_field_is_known() -> None:
    """An unknown character may be a second teleporter typed wrong ('0' for 'O')."""
    sound = ["#######", "#A.O..Z", "#######"]
    assert warnings_of(validate_rows(sound)) == [("S20", 3, 1)]
    unknown = ["#######", "#A.O.0Z", "#######"]
    assert rules_of(validate_rows(unknown)) == [("S3", 5, 1)] and warnings_of(validate_rows(unknown)) == []
    ragged = ["#######", "#A.O..Z", "######"]  # row 3 lacks a field (S1): it might be one
    assert rules_of(validate_rows(ragged)) == [("S1", 6, 2)] and warnings_of(validate_rows(ragged)) == []


def test_S1_ragged_rows_leave_S4_and_S28_checked_on_the_fields_the_rows_have() -> None:
    rows = ["#########",
            "#A....Z#",   # a field short: S1
            "#.***..##",  # open cave below α (S4), 3 gems
            "#########"]
    verdict = validate_rows(rows, Rules(setup_gems=2))
    assert rules_of(verdict) == [("S1", 8, 1), ("S4", 1, 1)]
    assert warnings_of(verdict) == [("S28", None, None)]
    assert verdict.stopped_by == ("S1", "S3") and verdict.rest_positions == 0


def test_S1_the_door_over_a_field_its_row_lacks_is_not_judged() -> None:
    """Below α at column 5 the short row 3 has no field: rock or not, the map does not say;
    below the last row is outside the grid, rock (S1), and supports."""
    assert rules_of(validate_rows(["#######", "#...ZA#", "####", "#######"])) == [("S1", 4, 2)]
    assert rules_of(validate_rows(["######", "#Z...#", "#..A#"])) == [("S1", 5, 2)]


def test_S3_no_exit_or_two_doors_still_check_what_they_can() -> None:
    no_exit = validate_rows(["#####", "#A..#", "#...#", "#####"])
    assert rules_of(no_exit) == [("S3", None, None), ("S4", 1, 1)]
    two_doors = validate_rows(["#####", "#A.A#", "#..Z#", "#####"])  # which door stays is the designer's choice
    assert rules_of(two_doors) == [("S3", 3, 1)]


def test_S28_the_warning_follows_the_setup_knobs() -> None:
    rows = ("######", "#Aww.Z", "######")
    assert not [w for w in validate(level(*rows)).warnings if w.rule == "S28"]
    few = Level(rows, rules=Rules(setup_webs=1))
    messages = [w.message for w in validate(few).warnings if w.rule == "S28"]
    assert messages == ["the map holds 2 webs; set-up has 1 in all (setup_webs 1)"]


def test_S33_fewer_rounds_than_the_least_turns_warns_that_no_game_can_finish() -> None:
    # Issue 12 item 7: max_rounds 5 on a level of 11 turns gave a plain ✓.
    rows = ["##############", "#A..........Z#", "##############"]  # 11 fields: 6 + 5 points
    turns = validate(level(*rows)).min_turns
    assert turns == 2
    short = validate(level(*rows, max_rounds=1))
    assert short.valid and [(w.rule, w.message) for w in short.warnings] == [
        ("S33", "max_rounds is 1 but the exit Ω needs at least 2 turns: no avatar can get out before the game ends")]
    assert not validate(level(*rows, max_rounds=2)).warnings
