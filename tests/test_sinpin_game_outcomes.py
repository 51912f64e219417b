"""GameMoves against the move engine: the same outcomes on every map a game can make.

One GameMoves instance serves a whole level while webs and chests come and go (S18, S21,
S29b), so the suffixes it remembers from one map are offered on the next. The differential
test below changes the map between queries on ONE instance and compares every answer with
a fresh MoveEngine on that very map.
"""

from __future__ import annotations

import random

import pytest

from printkit.sinpin.game import outcomes as game_outcomes, suffixmemo
from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.game.outcomes import GameMoves
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules

# Weighted tiles of the random maps (interior); borders are rock.
TILES = "......####HH^!wSOOChh**??"
CHANGEABLE = ".*h?wC"  # what a game may put on a field that can hold an item (S28, S29b)


def random_level(rng: random.Random) -> Level:
    width, height = rng.randint(4, 7), rng.randint(4, 6)
    rows = ["#" * (width + 2)]
    for _ in range(height):
        rows.append("#" + "".join(rng.choice(TILES) for _ in range(width)) + "#")
    rows.append("#" * (width + 2))
    return Level(tuple(rows), rules=Rules(blade_points=rng.choice((2, 3, 4)), max_health=rng.choice((2, 3))))


def variant(level: Level, rng: random.Random) -> tuple[str, ...]:
    """The level's map as a game could make it: items, webs and chests changed on fields
    that can hold an item (open cave, items and webs of the level; S28)."""
    rows = [list(row) for row in level.rows]
    for y, row in enumerate(level.rows):
        for x, char in enumerate(row):
            if char in ".*h?w" and rng.random() < 0.3:
                rows[y][x] = rng.choice(CHANGEABLE)
    return tuple("".join(row) for row in rows)


def engine_view(results) -> set[tuple]:
    return {(r.end, r.exited, r.knocked_out, r.damage, r.gems, frozenset(r.hearts)) for r in results}


def game_view(moves: GameMoves, outcomes) -> set[tuple]:
    return {(o.end, o.exited, o.knocked_out, o.damage, o.gained, frozenset(moves.positions(o.hearts))) for o in outcomes}


@pytest.mark.slow  # separate processes or a thousand moves: nothing cheaper tests the same
@pytest.mark.parametrize("bounds", [None, (6, 2, 2)], ids=["usual bounds", "tiny bounds: everything evicted often"])
def test_outcomes_agree_with_a_fresh_engine_on_every_map_of_one_instance(bounds, monkeypatch) -> None:
    if bounds is not None:  # what is remembered is dropped and worked out again all the time
        for module, name, value in zip((suffixmemo, suffixmemo, game_outcomes), ("MEMO_BUDGET", "MAX_FOOTPRINTS", "MAX_APPLIED"), bounds):
            monkeypatch.setattr(module, name, value)
    rng = random.Random(2026)
    compared = 0
    # tiny bounds evict all the time from the first level on: half the levels test that as well
    for _ in range(32 if bounds is None else 16):
        level = random_level(rng)
        moves = GameMoves(level, maps=4)  # few maps kept: old ones are dropped and made again
        open_fields = [(x, y) for x, y, tile in level.cells() if not tile.solid]
        if not open_fields:
            continue
        maps = [level.rows] + [variant(level, rng) for _ in range(7)]
        for _ in range(25):
            rows = rng.choice(maps)
            start = rng.choice([f for f in open_fields if rows[f[1]][f[0]] != "#"])
            card, health = rng.randint(1, 6), rng.randint(1, level.rules.max_health)
            current = Level(rows, rules=level.rules)
            expected = MoveEngine(current).moves(start, card, health=health)
            found = moves.outcomes(rows, start, card, health, moves.item_masks(rows))
            assert game_view(moves, found) == engine_view(expected), (rows, start, card, health)
            # Each outcome's trail is a real way of making the move, with that outcome.
            ways = {(r.trail, r.end, r.exited, r.knocked_out, r.damage, r.gems, frozenset(r.hearts))
                    for r in MoveEngine(current).moves(start, card, health=health, trail=True)}
            for o in found:
                trail = o.trail
                assert (trail, o.end, o.exited, o.knocked_out, o.damage, o.gained,
                        frozenset(moves.positions(o.hearts))) in ways, (rows, start, card, o)
                # It ends where the outcome ends: the last field entered (also where health
                # reached 0, S25), or where it started when no step was possible (S6).
                assert (trail[-1] if trail else start) == o.end, (rows, start, card, o)
            compared += 1
    assert compared > (600 if bounds is None else 300)


