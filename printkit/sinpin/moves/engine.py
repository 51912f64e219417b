"""The move engine: every outcome of one move (S4-S25), from one successor function.

Everything that needs moves takes them from this engine: `printkit moves` and the editor's
preview from `MoveEngine.moves`; the validator's move graph, solver bounds and item check
walk its `transitions` as bit sets (`bits`), and games walk them through
`game.suffixmemo`. Movement is written once, in `MoveEngine.transitions`: a state says
where the avatar is, its points, its direction, *what it is doing* (the phase: choosing a
step, checking gravity after a step, falling, or standing at the top of a jump or a spring
bounce) and whether it has teleported; its transitions are every player choice (direction,
walk or jump, side step, ladder direction, teleport destination or stay, spring rise), each
with the events on the way (fields entered, health lost, items, chest pay-outs).

Items and health never change where the avatar can go, so `search` walks those
transitions in two ways: remembering the whole rest of a move per state when health is
ignored (the validator asks that of every field and card), or following one move's
health, items and trail when asked to; `bits` answers the validator's unions as bit sets.
The states, events and results they share are in `events`, below all three.
"""

from __future__ import annotations

import weakref
from typing import Callable

from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves import search
from printkit.sinpin.moves.events import (ARRIVE, BOUNCE, CLIMB, ENTER, FALL, HOWS, ITEM, JUMP, LEFT, LOSE_EVENT, PAYOUT, RIGHT,
                                          RISE, SIDE_STEP, WALK, Event, How, MoveResult, Outcome, State, Stop,
                                          Transition)
from printkit.sinpin.tiles import TILE_BY_CHAR, Tile

# Phases: what the avatar does next.
CHOOSE = 0  # supported (or on a ladder): take a step if points are left (S6, S8-S13)
SETTLE = 1  # a step, jump side step or teleport just ended: fall if unsupported (S14)
DROPPED = 2  # just dropped one field while falling: S14 step 2 comes next
JUMP_TOP = 3  # top of a jump or of a paid spring rise: optional side step (S10)
BOUNCE_TOP = 4  # top of a free spring bounce: must rise or side-step if either is legal (S19)

# The tiles as module names: the search compares tiles at every state, and a module global
# is several times faster to look up than an Enum class attribute.
_ROCK, _OPEN, _DOOR, _QUESTION, _LADDER, _EXIT = Tile.ROCK, Tile.OPEN, Tile.DOOR, Tile.QUESTION, Tile.LADDER, Tile.EXIT
_SPIKES, _BLADES, _WEB, _SPRING, _TELEPORTER, _CHEST = Tile.SPIKES, Tile.BLADES, Tile.WEB, Tile.SPRING, Tile.TELEPORTER, Tile.CHEST


