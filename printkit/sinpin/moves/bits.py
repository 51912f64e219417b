"""Bit-set walks of the engine's transitions: what the validator asks of every field and card.

The move graph (S27) needs where each move can end, S27's item check which fields some way
of moving enters, and the solver (S26) what a move can do to health. Those are unions over
all the ways of making a move, so `Reach` keeps, per state of a move, bit sets over the
fields (bit y * width + x) and one flag, joined by single integer operations; the solver's
health endings are walked only from states where health can change at all. `search` keeps
the general walks (every ending with its events, or one move followed in detail).
"""

from __future__ import annotations

from typing import Callable, Generic, Iterable, NamedTuple, TypeVar

from printkit.sinpin.moves.events import (ARRIVE, ENTER, HURT, ITEM, LOSE, Event, MoveResult, State, Stop, Successor, Transition,
                                          canonical_events)
from printkit.sinpin.level import Level, Position
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
    ends, entered = walker.union(engine.openings(start, card))
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
    bit at a time rather than byte by byte (the highest first: two operations on the big
    integer a bit, where the lowest takes three); the same fields in the same order."""
    cells = _cells(width, bits.bit_length())
    fields = []
    while bits:
        top = bits.bit_length() - 1
        fields.append(cells[top])
        bits ^= 1 << top
    fields.reverse()
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
    (the exit taking the avatar is one bit past the grid, S24) and every field it can enter.
    Both depend on the map's movement alone (not on items, blades or question marks), so
    what a Reach worked out is carried to the next map of the same size for every state
    whose move comes nowhere near a field that changed (`_carried_memo`): the mending's
    next round and the validation of the mended cave walk little more than the changes."""

    def __init__(self, engine: Successor, memo: dict[State | Stop, tuple[int, int]] | None = None):
        self.width = engine.width
        self.exited_bit = engine.width * engine.height
        self.exit = engine.level.exit
        self.transitions = engine.detached_transitions()  # no cycle back to the engine
        self.watched: dict[frozenset[Position], int] = {}
        # The fields where a move can touch health (S16 spikes, S17 blades, S22 hearts): a
        # move that enters none of them cannot (blades with points to spare are counted too).
        self.touchy = self.bits(frozenset(pos for tile in (Tile.SPIKES, Tile.BLADES, Tile.HEART) for pos in engine.level.positions[tile]))
        self.memo: dict[State | Stop, tuple[int, int]] = {} if memo is None else memo

    @classmethod
    def of_engine(cls, engine: Successor) -> Reach:
        return _kept(engine, ("reach",), lambda: cls(engine, _carried_memo(engine)))

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

    def of(self, state: State | Stop) -> tuple[int, int]:
        found = self.memo.get(state)
        if found is None:
            if isinstance(state, Stop):
                found = (1 << (self.exited_bit if state.exited else state.y * self.width + state.x), 0)
            else:
                found = self.union(self.transitions(state))
            self.memo[state] = found
        return found

    def union(self, steps: list[Transition]) -> tuple[int, int]:
        ends = fields = 0
        width, memo = self.width, self.memo
        for events, following in steps:
            child_ends, child_fields = memo.get(following) or self.of(following)
            ends |= child_ends
            fields |= child_fields
            for event in events:
                kind = event[0]
                if kind == ENTER or kind == ARRIVE:
                    fields |= 1 << (event[2] * width + event[1])
        return ends, fields

    def touches_health(self, fields: int) -> bool:
        """Whether a move entering `fields` (a `union`'s second part) can change health."""
        return bool(fields & self.touchy)


# Tiles that act on what the avatar holds, never on its way: gems and hearts (S22) and
# question marks (S23). The game's engines are built on maps with them as open cave
# (`movement_rows`): their events still tell health (blades, S17) and the door (S25).
HELD_TILES = (Tile.GEM, Tile.HEART, Tile.QUESTION)
_HELD = str.maketrans({tile.value: Tile.OPEN.value for tile in HELD_TILES})
# What a move's ends and entered fields depend on (S4-S24): every tile but those, the door
# and the blades, which change no move's way either (S15, S17).
_PLAIN = str.maketrans({tile.value: Tile.OPEN.value for tile in (Tile.DOOR, *HELD_TILES, Tile.BLADES)})
_SHAPE = "#H"  # rock and ladders: read from the fields next to them as well
# Beyond this share of the fields changed, carrying the memo over would save little.
_MOST_CHANGED = 1 / 8


