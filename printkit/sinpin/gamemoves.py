"""Moves in a game: the engine's transitions walked on the map as it is now (S28-S33).

In a game the map changes: gems, hearts and question marks are taken, webs are removed once
passed, drawn webs and chests are placed. Only webs and chests change where a move can go
(S18, S21); gems, hearts and question marks act on what the avatar holds, not on its way.
So the engine is built on the *movement map* (the map with gems, hearts and question marks
as open cave), and engines are kept per movement map: the map is the key, so a result worked
out on another map can never be used. Per engine, the rest of a move from each state (a
suffix) is remembered as the fields entered between losses of health, which is enough to
apply any items and any health to it later (S22, S25) — the same suffix serves every turn
until a web or chest changes the movement map.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

from printkit.sinpin.engine import ARRIVE, ENTER, LOSE, PAYOUT, MoveEngine, State, Stop, Transition
from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import Tile

# The rest of a move from some state, health and items not yet applied:
# (end, exited, segments, hurts, payout segment, payout). Segment i is the bit mask of the
# fields entered after the i-th loss of health and up to the next one (S26: health is
# followed in the order fields are entered); hurts[i] is where loss i+1 happened.
SuffixKey = tuple[Position, bool, tuple[int, ...], tuple[Position, ...], int, int]
# A representative trail, as cons cells: (steps, rest) where a step is a field entered or
# None for a loss of health; () ends it. Shared between suffixes, flattened on demand.
Trail = tuple
_ITEM_FIELDS = frozenset({Tile.OPEN, Tile.GEM, Tile.HEART, Tile.QUESTION, Tile.WEB})
_ITEM_CHARS = str.maketrans({Tile.GEM.char: Tile.OPEN.char, Tile.HEART.char: Tile.OPEN.char,
                             Tile.QUESTION.char: Tile.OPEN.char})


def movement_rows(rows: tuple[str, ...]) -> tuple[str, ...]:
    """The map as movement sees it: gems, hearts and question marks are open cave (S22, S23)."""
    return tuple(row.translate(_ITEM_CHARS) for row in rows)


class GameOutcome(NamedTuple):
    """One distinct way a move can end in a game, with what it does (S16-S25). Fields are
    bit masks over the map (bit y * width + x); `GameMoves.positions` turns one into fields."""

    end: Position  # where the move ends (where health reached 0, when knocked out)
    exited: bool  # it entered the exit (S24)
    knocked_out: bool  # health reached 0 and ended it (S25)
    health: int  # after the move (0 when knocked out)
    damage: int  # health lost (S16, S17)
    gems: int  # mask of the gems taken (S22)
    hearts: int  # mask of the hearts taken (S22)
    marks: int  # mask of the question marks entered: each draws once (S23)
    webs: int  # mask of the webs entered: removed when the move ends (S18, S29b)
    payout: int  # chest pay-out (S21)
    path: Trail  # one way of making it: steps as cons cells (see `trail`)
    losses: int  # the trail is cut after this many losses of health (0: not cut)

    @property
    def gained(self) -> int:
        """Gems this move brings: gems taken plus a chest's pay-out (S21, S22)."""
        return self.gems.bit_count() + self.payout

    @property
    def trail(self) -> tuple[Position, ...]:
        """The fields entered in order, repeats and the teleport arrival included (S27)."""
        return _flatten(self.path, self.losses or None)


def _flatten(trail: Trail, losses: int | None) -> tuple[Position, ...]:
    """The fields of a trail in order; cut after the `losses`-th loss of health if given."""
    fields: list[Position] = []
    while trail:
        steps, trail = trail
        for step in steps:
            if step is None:
                if losses is not None:
                    losses -= 1
                    if losses == 0:
                        return tuple(fields)
            else:
                fields.append(step)
    return tuple(fields)


_END: Trail = ()
Entry = tuple[dict, int]  # (suffixes: SuffixKey -> Trail, footprint: mask of the fields it may enter)
# What is remembered: per state at most this many footprints (the webs and chests on a
# footprint can change the fields a move may enter, so a state can have a few); in all about
# MEMO_BUDGET webs-and-chests variants (every game's set-up places its own webs), see _Memo;
# and MAX_APPLIED lists of outcomes for an opening, health and items (GameMoves.outcomes).
MAX_FOOTPRINTS = 16
MEMO_BUDGET = 12_000
MAX_APPLIED = 20_000


