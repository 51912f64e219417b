"""What GameMoves remembers of moves: suffixes per engine state, on the movement maps of a game.

The engine is built on a *movement map* (gems, hearts and question marks as open cave: they
act on what the avatar holds, not on its way, S22, S23). Per engine state, the rest of a move
(a suffix) is kept as the fields entered between losses of health, which is enough to apply
any items and any health to it later (game.outcomes, S22, S25). A suffix is used on another map
only when the webs and chests on its footprint are the same there (SuffixMemo).
"""

from __future__ import annotations

from collections.abc import Iterator

from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.moves.events import ARRIVE, ENTER, LOSE, PAYOUT, TELEPORT, State, Stop, Transition
from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import Tile

# The rest of a move from some state, health and items not yet applied:
# (end, exited, segments, hurts, payout segment, payout). Segment i is the bit mask of the
# fields entered after the i-th loss of health and up to the next one (S26: health is
# followed in the order fields are entered); hurts[i] is where loss i+1 happened.
SuffixKey = tuple[Position, bool, tuple[int, ...], tuple[Position, ...], int, int]
# A representative trail, as cons cells: (steps, rest) where a step is a field entered, right
# after how it was entered (the engine's ENTER `how`, or TELEPORT where a teleport arrived:
# ARRIVE, S20; a trail of fields alone cannot tell a fall from a climb down, S11, S14, nor a
# teleport to the next teleporter from a step), or None for a loss of health; () ends it.
# Shared between suffixes, flattened on demand.
Trail = tuple
_END: Trail = ()
Entry = tuple[dict, int]  # (suffixes: SuffixKey -> Trail, footprint: mask of the fields it may enter)
# What is remembered: per state at most this many footprints (the webs and chests on a
# footprint can change the fields a move may enter, so a state can have a few); in all about
# MEMO_BUDGET webs-and-chests variants (every game's set-up places its own webs), see SuffixMemo.
MAX_FOOTPRINTS = 16
MEMO_BUDGET = 12_000


class MovementMap:
    """One movement map: its engine (made when first needed), its webs and chests, and the
    outcomes worked out on it."""

    def __init__(self, rows: tuple[str, ...], level: Level, like: MovementMap | None = None):
        self.rows = rows
        self.level = level
        self.like = like  # a map of the same level whose engine shares what never changes
        self._engine: MoveEngine | None = None
        self.webs = mask_of(level.width, where(rows, Tile.WEB.char))
        self.chests = mask_of(level.width, where(rows, Tile.CHEST.char))
        self.openings: dict[tuple[Position, int], Opening] = {}  # (start, card) -> its suffixes on this map

    @property
    def engine(self) -> MoveEngine:
        if self._engine is None:
            like = self.like.engine if self.like is not None else None
            self._engine = MoveEngine(Level(self.rows, rules=self.level.rules), like)
            self.like = None
        return self._engine


class Opening:
    """Every suffix of one move (a field and a card) on maps with these webs around it."""

    __slots__ = ("suffixes", "footprint", "webs", "reach", "plain", "hurting", "hurting_reach")

    def __init__(self, suffixes: dict[SuffixKey, Trail], footprint: int, webs: int):
        self.suffixes = suffixes
        self.footprint = footprint
        self.webs = webs  # the webs on the footprint
        reach = 0  # every field some way of making the move enters
        for key in suffixes:
            for segment in key[2]:
                reach |= segment
        self.reach = reach
        # The suffixes without a loss of health, apart from the others: grouped by (end, exited,
        # pay-out), each group's (fields entered, trail) last first, so that a dict built from
        # them keeps the first suffix's trail for each set of items taken (see _apply).
        groups: dict[tuple, list] = {}
        for key, trail in suffixes.items():
            if not key[3]:
                groups.setdefault((key[0], key[1], key[5]), []).append((key[2][0], trail))
        self.plain = [(end, exited, payout, members[::-1]) for (end, exited, payout), members in groups.items()]
        self.hurting = [(key, trail) for key, trail in suffixes.items() if key[3]]
        # Per hurting suffix, the fields entered up to each loss of health and in all: with
        # no heart to take, health just falls by one a loss (_apply's quick way).
        self.hurting_reach = [tuple(_running_or(key[2])) for key, _ in self.hurting]