def movement_rows(rows: tuple[str, ...]) -> tuple[str, ...]:
    """The map as a game's moves see it: gems, hearts and question marks are open cave
    (S22, S23); two maps with the same movement rows have the same moves and health events
    but for the items taken (printkit.sinpin.game.outcomes keeps its engines by them)."""
    return tuple(row.translate(_HELD) for row in rows)


def movement_map(level: Level) -> tuple[str, ...]:
    """`movement_rows` with the door and blades open cave too: two levels with the same
    movement map have the same moves, but for their events (items, health)."""
    return tuple(row.translate(_PLAIN) for row in level.rows)


class _Movement(NamedTuple):
    """The map a memo of `Reach` was worked out on."""

    width: int
    height: int
    rows: tuple[str, ...]
    teleporters: tuple[Position, ...]
    memo: dict


class LastMap(Generic[T]):
    """What a process worked out on the last map it was asked about, kept for the next one.

    The generator judges each cave several times as it mends it (items, door and blades
    moved, rock and ladders seldom) and validates it at the end, each time as a new Level
    with a new engine and MoveCache, so those cannot carry it: one slot per kind does, at
    module level, replaced by each new map, so a process never holds more than one map's
    worth however many levels it makes. What of the slot a new map may use is its owner's
    rule: `_carried_memo` (here) keeps a Reach's states that no change can reach;
    `printkit.sinpin.moves.graph`'s `_shared_ends` keeps where moves end, all of it, for
    the same movement map only."""

    __slots__ = ("kept",)

    def __init__(self) -> None:
        self.kept: T | None = None


_last_reach: LastMap[_Movement] = LastMap()  # the movement map of the last Reach made, and its memo


def _carried_memo(engine: Successor) -> dict:
    """The memo for a new Reach: the last Reach's, for the states whose move cannot feel
    what changed in the movement map (the same memo when nothing did), else empty.

    A state's transitions read the tile of every field they enter (S15-S24), and whether
    their own field and the four next to it are rock or a ladder (S4 support, S9 bounces,
    S10 and S19 rock above, S11 a ladder below); the rest of its move is made of states on
    the fields it enters. So its memo (ends, fields entered) holds on a map where only
    fields it never enters changed, rock and ladders also none next to its own field or
    to one it enters. Teleporters are read from anywhere (S20): when they differ, nothing
    is carried."""
    rows = movement_map(engine.level)
    teleporters = tuple(engine.teleporters)
    memo: dict = {}
    last = _last_reach.kept
    if last is not None and (last.width, last.height, last.teleporters) == (engine.width, engine.height, teleporters):
        changed = _changed(last.rows, rows, int(engine.width * engine.height * _MOST_CHANGED))
        if changed is not None:
            memo = _unaffected(last.memo, changed, engine.width) if changed[0] else last.memo
    _last_reach.kept = _Movement(engine.width, engine.height, rows, teleporters, memo)
    return memo


def _changed(before: tuple[str, ...], after: tuple[str, ...], most: int) -> tuple[int, frozenset[int]] | None:
    """Where the change can be felt (see `_carried_memo`), as bits and as bit indexes: the
    changed fields, and for rock or a ladder changed the fields next to it too (nothing:
    the maps move alike); None past `most` changed fields."""
    width, height = len(after[0]), len(after)
    near: set[int] = set()
    count = 0
    for y, (old, new) in enumerate(zip(before, after)):
        if old == new:
            continue
        for x in range(width):
            if old[x] != new[x]:
                count += 1
                if count > most:
                    return None
                if old[x] in _SHAPE or new[x] in _SHAPE:
                    near.update(ny * width + nx for nx, ny in ((x, y), (x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
                                if 0 <= nx < width and 0 <= ny < height)
                else:
                    near.add(y * width + x)
    return sum(1 << index for index in near), frozenset(near)


def _unaffected(memo: dict, near: tuple[int, frozenset[int]], width: int) -> dict:
    """The entries of `memo` whose state's field and entered fields avoid `near`."""
    bits, cells = near
    # list(): a copy taken at once, another thread may be adding to the memo
    return {state: found for state, found in list(memo.items()) if not found[1] & bits and state[1] * width + state[0] not in cells}


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
    reach = Reach.of_engine(engine)
    ends, fields = reach.union(openings)
    if not reach.touches_health(fields):  # nothing on the way touches health: the endings are the ends
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
                ends, fields = self.reach.memo.get(state) or self.reach.of(state)
                found = self.after(self.transitions(state)) if fields & self.reach.touchy else {(): ends}
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


