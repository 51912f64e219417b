"""The solver of S26: the least number of turns from the door to the exit, and one route.

The state of a search is (field, health, hand, hearts left): the hand because of the card
cycle (S5), health because a move in which it touches 0 fails, hearts because each counts
once. That space is large, so the search is a breadth-first search turn by turn, cut by a
lower bound of the turns left (`bounds`): first the least number of turns to the exit from
(field, hand) when health is ignored. That bound is exact for every level where health
does not force a detour, so the first pass only visits states on shortest routes. Where it
finds none, a small search with the hand ignored (`turns_without_hands`) tells most
unwinnable levels at once; the bound with health followed and the hearts kept
(`turns_with_health`) tells the rest of those where health alone is too short, and is
exact, or nearly, where health forces a detour: up to three passes cut by it (at the bound
and one and two turns more), then one uncut pass, settle the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from printkit.sinpin.moves import search
from printkit.sinpin.moves.bounds import (FULL_MASK, HandMask, Summaries, apply_health, hand_table, relaxed_turns_to_exit,
                                          summary, turns_with_health, turns_without_hands)
from printkit.sinpin.moves.events import MoveResult
from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves.graph import MoveCache
from printkit.sinpin.rules import CARD_VALUES
from printkit.sinpin.tiles import Tile

# Per field, per health (index 0 unused): the least turns per hand mask, or None.
Bound = dict[Position, "list[Row | None]"]


@dataclass(frozen=True)
class RouteStep:
    """One turn of a shortest route: the card played and the fields entered in order."""

    turn: int
    card: int
    start: Position
    end: Position
    trail: tuple[Position, ...]
    health: int  # after the turn
    exited: bool


@dataclass(frozen=True)
class Solution:
    """A shortest win: per turn the field it starts on, the card, the move and health after."""

    plan: tuple[tuple[Position, int, MoveResult, int], ...]
    moves: MoveCache = field(compare=False, repr=False)

    @property
    def turns(self) -> int:
        return len(self.plan)

    def route(self) -> tuple[RouteStep, ...]:
        """The turns with the fields entered in order (the engine is asked again for them)."""
        route = []
        engine = self.moves.engine
        for turn, (start, card, result, health) in enumerate(self.plan, start=1):
            # The ways of moving that end elsewhere cannot match: `ending` leaves them out,
            # and the first match in the engine's order is the same as among all endings.
            ways = search.follow(engine, start, card, engine.items, None, None, True, ending=result.end)
            trail = next(
                r.trail
                for r in ways
                if (r.end, r.exited, r.events) == (result.end, result.exited, result.events)
            )
            route.append(RouteStep(turn, card, start, result.end, trail or (), health, result.exited))
        return tuple(route)


def solve(moves: MoveCache, positions: Iterable[Position]) -> Solution | None:
    """S26: a shortest winning sequence of turns, or None when the level cannot be won.

    `positions` are the rest positions reachable from the door (the move graph's nodes).
    """
    level = moves.level
    relaxed = relaxed_turns_to_exit(moves, positions)
    shortest = relaxed.get(level.door, [None] * (FULL_MASK + 1))[FULL_MASK]
    if shortest is None:
        return None
    top = max(level.rules.max_health, level.rules.start_health)
    summaries: Summaries = {}
    route, cut = _search(level, moves, {pos: [row] * (top + 1) for pos, row in relaxed.items()}, shortest, summaries)
    if route is not None or not cut:
        return route
    # Health forces a detour, or makes the level unwinnable. A far smaller search with the
    # hand ignored tells most unwinnable levels at once (the full search would have to try
    # every state); the bound with health followed tells more, and where health forces a
    # detour it is close to the least turns, where the bound without health falls far short
    # and the passes cut by it visit most states. The passes may start at the larger bound
    # and find the same route: a pass cut at b visits the states with turn + bound to the
    # exit <= b of any looser pass, in the same order with the same parents (both bounds
    # grow by at most one a turn, and with health never shrink when health does), so the
    # first exit of every pass at or beyond the least turns is the same
    # (tests/test_sinpin_moves_solver.py compares with the passes from `shortest` on).
    floor = turns_without_hands(level, moves, relaxed, summaries)
    if floor is None:
        return None
    with_health = turns_with_health(level, moves, relaxed, summaries)
    door_row = with_health[level.door][level.rules.start_health]
    least = door_row[FULL_MASK] if door_row is not None else None
    if least is None:
        return None
    start = max(least, floor, shortest + 1)
    for bound in (start, start + 1, start + 2, None):
        route, cut = _search(level, moves, with_health, bound, summaries)
        if route is not None or not cut:
            return route
    return None


def _search(level: Level, moves: MoveCache, bound_to_exit: Bound, bound: int | None, summaries: Summaries) -> tuple[Solution | None, bool]:
    """One breadth-first pass; returns (route or None, whether the bound cut anything).

    `bound_to_exit` gives a lower bound of the turns left per field, health and hand
    (a field it lacks cannot reach the exit). A state is (field, health, hand, hearts
    left); the hot loop keeps it as plain values and one integer that packs them (field x
    and y, hand, hearts, health side by side in its bits) for the dictionaries, which hash
    an integer far faster than nested tuples."""
    hand_after = hand_table()
    max_health = level.rules.max_health
    hearts = level.positions[Tile.HEART]
    heart_bit = {pos: 1 << i for i, pos in enumerate(hearts)}
    y_bits = len(level.rows).bit_length()
    hand_shift = y_bits + max(len(row) for row in level.rows).bit_length()
    hearts_shift = hand_shift + len(CARD_VALUES)
    top = max(max_health, level.rules.start_health)
    health_bits = top.bit_length()
    door, start_health, all_hearts = level.door, level.rules.start_health, (1 << len(hearts)) - 1
    start_seen = (all_hearts << hearts_shift) | (FULL_MASK << hand_shift) | (door[0] << y_bits) | door[1]
    # Health dominance: a state is not worth exploring when the same field, hand and hearts
    # were already reached (as early or earlier) with at least as much health.
    best_health: dict[int, int] = {start_seen: start_health}
    # state -> (state before, card, move, field before, health after)
    parent: dict[int, tuple[int, int, MoveResult, Position, int]] = {}
    # per field, per card: the moves whose end can reach the exit, with what the loop needs
    ways: dict[Position, list[list[tuple] | None]] = {}
    frontier = [(door, start_health, FULL_MASK, all_hearts, (start_seen << health_bits) | start_health)]
    turn = 0
    cut = False
    while frontier:
        turn += 1
        following = []
        for pos, health, hand, heart_mask, state in frontier:
            at = ways.get(pos)
            if at is None:
                at = ways[pos] = [None] * (len(CARD_VALUES) + 1)
            after_card = hand_after[hand]
            for card in CARD_VALUES:
                after_hand = after_card[card]
                if not after_hand:
                    continue  # not in the hand (S5)
                found = at[card]
                if found is None:
                    if (pos, card) not in summaries:
                        # Where the move can end is known cheaply (MoveCache.ends); the moves
                        # with their health events are only asked for where some end is within
                        # the bound, which on most levels is a small part of the fields.
                        within, beyond = _within_bound(moves.ends(pos, card), bound_to_exit, top, after_hand, turn, bound)
                        cut = cut or beyond
                        if not within:
                            continue
                    found = at[card] = [
                        (rows, result, (result.end[0] << y_bits) | result.end[1])
                        for result in summary(moves, summaries, pos, card)
                        if (rows := bound_to_exit.get(result.end)) is not None  # else the exit is out of reach
                    ]
                for rows, result, end_bits in found:
                    new_health, new_hearts = health, heart_mask
                    if result.events:  # most moves have none: no call for them (see apply_health)
                        after = apply_health(result.events, health, heart_mask, heart_bit, max_health)
                        if after is None:
                            continue  # health touched 0 in this move (S26)
                        new_health, new_hearts = after
                    row = rows[new_health]
                    remaining = row[after_hand] if row is not None else None
                    if remaining is None:
                        continue  # the exit cannot be reached from there at all
                    if bound is not None and turn + remaining > bound:
                        cut = True
                        continue
                    seen = (new_hearts << hearts_shift) | (after_hand << hand_shift) | end_bits
                    new_state = (seen << health_bits) | new_health
                    if result.exited:
                        parent[new_state] = (state, card, result, pos, new_health)
                        return _solution(moves, parent, new_state), cut
                    if best_health.get(seen, 0) >= new_health:
                        continue
                    best_health[seen] = new_health
                    parent[new_state] = (state, card, result, pos, new_health)
                    following.append((result.end, new_health, after_hand, new_hearts, new_state))
        frontier = following
    return None, cut


def _within_bound(
    ends: tuple[Position, ...], bound_to_exit: Bound, top: int, hand: HandMask, turn: int, bound: int | None
) -> tuple[bool, bool]:
    """Whether some end can still reach the exit within the bound, and whether some is cut
    (with the most health, the least turns left)."""
    within = beyond = False
    for end in ends:
        rows = bound_to_exit.get(end)
        row = rows[top] if rows is not None else None
        remaining = row[hand] if row is not None else None
        if remaining is None:
            continue
        if bound is not None and turn + remaining > bound:
            beyond = True
        else:
            within = True
    return within, beyond


def _solution(moves: MoveCache, parent: dict[int, tuple[int, int, MoveResult, Position, int]], last: int) -> Solution:
    plan = []
    state = last
    while state in parent:
        state, card, result, start, health = parent[state]
        plan.append((start, card, result, health))
    return Solution(tuple(reversed(plan)), moves)