def test_a_web_placed_on_the_way_changes_the_answer() -> None:
    # S18: the web costs a point, so card 3 stops on it; without it card 3 reaches (4,1).
    level = Level(("#######", "#A...Z#", "#######"))
    moves = GameMoves(level)
    plain = moves.outcomes(level.rows, (1, 1), 3, 3, moves.item_masks(level.rows))
    webbed = ("#######", "#A.w.Z#", "#######")
    with_web = moves.outcomes(webbed, (1, 1), 3, 3, moves.item_masks(webbed))
    again = moves.outcomes(level.rows, (1, 1), 3, 3, moves.item_masks(level.rows))
    assert [o.end for o in plain] == [(4, 1)] == [o.end for o in again]
    assert [o.end for o in with_web] == [(3, 1)]
    assert moves.positions(with_web[0].webs) == ((3, 1),)


def test_a_placed_chest_pays_and_ends_the_move() -> None:
    level = Level(("#######", "#A...Z#", "#######"))
    moves = GameMoves(level)
    rows = ("#######", "#A.C.Z#", "#######")
    found = moves.outcomes(rows, (1, 1), 4, 3, moves.item_masks(rows))
    assert [(o.end, o.payout, o.gained) for o in found] == [((3, 1), 2, 2)]  # 4 - 2 steps (S21)


def test_items_are_read_from_the_map_given() -> None:
    level = Level(("#######", "#A*h.Z#", "#######"), rules=Rules(max_health=3))
    moves = GameMoves(level)
    rows = level.rows
    [outcome] = moves.outcomes(rows, (1, 1), 3, 2, moves.item_masks(rows))
    assert (outcome.gained, outcome.health, moves.positions(outcome.hearts)) == (1, 3, ((3, 1),))
    taken = ("#######", "#A...Z#", "#######")
    [outcome] = moves.outcomes(taken, (1, 1), 3, 2, moves.item_masks(taken))
    assert (outcome.gained, outcome.health, outcome.hearts) == (0, 2, 0)


def test_positions_and_mask_are_inverse_in_reading_order() -> None:
    moves = GameMoves(Level(("#####", "#A.Z#", "#####")))
    fields = ((1, 0), (3, 0), (0, 2), (4, 2))
    assert moves.positions(moves.mask(fields)) == fields



def _way(rows: tuple[str, ...], card: int, health: int) -> tuple[tuple, list[tuple]]:
    level = Level(rows)
    moves = GameMoves(level)
    [outcome] = moves.outcomes(rows, (1, 1), card, health, moves.item_masks(rows))
    return outcome.trail, list(game_outcomes.way_events(moves, rows, outcome))


def test_way_events_tell_the_trail_in_order_with_what_acts_on_each_field() -> None:
    # the play page's words for a move (printkit.play.matches) and the record's events (turn) read these
    trail, way = _way(("########", "#A*wC.Z#", "########"), 6, 3)
    assert way == [("enter", (2, 1), "walk"), ("gem", (2, 1)), ("enter", (3, 1), "walk"), ("web", (3, 1)),  # S22, S18
                   ("enter", (4, 1), "walk"), ("payout", (4, 1), 2)]  # S21: 6 - 1 - 2 (web) - 1 points left
    assert [at for kind, at, *_ in way if kind == "enter"] == list(trail)
    trail, way = _way(("#########", "#A?w.w.Z#", "#########"), 6, 3)
    assert [kind for kind, *_ in way] == ["enter", "mark", "enter", "web", "enter", "enter", "web"]  # S23, S18


def test_way_events_end_where_a_knock_out_ends_the_move() -> None:
    trail, way = _way(("########", "#A*^..Z#", "########"), 4, 1)  # S16 on the last health: S25
    assert way == [("enter", (2, 1), "walk"), ("gem", (2, 1)), ("enter", (3, 1), "walk"), ("hurt", (3, 1))]
    assert trail == ((2, 1), (3, 1))


def test_a_teleport_s_arrival_is_marked_in_the_way_not_in_the_trail() -> None:
    """S20: a teleport to the next teleporter looks like a step in a trail of fields, so the
    way (way_events) marks the arrival where the engine had its ARRIVE event; the trail (the
    record's fields) stays the fields alone. Here O at B2 and C2 are neighbours: card 1 from
    A2 walks onto B2 (staying), or walks onto B2 and teleports to C2."""
    level = Level(("#######", "#.OO.Z#", "#A#####", "#######"))
    moves = GameMoves(level)
    rows = level.rows
    ways = {}
    for outcome in moves.outcomes(rows, (1, 2), 2, 3, moves.item_masks(rows)):
        ways[outcome.trail] = list(game_outcomes.way_events(moves, rows, outcome))
    assert ways[((1, 1), (2, 1))] == [("enter", (1, 1), "jump"), ("enter", (2, 1), "side step")]  # S10: no teleport
    assert [("enter", (1, 1), "jump"), ("enter", (2, 1), "side step"), ("enter", (3, 1), "teleport")] in ways.values()
