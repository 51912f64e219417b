"""Walking the engine's transitions: every ending of a move, or moves followed in detail.

`MoveEngine.transitions` says where a move can go; this module says what happened on the
way. Items and health never change where the avatar can go, so when health is ignored the
rest of a move from a state is the same whatever came before it: `all_endings` remembers it
per state (a *suffix*), shared by every field and card the validator asks about. `follow`
walks one move with health, items taken and the trail in order, for `printkit moves` and the
validator's route. The validator's own questions (ends, fields passed, health endings) are
answered by the bit-set walks of `bits`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from printkit.sinpin.moves import bits
from printkit.sinpin.moves.events import (
    ARRIVE,
    ENTER,
    HURT,
    ITEM,
    LEFT,
    LOSE,
    RIGHT,
    Event,
    MoveResult,
    State,
    Stop,
    Successor,
    Transition,
    canonical_events,
    health_after,
)
from printkit.sinpin.level import Position
from printkit.sinpin.tiles import Tile

# The rest of a move from some state: (end, exited, events, gems entered, chest pay-outs, passed).
Suffix = tuple[Position, bool, tuple[object, ...], frozenset[Position], int, frozenset[Position]]
_NOTHING: frozenset[Position] = frozenset()


def all_endings(
    engine: Successor,
    start: Position,
    card: int,
    items: frozenset[Position],
    watch: frozenset[Position] | None,
    gems: bool = True,
) -> tuple[MoveResult, ...]:
    """Every distinct ending of a move, health ignored (S25 never ends it).

    With `gems` False gems are not counted at all: endings then differ only in where they
    end and what they do to health, which is all the validator asks.
    """
    if not gems and watch is not None and not watch:
        return bits.health_endings(engine, start, card, items)
    memory = engine.walkers.setdefault((items, watch, gems), ({}, {}))
    walker = _Suffixes(engine, items, watch, gems, *memory)
    results: dict[MoveResult, None] = {}
    for end, exited, events, entered_gems, payout, passed in walker.after(engine.openings(start, card)):
        results[MoveResult(end, exited, events, payout + len(entered_gems), passed, False, None)] = None
    return tuple(sorted(results, key=MoveResult.order))


class _Suffixes:
    def __init__(
        self,
        engine: Successor,
        items: frozenset[Position],
        watch: frozenset[Position] | None,
        gems: bool,
        memo: dict[State | Stop, set[Suffix]],
        effects: dict[tuple[Event, ...], tuple | None],
    ):
        self.engine = engine
        self.items = items if gems else items & frozenset(engine.level.positions[Tile.HEART])
        self.watch = watch
        self.gems = gems
        self.hearts = frozenset(engine.level.positions[Tile.HEART])
        self.memo = memo
        self.effects = effects

    def of(self, state: State | Stop) -> set[Suffix]:
        found = self.memo.get(state)
        if found is None:
            if isinstance(state, Stop):
                found = {((state.x, state.y), state.exited, (), _NOTHING, 0, _NOTHING)}
            else:
                found = self.after(self.engine.transitions(state))
            self.memo[state] = found  # never mutated once stored: children share these sets
        return found

    def after(self, transitions: list[Transition]) -> set[Suffix]:
        if len(transitions) == 1:
            events, following = transitions[0]
            return self.prepend(events, self.of(following))
        found: set[Suffix] = set()
        for events, following in transitions:
            found |= self.prepend(events, self.of(following))
        return found

    def prepend(self, events: tuple[Event, ...], suffixes: set[Suffix]) -> set[Suffix]:
        """The suffixes with the events of one transition in front of them."""
        effect = self.effects.get(events, False)
        if effect is False:
            effect = self.effects[events] = self._effect(events)
        if effect is None:
            return suffixes  # nothing to note: an unwatched field crossed
        before, gems, payout, passed = effect
        found = set()
        for end, exited, later, gems_in, paid, passed_in in suffixes:
            if before:
                later = canonical_events(before + later)
            found.add((end, exited, later, gems_in | gems, paid + payout, passed_in | passed))
        return found

    def _effect(self, events: tuple[Event, ...]) -> tuple | None:
        before: list[object] = []
        gems: set[Position] = set()
        passed: set[Position] = set()
        payout = 0
        for event in events:
            kind = event[0]
            if kind == ENTER or kind == ARRIVE:
                field = (event[1], event[2])
                if self.watch is None or field in self.watch:
                    passed.add(field)
            elif kind == LOSE:
                before.append(HURT)
            elif kind == ITEM:
                field = (event[1], event[2])
                if field in self.items:
                    (before.append(field) if field in self.hearts else gems.add(field))
            elif self.gems:
                payout += event[1]
        if not (before or gems or passed or payout):
            return None
        return tuple(before), frozenset(gems), payout, frozenset(passed)


def fields_passed(engine: Successor, start: Position, card: int, watch: frozenset[Position]) -> frozenset[Position]:
    """The watched fields that some way of making the move enters (S27 "passes"), health ignored."""
    return bits.reach(engine, start, card, watch)[1]


class _Log(NamedTuple):
    """What happened so far in one followed move."""

    health: int | None  # None: not followed
    events: tuple[object, ...]
    gems: int
    taken: frozenset[Position]  # gems and hearts taken earlier in this move (S22)
    passed: frozenset[Position]
    trail: tuple[Position, ...] | None
    arrival: int | None = None  # the trail's index of the teleport's arrival (S20), when the trail is kept


def follow(
    engine: Successor,
    start: Position,
    card: int,
    items: frozenset[Position],
    watch: frozenset[Position] | None,
    health: int | None,
    trail: bool,
    directions: tuple[int, ...] = (LEFT, RIGHT),
    ending: Position | None = None,
) -> tuple[MoveResult, ...]:
    """Every distinct ending of a move, following health (S25) and the trail when asked;
    `directions` are the ones the move may choose (S7).

    `ending` keeps only the ways of moving that can end on that field (the ways that
    cannot are not walked, which spares most of the work when a trail is wanted)."""
    walker = _Follower(engine, items, watch)
    if ending is not None:
        bit = 1 << (ending[1] * engine.width + ending[0])
        walker.ending_field = ending
        walker.ending = bit | (1 << engine.width * engine.height if ending == engine.level.exit else 0)
        walker.reach = bits.Reach.of_engine(engine)
    walker.walk(engine.openings(start, card, directions), walker.intern(_Log(health, (), 0, _NOTHING, _NOTHING, () if trail else None)), start)
    return tuple(sorted(walker.results, key=MoveResult.order))


class _Follower:
    def __init__(self, engine: Successor, items: frozenset[Position], watch: frozenset[Position] | None):
        self.engine = engine
        self.items = items
        self.watch = watch
        self.hearts = frozenset(engine.level.positions[Tile.HEART])
        self.results: dict[MoveResult, None] = {}
        self.seen: set[tuple[State, int]] = set()
        self.ending = 0  # bits of the only end asked for (0: every end; the exit has two, see _Reach)
        self.ending_field: Position | None = None
        self.reach: bits.Reach | None = None
        # Logs are interned so that a visited state's key can hold id(log) (interned logs
        # stay alive for the whole walk, so their ids stay unique).
        self.logs: dict[_Log, _Log] = {}

    def intern(self, log: _Log) -> _Log:
        return self.logs.setdefault(log, log)

    def walk(self, transitions: Iterable[Transition], log: _Log, here: Position) -> None:
        for events, following in transitions:
            after = self.apply(events, log, here)
            if after is None:
                continue  # knocked out on the way
            new_log, where = after
            if isinstance(following, Stop):
                if not self.ending or (following.x, following.y) == self.ending_field:
                    self.finish((following.x, following.y), new_log, following.exited, False)
                continue
            if self.reach is not None and not self.reach.of(following)[0] & self.ending:
                continue  # no way on from here ends on the field asked for
            new_log = self.intern(new_log)
            key = (following, id(new_log))
            if key not in self.seen:
                self.seen.add(key)
                self.walk(self.engine.transitions(following), new_log, (following[0], following[1]))

    def apply(self, events: tuple[Event, ...], log: _Log, here: Position) -> tuple[_Log, Position] | None:
        for event in events:
            kind = event[0]
            if kind == ENTER or kind == ARRIVE:
                here = (event[1], event[2])
                if self.watch is None or here in self.watch:
                    log = log._replace(passed=log.passed | {here})
                if log.trail is not None:
                    if kind == ARRIVE:  # a teleport to a neighbouring teleporter looks like a step in the trail
                        log = log._replace(arrival=len(log.trail))
                    log = log._replace(trail=log.trail + (here,))
            elif kind == LOSE:
                log = log._replace(events=log.events + (HURT,))
                if log.health is not None:
                    health = health_after(log.health, 0, True, self.engine.max_health)
                    if health is None:
                        # S25: the move ends where the avatar stands (it does not fall on);
                        # the player then pays 3 gems to go on or goes back to the door.
                        self.finish(here, log, False, True)
                        return None
                    log = log._replace(health=health)
            elif kind == ITEM:
                item = (event[1], event[2])
                if item in self.items and item not in log.taken:  # S22: removed when taken
                    log = log._replace(taken=log.taken | {item})
                    if item in self.hearts:
                        health = log.health
                        if health is not None:
                            health = health_after(health, 1, False, self.engine.max_health)
                        log = log._replace(events=log.events + (item,), health=health)
                    else:
                        log = log._replace(gems=log.gems + 1)
            else:
                log = log._replace(gems=log.gems + event[1])
        return log, here

    def finish(self, end: Position, log: _Log, exited: bool, knocked_out: bool) -> None:
        result = MoveResult(end, exited, canonical_events(log.events), log.gems, log.passed, knocked_out, log.trail,
                            log.arrival)
        self.results[result] = None