class _Map:
    """One movement map: its engine (made when first needed), its webs and chests, and the
    outcomes worked out on it."""

    def __init__(self, rows: tuple[str, ...], level: Level, like: _Map | None = None):
        self.rows = rows
        self.level = level
        self.like = like  # a map of the same level whose engine shares what never changes
        self._engine: MoveEngine | None = None
        self.webs = _mask(level.width, _where(rows, Tile.WEB.char))
        self.chests = _mask(level.width, _where(rows, Tile.CHEST.char))
        self.openings: dict[tuple[Position, int], _Opening] = {}  # (start, card) -> its suffixes on this map

    @property
    def engine(self) -> MoveEngine:
        if self._engine is None:
            like = self.like.engine if self.like is not None else None
            self._engine = MoveEngine(Level(self.rows, rules=self.level.rules), like)
            self.like = None
        return self._engine


class _Opening:
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


class _Memo:
    """Suffixes of moves per engine state, shared by every map of a level.

    A suffix is kept with its *footprint*, every field it may enter, and the webs and chests
    that were on that footprint (the only tiles a game changes that movement sees, S18, S21,
    S29b; the engine tells them from open cave only on the field being entered). It is used
    on a map only when that map has the same webs and chests on the footprint, which is
    exactly when the engine would work out the same suffix again; so a stale result can
    never be used.

    Memory is bounded by two generations: what was worked out or used since the last
    `budget` new entries, and the generation before; an entry of the older one that is used
    again moves to the newer one, the rest is dropped when the newer one is full.
    """

    def __init__(self) -> None:
        # state -> footprint -> (webs, chests on the footprint) -> what was worked out there
        self.entries: dict[object, dict[int, dict[tuple[int, int], object]]] = {}
        self.older: dict[object, dict[int, dict[tuple[int, int], object]]] = {}
        self.size = 0  # entries in the newer generation
        self.effects: dict[tuple, tuple] = {}  # one transition's events -> what they add (_Walker._effect)

    def _footprints(self, key: object) -> dict[int, dict[tuple[int, int], object]] | None:
        found = self.entries.get(key)
        if found is None:
            found = self.older.pop(key, None)
            if found is not None:
                self.entries[key] = found
                self.size += sum(len(variants) for variants in found.values())
        return found

    def get(self, key: object, board: _Map):
        footprints = self._footprints(key)
        if footprints:
            webs, chests = board.webs, board.chests
            for footprint, variants in footprints.items():
                found = variants.get((webs & footprint, chests & footprint))
                if found is not None:
                    return found
        return None

    def put(self, key: object, board: _Map, entry: object, footprint: int) -> None:
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


def _where(rows: tuple[str, ...], char: str) -> list[Position]:
    return [(x, y) for y, row in enumerate(rows) if char in row for x, c in enumerate(row) if c == char]


def _mask(width: int, positions) -> int:
    mask = 0
    for x, y in positions:
        mask |= 1 << (y * width + x)
    return mask


