"""Bit-set walks of the engine's transitions: what the validator asks of every field and card.

The move graph (S27) needs where each move can end, S27's item check which fields some way
of moving enters, and the solver (S26) what a move can do to health. Those are unions over
all the ways of making a move, so `Reach` keeps, per state of a move, bit sets over the
fields (bit y * width + x) and one flag, joined by single integer operations; the solver's
health endings are walked only from states where health can change at all. `search` keeps
the general walks (every ending with its events, or one move followed in detail).
"""

from __future__ import annotations

from typing import Callable, Iterable, TypeVar

from printkit.sinpin.moves.events import (ARRIVE, ENTER, HURT, ITEM, LOSE, Event, MoveResult, State, Stop, Successor, Transition,
                                          canonical_events)
from printkit.sinpin.level import Position
from printkit.sinpin.tiles import Tile

_NOTHING: frozenset[Position] = frozenset()
T = TypeVar("T")


def reach(engine: Successor, start: Position, card: int, watch: frozenset[Position]) -> tuple[frozenset[Position], frozenset[Position]]:
    """Where some way of making the move ends, and the watched fields some way enters (S27
    "passes"), health ignored: what the move graph and S27's items ask, in one walk.

    Only the unions are kept per state, never which fields or ends go together, so this
    stays small where every ending's own `passed` and health events would multiply on a map
    full of items. The unions are bit sets over the fields (bit y * width + x), which makes
    each a single integer operation.
    """
    walker = Reach.of_engine(engine)
    ends, entered, _ = walker.union(engine.openings(start, card))
    return frozenset(walker.ends(ends)), frozenset(_positions(entered & walker.bits(watch), engine.width))


def ends(engine: Successor, start: Position, card: int) -> list[Position]:
    """Where some way of making the move ends (the first part of `reach`), health ignored."""
    walker = Reach.of_engine(engine)
    return walker.ends(walker.union(engine.openings(start, card))[0])


def fields_passed_by(engine: Successor, starts: Iterable[tuple[Position, int]], watch: frozenset[Position]) -> frozenset[Position]:
    """The watched fields that some move of (start, card) in `starts` passes: the union of
    `fields_passed`, found as one bit set."""
    walker = Reach.of_engine(engine)
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


def _ends(bits: int, width: int) -> list[Position]:
    """`_positions` of a set of a few bits (where a move ends: a handful of fields), one set
    bit at a time rather than byte by byte; the same fields in the same order."""
    cells = _cells(width, bits.bit_length())
    fields = []
    while bits:
        low = bits & -bits
        fields.append(cells[low.bit_length() - 1])
        bits ^= low
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


class Reach:
    """Per state of a move, as bit sets over the fields: where the rest of the move can end
    (the exit taking the avatar is one bit past the grid, S24), every field it can enter,
    and whether it can touch health at all (spikes, blades or a heart on the way)."""

    def __init__(self, engine: Successor):
        self.width = engine.width
        self.exited_bit = engine.width * engine.height
        self.exit = engine.level.exit
        self.transitions = engine.detached_transitions()  # no cycle back to the engine
        self.hearts = frozenset(engine.level.positions[Tile.HEART])
        self.memo: dict[State | Stop, tuple[int, int, bool]] = {}
        self.watched: dict[frozenset[Position], int] = {}

    @classmethod
    def of_engine(cls, engine: Successor) -> Reach:
        return _kept(engine, ("reach",), lambda: cls(engine))

    def bits(self, fields: frozenset[Position]) -> int:
        found = self.watched.get(fields)
        if found is None:
            found = self.watched[fields] = sum(1 << (y * self.width + x) for x, y in fields)
        return found

    def ends(self, bits: int) -> list[Position]:
        """The fields of an ends bit set; the exit once, whether or not it took the avatar."""
        fields = _ends(bits & ~(1 << self.exited_bit), self.width)
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


def _kept(engine: Successor, key: tuple, make: Callable[[], T]) -> T:
    """The walker the engine keeps under `key` (its memory lives as long as the engine)."""
    walker = engine.walkers.get(key)
    if walker is None:
        walker = engine.walkers[key] = make()
    return walker


def health_endings(engine: Successor, start: Position, card: int, items: frozenset[Position]) -> tuple[MoveResult, ...]:
    """`all_endings` when only where a move ends and what it does to health matter (no gems,
    nothing watched): what the validator's solver asks of every field it visits. The
    same results, from a lighter memory: per state, the ends (as bits) per health events."""
    width, exit_ = engine.width, engine.level.exit
    results: list[MoveResult] = []
    openings = engine.openings(start, card)
    ends, _, health = Reach.of_engine(engine).union(openings)
    if not health:  # nothing on the way touches health: the endings are the ends
        if ends >> (width * engine.height):
            results.append(MoveResult(exit_, True, (), 0, _NOTHING, False, None))  # type: ignore[arg-type]
        for end in _ends(ends & ~(1 << (width * engine.height)), width):
            results.append(MoveResult(end, False, (), 0, _NOTHING, False, None))
        return tuple(sorted(results, key=MoveResult.order))
    walker = _HealthSuffixes.of_engine(engine, items)
    for events, bits in walker.after(openings).items():
        if bits >> walker.exited_bit:
            results.append(MoveResult(exit_, True, events, 0, _NOTHING, False, None))  # type: ignore[arg-type]
            bits ^= 1 << walker.exited_bit
        for end in _ends(bits, width):
            results.append(MoveResult(end, False, events, 0, _NOTHING, False, None))
    return tuple(sorted(results, key=MoveResult.order))


class _HealthSuffixes:
    """Per state of a move: {health events of the rest of the move: bits of where it ends}."""

    def __init__(self, engine: Successor, items: frozenset[Position]):
        self.width = engine.width
        self.exited_bit = engine.width * engine.height  # one bit past the grid: the exit took it (S24)
        self.transitions = engine.detached_transitions()  # no cycle back to the engine
        self.hearts = items & frozenset(engine.level.positions[Tile.HEART])
        self.memo: dict[State | Stop, dict[tuple[object, ...], int]] = {}
        self.effects: dict[tuple[Event, ...], tuple[object, ...]] = {}
        self.reach = Reach.of_engine(engine)  # where nothing below can touch health, its ends do

    @classmethod
    def of_engine(cls, engine: Successor, items: frozenset[Position]) -> _HealthSuffixes:
        return _kept(engine, ("health", items), lambda: cls(engine, items))

    def of(self, state: State | Stop) -> dict[tuple[object, ...], int]:
        found = self.memo.get(state)
        if found is None:
            if isinstance(state, Stop):
                found = {(): 1 << (self.exited_bit if state.exited else state.y * self.width + state.x)}
            else:
                ends, _, health = self.reach.memo.get(state) or self.reach.of(state)
                found = self.after(self.transitions(state)) if health else {(): ends}
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


