"""Lower bounds of the least turns to the exit, for the solver of S26 (and the generator's
mending and the bots, which ask the first one).

Each bound is the least turns of an easier game, so that it is never more than the real
least turns: the hand kept (S5) and health ignored (`relaxed_turns_to_exit`); health
followed and the hand ignored (`turns_without_hands`); the hand kept and health followed
with every heart always there to be taken, again and again (`turns_with_health`). The
solver cuts its breadth-first search with them: the tighter the bound, the fewer states it
visits.

Hands are bit masks (bit c-1: card c can be played): they keep states small and fast to
hash; the rule itself (S5) lives in rules.next_hand and is only tabulated here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves.events import HURT, MoveResult, health_after
from printkit.sinpin.moves.graph import MoveCache
from printkit.sinpin.rules import CARD_VALUES, next_hand
from printkit.sinpin.tiles import Tile

HandMask = int
FULL_MASK: HandMask = (1 << len(CARD_VALUES)) - 1
# Per field, the least turns per hand mask (None: the exit cannot be reached from there).
Row = list["int | None"]
Summaries = dict[tuple[Position, int], list[MoveResult]]


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


@lru_cache(maxsize=1)
def hand_table() -> tuple[tuple[HandMask, ...], ...]:
    """`_hand_after` as a table: [hand][card] -> the hand after playing it, 0 if not held."""
    following = _hand_after()
    return tuple(tuple(following.get((mask, card), 0) for card in range(len(CARD_VALUES) + 1)) for mask in range(FULL_MASK + 1))


def distinct_health_effects(results: Iterable[MoveResult]) -> list[MoveResult]:
    """One result per (end, exit, health events): all that matters to the solver."""
    distinct: dict[tuple, MoveResult] = {}
    for result in results:
        distinct.setdefault((result.end, result.exited, result.events), result)
    return list(distinct.values())


def summary(moves: MoveCache, summaries: Summaries, pos: Position, card: int) -> list[MoveResult]:
    """The move's distinct health effects, asked of the engine once per search."""
    key = (pos, card)
    found = summaries.get(key)
    if found is None:
        found = summaries[key] = distinct_health_effects(moves.get(pos, card))
    return found


def apply_health(
    events: tuple[object, ...], health: int, heart_mask: int, heart_bit: dict[Position, int] | None, max_health: int
) -> tuple[int, int] | None:
    """Health and hearts left after a move's events in order (HURT: 1 health lost; a
    heart's field: one taken), by `health_after`'s rule (S16, S17, S22); None if health
    touched 0 (S25, S26). Each heart counts once (S26): its bit leaves `heart_mask`. With
    `heart_bit` None every heart is always there, taken again each time a move passes it
    (the easier game of `turns_with_health`), and `heart_mask` comes back as given.

    The hearts before each loss are counted first and the rule asked once per loss (and
    once for hearts after the last), not once per event. The searches (`turns_without_hands`,
    the solver's) call this only for a move with events: about three moves in four have
    none, and a call for each of them made the solver's search some 10-20 % slower (a few
    lines repeated there are the cheaper price)."""
    hearts = 0
    for event in events:
        if event == HURT:
            after = health_after(health, hearts, True, max_health)
            if after is None:
                return None
            health, hearts = after, 0
        elif heart_bit is None:
            hearts += 1
        else:
            bit = heart_bit[event]  # type: ignore[index]
            if heart_mask & bit:  # else taken before in this game
                heart_mask &= ~bit
                hearts += 1
    if hearts:
        health = health_after(health, hearts, False, max_health)
    return health, heart_mask


def turns_without_hands(level: Level, moves: MoveCache, bound_to_exit: dict[Position, object], summaries: Summaries) -> int | None:
    """The least turns to the exit with health followed (S26) but every card always in the
    hand (S5 ignored): a lower bound of the real least turns, because the hand only takes
    ways away; None when even so every way costs all the health (then the level cannot be
    won). A breadth-first search over (field, hearts left, health), a few thousand states
    where the full search has tens of thousands to millions. Only fields in `bound_to_exit`
    (those from which the exit can be reached at all) are entered."""
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
                for result in summary(moves, summaries, pos, card):
                    if result.end not in bound_to_exit:
                        continue  # the exit cannot be reached from there with any hand
                    new_health, new_hearts = health, heart_mask
                    if result.events:  # most moves have none: no call for them (see apply_health)
                        after = apply_health(result.events, health, heart_mask, heart_bit, max_health)
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


