"""Walking the engine's transitions: every ending of a move, or moves followed in detail.

`MoveEngine.transitions` says where a move can go; this module says what happened on the
way. Items and health never change where the avatar can go, so when health is ignored the
rest of a move from a state is the same whatever came before it: `all_endings` remembers it
per state (a *suffix*), shared by every field and card the validator asks about. `follow`
walks one move with health, items taken and the trail in order, for `printkit moves` and the
validator's route.
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, TypeVar

from printkit.sinpin.engine import (
    ARRIVE,
    ENTER,
    HURT,
    ITEM,
    LOSE,
    Event,
    MoveEngine,
    MoveResult,
    State,
    Stop,
    Transition,
)
from printkit.sinpin.level import Position
from printkit.sinpin.tiles import Tile

# The rest of a move from some state: (end, exited, events, gems entered, chest pay-outs, passed).
Suffix = tuple[Position, bool, tuple[object, ...], frozenset[Position], int, frozenset[Position]]
_NOTHING: frozenset[Position] = frozenset()
T = TypeVar("T")


def all_endings(
    engine: MoveEngine,
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
        return _health_endings(engine, start, card, items)
    memory = engine._suffix_memos.setdefault((items, watch, gems), ({}, {}))
    walker = _Suffixes(engine, items, watch, gems, *memory)
    results: dict[MoveResult, None] = {}
    for end, exited, events, entered_gems, payout, passed in walker.after(engine.openings(start, card)):
        results[MoveResult(end, exited, events, payout + len(entered_gems), passed, False, None)] = None
    return tuple(sorted(results, key=MoveResult.order))


def _kept(engine: MoveEngine, key: tuple, make: Callable[[], T]) -> T:
    """The walker the engine keeps under `key` (its memory lives as long as the engine)."""
    walker = engine._suffix_memos.get(key)
    if walker is None:
        walker = engine._suffix_memos[key] = make()
    return walker


def _health_endings(engine: MoveEngine, start: Position, card: int, items: frozenset[Position]) -> tuple[MoveResult, ...]:
    """`all_endings` when only where a move ends and what it does to health matter (no gems,
    nothing watched): what the validator's solver asks of every field it visits. The
    same results, from a lighter memory: per state, the ends (as bits) per health events."""
    width, exit_ = engine.width, engine.level.exit
    results: list[MoveResult] = []
    openings = engine.openings(start, card)
    ends, _, health = _Reach.of_engine(engine).union(openings)
    if not health:  # nothing on the way touches health: the endings are the ends
        if ends >> (width * engine.height):
            results.append(MoveResult(exit_, True, (), 0, _NOTHING, False, None))  # type: ignore[arg-type]
        for end in _positions(ends & ~(1 << (width * engine.height)), width):
            results.append(MoveResult(end, False, (), 0, _NOTHING, False, None))
        return tuple(sorted(results, key=MoveResult.order))
    walker = _HealthSuffixes.of_engine(engine, items)
    for events, bits in walker.after(openings).items():
        if bits >> walker.exited_bit:
            results.append(MoveResult(exit_, True, events, 0, _NOTHING, False, None))  # type: ignore[arg-type]
            bits ^= 1 << walker.exited_bit
        for end in _positions(bits, width):
            results.append(MoveResult(end, False, events, 0, _NOTHING, False, None))
    return tuple(sorted(results, key=MoveResult.order))


class _HealthSuffixes:
    """Per state of a move: {health events of the rest of the move: bits of where it ends}."""

    def __init__(self, engine: MoveEngine, items: frozenset[Position]):
        self.width = engine.width
        self.exited_bit = engine.width * engine.height  # one bit past the grid: the exit took it (S24)
        self.transitions = engine.transitions
        self.hearts = items & frozenset(engine.level.positions[Tile.HEART])
        self.memo: dict[State | Stop, dict[tuple[object, ...], int]] = {}
        self.effects: dict[tuple[Event, ...], tuple[object, ...]] = {}

    @classmethod
    def of_engine(cls, engine: MoveEngine, items: frozenset[Position]) -> _HealthSuffixes:
        return _kept(engine, ("health", items), lambda: cls(engine, items))

    def of(self, state: State | Stop) -> dict[tuple[object, ...], int]:
        found = self.memo.get(state)
        if found is None:
            if isinstance(state, Stop):
                found = {(): 1 << (self.exited_bit if state.exited else state.y * self.width + state.x)}
            else:
                found = self.after(self.transitions(state))
            self.memo[state] = found  # never mutated once stored: parents may share it
        return found

    def after(self, steps: list[Transition]) -> dict[tuple[object, ...], int]:
        memo = self.memo
        if len(steps) == 1:
            events, following = steps[0]
            return self.prepend(events, memo.get(following) or self.of(following))
        found: dict[tuple[object, ...], int] = {}
        for events, following in steps:
            for later, bits in self.prepend(events, memo.get(following) or self.of(following)).items():
                found[later] = found.get(later, 0) | bits
        return found

    def prepend(self, events: tuple[Event, ...], suffixes: dict[tuple[object, ...], int]) -> dict[tuple[object, ...], int]:
        before = self.effects.get(events)
        if before is None:
            before = self.effects[events] = tuple(
                HURT if event[0] == LOSE else (event[1], event[2])
                for event in events
                if event[0] == LOSE or (event[0] == ITEM and (event[1], event[2]) in self.hearts)
            )
        if not before:
            return suffixes
        found: dict[tuple[object, ...], int] = {}
        for later, bits in suffixes.items():
            key = canonical_events(before + later)
            found[key] = found.get(key, 0) | bits
        return found


def canonical_events(events: Iterable[object]) -> tuple[object, ...]:
    """Health events as one move's result keeps them: each heart where it was first taken
    (S22), and the hearts between two losses of health sorted, since their order cannot
    change health (each gives 1, up to the maximum). Fewer distinct endings to remember."""
    ordered: list[object] = []
    block: list[Position] = []
    taken: set[object] = set()
    for event in events:
        if event == HURT:
            ordered += sorted(block)
            block = []
            ordered.append(HURT)
        elif event not in taken:
            taken.add(event)
            block.append(event)  # type: ignore[arg-type]
    ordered += sorted(block)
    return tuple(ordered)


class _Suffixes:
    def __init__(
        self,
        engine: MoveEngine,
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


def fields_passed(engine: MoveEngine, start: Position, card: int, watch: frozenset[Position]) -> frozenset[Position]:
    """The watched fields that some way of making the move enters (S27 "passes"), health ignored."""
    return reach(engine, start, card, watch)[1]


def reach(engine: MoveEngine, start: Position, card: int, watch: frozenset[Position]) -> tuple[frozenset[Position], frozenset[Position]]:
    """Where some way of making the move ends, and the watched fields some way enters (S27
    "passes"), health ignored: what the move graph and S27's items ask, in one walk.

    Only the unions are kept per state, never which fields or ends go together, so this
    stays small where every ending's own `passed` and health events would multiply on a map
    full of items. The unions are bit sets over the fields (bit y * width + x), which makes
    each a single integer operation.
    """
    walker = _Reach.of_engine(engine)
    ends, entered, _ = walker.union(engine.openings(start, card))
    return frozenset(walker.ends(ends)), frozenset(_positions(entered & walker.bits(watch), engine.width))


def ends(engine: MoveEngine, start: Position, card: int) -> list[Position]:
    """Where some way of making the move ends (the first part of `reach`), health ignored."""
    walker = _Reach.of_engine(engine)
    return walker.ends(walker.union(engine.openings(start, card))[0])


def fields_passed_by(engine: MoveEngine, starts: Iterable[tuple[Position, int]], watch: frozenset[Position]) -> frozenset[Position]:
    """The watched fields that some move of (start, card) in `starts` passes: the union of
    `fields_passed`, found as one bit set."""
    walker = _Reach.of_engine(engine)
    fields = 0
    for start, card in starts:
        fields |= walker.union(engine.openings(start, card))[1]
    return frozenset(_positions(fields & walker.bits(watch), engine.width))


def _positions(bits: int, width: int) -> list[Position]:
    """The fields of a bit set (bit y * width + x), in reading order."""
    cells = _cells(width, bits.bit_length())
    fields = []
    for offset, byte in enumerate(bits.to_bytes((bits.bit_length() + 7) >> 3, "little")):
        if byte:
            base = offset << 3
            fields += [cells[base + bit] for bit in _BYTE_BITS[byte]]
    return fields


_BYTE_BITS = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
_CELLS: dict[int, list[Position]] = {}


def _cells(width: int, length: int) -> list[Position]:
    """Bit index -> field, for a grid `width` wide, at least `length` bits (whole bytes)."""
    cells = _CELLS.get(width)
    if cells is None or len(cells) < length + 8:
        size = max(length + 8, 512)
        cells = _CELLS[width] = [(index % width, index // width) for index in range(size)]
    return cells


class _Reach:
    """Per state of a move, as bit sets over the fields: where the rest of the move can end
    (the exit taking the avatar is one bit past the grid, S24), every field it can enter,
    and whether it can touch health at all (spikes, blades or a heart on the way)."""

    def __init__(self, engine: MoveEngine):
        self.width = engine.width
        self.exited_bit = engine.width * engine.height
        self.exit = engine.level.exit
        self.transitions = engine.transitions
        self.hearts = frozenset(engine.level.positions[Tile.HEART])
        self.memo: dict[State | Stop, tuple[int, int, bool]] = {}
        self.watched: dict[frozenset[Position], int] = {}

    @classmethod
    def of_engine(cls, engine: MoveEngine) -> _Reach:
        return _kept(engine, ("reach",), lambda: cls(engine))

    def bits(self, fields: frozenset[Position]) -> int:
        found = self.watched.get(fields)
        if found is None:
            found = self.watched[fields] = sum(1 << (y * self.width + x) for x, y in fields)
        return found

    def ends(self, bits: int) -> list[Position]:
        """The fields of an ends bit set; the exit once, whether or not it took the avatar."""
        fields = _positions(bits & ~(1 << self.exited_bit), self.width)
        if bits >> self.exited_bit and self.exit not in fields:
            fields.append(self.exit)  # type: ignore[arg-type]
        return fields

    def of(self, state: State | Stop) -> tuple[int, int, bool]:
        found = self.memo.get(state)
        if found is None:
            if isinstance(state, Stop):
                found = (1 << (self.exited_bit if state.exited else state.y * self.width + state.x), 0, False)
            else:
                found = self.union(self.transitions(state))
            self.memo[state] = found
        return found

    def union(self, steps: list[Transition]) -> tuple[int, int, bool]:
        ends = fields = 0
        health = False
        width, memo = self.width, self.memo
        for events, following in steps:
            child_ends, child_fields, child_health = memo.get(following) or self.of(following)
            ends |= child_ends
            fields |= child_fields
            health = health or child_health
            for event in events:
                kind = event[0]
                if kind == ENTER or kind == ARRIVE:
                    fields |= 1 << (event[2] * width + event[1])
                elif kind == LOSE or (kind == ITEM and (event[1], event[2]) in self.hearts):
                    health = True
        return ends, fields, health


class _Log(NamedTuple):
    """What happened so far in one followed move."""

    health: int | None  # None: not followed
    events: tuple[object, ...]
    gems: int
    taken: frozenset[Position]  # gems and hearts taken earlier in this move (S22)
    passed: frozenset[Position]
    trail: tuple[Position, ...] | None


def follow(
    engine: MoveEngine,
    start: Position,
    card: int,
    items: frozenset[Position],
    watch: frozenset[Position] | None,
    health: int | None,
    trail: bool,
    ending: Position | None = None,
) -> tuple[MoveResult, ...]:
    """Every distinct ending of a move, following health (S25) and the trail when asked.

    `ending` keeps only the ways of moving that can end on that field (the ways that
    cannot are not walked, which spares most of the work when a trail is wanted)."""
    walker = _Follower(engine, items, watch)
    if ending is not None:
        bit = 1 << (ending[1] * engine.width + ending[0])
        walker.ending_field = ending
        walker.ending = bit | (1 << engine.width * engine.height if ending == engine.level.exit else 0)
        walker.reach = _Reach.of_engine(engine)
    walker.walk(engine.openings(start, card), walker.intern(_Log(health, (), 0, _NOTHING, _NOTHING, () if trail else None)), start)
    return tuple(sorted(walker.results, key=MoveResult.order))


class _Follower:
    def __init__(self, engine: MoveEngine, items: frozenset[Position], watch: frozenset[Position] | None):
        self.engine = engine
        self.items = items
        self.watch = watch
        self.hearts = frozenset(engine.level.positions[Tile.HEART])
        self.results: dict[MoveResult, None] = {}
        self.seen: set[tuple[State, int]] = set()
        self.ending = 0  # bits of the only end asked for (0: every end; the exit has two, see _Reach)
        self.ending_field: Position | None = None
        self.reach: _Reach | None = None
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
                    log = log._replace(trail=log.trail + (here,))
            elif kind == LOSE:
                log = log._replace(events=log.events + (HURT,))
                if log.health is not None:
                    log = log._replace(health=log.health - 1)
                    if log.health <= 0:
                        # S25: the move ends where the avatar stands (it does not fall on);
                        # the player then pays 3 gems to go on or goes back to the door.
                        self.finish(here, log, False, True)
                        return None
            elif kind == ITEM:
                item = (event[1], event[2])
                if item in self.items and item not in log.taken:  # S22: removed when taken
                    log = log._replace(taken=log.taken | {item})
                    if item in self.hearts:
                        health = log.health
                        if health is not None and health < self.engine.max_health:
                            health += 1
                        log = log._replace(events=log.events + (item,), health=health)
                    else:
                        log = log._replace(gems=log.gems + 1)
            else:
                log = log._replace(gems=log.gems + event[1])
        return log, here

    def finish(self, end: Position, log: _Log, exited: bool, knocked_out: bool) -> None:
        result = MoveResult(end, exited, canonical_events(log.events), log.gems, log.passed, knocked_out, log.trail)
        self.results[result] = None