class SuffixMemo:
    """Suffixes of moves per engine state, shared by every map of a level.

    A suffix is kept with its *footprint*, every field it may enter, and the webs and chests
    that were on that footprint (the only tiles a game changes that movement sees, S18, S21,
    S29b; the engine tells them from open cave only on the field being entered). It is used
    on a map only when that map has the same webs and chests on the footprint, which is
    exactly when the engine would work out the same suffix again; so a stale result can
    never be used.

    Memory is bounded by two generations: what was worked out or used since the last
    MEMO_BUDGET new entries, and the generation before; a state of the older one that is
    asked about again moves to the newer one, the rest is dropped when the newer one is full.
    """

    def __init__(self) -> None:
        # state -> footprint -> (webs, chests on the footprint) -> what was worked out there
        self.entries: dict[object, dict[int, dict[tuple[int, int], object]]] = {}
        self.older: dict[object, dict[int, dict[tuple[int, int], object]]] = {}
        self.size = 0  # entries in the newer generation
        self.effects: dict[tuple, tuple] = {}  # one transition's events -> what they add (SuffixWalker._effect)

    def _footprints(self, key: object) -> dict[int, dict[tuple[int, int], object]] | None:
        found = self.entries.get(key)
        if found is None:
            found = self.older.pop(key, None)
            if found is not None:
                self.entries[key] = found
                self.size += sum(len(variants) for variants in found.values())
        return found

    def get(self, key: object, board: MovementMap):
        footprints = self._footprints(key)
        if footprints:
            webs, chests = board.webs, board.chests
            for footprint, variants in footprints.items():
                found = variants.get((webs & footprint, chests & footprint))
                if found is not None:
                    return found
        return None

    def put(self, key: object, board: MovementMap, entry: object, footprint: int) -> None:
        footprints = self._footprints(key)
        if footprints is None:
            footprints = self.entries[key] = {}
        variants = footprints.get(footprint)
        if variants is None:
            if len(footprints) >= MAX_FOOTPRINTS:
                self.size -= len(footprints.pop(next(iter(footprints))))  # the oldest goes
            variants = footprints[footprint] = {}
        variants[(board.webs & footprint, board.chests & footprint)] = entry
        self.size += 1
        if self.size > MEMO_BUDGET:
            self.older, self.entries, self.size = self.entries, {}, 0


def where(rows: tuple[str, ...], char: str) -> list[Position]:
    return [(x, y) for y, row in enumerate(rows) if char in row for x, c in enumerate(row) if c == char]


def mask_of(width: int, positions) -> int:
    mask = 0
    for x, y in positions:
        mask |= 1 << (y * width + x)
    return mask


def _running_or(masks: tuple[int, ...]) -> Iterator[int]:
    """Each mask OR-ed with all before it."""
    total = 0
    for mask in masks:
        total |= mask
        yield total


class SuffixWalker:
    """Suffixes of a move per state, from the one successor function, remembered per
    movement map with their footprints (see SuffixMemo)."""

    def __init__(self, board: MovementMap, memo: SuffixMemo, relevant: int):
        self.map = board
        self.memo = memo
        self.effects = memo.effects
        self.relevant = relevant
        self.width = board.level.width

    def opening(self, start: Position, card: int) -> Opening:
        key = ("open", start, card)
        found = self.memo.get(key, self.map)
        if found is None:
            transitions = self.map.engine.openings(start, card)
            suffixes, footprint = self.after(transitions, self._reads(transitions))
            found = Opening(suffixes, footprint, self.map.webs & footprint)
            self.memo.put(key, self.map, found, footprint)
        return found

    def of(self, state: State | Stop) -> Entry:
        found = self.memo.get(state, self.map)
        if found is None:
            if isinstance(state, Stop):
                found = ({((state.x, state.y), state.exited, (0,), (), -1, 0): _END}, 0)
            else:
                transitions = self.map.engine.transitions(state)
                found = self.after(transitions, self._reads(transitions))
            self.memo.put(state, self.map, found, found[1])
        return found

    def _reads(self, transitions: list[Transition]) -> int:
        """The fields whose tiles a game can change that these transitions depend on: the
        fields they enter. A game changes only open cave, webs and chests (S18, S21, S29b),
        and the engine tells those apart only on the field being entered; everything else it
        reads (rock, ladders, springs, teleporters: support, walks, bounces, jumps, S4-S20)
        never changes in a game."""
        width = self.width
        reads = 0
        for events, _ in transitions:
            for event in events:
                if event[0] == ENTER:
                    reads |= 1 << (event[2] * width + event[1])
        return reads

    def after(self, transitions: list[Transition], footprint: int) -> Entry:
        found: dict[SuffixKey, Trail] = {}
        for events, following in transitions:
            effect = self.effects.get(events)
            if effect is None:
                effect = self.effects[events] = self._effect(events)
            segments, hurts, payout, steps = effect
            later, later_footprint = self.of(following)
            footprint |= later_footprint
            if not steps:
                for key, trail in later.items():
                    found.setdefault(key, trail)
                continue
            last = len(segments) - 1
            for (end, exited, child, child_hurts, child_at, child_payout), trail in later.items():
                merged = segments[:last] + (segments[last] | child[0],) + child[1:]
                if payout:
                    at, amount = payout
                else:
                    at, amount = (child_at + last if child_at >= 0 else -1), child_payout
                key = (end, exited, merged, hurts + child_hurts, at, amount)
                if key not in found:
                    found[key] = (steps, trail)
        return found, footprint

    def _effect(self, events: tuple) -> tuple:
        """What one transition's events add in front of a suffix: segments, hurts, pay-out, steps."""
        segments = [0]
        hurts: list[Position] = []
        steps: list[Position | str | None] = []
        payout: tuple = ()
        here: Position | None = None
        for event in events:
            kind = event[0]
            if kind == ENTER or kind == ARRIVE:
                here = (event[1], event[2])
                segments[-1] |= (1 << (event[2] * self.width + event[1])) & self.relevant
                steps.append(TELEPORT if kind == ARRIVE else event[3])
                steps.append(here)
            elif kind == LOSE:
                assert here is not None  # health is lost on entering a field (S16, S17)
                hurts.append(here)
                segments.append(0)
                steps.append(None)
            elif kind == PAYOUT and event[1]:
                payout = (len(segments) - 1, event[1])
        return tuple(segments), tuple(hurts), payout, tuple(steps)