def relaxed_turns_to_exit(moves: MoveCache, positions: Iterable[Position]) -> dict[Position, Row]:
    """Least turns from (field, hand) to the exit under S5 with health ignored.

    A lower bound of the real number of turns, because ignoring health only adds ways to
    go (found by `_turns_back`). Returns, for each field from which the exit can be
    reached, the turns per hand mask (None: not with that hand).
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
    field_of = list(ids)
    rows = _turns_back(came_from, len(ids))
    turns: dict[Position, Row] = {exit_: [None] + [0] * FULL_MASK}
    for source, row in rows:
        turns[field_of[source]] = row
    return turns


def turns_with_health(level: Level, moves: MoveCache, fields: Iterable[Position], summaries: Summaries) -> dict[Position, list[Row | None]]:
    """Least turns from (field, health, hand) to the exit, S5 kept and health followed
    (S16, S17, S25, S26) but every heart always there, taken again each time a move passes
    it: a lower bound of the real least turns (hearts that stay only add ways to go), and
    the least turns themselves on a level without hearts. Where health forces a detour the
    other bounds fall far short (a detour of 55 turns on a 40 x 40 map where they said 21
    and 36) and the solver's cut search would visit most of its states.

    `fields` are those from which the exit can be reached with health ignored (the others
    cannot reach it with health followed either). Returns, for each of them, a list indexed
    by health (0 unused) of the turns per hand mask, or None where no hand reaches the exit
    with that health. More health is never worse: the turns only fall as health grows."""
    exit_ = level.exit
    top = max(level.rules.max_health, level.rules.start_health)
    max_health = level.rules.max_health
    healths = range(1, top + 1)
    node_of: dict[Position, int] = {}  # the node of (field, health) is node_of[field] + health - 1
    for pos in fields:
        if pos != exit_ and pos not in node_of:
            node_of[pos] = 1 + top * len(node_of)  # node 0 is the exit, whatever the health
    size = 1 + top * len(node_of)
    came_from: list[list[list[int]]] = [[[] for _ in range(size)] for _ in CARD_VALUES]
    after_events: dict[tuple[object, ...], tuple[int | None, ...]] = {(): tuple(range(top + 1))}
    for pos, first in node_of.items():
        for card in CARD_VALUES:
            sources = came_from[card - 1]
            for result in summary(moves, summaries, pos, card):
                end_node = 0 if result.exited else node_of.get(result.end)
                if end_node is None:
                    continue  # the exit cannot be reached from there
                by_health = after_events.get(result.events)
                if by_health is None:
                    by_health = after_events[result.events] = (None,) + tuple(
                        kept[0] if (kept := apply_health(result.events, health, 0, None, max_health)) else None
                        for health in healths)
                for health in healths:
                    after = by_health[health]
                    if after is not None:
                        sources[end_node if not end_node else end_node + after - 1].append(first + health - 1)
    turns: dict[Position, list[Row | None]] = {exit_: [None] + [[None] + [0] * FULL_MASK] * top}
    for pos in node_of:
        turns[pos] = [None] * (top + 1)
    field_of = {first: pos for pos, first in node_of.items()}
    for node, row in _turns_back(came_from, size):
        first = (node - 1) // top * top + 1
        turns[field_of[first]][node - first + 1] = row
    return turns


def _turns_back(came_from: list[list[list[int]]], size: int) -> list[tuple[int, Row]]:
    """A backward breadth-first search from node 0 (the exit) over nodes 0..size-1, where
    came_from[card - 1][node] lists the nodes from which playing the card can lead to node.
    Returns, for every node that reaches the exit, in the order first reached, the least
    turns per hand mask (S5).

    The hands reached at a node are kept as one integer, bit m set for hand mask m, so that
    going back over one card moves a whole set of hands at once: the hands before playing c
    are those after it without c, with c added back (a shift by c's bit), and {c} alone
    before a reset to the full hand."""
    every_hand = sum(1 << mask for mask in range(1, FULL_MASK + 1))
    missing = [every_hand] * size  # per node, the hands not reached yet
    missing[0] = 0
    found_at: list[list[tuple[int, int]]] = [[] for _ in range(size)]  # per node: (distance, new hands)
    frontier: list[tuple[int, int]] = [(0, every_hand)]
    discovered: list[int] = []  # the order nodes are first reached in (the order of the result)
    steps = [(card - 1, 1 << (card - 1), _HANDS_WITHOUT[card]) for card in CARD_VALUES]
    gained = [0] * size  # the hands each node gains at this distance (a list: faster than a dict here)
    distance = 0
    while frontier:
        distance += 1
        touched: list[int] = []
        for node, after in frontier:
            reset = after >> FULL_MASK & 1
            for index, bit, without in steps:
                sources = came_from[index][node]
                if not sources:
                    continue
                before = (after & without) << bit
                if reset:
                    before |= 1 << bit  # S5: the last card of a round leaves the hand {card}
                for source in sources:
                    new = before & missing[source]
                    if new:
                        if missing[source] == every_hand:
                            discovered.append(source)
                        missing[source] ^= new
                        if not gained[source]:
                            touched.append(source)
                        gained[source] |= new
        frontier = []
        for source in touched:
            found_at[source].append((distance, gained[source]))
            frontier.append((source, gained[source]))
            gained[source] = 0
    rows = []
    for source in discovered:
        row: Row = [None] * (FULL_MASK + 1)
        for at, new in found_at[source]:
            while new:
                low = new & -new
                row[low.bit_length() - 1] = at
                new ^= low
        rows.append((source, row))
    return rows


# For each card, the set (as bits over hand masks) of hands that do not hold it.
_HANDS_WITHOUT = {
    card: sum(1 << mask for mask in range(1, FULL_MASK + 1) if not mask >> (card - 1) & 1) for card in CARD_VALUES
}