class MoveEngine:
    """Moves on one level. Pure: the level and the items are immutable inputs."""

    def __init__(self, level: Level, like: MoveEngine | None = None):
        """`like`, if given, is an engine of a map with the same size, rock, ladders and
        teleporters (a game's maps differ only in webs, chests and items): what depends on
        those alone (support, S4; the teleporters, S20) is taken from it."""
        self.level = level
        self.width, self.height = level.width, level.height
        # A border of rock around the grid (S1) spares bounds checks in the search.
        rock_row = [_ROCK] * (self.width + 2)
        self._grid = [rock_row] + [[_ROCK] + [TILE_BY_CHAR[c] for c in row] + [_ROCK] for row in level.rows] + [rock_row]
        if like is not None:
            self._support, self._entered, self.teleporters = like._support, like._entered, like.teleporters
        else:
            # S4 (Level.supported) once per field, padded like the grid: gravity asks at every state.
            self._support = [
                [0 < y <= self.height and 0 < x <= self.width and level.supported(x - 1, y - 1) for x in range(self.width + 2)]
                for y in range(self.height + 2)
            ]
            # The event of entering each field by each kind of step, made once: every
            # transition into a field has one of them.
            self._entered = {how: [[((ENTER, x - 1, y - 1, how),) for x in range(self.width + 2)] for y in range(self.height + 2)]
                             for how in HOWS}
            teleporters = level.positions[_TELEPORTER]
            self.teleporters = teleporters if len(teleporters) > 1 else ()  # S20: one alone does nothing
        self.items = level.items if like is None else frozenset(
            (x, y) for y, row in enumerate(level.rows) for x, char in enumerate(row) if char in "*h")
        self.blade_points = level.rules.blade_points
        self.max_health = level.rules.max_health
        self._transitions: dict[State, list[Transition]] = {}
        self.walkers: dict = {}  # the walkers (search, bits) with their memory of move suffixes, per question

    # -- the map --------------------------------------------------------------------------
    def tile(self, x: int, y: int) -> Tile:
        if 0 <= x < self.width and 0 <= y < self.height:
            return self._grid[y + 1][x + 1]
        return Tile.ROCK

    def rock(self, x: int, y: int) -> bool:
        return self.tile(x, y) is Tile.ROCK

    def _side(self, x: int, y: int, d: int) -> int:
        """Direction of a sideways step after a bounce off rock (S9); 0 when both sides are rock."""
        row = self._grid[y + 1]
        if row[x + 1 + d] is not _ROCK:
            return d
        if row[x + 1 - d] is not _ROCK:
            return -d
        return 0

    # -- the public entry point -----------------------------------------------------------
    def moves(
        self,
        start: Position,
        card: int,
        *,
        health: int | None = None,
        items: frozenset[Position] | None = None,
        trail: bool = False,
        watch: frozenset[Position] | None = None,
        gems: bool = True,
        direction: int | None = None,
    ) -> tuple[MoveResult, ...]:
        """Every distinct way a move of `card` points from `start` can end.

        `items` are the gems and hearts still on the map (default: as the map shows them);
        `health` is followed when given, so that S25 can end the move; `trail` keeps the
        fields in the order entered; `watch` limits `passed` to those fields, which lets the
        search merge the many ways of going that differ only elsewhere; `gems` False (health
        ignored only) counts no gems, for callers that only ask where moves end and what they
        do to health; `direction` (LEFT or RIGHT) keeps only the moves that choose it (S7).
        Results come sorted (MoveResult.order).
        """
        if card < 1:
            raise ValueError("a card is worth at least 1 point (S5)")
        if self.rock(*start):
            raise ValueError(f"the move starts in rock at {start}")
        present = self.items if items is None else items
        if health is None and not trail and direction is None:
            return search.all_endings(self, start, card, present, watch, gems)
        directions = (LEFT, RIGHT) if direction is None else (direction,)
        return search.follow(self, start, card, present, watch, health, trail, directions)

    def outcomes(self, start: Position, card: int, health: int) -> list[tuple[Outcome, bool]]:
        """The distinct outcomes of a move as `printkit moves` reports them, sorted, each with
        whether some way of reaching it knocks the avatar out (S25)."""
        knocked_out: dict[Outcome, bool] = {}
        for result in self.moves(start, card, health=health):
            outcome = Outcome.of(result)
            knocked_out[outcome] = knocked_out.get(outcome, False) or result.knocked_out
        return sorted(knocked_out.items())

    def fields_passed(self, start: Position, card: int, watch: frozenset[Position]) -> frozenset[Position]:
        """The fields of `watch` that some way of making this move passes (S27), health ignored."""
        return search.fields_passed(self, start, card, watch)

    # -- the successor function -------------------------------------------------------------
    def openings(self, start: Position, card: int, directions: tuple[int, ...] = (LEFT, RIGHT)) -> list[Transition]:
        """How a move of `card` points from `start` begins: one branch per direction (S7)."""
        x, y = start
        opening: list[Transition] = []
        for d in directions:
            if self._grid[y + 1][x + 1] is _SPRING and self._grid[y][x + 1] is not _ROCK:
                # S19: a move that starts on a spring bounces (free) before anything else.
                opening += self._enter(x, y - 1, card, d, BOUNCE_TOP, False, BOUNCE)
            else:
                # A rest field is normally supported; one that is not (an unsupported spring
                # with rock above, a knock-out in mid-air) starts with a fall (S14).
                opening.append(((), (x, y, card, d, SETTLE, False)))
        return opening

    def transitions(self, state: State) -> list[Transition]:
        """Every way the move goes on from `state`: (events on the way, next state or Stop)."""
        found = self._transitions.get(state)
        if found is None:
            found = self._transitions[state] = self._next(*state)
        return found

    def detached_transitions(self) -> Callable[[State], list[Transition]]:
        """`transitions` as a function that holds the engine only weakly, for the walkers the
        engine keeps in `walkers`: with the bound method they and the engine made a reference
        cycle, so a level's whole memory of moves outlived its last user until the cyclic
        collector traced it (about 0.6 s after each 40 x 40 level the generator made)."""
        known, engine = self._transitions, weakref.ref(self)

        def transitions(state: State) -> list[Transition]:
            found = known.get(state)
            if found is None:
                found = known[state] = engine()._next(*state)  # type: ignore[union-attr]
            return found

        return transitions

    def _next(self, x: int, y: int, p: int, d: int, phase: int, tele: bool) -> list[Transition]:
        if phase == SETTLE or phase == DROPPED:
            if self._support[y + 1][x + 1]:
                phase = CHOOSE  # the fall is over (or never began)
            elif phase == DROPPED and p > 0:
                side = self._side(x, y, d)  # S14 step 2: one field sideways, paid
                if side:
                    return self._enter(x + side, y, p - 1, side, SETTLE, tele, FALL)
                return self._enter(x, y + 1, p, d, DROPPED, tele, FALL)  # both sides rock: drop on
            else:
                return self._enter(x, y + 1, p, d, DROPPED, tele, FALL)  # S14 step 1: drop, free
        if phase == JUMP_TOP:
            found: list[Transition] = [((), (x, y, p, d, SETTLE, tele))]  # the side step is optional (S10)
            side = self._side(x, y, d) if p > 0 else 0
            if side:
                found += self._enter(x + side, y, p - 1, side, SETTLE, tele, SIDE_STEP)
            return found
        if phase == BOUNCE_TOP:
            found = []
            if p > 0:
                if self._grid[y][x + 1] is not _ROCK:  # S19: pay 1 to rise one more field
                    found += self._enter(x, y - 1, p - 1, d, JUMP_TOP, tele, RISE)
                side = self._side(x, y, d)
                if side:
                    found += self._enter(x + side, y, p - 1, side, SETTLE, tele, SIDE_STEP)
            # With nothing legal (or no points) the remaining points are lost, then it falls.
            return found or [((), (x, y, 0, d, SETTLE, tele))]
        # CHOOSE: supported or on a ladder; S6: with points left a legal step must be taken.
        if p == 0:
            return [((), Stop(x, y, False))]
        grid = self._grid
        found = []
        if grid[y + 1][x + 1] is _LADDER:
            # S11, S13: climb up, down, left or right into any field that is not rock; no jump.
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                if grid[y + 1 + dy][x + 1 + dx] is not _ROCK:
                    found += self._enter(x + dx, y + dy, p - 1, dx or d, SETTLE, tele, CLIMB)
        else:
            row = grid[y + 1]  # S8 walk, S9 bounce: _side inlined, this is the commonest step
            side = d if row[x + 1 + d] is not _ROCK else -d if row[x + 1 - d] is not _ROCK else 0
            if side:
                found += self._enter(x + side, y, p - 1, side, SETTLE, tele, WALK)
            if grid[y][x + 1] is not _ROCK:
                found += self._enter(x, y - 1, p - 1, d, JUMP_TOP, tele, JUMP)  # S10 jump
            if grid[y + 2][x + 1] is _LADDER:
                found += self._enter(x, y + 1, p - 1, d, SETTLE, tele, CLIMB)  # S11: down onto the ladder
        return found or [((), Stop(x, y, False))]  # S6: no legal step, the points are lost

    def _enter(self, x: int, y: int, p: int, d: int, then: int, tele: bool, how: How) -> list[Transition]:
        """The avatar enters (x, y) (S15) by a step of kind `how` (its ENTER event says it, so
        that a trail can be told as played): the field acts, then the move goes on with `then`."""
        entered: tuple[Event, ...] = self._entered[how][y + 1][x + 1]
        tile = self._grid[y + 1][x + 1]
        if tile is _OPEN or tile is _DOOR or tile is _QUESTION:
            pass  # S26: a question mark does nothing while moves are explored
        elif tile is _LADDER:
            then = CHOOSE  # S11: on the ladder; a fall, or a jump's or bounce's top, is over
        elif tile is _EXIT:
            return [(entered, Stop(x, y, True))]  # S24
        elif tile is _SPIKES:
            return [(entered + (LOSE_EVENT,), (x, y, 0, d, then, tele))]  # S16: the move ends, it may fall
        elif tile is _BLADES:
            if p < self.blade_points:  # S17: counted after paying for the entering step
                entered += (LOSE_EVENT,)
        elif tile is _WEB:
            p = max(0, p - 1)  # S18
        elif tile is _SPRING:
            if p == 0:
                # S19: the move ends resting on the spring, even an unsupported one with rock
                # above (S19 says such an avatar "falls if rock is above" at its next move).
                return [(entered, Stop(x, y, False))]
            if self._grid[y][x + 1] is not _ROCK:  # with rock right above: a plain field
                return [(entered + events, after) for events, after in self._enter(x, y - 1, p, d, BOUNCE_TOP, tele, BOUNCE)]
        elif tile is _TELEPORTER:
            found: list[Transition] = [(entered, (x, y, p, d, then, tele))]  # stay: it goes on
            if not tele:
                for tx, ty in self.teleporters:  # S20: or to any other teleporter, free, once;
                    if (tx, ty) != (x, y):  # as after a step: a jump's top stays behind
                        found.append((entered + ((ARRIVE, tx, ty),), (tx, ty, p, d, SETTLE, True)))
            return found
        elif tile is _CHEST:
            return [(entered + ((PAYOUT, p),), (x, y, 0, d, then, tele))]  # S21: pays, ends, falls
        else:  # a gem or a heart (S22)
            entered += ((ITEM, x, y),)
        return [(entered, (x, y, p, d, then, tele))]
