"""The move engine against sinpin.md, rule by rule (S4-S25).

Every expected outcome set below was derived by hand from /work/shared/rules/sinpin.md;
the derivation is written next to it: the path taken and the points `p` left after each
step.  Maps are tiny and bordered with rock.  Coordinates: x = column from 0 (left),
y = row from 0 (top).

Notation in the derivations:
  d=L / d=R    the direction chosen at the start (S7) or current direction
  ->(x,y) pN   a paid step into (x,y), N points left afterwards
  v(x,y)       a free drop one field (S14 step 1)
  ^(x,y)       a free spring bounce up one field (S19)
  =>(x,y)      a free teleport to (x,y) (S20)

Readings chosen where sinpin.md leaves a question open (see the report):
  * S19 "entering a spring board with p > 0" counts the points left *after* paying for
    the step that entered it (a walk onto a spring with card 1 rests on it).
  * S25 (engine choice 1): when health reaches 0 the move ends where the avatar stands,
    no further fall.
  * S19: a spring entered with p = 0 ends the move resting on it, also when rock is right
    above it (only the bounce needs open space above: "a spring with rock right above it
    does nothing" is read as "does not bounce").  This is the only reading under which
    S19's last clause, an avatar resting on an unsupported spring that "falls if rock is
    above" at its next move, can happen.
  * S14 (engine choice 3): a move that starts on an unsupported field (other than a spring
    with open space above, which bounces) starts with a fall.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.moves.events import Outcome
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules


# -- helpers --------------------------------------------------------------------------------
def outcomes(rows, start, card, health=None, **knobs) -> set[tuple]:
    """Every distinct outcome of one move, as (end, exit, damage, gems, hearts, passed)."""
    widths = {len(r) for r in rows}
    assert len(widths) == 1, f"test map is not rectangular: {rows}"
    level = Level.from_text("\n".join(rows), rules=Rules(**knobs))
    results = MoveEngine(level).moves(start, card, health=health)
    return {
        (o.end, o.exit, o.damage, o.gems, o.hearts, o.passed)
        for o in (Outcome.of(r) for r in results)
    }


def out(end, passed, *, exit=False, damage=0, gems=0, hearts=()) -> tuple:
    """One expected outcome; `passed` in any order (it is a set of fields)."""
    return (end, exit, damage, gems, tuple(sorted(hearts)), tuple(sorted(set(passed))))


# A straight corridor of open cave with rock above and below: no jumps are possible.
def corridor(inner: str) -> list[str]:
    return ["#" * (len(inner) + 2), "#" + inner + "#", "#" * (len(inner) + 2)]


# =========================================================================================
# S4 Support
# =========================================================================================
def test_S4_rock_below_supports_open_below_falls():
    rows = [
        "#####",
        "#...#",  # y1: (1,1) stands on rock; (2,1) has open cave below
        "##.##",  # y2
        "##.##",  # y3
        "#####",
    ]
    # (1,1): (1,2) is rock -> supported, no fall at the start.  Rock above -> no jump.
    # d=L: (0,1) rock -> bounce -> ->(2,1) p0;  d=R: ->(2,1) p0.
    # (2,1) unsupported ((2,2) open): v(2,2) ((2,3) open, unsupported, p=0 no side step)
    # v(2,3): (2,4) rock -> supported.  End (2,3).
    assert outcomes(rows, (1, 1), 1) == {out((2, 3), [(2, 1), (2, 2), (2, 3)])}


def test_S4_ladder_below_supports():
    rows = [
        "#####",
        "#...#",  # y1
        "##H##",  # y2: ladder under (2,1)
        "##.##",
        "#####",
    ]
    # ->(2,1) p0 (d=L bounces at (0,1)); (2,2) is a ladder -> supported, no fall.
    assert outcomes(rows, (1, 1), 1) == {out((2, 1), [(2, 1)])}


def test_S4_standing_on_a_ladder_field_supports_without_floor():
    rows = [
        "#####",
        "#.H.#",  # y1: ladder (2,1) with open cave below it
        "##.##",
        "##.##",
        "#####",
    ]
    # ->(2,1) p0: on a ladder field -> supported although (2,2) is open.  End (2,1).
    assert outcomes(rows, (1, 1), 1) == {out((2, 1), [(2, 1)])}


# =========================================================================================
# S5 Cards (card order is the validator's business; a card of value c gives c points)
# =========================================================================================
@pytest.mark.parametrize("card", [1, 2, 3, 4, 5, 6])
def test_S5_every_card_value_1_to_6_is_a_move_of_that_many_points(card):
    rows = corridor(".......")  # x = 1..7
    # From (1,1): d=L bounces at once, so both directions walk right, one field per point:
    # ->(2,1) ... ->(1+card,1) p0.  (x=7 is the last field, so card 6 needs no bounce.)
    passed = [(x, 1) for x in range(2, 2 + card)]
    assert outcomes(rows, (1, 1), card) == {out((1 + card, 1), passed)}


# =========================================================================================
# S6 Points
# =========================================================================================
def test_S6_full_amount_must_be_moved():
    rows = corridor(".....")  # x = 1..5, rock above: walking only
    # ->(2,1) p2 ->(3,1) p1 ->(4,1) p0 (d=L bounces first).  No outcome may stop early.
    assert outcomes(rows, (1, 1), 3) == {out((4, 1), [(2, 1), (3, 1), (4, 1)])}


def test_S6_no_legal_step_loses_the_remaining_points():
    rows = ["###", "#.#", "###"]
    # Both sides rock (no walk, S9), rock above (no jump, S10): no step is legal,
    # the 4 points are lost, the move ends where it started having entered nothing.
    assert outcomes(rows, (1, 1), 4) == {out((1, 1), [])}


# =========================================================================================
# S7 Direction
# =========================================================================================
def test_S7_both_start_directions_are_offered():
    rows = corridor(".....")  # x = 1..5
    # d=L: ->(2,1) p2 ->(1,1) p1, (0,1) rock -> bounce, ->(2,1) p0.
    # d=R: ->(4,1) p2 ->(5,1) p1, (6,1) rock -> bounce, ->(4,1) p0.
    assert outcomes(rows, (3, 1), 3) == {
        out((2, 1), [(2, 1), (1, 1)]),
        out((4, 1), [(4, 1), (5, 1)]),
    }


def test_S7_direction_changes_only_by_bouncing():
    rows = corridor(".....")  # x = 1..5
    # No turning in mid-corridor: each way runs to the wall and back.
    # d=L: ->(2,1) p3 ->(1,1) p2 bounce ->(2,1) p1 ->(3,1) p0 (start field re-entered).
    # d=R: ->(4,1) p3 ->(5,1) p2 bounce ->(4,1) p1 ->(3,1) p0.
    assert outcomes(rows, (3, 1), 4) == {
        out((3, 1), [(1, 1), (2, 1), (3, 1)]),
        out((3, 1), [(3, 1), (4, 1), (5, 1)]),
    }


# =========================================================================================
# S8 Walk
# =========================================================================================
def test_S8_walk_one_field_in_direction_d():
    rows = corridor(".....")
    # d=L: ->(2,1) p0;  d=R: ->(4,1) p0.
    assert outcomes(rows, (3, 1), 1) == {out((2, 1), [(2, 1)]), out((4, 1), [(4, 1)])}


# =========================================================================================
# S9 Bounce
# =========================================================================================
def test_S9_bounce_is_free_only_the_step_costs():
    rows = corridor("..")  # (1,1), (2,1)
    # d=R: ->(2,1) p2; (3,1) rock -> bounce (free) ->(1,1) p1; (0,1) rock -> bounce
    #      ->(2,1) p0.  End (2,1).  d=L bounces at once and takes the same path.
    # (If a bounce cost a point, the move would end at (1,1).)
    assert outcomes(rows, (1, 1), 3) == {out((2, 1), [(1, 1), (2, 1)])}


def test_S9_both_sides_rock_no_walk_step_is_legal():
    rows = [
        "###",
        "#.#",  # (1,1)
        "#.#",  # (1,2) start
        "###",
    ]
    # No walk (both sides rock).  The only step is the jump:
    # ->(1,1) p1 (jump; side step: both sides rock, none) v(1,2) supported;
    # p1 must go on: ->(1,1) p0 v(1,2).  End (1,2).
    assert outcomes(rows, (1, 2), 2) == {out((1, 2), [(1, 1), (1, 2)])}


# =========================================================================================
# S10 Jump
# =========================================================================================
JUMP_PIT = [
    "#####",
    "#...#",  # y1: ledges (1,1), (3,1) stand on rock; (2,1) is above the pit
    "##.##",  # y2: (2,2) pit, both sides rock
    "#####",
]


def test_S10_jump_costs_one_point_and_lands_again():
    # (2,2): no walk (both sides rock).  Jump ->(2,1) p0; no points for a side step;
    # gravity: v(2,2), supported.  End (2,2) having entered (2,1) and (2,2).
    assert outcomes(JUMP_PIT, (2, 2), 1) == {out((2, 2), [(2, 1), (2, 2)])}


def test_S10_jump_then_optional_side_step_either_way_on_the_first_step():
    # Jump ->(2,1) p1; first step, so the side direction is the player's choice:
    #   side L ->(1,1) p0, (1,2) rock -> supported.          End (1,1).
    #   side R ->(3,1) p0, supported.                         End (3,1).
    #   no side step (optional even with p1): v(2,2) p1, must go on: only a jump,
    #   ->(2,1) p0 (no points to side-step) v(2,2).           End (2,2).
    assert outcomes(JUMP_PIT, (2, 2), 2) == {
        out((1, 1), [(2, 1), (1, 1)]),
        out((3, 1), [(2, 1), (3, 1)]),
        out((2, 2), [(2, 1), (2, 2)]),
    }


def test_S10_jump_straight_up_lands_again_and_must_go_on():
    rows = [
        "####",
        "#.##",  # y1: (1,1) above the start
        "#..#",  # y2: (1,2) start, (2,2) (rock above it)
        "####",
    ]
    # Walk (d=L bounces): ->(2,2) p1 d=R; then (3,2) rock -> bounce ->(1,2) p0
    #   (no jump at (2,2): rock above).                              End (1,2) {(2,2),(1,2)}.
    # Jump ->(1,1) p1; side step: (0,1) and (2,1) rock, none; v(1,2) supported, where it
    #   started, with p1 left, and it must go on:
    #     walk ->(2,2) p0.                                 End (2,2) {(1,1),(1,2),(2,2)}.
    #     jump ->(1,1) p0 v(1,2).                          End (1,2) {(1,1),(1,2)}.
    assert outcomes(rows, (1, 2), 2) == {
        out((1, 2), [(2, 2), (1, 2)]),
        out((2, 2), [(1, 1), (1, 2), (2, 2)]),
        out((1, 2), [(1, 1), (1, 2)]),
    }


def test_S10_first_jump_side_step_sets_d():
    rows = [
        "######",
        "#....#",  # y1: (1,1) .. (4,1), rock above
        "###.##",  # y2: (3,2) start, both sides rock
        "######",
    ]
    # (3,2): no walk.  Jump ->(3,1) p2 (first step: side direction is chosen, becomes d):
    #   side L ->(2,1) p1 d=L, supported; walk L ->(1,1) p0.       End (1,1).
    #       (no jump at (2,1): rock above; d stays L so it cannot walk back right)
    #   side R ->(4,1) p1 d=R; (5,1) rock -> bounce ->(3,1) p0, unsupported, v(3,2).
    #                                                               End (3,2) {(3,1),(4,1),(3,2)}.
    #   no side step: v(3,2) p2; only a jump ->(3,1) p1 (not the first step: side in d):
    #       d=L ->(2,1) p0.                                         End (2,1).
    #       d=R ->(4,1) p0.                                         End (4,1).
    #       none: v(3,2) p1, jump ->(3,1) p0 v(3,2).                End (3,2) {(3,1),(3,2)}.
    assert outcomes(rows, (3, 2), 3) == {
        out((1, 1), [(3, 1), (2, 1), (1, 1)]),
        out((3, 2), [(3, 1), (4, 1), (3, 2)]),
        out((2, 1), [(3, 1), (3, 2), (2, 1)]),
        out((4, 1), [(3, 1), (3, 2), (4, 1)]),
        out((3, 2), [(3, 1), (3, 2)]),
    }


def test_S10_later_jump_side_step_follows_d():
    rows = [
        "#####",
        "#*..#",  # y1: gem (1,1) on top of the ladder, (2,1), (3,1)
        "#H..#",  # y2: ladder (1,2) start, (2,2), (3,2)
        "#####",
    ]
    # On the ladder (1,2), p3: up (1,1) or right (2,2) (left/down are rock).
    # A) up ->(1,1) p2, gem (gems 1), stands on the ladder top.  No jump (rock above).
    #    walk in d (d=L bounces): ->(2,1) p1 d=R, unsupported, v(2,2) supported; then
    #       walk ->(3,2) p0                          End (3,2) {(1,1),(2,1),(2,2),(3,2)} g1
    #       jump ->(2,1) p0 v(2,2)                   End (2,2) {(1,1),(2,1),(2,2)} g1
    #    step down onto the ladder ->(1,2) p1, then
    #       up ->(1,1) p0 (gem already taken)        End (1,1) {(1,1),(1,2)} g1
    #       right ->(2,2) p0                         End (2,2) {(1,1),(1,2),(2,2)} g1
    # B) right ->(2,2) p2 and d=R (S11).
    #    walk ->(3,2) p1; then bounce ->(2,2) p0     End (2,2) {(2,2),(3,2)}
    #                     or jump ->(3,1) p0 v(3,2)  End (3,2) {(2,2),(3,1),(3,2)}
    #    jump ->(2,1) p1, not the first step: the side step goes in d=R only:
    #       side ->(3,1) p0 v(3,2)                   End (3,2) {(2,2),(2,1),(3,1),(3,2)}
    #       none: v(2,2) p1, walk ->(3,2) p0         End (3,2) {(2,2),(2,1),(3,2)}
    #                         jump ->(2,1) p0 v(2,2) End (2,2) {(2,1),(2,2)}
    # Not legal: side step left from (2,1) onto the gem, End (1,1) {(2,2),(2,1),(1,1)} g1.
    result = outcomes(rows, (1, 2), 3)
    assert out((1, 1), [(2, 2), (2, 1), (1, 1)], gems=1) not in result
    assert result == {
        out((3, 2), [(1, 1), (2, 1), (2, 2), (3, 2)], gems=1),
        out((2, 2), [(1, 1), (2, 1), (2, 2)], gems=1),
        out((1, 1), [(1, 1), (1, 2)], gems=1),
        out((2, 2), [(1, 1), (1, 2), (2, 2)], gems=1),
        out((2, 2), [(2, 2), (3, 2)]),
        out((3, 2), [(2, 2), (3, 1), (3, 2)]),
        out((3, 2), [(2, 2), (2, 1), (3, 1), (3, 2)]),
        out((3, 2), [(2, 2), (2, 1), (3, 2)]),
        out((2, 2), [(2, 1), (2, 2)]),
    }


# =========================================================================================
# S11 Ladders
# =========================================================================================
def test_S11_ladder_steps_up_down_left_right():
    rows = [
        "#####",
        "##.##",  # y1: (2,1) above the ladder (stands on it)
        "#.H.#",  # y2: (1,2), ladder (2,2), (3,2) - both on rock
        "##.##",  # y3: (2,3) on rock
        "#####",
    ]
    # On the ladder each step is a choice of up/down/left/right, cost 1:
    # ->(2,1) p0, ->(2,3) p0, ->(1,2) p0, ->(3,2) p0; all four are supported.
    assert outcomes(rows, (2, 2), 1) == {
        out((2, 1), [(2, 1)]),
        out((2, 3), [(2, 3)]),
        out((1, 2), [(1, 2)]),
        out((3, 2), [(3, 2)]),
    }


def test_S11_left_or_right_step_on_a_ladder_sets_d():
    rows = corridor("..H..")  # ladder (3,1), rock above and below
    # Ladder: up/down rock.  left ->(2,1) p1 d=L, walk L ->(1,1) p0.
    #                        right ->(4,1) p1 d=R, walk R ->(5,1) p0.
    # (If d were not set, (2,1) could walk right back onto the ladder: not legal.)
    assert outcomes(rows, (3, 1), 2) == {
        out((1, 1), [(2, 1), (1, 1)]),
        out((5, 1), [(4, 1), (5, 1)]),
    }


def test_S11_step_down_onto_a_ladder_from_above():
    rows = [
        "#####",
        "#...#",  # y1: (2,1) stands directly above the ladder
        "##H##",  # y2: ladder (2,2)
        "##.##",
        "#####",
    ]
    # walk d=L ->(1,1) p0; walk d=R ->(3,1) p0; step down onto the ladder ->(2,2) p0.
    # (no jump: rock above)
    assert outcomes(rows, (2, 1), 1) == {
        out((1, 1), [(1, 1)]),
        out((3, 1), [(3, 1)]),
        out((2, 2), [(2, 2)]),
    }


def test_S11_entering_a_ladder_stops_a_fall():
    rows = [
        "######",
        "#..###",  # y1: (1,1) start, (2,1) over the drop
        "##.H##",  # y2: (2,2), ladder (3,2)
        "##..##",  # y3: (2,3), (3,3)
        "######",
    ]
    # Card 2: ->(2,1) p1 (d=L bounces), unsupported: v(2,2) (still unsupported),
    # side step d=R ->(3,2) p0: a ladder, the fall is over.          End (3,2).
    assert outcomes(rows, (1, 1), 2) == {out((3, 2), [(2, 1), (2, 2), (3, 2)])}
    # Card 3: same to the ladder with p1, then a ladder step (up and right are rock):
    #   down ->(3,3) p0 (on rock).                                   End (3,3).
    #   left ->(2,2) p0 d=L, unsupported, v(2,3).                    End (2,3).
    assert outcomes(rows, (1, 1), 3) == {
        out((3, 3), [(2, 1), (2, 2), (3, 2), (3, 3)]),
        out((2, 3), [(2, 1), (2, 2), (3, 2), (2, 3)]),
    }


def test_S11_bounce_into_a_ladder_ends_the_bounce_top():
    rows = [
        "#####",
        "##.##",  # y1: (2,1) above the ladder
        "##H##",  # y2: ladder (2,2)
        "##S##",  # y3: spring (2,3) start
        "#####",
    ]
    # Start on the spring: ^(2,2) onto the ladder, the bounce's top is over; on the
    # ladder with p1 every ladder step is allowed (left/right rock):
    #   up ->(2,1) p0, stands on the ladder top.                     End (2,1).
    #   down ->(2,3) p0: a spring entered with p = 0, rests on it.  End (2,3).
    assert outcomes(rows, (2, 3), 1) == {
        out((2, 1), [(2, 2), (2, 1)]),
        out((2, 3), [(2, 2), (2, 3)]),
    }


# =========================================================================================
# S12 Ladder ends
# =========================================================================================
def test_S12_climbing_off_the_top_stands_above_the_ladder():
    rows = [
        "#####",
        "##.##",  # y1: (2,1) above the ladder, open cave
        "##H##",  # y2
        "##H##",  # y3: start
        "#####",
    ]
    # up ->(2,2) p1, then up ->(2,1) p0: standing on the ladder, no fall.  End (2,1).
    #                or down ->(2,3) p0.                                    End (2,3).
    assert outcomes(rows, (2, 3), 2) == {
        out((2, 1), [(2, 2), (2, 1)]),
        out((2, 3), [(2, 2), (2, 3)]),
    }


def test_S12_climbing_down_out_of_the_bottom_starts_a_fall():
    rows = [
        "######",
        "##H###",  # y1: ladder (2,1) start
        "##..##",  # y2: (2,2), (3,2)
        "##..##",  # y3
        "##..##",  # y4
        "######",
    ]
    # Only down: ->(2,2) p1, not supported ((2,3) open): fall.
    # v(2,3) unsupported; p1: side step d (d=L: (1,3) rock -> bounce) ->(3,3) p0,
    # unsupported; v(3,4) supported.  End (3,4).
    assert outcomes(rows, (2, 1), 2) == {out((3, 4), [(2, 2), (2, 3), (3, 3), (3, 4)])}


# =========================================================================================
# S13 No jumping on ladders
# =========================================================================================
def test_S13_on_a_ladder_it_climbs_and_does_not_jump():
    """The field above a ladder is always supported (S4), so a jump from a ladder would
    end where a climb up ends; this only checks the outcomes are those of climbing."""
    rows = [
        "#####",
        "#...#",  # y1
        "##H##",  # y2: ladder start, rock left, right and below
        "#####",
    ]
    # Ladder: only up ->(2,1) p1 (on the ladder top, supported).  Then:
    #   walk L ->(1,1) p0; walk R ->(3,1) p0; step down onto the ladder ->(2,2) p0.
    assert outcomes(rows, (2, 2), 2) == {
        out((1, 1), [(2, 1), (1, 1)]),
        out((3, 1), [(2, 1), (3, 1)]),
        out((2, 2), [(2, 1), (2, 2)]),
    }


# =========================================================================================
# S14 Gravity
# =========================================================================================
DROP = [
    "#######",
    "#..####",  # y1: (1,1) start on rock, (2,1) over the drop, rock above both
    "##....#",  # y2
    "##....#",  # y3
    "##....#",  # y4
    "#######",
]


def test_S14_fall_with_points_left_goes_diagonally():
    # ->(2,1) p2 (d=L bounces); v(2,2); side ->(3,2) p1; v(3,3); side ->(4,3) p0;
    # v(4,4) supported.  End (4,4).
    assert outcomes(DROP, (1, 1), 3) == {
        out((4, 4), [(2, 1), (2, 2), (3, 2), (3, 3), (4, 3), (4, 4)])
    }
    # Card 2: ->(2,1) p1; v(2,2); side ->(3,2) p0; v(3,3); v(3,4).  End (3,4).
    assert outcomes(DROP, (1, 1), 2) == {out((3, 4), [(2, 1), (2, 2), (3, 2), (3, 3), (3, 4)])}


def test_S14_fall_without_points_goes_straight_down():
    # ->(2,1) p0; v(2,2) v(2,3) v(2,4) supported.  End (2,4).
    assert outcomes(DROP, (1, 1), 1) == {out((2, 4), [(2, 1), (2, 2), (2, 3), (2, 4)])}


def test_S14_sideways_fall_step_bounces_off_rock_and_reverses_d():
    rows = [
        "######",
        "#..###",  # y1: (1,1) start, (2,1)
        "##..##",  # y2: (2,2), (3,2)
        "#...##",  # y3: (1,3), (2,3), (3,3)
        "#...##",  # y4: (1,4), (2,4), (3,4)
        "######",
    ]
    # Card 3: ->(2,1) p2 d=R; v(2,2); side ->(3,2) p1; v(3,3); side: (4,3) rock -> bounce,
    # d=L ->(2,3) p0; v(2,4) supported.  End (2,4).
    path = [(2, 1), (2, 2), (3, 2), (3, 3), (2, 3), (2, 4)]
    assert outcomes(rows, (1, 1), 3) == {out((2, 4), path)}
    # Card 4: the same with p1 left at (2,4), d=L now:
    #   walk ->(1,4) p0.                 End (1,4).
    #   jump ->(2,3) p0 v(2,4).          End (2,4).
    assert outcomes(rows, (1, 1), 4) == {out((1, 4), path + [(1, 4)]), out((2, 4), path)}


def test_S14_both_sides_rock_while_falling_drops_straight():
    rows = [
        "######",
        "#..###",  # y1: (1,1) start, (2,1)
        "##.###",  # y2: shaft
        "##.###",  # y3
        "######",
    ]
    # ->(2,1) p1; v(2,2); side step: both sides rock, none; v(2,3) supported.
    # p1: no walk; jump ->(2,2) p0 v(2,3).  End (2,3).
    assert outcomes(rows, (1, 1), 2) == {out((2, 3), [(2, 1), (2, 2), (2, 3)])}


def test_S14_fields_entered_while_falling_after_spikes_act_with_p0():
    rows = [
        "######",
        "#.^###",  # y1: spikes (2,1) over a shaft
        "##!###",  # y2: blades
        "##h###",  # y3: heart
        "##.###",  # y4
        "######",
    ]
    # ->(2,1) spikes: damage 1, the move ends, p0.  Unsupported: fall straight down:
    # v(2,2) blades, p0 < 3: damage 2; v(2,3) heart taken; v(2,4) supported.
    assert outcomes(rows, (1, 1), 3) == {
        out((2, 4), [(2, 1), (2, 2), (2, 3), (2, 4)], damage=2, hearts=[(2, 3)])
    }


def test_S14_fall_after_a_chest_acts_and_the_exit_takes_the_avatar():
    rows = [
        "######",
        "#.C###",  # y1: chest (2,1) over a shaft
        "##!###",  # y2: blades
        "##*###",  # y3: gem
        "##Z###",  # y4: exit
        "######",
    ]
    # ->(2,1) chest p3: 3 gems, the move ends, p0.  Fall: v(2,2) blades (p0 < 3):
    # damage 1; v(2,3) gem: 4 gems; v(2,4) exit: off the board, exit true.
    assert outcomes(rows, (1, 1), 4) == {
        out((2, 4), [(2, 1), (2, 2), (2, 3), (2, 4)], exit=True, damage=1, gems=4)
    }


def test_S14_fall_after_spikes_into_a_teleporter_offers_its_choice():
    rows = [
        "#######",
        "#.^####",  # y1: spikes (2,1)
        "##O#O.#",  # y2: teleporter (2,2) in the shaft, teleporter (4,2) on rock
        "##.####",  # y3
        "#######",
    ]
    # ->(2,1) spikes: damage 1, ends, p0.  Fall v(2,2) teleporter (choice with p = 0):
    #   stay: v(2,3) supported.            End (2,3).
    #   =>(4,2), supported.                End (4,2).
    assert outcomes(rows, (1, 1), 3) == {
        out((2, 3), [(2, 1), (2, 2), (2, 3)], damage=1),
        out((4, 2), [(2, 1), (2, 2), (4, 2)], damage=1),
    }


# =========================================================================================
# S15 Passing
# =========================================================================================
def test_S15_the_start_field_does_not_act():
    # Starting on a gem: not taken.  ->(2,1) p0.
    assert outcomes(corridor("*.."), (1, 1), 1) == {out((2, 1), [(2, 1)])}
    # Starting on blades with card 1: ->(2,1) p0, no damage (blades not entered).
    assert outcomes(corridor("!.."), (1, 1), 1) == {out((2, 1), [(2, 1)])}
    # Starting on a web: no extra point.  ->(2,1) p1 ->(3,1) p0.
    assert outcomes(corridor("w.."), (1, 1), 2) == {out((3, 1), [(2, 1), (3, 1)])}


def test_S15_the_start_field_acts_when_re_entered():
    # Start on blades (1,1): ->(2,1) p1, bounce ->(1,1) p0: blades entered, p0 < 3:
    # damage 1.  End (1,1).
    assert outcomes(corridor("!."), (1, 1), 2) == {out((1, 1), [(1, 1), (2, 1)], damage=1)}


def test_S15_a_field_entered_twice_acts_twice():
    # Blades (2,1): ->(2,1) p2 (<3: damage 1) ->(3,1) p1, bounce ->(2,1) p0 (damage 2).
    assert outcomes(corridor(".!."), (1, 1), 3) == {out((2, 1), [(2, 1), (3, 1)], damage=2)}
    # Web (2,1) against the wall, card 6:
    # ->(2,1) p5, web p4; bounce ->(1,1) p3; bounce ->(2,1) p2, web again p1;
    # bounce ->(1,1) p0.  End (1,1).  (Acting once would end at (2,1).)
    assert outcomes(corridor(".w"), (1, 1), 6) == {out((1, 1), [(1, 1), (2, 1)])}


# =========================================================================================
# S16 Spikes
# =========================================================================================
def test_S16_spikes_cost_one_health_and_end_the_move():
    # ->(2,1) spikes p2: damage 1, the 2 points are lost.  End (2,1).
    assert outcomes(corridor(".^.."), (1, 1), 3) == {out((2, 1), [(2, 1)], damage=1)}


def test_S16_unsupported_spikes_fall_straight_down():
    rows = [
        "######",
        "#.^###",  # y1: spikes (2,1) over a drop
        "##..##",  # y2
        "##..##",  # y3
        "######",
    ]
    # ->(2,1) spikes p2: damage 1, points lost (p0), so the fall is straight:
    # v(2,2) v(2,3) supported.  End (2,3).  (With p2 it would go ->(3,2).)
    assert outcomes(rows, (1, 1), 3) == {out((2, 3), [(2, 1), (2, 2), (2, 3)], damage=1)}


# =========================================================================================
# S17 Blades
# =========================================================================================
def test_S17_blades_hurt_when_fewer_than_3_points_remain():
    rows = corridor(".!...")  # blades (2,1)
    # Card 3: ->(2,1) p2 < 3: damage 1; ->(3,1) p1 ->(4,1) p0.
    assert outcomes(rows, (1, 1), 3) == {out((4, 1), [(2, 1), (3, 1), (4, 1)], damage=1)}
    # Card 4: ->(2,1) p3, not < 3: no damage; ->(3,1) ->(4,1) ->(5,1) p0.
    assert outcomes(rows, (1, 1), 4) == {out((5, 1), [(2, 1), (3, 1), (4, 1), (5, 1)])}


@pytest.mark.parametrize(
    "blade_points, card, damage",
    [
        (1, 2, 0),  # ->(2,1) p1, 1 < 1 false
        (2, 2, 1),  # ->(2,1) p1, 1 < 2
        (0, 1, 0),  # ->(2,1) p0, 0 < 0 false: never hurts
        (6, 6, 1),  # ->(2,1) p5, 5 < 6
    ],
)
def test_S17_blade_points_knob(blade_points, card, damage):
    rows = corridor(".!.....")  # blades (2,1), fields x = 1..7
    passed = [(x, 1) for x in range(2, 2 + card)]
    assert outcomes(rows, (1, 1), card, blade_points=blade_points) == {
        out((1 + card, 1), passed, damage=damage)
    }


@pytest.mark.parametrize("blade_points, damage", [(3, 3), (2, 2), (1, 1), (0, 0)])
def test_S17_blades_entered_by_a_free_fall_or_jump_count_the_points_left(blade_points, damage):
    rows = [
        "######",
        "#..###",  # y1: (1,1) start, (2,1)
        "##!###",  # y2: blades in a shaft
        "##.###",  # y3
        "######",
    ]
    # ->(2,1) p2; v(2,2) blades with p2 (falls are free); no side step (rock); v(2,3).
    # p2: no walk, jump ->(2,2) blades p1; v(2,3); jump ->(2,2) blades p0; v(2,3).
    # Blades entered with p = 2, 1, 0: hurt when p < blade_points.
    assert outcomes(rows, (1, 1), 3, blade_points=blade_points) == {
        out((2, 3), [(2, 1), (2, 2), (2, 3)], damage=damage)
    }


# =========================================================================================
# S18 Web
# =========================================================================================
def test_S18_web_costs_one_extra_point():
    # ->(2,1) web p2, extra p1; ->(3,1) p0.  End (3,1) (it would be (4,1) without web).
    assert outcomes(corridor(".w..."), (1, 1), 3) == {out((3, 1), [(2, 1), (3, 1)])}


def test_S18_web_extra_point_never_below_zero():
    rows = [
        "#####",
        "#.w##",  # y1: web (2,1) over a shaft
        "##!##",  # y2: blades
        "##C##",  # y3: chest
        "#####",
    ]
    # ->(2,1) web p0; the extra point leaves p at 0 (not -1).  Fall straight:
    # v(2,2) blades: 0 < blade_points 0 is false, no damage (it would be with p = -1);
    # v(2,3) chest: pays p = 0 gems, ends; supported.  End (2,3).
    assert outcomes(rows, (1, 1), 1, blade_points=0) == {out((2, 3), [(2, 1), (2, 2), (2, 3)])}
    # Card 1 in a corridor: ->(2,1) web p0 (never below 0), the move ends on the web.
    assert outcomes(corridor(".w."), (1, 1), 1) == {out((2, 1), [(2, 1)])}


# =========================================================================================
# S19 Spring board
# =========================================================================================
SPRING_WALK = [
    "######",
    "##...#",  # y1: (2,1) above the spring, (3,1), (4,1) (on rock); rock above all
    "#.S.##",  # y2: (1,2) start (rock above), spring (2,2), (3,2)
    "######",
]


def test_S19_entering_a_spring_with_points_bounces():
    # ->(2,2) spring with p1 > 0: ^(2,1) free.  Bounce top, p1: rise blocked (rock),
    # the side step in d=R is legal, so it must be taken: ->(3,1) p0, unsupported,
    # v(3,2) supported.  End (3,2).
    assert outcomes(SPRING_WALK, (1, 2), 2) == {out((3, 2), [(2, 2), (2, 1), (3, 1), (3, 2)])}


def test_S19_entering_a_spring_with_p0_rests_on_it():
    """Reading: p is counted after paying for the step that enters the spring."""
    # ->(2,2) spring with p0: the move ends resting on it.
    assert outcomes(SPRING_WALK, (1, 2), 1) == {out((2, 2), [(2, 2)])}


def test_S19_resting_on_an_unsupported_spring_and_bouncing_from_it():
    rows = [
        "#####",
        "##.##",  # y1: (2,1) above the spring, rock on both sides and above
        "#.S.#",  # y2: (1,2) start, spring (2,2), (3,2)
        "##.##",  # y3: open cave below the spring
        "#####",
    ]
    # ->(2,2) spring with p0: rests there although unsupported.
    assert outcomes(rows, (1, 2), 1) == {out((2, 2), [(2, 2)])}
    # Next move starts on it: ^(2,1) free, p1; rise: (2,0) rock; side: both rock:
    # neither is legal, the point is lost; fall v(2,2) spring with p0: rests.
    assert outcomes(rows, (2, 2), 1) == {out((2, 2), [(2, 1), (2, 2)])}


def test_S19_starting_on_a_spring_bounces_must_rise_then_optional_side_step():
    rows = [
        "#####",
        "#...#",  # y1: ledges (1,1), (3,1) on rock
        "##.##",  # y2: (2,2), rock on both sides
        "##S##",  # y3: spring start
        "#####",
    ]
    # Card 1: ^(2,2) p1; side step illegal (rock), rise legal, so it must rise:
    # ->(2,1) p0; fall v(2,2) v(2,3) spring with p0: rests.  End (2,3).
    assert outcomes(rows, (2, 3), 1) == {out((2, 3), [(2, 2), (2, 1), (2, 3)])}
    # Card 2: ^(2,2) p2, must rise ->(2,1) p1; then the side step is optional:
    #   side L ->(1,1) p0 (on rock).                                  End (1,1).
    #   side R ->(3,1) p0.                                            End (3,1).
    #   none: v(2,2) (no side step: rock) v(2,3) spring with p1: ^(2,2), must rise
    #         ->(2,1) p0; v(2,2) v(2,3) spring p0: rests.             End (2,3).
    assert outcomes(rows, (2, 3), 2) == {
        out((1, 1), [(2, 2), (2, 1), (1, 1)]),
        out((3, 1), [(2, 2), (2, 1), (3, 1)]),
        out((2, 3), [(2, 1), (2, 2), (2, 3)]),
    }


def test_S19_bounce_top_must_rise_or_side_step_and_may_fall_diagonally_after_a_rise():
    rows = [
        "#####",
        "##.##",  # y1: (2,1), rock on both sides and above
        "#...#",  # y2: ledges (1,2), (3,2) on rock, (2,2) above the spring
        "##S##",  # y3: spring start
        "#####",
    ]
    # Card 1: ^(2,2) p1, must rise or side-step (no falling back with the point):
    #   rise ->(2,1) p0; v(2,2) v(2,3) spring p0: rests.              End (2,3).
    #   side L ->(1,2) p0.   side R ->(3,2) p0.
    assert outcomes(rows, (2, 3), 1) == {
        out((2, 3), [(2, 2), (2, 1), (2, 3)]),
        out((1, 2), [(2, 2), (1, 2)]),
        out((3, 2), [(2, 2), (3, 2)]),
    }
    # Card 2: ^(2,2) p2:
    #   side L ->(1,2) p1 d=L; walk: (0,2) rock, bounce ->(2,2) p0, unsupported,
    #     v(2,3) spring p0: rests (no jump at (1,2): rock above).     End (2,3).
    #   side R: the mirror image.                                     End (2,3).
    #   rise ->(2,1) p1 (side step: rock, none); v(2,2) unsupported, p1: side step in d:
    #     d=L ->(1,2) p0.                                             End (1,2).
    #     d=R ->(3,2) p0.                                             End (3,2).
    assert outcomes(rows, (2, 3), 2) == {
        out((2, 3), [(2, 2), (1, 2), (2, 3)]),
        out((2, 3), [(2, 2), (3, 2), (2, 3)]),
        out((1, 2), [(2, 2), (2, 1), (1, 2)]),
        out((3, 2), [(2, 2), (2, 1), (3, 2)]),
    }


def test_S19_bounce_top_with_nothing_legal_loses_the_points():
    rows = ["###", "#.#", "#S#", "###"]
    # ^(1,1) p3; rise: (1,0) rock; side: both rock.  The 3 points are lost, gravity:
    # v(1,2) spring with p0: rests.  End (1,2).
    assert outcomes(rows, (1, 2), 3) == {out((1, 2), [(1, 1), (1, 2)])}


def test_S19_spring_entered_while_falling_bounces_and_re_enters_the_field_above():
    rows = [
        "######",
        "#..###",  # y1: (1,1) start, (2,1)
        "##!###",  # y2: blades, rock on both sides
        "##S###",  # y3: spring
        "######",
    ]
    # Card 2: ->(2,1) p1; v(2,2) blades p1 < 3: dmg 1; no side step (rock);
    # v(2,3) spring with p1: ^(2,2) blades again: dmg 2; must rise ->(2,1) p0;
    # v(2,2) blades: dmg 3; v(2,3) spring p0: rests.  End (2,3), damage 3.
    assert outcomes(rows, (1, 1), 2) == {out((2, 3), [(2, 1), (2, 2), (2, 3)], damage=3)}
    # Card 3: ->(2,1) p2; v(2,2) dmg 1; v(2,3) spring p2: ^(2,2) dmg 2; must rise
    # ->(2,1) p1; the side step is optional now:
    #   side in d=R: (3,1) rock -> bounce ->(1,1) p0, on rock.          End (1,1), dmg 2.
    #   none: v(2,2) dmg 3; v(2,3) spring p1: ^(2,2) dmg 4; must rise ->(2,1) p0;
    #         v(2,2) dmg 5; v(2,3) spring p0: rests.                     End (2,3), dmg 5.
    assert outcomes(rows, (1, 1), 3) == {
        out((1, 1), [(2, 1), (2, 2), (2, 3), (1, 1)], damage=2),
        out((2, 3), [(2, 1), (2, 2), (2, 3)], damage=5),
    }


def test_S19_spring_with_rock_above_is_a_plain_field():
    rows = corridor(".S..")  # spring (2,1) with rock right above
    # Card 2: ->(2,1) p1, no bounce, the move goes on across it: ->(3,1) p0.
    assert outcomes(rows, (1, 1), 2) == {out((3, 1), [(2, 1), (3, 1)])}
    # Card 1: ->(2,1) p0: ends on it like on open cave.
    assert outcomes(rows, (1, 1), 1) == {out((2, 1), [(2, 1)])}
    # Starting on it: no bounce, an ordinary walk either way.
    assert outcomes(rows, (2, 1), 1) == {out((1, 1), [(1, 1)]), out((3, 1), [(3, 1)])}


PLAIN_SPRING_OVER_A_HOLE = [
    "#####",
    "#.S.#",  # y1: (1,1), spring (2,1) with rock right above, (3,1); ledges on rock
    "##.##",  # y2: open cave below the spring, rock on both sides
    "#####",
]


def test_S19_spring_with_rock_above_holds_an_avatar_entering_it_with_p0():
    """S19: "Entering a spring board with p = 0 ends the move there, resting on it", even
    when rock above stops the bounce and nothing below supports it."""
    # Card 1: d=L bounces ->(2,1) p0 (or d=R ->(2,1) p0): rests on the spring.  End (2,1).
    assert outcomes(PLAIN_SPRING_OVER_A_HOLE, (1, 1), 1) == {out((2, 1), [(2, 1)])}


def test_S19_spring_with_rock_above_lets_an_avatar_with_points_fall_through():
    """With points left it is a plain field: no bounce, and gravity acts as on open cave."""
    # Card 2: ->(2,1) p1, no bounce (rock above), unsupported: v(2,2), on rock.  p1: both
    # sides rock, so jump ->(2,1) p0: the spring entered with p0 holds the avatar.
    assert outcomes(PLAIN_SPRING_OVER_A_HOLE, (1, 1), 2) == {out((2, 1), [(2, 1), (2, 2)])}
    # Card 3: (d=L bounces and becomes d=R) ->(2,1) p2, v(2,2); jump ->(2,1) p1: plain
    # (rock above), so the jump top offers the side step d=R ->(3,1) p0 on rock; or no
    # side step: v(2,2), jump ->(2,1) p0: rests on the spring.
    assert outcomes(PLAIN_SPRING_OVER_A_HOLE, (1, 1), 3) == {
        out((2, 1), [(2, 1), (2, 2)]),
        out((3, 1), [(2, 1), (2, 2), (3, 1)]),
    }


def test_S19_move_starting_on_unsupported_spring_with_rock_above_starts_with_a_fall():
    """Engine choice 3: a move starting on an unsupported field (here a spring with rock
    above, which does not bounce) starts with a fall (S14 step 1)."""
    rows = [
        "#####",
        "##S##",  # y1: spring (2,1), rock above and on both sides
        "##.##",  # y2: shaft
        "#...#",  # y3
        "#####",
    ]
    # v(2,2) (free), unsupported; p1 but both sides rock: no side step; v(2,3) on rock.
    # p1: walk d=L ->(1,3) p0; walk d=R ->(3,3) p0; jump ->(2,2) p0, v(2,3).
    # The start field (2,1) is never re-entered.
    assert outcomes(rows, (2, 1), 1) == {
        out((1, 3), [(2, 2), (2, 3), (1, 3)]),
        out((3, 3), [(2, 2), (2, 3), (3, 3)]),
        out((2, 3), [(2, 2), (2, 3)]),
    }


# =========================================================================================
# S20 Teleporter
# =========================================================================================
def test_S20_teleporter_offers_stay_or_any_other_teleporter():
    rows = corridor(".O#O#O")  # teleporters (2,1), (4,1), (6,1); (4,1), (6,1) walled in
    # Card 1: ->(2,1) p0: stay, =>(4,1) or =>(6,1) (free; arrival is passed).
    assert outcomes(rows, (1, 1), 1) == {
        out((2, 1), [(2, 1)]),
        out((4, 1), [(2, 1), (4, 1)]),
        out((6, 1), [(2, 1), (6, 1)]),
    }
    # Card 2: ->(2,1) p1:
    #   stay: (3,1) rock -> bounce ->(1,1) p0.                         End (1,1).
    #   =>(4,1) or =>(6,1): walled in, no legal step, p1 lost (S6).     End there.
    assert outcomes(rows, (1, 1), 2) == {
        out((1, 1), [(2, 1), (1, 1)]),
        out((4, 1), [(2, 1), (4, 1)]),
        out((6, 1), [(2, 1), (6, 1)]),
    }


def test_S20_a_move_teleports_at_most_once():
    rows = corridor(".O.O.")  # teleporters (2,1), (4,1)
    # ->(2,1) p2:
    #   stay ->(3,1) p1 ->(4,1) p0: not teleported yet, choice:
    #       stay.                                                  End (4,1) {(2,1),(3,1),(4,1)}
    #       =>(2,1).                                               End (2,1) {(2,1),(3,1),(4,1)}
    #   =>(4,1) p2 ->(5,1) p1, bounce ->(4,1) p0: already teleported, nothing.
    #                                                              End (4,1) {(2,1),(4,1),(5,1)}
    # Not legal: a second teleport =>(2,1) at the end of the last path.
    result = outcomes(rows, (1, 1), 3)
    assert out((2, 1), [(2, 1), (4, 1), (5, 1)]) not in result
    assert result == {
        out((4, 1), [(2, 1), (3, 1), (4, 1)]),
        out((2, 1), [(2, 1), (3, 1), (4, 1)]),
        out((4, 1), [(2, 1), (4, 1), (5, 1)]),
    }


def test_S20_an_unsupported_destination_starts_a_fall():
    rows = [
        "#######",
        "#.O#O.#",  # y1: (1,1), teleporter (2,1), teleporter (4,1) over a drop, (5,1)
        "####..#",  # y2
        "####..#",  # y3
        "#######",
    ]
    # ->(2,1) p1 (d=R):
    #   stay: (3,1) rock -> bounce ->(1,1) p0.                          End (1,1).
    #   =>(4,1) p1, unsupported: v(4,2); side ->(5,2) p0; v(5,3).        End (5,3).
    assert outcomes(rows, (1, 1), 2) == {
        out((1, 1), [(2, 1), (1, 1)]),
        out((5, 3), [(2, 1), (4, 1), (4, 2), (5, 2), (5, 3)]),
    }


def test_S20_staying_keeps_the_jump_top_teleporting_does_not_carry_it():
    rows = [
        "#######",
        "#.O#O.#",  # y1: (1,1) on rock, teleporter (2,1), teleporter (4,1), (5,1) on rock
        "##.#.##",  # y2: (2,2) start (both sides rock), (4,2)
        "#######",
    ]
    # No walk at (2,2).  Jump ->(2,1) teleporter p1:
    #   =>(4,1): the jump top stays behind; unsupported, v(4,2) supported.  p1: no walk;
    #     jump ->(4,1) p0 (teleporters do nothing now), v(4,2).           End (4,2).
    #   stay: still the top of the (first) jump, side step: L ->(1,1) p0  End (1,1);
    #     (R: (3,1) rock -> bounce -> the same (1,1).)
    #     none: v(2,2) p1; jump ->(2,1) p0, choice again (no teleport yet):
    #       stay: v(2,2).                                                 End (2,2).
    #       =>(4,1): v(4,2).                                              End (4,2).
    # Not legal: side step ->(5,1) after teleporting (the jump top does not travel).
    result = outcomes(rows, (2, 2), 2)
    assert out((5, 1), [(2, 1), (4, 1), (5, 1)]) not in result
    assert result == {
        out((4, 2), [(2, 1), (4, 1), (4, 2)]),
        out((1, 1), [(2, 1), (1, 1)]),
        out((2, 2), [(2, 1), (2, 2)]),
        out((4, 2), [(2, 1), (2, 2), (4, 1), (4, 2)]),
    }


def test_S20_a_single_teleporter_does_nothing():
    rows = corridor(".O.")
    # ->(2,1) p0 (no other teleporter to go to).
    assert outcomes(rows, (1, 1), 1) == {out((2, 1), [(2, 1)])}
    # ->(2,1) p1 ->(3,1) p0.
    assert outcomes(rows, (1, 1), 2) == {out((3, 1), [(2, 1), (3, 1)])}


# =========================================================================================
# S21 Chest
# =========================================================================================
def test_S21_chest_pays_out_the_remaining_points_and_ends_the_move():
    rows = corridor(".C..")
    # Card 4: ->(2,1) chest p3: 3 gems, the move ends.
    assert outcomes(rows, (1, 1), 4) == {out((2, 1), [(2, 1)], gems=3)}
    # Card 1: ->(2,1) chest p0: 0 gems, ends.
    assert outcomes(rows, (1, 1), 1) == {out((2, 1), [(2, 1)])}


def test_S21_gravity_still_acts_after_a_chest():
    rows = [
        "######",
        "#.C###",  # y1: chest (2,1) over a drop
        "##..##",  # y2
        "##..##",  # y3
        "######",
    ]
    # ->(2,1) chest p2: 2 gems, ends (p0); unsupported: straight v(2,2) v(2,3).
    assert outcomes(rows, (1, 1), 3) == {out((2, 3), [(2, 1), (2, 2), (2, 3)], gems=2)}


def test_S21_chest_stays_and_pays_again_when_re_entered():
    # Start on the chest (does not act): ->(2,1) p2, bounce ->(1,1) chest p1: 1 gem, ends.
    assert outcomes(corridor("C."), (1, 1), 3) == {out((1, 1), [(1, 1), (2, 1)], gems=1)}


# =========================================================================================
# S22 Gem, heart
# =========================================================================================
def test_S22_gem_is_taken_and_counts_once_when_entered_twice():
    # ->(2,1) gem p2 (1 gem, removed), bounce ->(1,1) p1, bounce ->(2,1) p0 (gone).
    assert outcomes(corridor(".*"), (1, 1), 3) == {out((2, 1), [(1, 1), (2, 1)], gems=1)}
    # ->(2,1) gem p1 ->(3,1) p0: the gem does not end the move.
    assert outcomes(corridor(".*."), (1, 1), 2) == {out((3, 1), [(2, 1), (3, 1)], gems=1)}


@pytest.mark.parametrize("health", [None, 3])
def test_S22_heart_is_used_up_at_full_health_and_taken_once(health):
    # health 3 = max_health 3: the heart is used up anyway (listed once, no damage).
    # ->(2,1) heart p2, bounce ->(1,1) p1, bounce ->(2,1) p0 (already taken).
    assert outcomes(corridor(".h"), (1, 1), 3, health=health) == {
        out((2, 1), [(1, 1), (2, 1)], hearts=[(2, 1)])
    }


def test_S22_heart_restores_health_up_to_max_health():
    rows = corridor(".h!..")  # heart (2,1), blades (3,1)
    # health 1, max 3: ->(2,1) heart p2, health 2; ->(3,1) blades p1 < 3: health 1;
    # ->(4,1) p0.  End (4,1).
    assert outcomes(rows, (1, 1), 3, health=1) == {
        out((4, 1), [(2, 1), (3, 1), (4, 1)], damage=1, hearts=[(2, 1)])
    }
    # health 1, max_health 1: the heart is used up at full health (stays 1);
    # blades: health 0, the move ends there (S25).  End (3,1).
    assert outcomes(rows, (1, 1), 3, health=1, max_health=1) == {
        out((3, 1), [(2, 1), (3, 1)], damage=1, hearts=[(2, 1)])
    }


# =========================================================================================
# S23 Question mark
# =========================================================================================
def test_S23_question_mark_does_nothing_in_a_move():
    rows = corridor(".?..")
    # ->(2,1) p1 ->(3,1) p0: like open cave, no gems, nothing ends.
    assert outcomes(rows, (1, 1), 2) == {out((3, 1), [(2, 1), (3, 1)])}
    assert outcomes(rows, (1, 1), 1) == {out((2, 1), [(2, 1)])}


# =========================================================================================
# S24 Exit
# =========================================================================================
def test_S24_exit_ends_the_move_with_exit_true():
    # ->(2,1) exit p2: the move ends, the points are not used.
    assert outcomes(corridor(".Z.."), (1, 1), 3) == {out((2, 1), [(2, 1)], exit=True)}


def test_S24_exit_at_a_jump_top_takes_the_avatar_off_without_a_fall():
    rows = [
        "#####",
        "##Z##",  # y1: exit above the start
        "#...#",  # y2
        "#####",
    ]
    # walk L ->(1,2) p1 d=L; bounce ->(2,2) p0 (no jump at (1,2): rock).  End (2,2).
    # walk R: mirror.                                                     End (2,2).
    # jump ->(2,1) exit p1: off the board, no fall, no side step.         End (2,1), exit.
    assert outcomes(rows, (2, 2), 2) == {
        out((2, 2), [(1, 2), (2, 2)]),
        out((2, 2), [(3, 2), (2, 2)]),
        out((2, 1), [(2, 1)], exit=True),
    }


# =========================================================================================
# S25 Health
# =========================================================================================
def test_S25_health_reaching_zero_ends_the_move():
    rows = corridor(".!...")  # blades (2,1)
    # health 1: ->(2,1) blades p2 < 3: health 0, the move ends.         End (2,1).
    assert outcomes(rows, (1, 1), 3, health=1) == {out((2, 1), [(2, 1)], damage=1)}
    # health 2: health 1 after the blades, ->(3,1) p1 ->(4,1) p0.        End (4,1).
    expected = {out((4, 1), [(2, 1), (3, 1), (4, 1)], damage=1)}
    assert outcomes(rows, (1, 1), 3, health=2) == expected
    # health not followed: S25 never stops the move.
    assert outcomes(rows, (1, 1), 3) == expected


def test_S25_knocked_out_in_mid_air_stays_there():
    """Engine choice 1: when health reaches 0 the move ends where the avatar stands,
    with no further fall."""
    shaft = [
        "######",
        "#.!###",  # y1: blades (2,1) over a shaft
        "##.###",  # y2
        "##.###",  # y3
        "######",
    ]
    # Card 1: ->(2,1) blades p0 (< 3: hurt).
    #   health 1: health 0, ends at (2,1), no fall.
    #   health 2: health 1, falls v(2,2) v(2,3).
    assert outcomes(shaft, (1, 1), 1, health=1) == {out((2, 1), [(2, 1)], damage=1)}
    assert outcomes(shaft, (1, 1), 1, health=2) == {out((2, 3), [(2, 1), (2, 2), (2, 3)], damage=1)}
    rows = [
        "######",
        "#.!^##",  # y1: blades (2,1) on rock, spikes (3,1) over a shaft; rock above
        "###.##",  # y2
        "###.##",  # y3
        "######",
    ]
    # Card 2: ->(2,1) blades p1 (< 3: hurt), supported, ->(3,1) spikes p0 (hurt, ends).
    #   health 1: knocked out on the blades.                          End (2,1), damage 1.
    #   health 2: 1 left after the blades, 0 after the spikes: ends on the spikes, no fall.
    #   health 3: 1 left after the spikes; unsupported: v(3,2) v(3,3).
    assert outcomes(rows, (1, 1), 2, health=1) == {out((2, 1), [(2, 1)], damage=1)}
    assert outcomes(rows, (1, 1), 2, health=2) == {out((3, 1), [(2, 1), (3, 1)], damage=2)}
    assert outcomes(rows, (1, 1), 2, health=3) == {
        out((3, 3), [(2, 1), (3, 1), (3, 2), (3, 3)], damage=2)
    }


# =========================================================================================
# Properties over random maps: every move ends, inside the grid, at a place it can rest
# =========================================================================================
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from printkit.sinpin.tiles import Tile  # noqa: E402

random_maps = st.integers(2, 7).flatmap(
    lambda width: st.lists(st.text(alphabet="##..HH^!wSOOCh*?Z", min_size=width, max_size=width), min_size=2, max_size=6)
)


@st.composite
def random_moves(draw):
    rows = draw(random_maps)
    open_fields = [(x, y) for y, row in enumerate(rows) for x, char in enumerate(row) if char != "#"]
    if not open_fields:
        rows = ["." + rows[0][1:]] + rows[1:]
        open_fields = [(0, 0)]
    start = draw(st.sampled_from(open_fields))
    card = draw(st.integers(1, 6))
    health = draw(st.one_of(st.none(), st.integers(1, 3)))
    return rows, start, card, health


@settings(max_examples=400, deadline=None)
@given(random_moves())
def test_every_move_ends_inside_the_grid_where_it_can_rest(move) -> None:
    rows, start, card, health = move
    level = Level(tuple(rows))
    results = MoveEngine(level).moves(start, card, health=health)
    assert results, "a move always has at least one outcome"
    for result in results:
        x, y = result.end
        assert 0 <= x < level.width and 0 <= y < level.height and not level.is_rock(x, y)
        assert all(0 <= px < level.width and 0 <= py < level.height and not level.is_rock(px, py) for px, py in result.passed)
        resting = level.supported(x, y) or level.tile(x, y) is Tile.SPRING
        assert result.exited or result.knocked_out or resting, f"ended in mid-air at {result.end}"
        assert result.exited == (level.tile(x, y) is Tile.EXIT and result.end in result.passed)
        assert result.end in result.passed or (result.end == start and not result.passed)
        assert result.gems >= 0 and result.damage >= 0
        if health is None:
            assert not result.knocked_out
        elif not result.hearts:
            assert result.knocked_out == (result.damage >= health)


@settings(max_examples=100, deadline=None)
@given(random_moves())
def test_the_same_move_gives_the_same_outcomes(move) -> None:
    rows, start, card, health = move
    first = MoveEngine(Level(tuple(rows))).moves(start, card, health=health)
    assert first == MoveEngine(Level(tuple(rows))).moves(start, card, health=health)


def test_S7_a_move_can_be_asked_for_one_direction_and_the_two_make_the_whole():
    level = Level.from_text("\n".join(JUMP_PIT))
    engine = MoveEngine(level)
    door = (1, 1)
    for card in range(1, 7):
        whole = {Outcome.of(r) for r in engine.moves(door, card, health=3)}
        left = {Outcome.of(r) for r in engine.moves(door, card, health=3, direction=-1)}
        right = {Outcome.of(r) for r in engine.moves(door, card, health=3, direction=1)}
        assert left | right == whole
    # the first step of a one-direction move goes that way (or bounces off rock, S9)
    assert all(r.trail[0][0] >= door[0] for r in engine.moves(door, 1, trail=True, direction=1))


def test_outcomes_merge_ways_that_end_alike_and_keep_knock_outs() -> None:
    # a 1-health avatar walking right onto spikes (S16) is knocked out (S25); left is safe
    engine = MoveEngine(Level.from_text("######\n#.A^.#\n######"))
    outcomes = engine.outcomes((2, 1), 1, 1)
    assert [(o.end, o.damage, knocked) for o, knocked in outcomes] == [((1, 1), 0, False), ((3, 1), 1, True)]
    assert [o for o, _ in engine.outcomes((2, 1), 1, 3)] == [o for o, _ in outcomes]
    assert not any(knocked for _, knocked in engine.outcomes((2, 1), 1, 3))


def test_an_engine_and_its_walkers_are_freed_without_the_cyclic_collector() -> None:
    """The walkers an engine keeps hold it only weakly (detached_transitions): no reference
    cycle keeps a level's memory of moves alive until the collector traces it."""
    import gc
    import weakref

    from printkit.sinpin.loader import read_level
    from printkit.sinpin.moves.graph import MoveCache, move_graph

    level = read_level(str(Path(__file__).resolve().parent.parent / "levels" / "07-the-chimney.yaml")).level()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        moves = MoveCache(level)
        move_graph(moves)  # fills the walkers (bits.Reach) the engine keeps
        moves.items_passed_by([level.door])
        assert moves.engine.walkers
        engine = weakref.ref(moves.engine)
        del moves
        assert engine() is None
    finally:
        if was_enabled:
            gc.enable()
