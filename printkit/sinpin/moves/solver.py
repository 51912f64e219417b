"""The solver of S26: the least number of turns from the door to the exit, and one route.

The state of a search is (field, health, hand, hearts left): the hand because of the card
cycle (S5), health because a move in which it touches 0 fails, hearts because each counts
once. That space is large, so the search is a breadth-first search turn by turn, cut by a
lower bound: the least number of turns to the exit from (field, hand) when health is
ignored. That bound is exact for every level where health does not force a detour, so the
first pass only visits states on shortest routes. Where it finds none, a small search with
the hand ignored (`turns_without_hands`) tells the unwinnable levels at once and gives a
second lower bound; a pass or two with a looser bound, then one uncut pass, settle the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from printkit.sinpin.moves import search
from printkit.sinpin.moves.events import HURT, MoveResult
from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves.graph import MoveCache
from printkit.sinpin.rules import CARD_VALUES, next_hand
from printkit.sinpin.tiles import Tile

# Hands as bit masks (bit c-1: card c can be played) keep the states small and fast to hash;
# the rule itself (S5) lives in rules.next_hand and is only tabulated here.
HandMask = int
FULL_MASK: HandMask = (1 << len(CARD_VALUES)) - 1


def _mask(hand: frozenset[int]) -> HandMask:
    return sum(1 << (card - 1) for card in hand)


@lru_cache(maxsize=1)
def _hand_after() -> dict[tuple[HandMask, int], HandMask]:
    """(hand, card) -> the hand after playing it, for every legal play (S5)."""
    following: dict[tuple[HandMask, int], HandMask] = {}
    for mask in range(1, FULL_MASK + 1):
        hand = frozenset(card for card in CARD_VALUES if mask >> (card - 1) & 1)
        for card in hand:
            following[(mask, card)] = _mask(next_hand(hand, card))
    return following


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
    bound_to_exit = relaxed_turns_to_exit(moves, positions)
    shortest = bound_to_exit.get(level.door, [None] * (FULL_MASK + 1))[FULL_MASK]
    if shortest is None:
        return None
    summaries: dict[tuple[Position, int], list[MoveResult]] = {}
    route, cut = _search(level, moves, bound_to_exit, shortest, summaries)
    if route is not None or not cut:
        return route
    # Health forces a detour, or makes the level unwinnable. A far smaller search with the
    # hand ignored tells the unwinnable levels at once (the full search would have to try
    # every state), and its least turns are a second lower bound where health forces a
    # detour. The passes may start at that bound and find the same route: a pass cut at b
    # visits the states with turn + bound to the exit <= b of any looser pass, in the same
    # order with the same parents (the bound grows by at most one a turn), so the first
    # exit of every pass at or beyond the least turns is the same
    # (tests/test_sinpin_moves_solver.py compares with the passes from `shortest` on).
    floor = turns_without_hands(level, moves, bound_to_exit, summaries)
    if floor is None:
        return None
    # Past the shortest the passes grow fast: from a floor beyond shortest + 1 (the hand
    # makes the detour longer still on some levels) one pass, then the uncut one.
    bounds = (shortest + 1, shortest + 2, None) if floor <= shortest + 1 else (floor, None)
    for bound in bounds:
        route, cut = _search(level, moves, bound_to_exit, bound, summaries)
        if route is not None or not cut:
            return route
    return None


def turns_without_hands(
    level: Level,
    moves: MoveCache,
    bound_to_exit: dict[Position, list[int | None]],
    summaries: dict[tuple[Position, int], list[MoveResult]],
) -> int | None:
    """The least turns to the exit with health followed (S26) but every card always in the
    hand (S5 ignored): a lower bound of the real least turns, because the hand only takes
    ways away; None when even so every way costs all the health (then the level cannot be
    won). A breadth-first search over (field, hearts left, health), a few thousand states
    where the full search has tens of thousands to millions."""
    max_health = level.rules.max_health
    hearts = level.positions[Tile.HEART]
    heart_bit = {pos: 1 << i for i, pos in enumerate(hearts)}
    best_health: dict[tuple[Position, int], int] = {}
    frontier = [(level.door, (1 << len(hearts)) - 1, level.rules.start_health)]
    best_health[(level.door, frontier[0][1])] = frontier[0][2]
    turn = 0
    while frontier:
        turn += 1
        following = []
        for pos, heart_mask, health in frontier:
            for card in CARD_VALUES:
                key = (pos, card)
                if key not in summaries:
                    summaries[key] = _distinct_health_effects(moves.get(pos, card))
                for result in summaries[key]:
                    if result.end not in bound_to_exit:
                        continue  # the exit cannot be reached from there with any hand
                    new_health, new_hearts = health, heart_mask
                    if result.events:
                        after = _apply_health(result.events, health, heart_mask, heart_bit, max_health)
                        if after is None:
                            continue  # health touched 0 in this move (S26)
                        new_health, new_hearts = after
                    if result.exited:
                        return turn
                    seen_key = (result.end, new_hearts)
                    if best_health.get(seen_key, 0) >= new_health:
                        continue
                    best_health[seen_key] = new_health
                    following.append((result.end, new_hearts, new_health))
        frontier = following
    return None


def relaxed_turns_to_exit(moves: MoveCache, positions: Iterable[Position]) -> dict[Position, list[int | None]]:
    """Least turns from (field, hand) to the exit under S5 with health ignored.

    A backward breadth-first search from the exit; a lower bound of the real number of
    turns, because ignoring health only adds ways to go. The hands reached at a field are
    kept as one integer, bit m set for hand mask m, so that going back over one card moves
    a whole set of hands at once: the hands before playing c are those after it without c,
    with c added back (a shift by c's bit), and {c} alone before a reset to the full hand.
    Returns, for each field, the turns per hand mask (None: the exit cannot be reached).
    """
    exit_ = moves.level.exit
    # Fields as small integers and lists indexed by them: this loop runs for every field,
    # card and distance, so dictionary look-ups of position tuples would dominate it.
    ids: dict[Position, int] = {exit_: 0}
    for pos in positions:
        ids.setdefault(pos, len(ids))
    came_from: list[list[list[int]]] = [[] for _ in CARD_VALUES]  # [card - 1][end id] -> source ids
    for card_sources in came_from:
        card_sources.extend([] for _ in ids)
    for pos, source in ids.items():
        if pos == exit_:
            continue
        for card in CARD_VALUES:
            for end in moves.ends(pos, card):
                end_id = ids.get(end)
                if end_id is None:
                    end_id = ids[end] = len(ids)
                    for card_sources in came_from:
                        card_sources.append([])
                came_from[card - 1][end_id].append(source)
    every_hand = sum(1 << mask for mask in range(1, FULL_MASK + 1))
    reached = [0] * len(ids)
    reached[0] = every_hand
    found_at: list[list[tuple[int, int]]] = [[] for _ in ids]  # per field: (distance, new hands)
    frontier: dict[int, int] = {0: every_hand}
    discovered: list[int] = []  # the order fields are first reached in (the order of the result)
    steps = [(card - 1, 1 << (card - 1), _HANDS_WITHOUT[card]) for card in CARD_VALUES]
    distance = 0
    while frontier:
        distance += 1
        following: dict[int, int] = {}
        for pos, after in frontier.items():
            reset = after >> FULL_MASK & 1
            for index, bit, without in steps:
                sources = came_from[index][pos]
                if not sources:
                    continue
                before = (after & without) << bit
                if reset:
                    before |= 1 << bit  # S5: the last card of a round leaves the hand {card}
                for source in sources:
                    new = before & ~reached[source]
                    if new:
                        if not reached[source]:
                            discovered.append(source)
                        reached[source] |= new
                        following[source] = following.get(source, 0) | new
                        found_at[source].append((distance, new))
        frontier = following
    turns: dict[Position, list[int | None]] = {exit_: [None] + [0] * FULL_MASK}
    field_of = list(ids)
    for source in discovered:
        row: list[int | None] = [None] * (FULL_MASK + 1)
        for at, new in found_at[source]:
            while new:
                low = new & -new
                row[low.bit_length() - 1] = at
                new ^= low
        turns[field_of[source]] = row
    return turns


# For each card, the set (as bits over hand masks) of hands that do not hold it.
_HANDS_WITHOUT = {
    card: sum(1 << mask for mask in range(1, FULL_MASK + 1) if not mask >> (card - 1) & 1) for card in CARD_VALUES
}


def _search(
    level: Level,
    moves: MoveCache,
    bound_to_exit: dict[Position, list[int | None]],
    bound: int | None,
    summaries: dict[tuple[Position, int], list[MoveResult]],
) -> tuple[Solution | None, bool]:
    """One breadth-first pass; returns (route or None, whether the bound cut anything).

    A state is (field, health, hand, hearts left); the hot loop keeps it as plain values and
    one integer that packs them (field x and y, hand, hearts, health side by side in its
    bits) for the dictionaries, which hash an integer far faster than nested tuples."""
    hand_after = _hand_table()
    max_health = level.rules.max_health
    hearts = level.positions[Tile.HEART]
    heart_bit = {pos: 1 << i for i, pos in enumerate(hearts)}
    y_bits = len(level.rows).bit_length()
    hand_shift = y_bits + max(len(row) for row in level.rows).bit_length()
    hearts_shift = hand_shift + len(CARD_VALUES)
    health_bits = max(max_health, level.rules.start_health).bit_length()
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
                    key = (pos, card)
                    if key not in summaries:
                        # Where the move can end is known cheaply (MoveCache.ends); the moves
                        # with their health events are only asked for where some end is within
                        # the bound, which on most levels is a small part of the fields.
                        within, beyond = _within_bound(moves.ends(pos, card), bound_to_exit, after_hand, turn, bound)
                        cut = cut or beyond
                        if not within:
                            continue
                        summaries[key] = _distinct_health_effects(moves.get(pos, card))
                    found = at[card] = [
                        (row, result, (result.end[0] << y_bits) | result.end[1])
                        for result in summaries[key]
                        if (row := bound_to_exit.get(result.end)) is not None  # else the exit is out of reach
                    ]
                for row, result, end_bits in found:
                    remaining = row[after_hand]
                    if remaining is None:
                        continue  # the exit cannot be reached from there at all
                    if bound is not None and turn + remaining > bound:
                        cut = True
                        continue
                    new_health, new_hearts = health, heart_mask
                    if result.events:
                        after = _apply_health(result.events, health, heart_mask, heart_bit, max_health)
                        if after is None:
                            continue  # health touched 0 in this move (S26)
                        new_health, new_hearts = after
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


@lru_cache(maxsize=1)
def _hand_table() -> tuple[tuple[HandMask, ...], ...]:
    """`_hand_after` as a table: [hand][card] -> the hand after playing it, 0 if not held."""
    following = _hand_after()
    return tuple(tuple(following.get((mask, card), 0) for card in range(len(CARD_VALUES) + 1)) for mask in range(FULL_MASK + 1))


def _within_bound(
    ends: tuple[Position, ...], bound_to_exit: dict[Position, list[int | None]], hand: HandMask, turn: int, bound: int | None
) -> tuple[bool, bool]:
    """Whether some end can still reach the exit within the bound, and whether some is cut."""
    within = beyond = False
    for end in ends:
        row = bound_to_exit.get(end)
        remaining = row[hand] if row is not None else None
        if remaining is None:
            continue
        if bound is not None and turn + remaining > bound:
            beyond = True
        else:
            within = True
    return within, beyond


def _distinct_health_effects(results: Iterable[MoveResult]) -> list[MoveResult]:
    """One result per (end, exit, health events): all that matters to the solver."""
    distinct: dict[tuple, MoveResult] = {}
    for result in results:
        distinct.setdefault((result.end, result.exited, result.events), result)
    return list(distinct.values())


def _apply_health(
    events: tuple[object, ...], health: int, heart_mask: int, heart_bit: dict[Position, int], max_health: int
) -> tuple[int, int] | None:
    """Health and hearts left after a move's events in order; None if health touched 0."""
    for event in events:
        if event == HURT:
            health -= 1
            if health <= 0:
                return None
        else:
            bit = heart_bit[event]  # type: ignore[index]
            if heart_mask & bit:  # each heart counts once (S26)
                heart_mask &= ~bit
                if health < max_health:
                    health += 1
    return health, heart_mask


def _solution(moves: MoveCache, parent: dict[int, tuple[int, int, MoveResult, Position, int]], last: int) -> Solution:
    plan = []
    state = last
    while state in parent:
        state, card, result, start, health = parent[state]
        plan.append((start, card, result, health))
    return Solution(tuple(reversed(plan)), moves)