class GameMoves:
    """Every outcome of a move on a game's current map, for one level. Maps are kept for the
    movement maps most recently used; the suffixes of moves are shared by all of them."""

    def __init__(self, level: Level, maps: int = 64):
        self.level = level
        self.width = level.width
        self.capacity = maps
        self._fields = [(i % level.width, i // level.width) for i in range(level.width * level.height)]
        self._maps: OrderedDict[tuple[str, ...], _Map] = OrderedDict()  # by the whole map
        self._by_movement: dict[tuple[str, ...], _Map] = {}
        # In a game only webs, chests and items change (S29b): every map shares the level's
        # rock, ladders and teleporters, so their engines share what depends on those alone.
        self._root = _Map(movement_rows(level.rows), level)
        self._memo = _Memo()
        self._item_masks: dict[tuple[str, ...], tuple[int, int, int]] = {}
        # A turn asks about one map several times (a card each, the bot's view): the last
        # map asked about is kept by identity, which skips hashing its rows again.
        self._last_rows: tuple[str, ...] | None = None
        # (opening, health, items on the fields it may enter) -> its outcomes, oldest first
        self._applied: OrderedDict[tuple, list[GameOutcome]] = OrderedDict()
        self._last: tuple[_Map, tuple[int, int, int]] | None = None
        # Only fields that can hold an item or a web in a game matter in a suffix (S28: items
        # go on vacant open cave); the others are left out so that more ways merge.
        self.relevant = _mask(level.width, [(x, y) for x, y, tile in level.cells() if tile in _ITEM_FIELDS])

    # -- masks of a map ---------------------------------------------------------------------
    def mask(self, positions) -> int:
        return _mask(self.width, positions)

    def positions(self, mask: int) -> tuple[Position, ...]:
        """The fields of a mask in reading order (rows top to bottom, then columns)."""
        fields = self._fields
        found = []
        while mask:
            low = mask & -mask
            found.append(fields[low.bit_length() - 1])
            mask ^= low
        return tuple(found)

    def item_masks(self, rows: tuple[str, ...]) -> tuple[int, int, int]:
        """(gems, hearts, question marks) on a map, as masks."""
        if rows is self._last_rows:
            return self._last[1]  # type: ignore[index]
        found = self._item_masks.get(rows)
        if found is None:
            if len(self._item_masks) > 4096:
                self._item_masks.clear()
            found = self._item_masks[rows] = tuple(
                _mask(self.width, _where(rows, tile.char)) for tile in (Tile.GEM, Tile.HEART, Tile.QUESTION))
        return found

    def _map_for(self, rows: tuple[str, ...]) -> _Map:
        if rows is self._last_rows:
            return self._last[0]  # type: ignore[index]
        found = self._maps.get(rows)
        if found is None:
            key = movement_rows(rows)
            found = self._by_movement.get(key)
            if found is None:
                found = self._by_movement[key] = _Map(key, self.level, self._root)
            self._maps[rows] = found
            if len(self._maps) > self.capacity:
                self._maps.popitem(last=False)
                if len(self._by_movement) > self.capacity:
                    self._by_movement = {board.rows: board for board in self._maps.values()}
        else:
            self._maps.move_to_end(rows)
        self._last_rows, self._last = rows, (found, self.item_masks(rows))
        return found

    # -- the query ------------------------------------------------------------------------------
    def outcomes(self, rows: tuple[str, ...], start: Position, card: int, health: int,
                 items: tuple[int, int, int]) -> list[GameOutcome]:
        """Every distinct outcome of playing `card` from `start` on the map `rows`, with
        `health` before the move and `items` the (gems, hearts, question marks) masks of
        that map (`item_masks`). Sorted in a fixed order, so that a choice among them is
        the same in every process."""
        board = self._map_for(rows)
        opening = board.openings.get((start, card))
        if opening is None:
            opening = board.openings[(start, card)] = _Walker(board, self._memo, self.relevant).opening(start, card)
        # Only items on fields the move can enter change its outcomes: the same answer
        # serves every map that has the same ones there.
        reach = opening.reach
        key = (opening, health, items[0] & reach, items[1] & reach, items[2] & reach)
        found = self._applied.get(key)
        if found is None:
            if len(self._applied) >= MAX_APPLIED:
                self._applied.popitem(last=False)  # the oldest goes
            found = self._applied[key] = self._apply(opening, health, key[2:])
        return found

    def _apply(self, opening: _Opening, health: int, items: tuple[int, int, int]) -> list[GameOutcome]:
        gems, hearts, marks = items
        maximum = self.level.rules.max_health
        webs = opening.webs
        found: list[GameOutcome] = []
        on_map = gems | hearts | marks | webs  # items and webs are on different fields
        for end, exited, payout, members in opening.plain:  # no loss of health: the common case
            # Suffixes that enter the same items and webs give the same outcome; members run last
            # to first, so the trail left for each is the first suffix's, as in every process.
            for taken, trail in {entered & on_map: trail for entered, trail in members}.items():
                taken_hearts = taken & hearts
                hp = health
                if taken_hearts and hp < maximum:  # S22: up to the maximum, never lowering it
                    hp = min(maximum, hp + taken_hearts.bit_count())
                found.append(_outcome(GameOutcome, (end, exited, False, hp, 0, taken & gems, taken_hearts,
                                                    taken & marks, taken & webs, payout, trail, 0)))
        # With a loss of health (damage > 0: never one of the above), several can agree.
        distinct: dict[tuple, GameOutcome] = {}
        if not hearts and health > 0:  # no heart on the way: each loss takes one health
            for ((end, exited, _, hurts, payout_at, payout), trail), entered in zip(opening.hurting, opening.hurting_reach):
                if len(hurts) >= health:  # S25: knocked out at loss number `health`
                    taken, knocked = entered[health - 1], True
                    end, exited, hp, damage, cut = hurts[health - 1], False, 0, health, health
                    if payout_at >= health:
                        payout = 0
                else:
                    taken, knocked, hp, damage, cut = entered[-1], False, health - len(hurts), len(hurts), 0
                key = (end, exited, knocked, hp, damage, taken & gems, 0, taken & marks, taken & webs, payout)
                if key not in distinct:
                    distinct[key] = _outcome(GameOutcome, (*key, trail, cut))
            found.extend(distinct.values())
            found.sort()
            return found
        for (end, exited, segments, hurts, payout_at, payout), trail in opening.hurting:
            taken = 0
            hp = health
            knocked = -1
            for index, segment in enumerate(segments):
                new_hearts = (segment & ~taken & hearts).bit_count()
                if new_hearts and hp < maximum:
                    hp = min(maximum, hp + new_hearts)
                taken |= segment
                if index < len(hurts):
                    hp -= 1
                    if hp <= 0:  # S25: the move ends at once where the avatar is
                        knocked = index
                        break
            if knocked >= 0:
                end, exited, hp, damage = hurts[knocked], False, 0, knocked + 1
                if payout_at > knocked:
                    payout = 0
            else:
                damage = len(hurts)
            key = (end, exited, knocked >= 0, hp, damage, taken & gems, taken & hearts, taken & marks, taken & webs, payout)
            if key not in distinct:
                distinct[key] = _outcome(GameOutcome, (*key, trail, damage if knocked >= 0 else 0))
        found.extend(distinct.values())
        # The first ten fields differ between any two outcomes, so the sort never compares trails.
        found.sort()
        return found


def _running_or(masks: tuple[int, ...]):
    """Each mask OR-ed with all before it."""
    total = 0
    for mask in masks:
        total |= mask
        yield total


_outcome = tuple.__new__  # a GameOutcome from a tuple of its fields, without NamedTuple's slower __new__


class _Walker:
    """Suffixes of a move per state, from the one successor function, remembered per
    movement map with their footprints (see _Memo)."""

    def __init__(self, board: _Map, memo: _Memo, relevant: int):
        self.map = board
        self.memo = memo
        self.effects = memo.effects
        self.relevant = relevant
        self.width = board.level.width

    def opening(self, start: Position, card: int) -> _Opening:
        key = ("open", start, card)
        found = self.memo.get(key, self.map)
        if found is None:
            transitions = self.map.engine.openings(start, card)
            suffixes, footprint = self.after(transitions, self._reads(transitions))
            found = _Opening(suffixes, footprint, self.map.webs & footprint)
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
        steps: list[Position | None] = []
        payout: tuple = ()
        here: Position | None = None
        for event in events:
            kind = event[0]
            if kind == ENTER or kind == ARRIVE:
                here = (event[1], event[2])
                segments[-1] |= (1 << (event[2] * self.width + event[1])) & self.relevant
                steps.append(here)
            elif kind == LOSE:
                assert here is not None  # health is lost on entering a field (S16, S17)
                hurts.append(here)
                segments.append(0)
                steps.append(None)
            elif kind == PAYOUT and event[1]:
                payout = (len(segments) - 1, event[1])
        return tuple(segments), tuple(hurts), payout, tuple(steps)
