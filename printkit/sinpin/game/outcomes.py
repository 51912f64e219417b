"""Moves in a game: the engine's transitions walked on the map as it is now (S28-S33).

In a game the map changes: gems, hearts and question marks are taken, webs are removed once
passed, drawn webs and chests are placed. Only webs and chests change where a move can go
(S18, S21); gems, hearts and question marks act on what the avatar holds, not on its way.
So the engine is built on the *movement map* (the map with gems, hearts and question marks
as open cave), and engines are kept per movement map: the map is the key, so a result worked
out on another map can never be used. Per engine, the rest of a move from each state (a
suffix) is remembered as the fields entered between losses of health (suffixmemo), and
items and health are applied to it here (S22, S25, by the rule of `events.health_after`) —
the same suffix serves every turn until a web or chest changes the movement map.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import NamedTuple

from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves.bits import movement_rows
from printkit.sinpin.moves.events import health_after
from printkit.sinpin.game.suffixmemo import MovementMap, Opening, SuffixMemo, SuffixWalker, Trail, mask_of, where
from printkit.sinpin.tiles import Tile

_ITEM_FIELDS = frozenset({Tile.OPEN, Tile.GEM, Tile.HEART, Tile.QUESTION, Tile.WEB})


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
    return tuple(step for step in _steps(trail, losses) if type(step) is tuple)  # not a loss nor a how


def _steps(trail: Trail, losses: int | None) -> Iterator[Position | str | None]:
    """The steps of a trail in order, None for a loss of health, before each field how it
    was entered (suffixmemo.Trail); it stops at the `losses`-th loss if given (that loss included: S25 ends the move
    there)."""
    while trail:
        steps, trail = trail
        for step in steps:
            yield step
            if step is None and losses is not None:
                losses -= 1
                if losses == 0:
                    return


# What a move meets, by kind (`way_events`): every kind but "enter" and "web" is a record's
# event (game-record.md); a question mark's draw ("mark") is made by the game, not here.
WayEvent = tuple  # (kind, field), ("enter", field, how) or ("payout", field, gems)


def way_events(moves: GameMoves, rows: tuple[str, ...], outcome: GameOutcome) -> Iterator[WayEvent]:
    """The way an outcome's trail goes, in the order it happens (S15-S23): ("enter", field,
    how) for each field entered, `how` the engine's kind of step into it (events.How: a walk,
    a jump, a fall, a climb, ...; "teleport" where a teleport arrived, S20), as the trail alone
    cannot tell a fall from a climb down a ladder (S11, S14) nor a teleport to the next
    teleporter from a step; and after it what acts there: ("web", field) at each entry of a
    web (S18), the first entry of a gem, heart or question mark ("gem", "heart", "mark":
    taken or drawn once, S22, S23), ("payout", field, gems) at the chest (S21), and
    ("hurt", field) for each health lost there (S16, S17); cut where a knock-out ends the
    move (S25). `rows` is the map the move was chosen on. The trail is the engine's: nothing
    of the movement is worked out again here."""
    gems, hearts, marks = (set(moves.positions(mask)) for mask in (outcome.gems, outcome.hearts, outcome.marks))
    webs = set(moves.positions(outcome.webs))
    paid = outcome.payout == 0
    last: Position | None = None
    how = None
    for step in _steps(outcome.path, outcome.losses or None):
        if type(step) is str:
            how = step
            continue
        if step is None:
            yield ("hurt", last)
            continue
        last = step
        yield ("enter", step, how)
        for kind, held in (("gem", gems), ("heart", hearts), ("mark", marks)):
            if step in held:
                held.discard(step)
                yield (kind, step)
        if step in webs:
            yield ("web", step)
        elif not paid and rows[step[1]][step[0]] == Tile.CHEST.char:
            paid = True
            yield ("payout", step, outcome.payout)


# Lists of outcomes remembered for an opening, a health and the items on its way (outcomes).
MAX_APPLIED = 20_000


class GameMoves:
    """Every outcome of a move on a game's current map, for one level. Maps are kept for the
    movement maps most recently used; the suffixes of moves are shared by all of them."""

    def __init__(self, level: Level, maps: int = 64):
        self.level = level
        self.width = level.width
        self.capacity = maps
        self._fields = [(i % level.width, i // level.width) for i in range(level.width * level.height)]
        self._maps: OrderedDict[tuple[str, ...], MovementMap] = OrderedDict()  # by the whole map
        self._by_movement: dict[tuple[str, ...], MovementMap] = {}
        # In a game only webs, chests and items change (S29b): every map shares the level's
        # rock, ladders and teleporters, so their engines share what depends on those alone.
        self._root = MovementMap(movement_rows(level.rows), level)
        self._memo = SuffixMemo()
        self._item_masks: dict[tuple[str, ...], tuple[int, int, int]] = {}
        # A turn asks about one map several times (a card each, the bot's view): the last
        # map asked about is kept by identity, which skips hashing its rows again.
        self._last_rows: tuple[str, ...] | None = None
        # (opening, health, items on the fields it may enter) -> its outcomes, oldest first
        self._applied: OrderedDict[tuple, list[GameOutcome]] = OrderedDict()
        self._last: tuple[MovementMap, tuple[int, int, int]] | None = None
        # Only fields that can hold an item or a web in a game matter in a suffix (S28: items
        # go on vacant open cave); the others are left out so that more ways merge.
        self.relevant = mask_of(level.width, [(x, y) for x, y, tile in level.cells() if tile in _ITEM_FIELDS])

    # -- masks of a map ---------------------------------------------------------------------
    def mask(self, positions) -> int:
        return mask_of(self.width, positions)

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
                mask_of(self.width, where(rows, tile.char)) for tile in (Tile.GEM, Tile.HEART, Tile.QUESTION))
        return found

    def _map_for(self, rows: tuple[str, ...]) -> MovementMap:
        if rows is self._last_rows:
            return self._last[0]  # type: ignore[index]
        found = self._maps.get(rows)
        if found is None:
            key = movement_rows(rows)
            found = self._by_movement.get(key)
            if found is None:
                found = self._by_movement[key] = MovementMap(key, self.level, self._root)
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
            opening = board.openings[(start, card)] = SuffixWalker(board, self._memo, self.relevant).opening(start, card)
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

    def _apply(self, opening: Opening, health: int, items: tuple[int, int, int]) -> list[GameOutcome]:
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
                hp = health_after(health, taken_hearts.bit_count(), False, maximum) if taken_hearts else health
                found.append(_outcome(GameOutcome, (end, exited, False, hp, 0, taken & gems, taken_hearts,
                                                    taken & marks, taken & webs, payout, trail, 0)))
        # With a loss of health (damage > 0: never one of the above), several can agree.
        distinct: dict[tuple, GameOutcome] = {}
        if not hearts and health > 0:
            # No heart on the way: health depends on the number of losses alone, so the rule
            # is asked once per loss here, not per suffix. left[k]: health after k losses;
            # the loss after the last of them knocks the avatar out (S25).
            left = [health]
            while (after := health_after(left[-1], 0, True, maximum)) is not None:
                left.append(after)
            knock = len(left)
            for ((end, exited, _, hurts, payout_at, payout), trail), entered in zip(opening.hurting, opening.hurting_reach):
                if len(hurts) >= knock:  # S25: knocked out at loss number `knock`
                    taken, knocked = entered[knock - 1], True
                    end, exited, hp, damage, cut = hurts[knock - 1], False, 0, knock, knock
                    if payout_at >= knock:
                        payout = 0
                else:
                    taken, knocked, hp, damage, cut = entered[-1], False, left[len(hurts)], len(hurts), 0
                key = (end, exited, knocked, hp, damage, taken & gems, 0, taken & marks, taken & webs, payout)
                if key not in distinct:
                    distinct[key] = _outcome(GameOutcome, (*key, trail, cut))
        else:
            self._apply_hurting(opening, health, items, distinct)
        found.extend(distinct.values())
        # The first ten fields differ between any two outcomes, so the sort never compares trails.
        found.sort()
        return found

    def _apply_hurting(self, opening: Opening, health: int, items: tuple[int, int, int], distinct: dict) -> None:
        """The suffixes with a loss of health, hearts followed in the order taken (S22, S26)."""
        gems, hearts, marks = items
        maximum = self.level.rules.max_health
        webs = opening.webs
        for (end, exited, segments, hurts, payout_at, payout), trail in opening.hurting:
            taken = 0
            hp = health
            knocked = -1
            for index, segment in enumerate(segments):
                after = health_after(hp, (segment & ~taken & hearts).bit_count(), index < len(hurts), maximum)
                taken |= segment
                if after is None:  # S25: the move ends at once where the avatar is
                    knocked = index
                    break
                hp = after
            if knocked >= 0:
                end, exited, hp, damage = hurts[knocked], False, 0, knocked + 1
                if payout_at > knocked:
                    payout = 0
            else:
                damage = len(hurts)
            key = (end, exited, knocked >= 0, hp, damage, taken & gems, taken & hearts, taken & marks, taken & webs, payout)
            if key not in distinct:
                distinct[key] = _outcome(GameOutcome, (*key, trail, damage if knocked >= 0 else 0))


_outcome = tuple.__new__  # a GameOutcome from a tuple of its fields, without NamedTuple's slower __new__
