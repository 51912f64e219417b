"""The move engine: every outcome of one move (S4-S25), the single successor function.

The validator's graph, the simulator's bots and the generator all take their moves from
`MoveEngine.moves`. A move is explored as a depth-first search over explicit states; each
state says where the avatar is, its points, its direction and *what it is doing* (the
phase): choosing a step, checking gravity after a step, falling, or standing at the top of
a jump or a spring bounce. Every player choice (direction, walk or jump, side step,
ladder direction, teleport destination or stay, spring rise) is a branch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import TILE_BY_CHAR, Tile

LEFT, RIGHT = -1, 1

# Phases: what the avatar does next.
CHOOSE = 0  # supported (or on a ladder): take a step if points are left (S6, S8-S13)
SETTLE = 1  # a step, jump side step or teleport just ended: fall if unsupported (S14)
DROPPED = 2  # just dropped one field while falling: S14 step 2 comes next
JUMP_TOP = 3  # top of a jump or of a paid spring rise: optional side step (S10)
BOUNCE_TOP = 4  # top of a free spring bounce: must rise or side-step if either is legal (S19)

HURT = "hurt"  # an event: 1 health lost (S16, S17); a heart event is the heart's position


class MoveResult(NamedTuple):
    """One way a move can end, with what happened on the way."""

    end: Position
    exited: bool  # the move entered the exit (S24)
    events: tuple[object, ...]  # HURT and heart positions, in the order they happened
    gems: int  # gems taken plus chest pay-outs (S21, S22)
    passed: frozenset[Position]  # fields entered, the teleport arrival included (S27)
    knocked_out: bool  # health reached 0 and ended the move (S25; only when health is followed)
    trail: tuple[Position, ...] | None  # the fields in the order entered, when asked for

    @property
    def damage(self) -> int:
        return sum(1 for event in self.events if event == HURT)

    @property
    def hearts(self) -> tuple[Position, ...]:
        return tuple(sorted(event for event in self.events if event != HURT))  # type: ignore[misc]


@dataclass(frozen=True, order=True)
class Outcome:
    """A distinct outcome as `printkit moves` reports it (level-format.md)."""

    end: Position
    damage: int
    gems: int
    hearts: tuple[Position, ...]
    passed: tuple[Position, ...]
    exit: bool

    @classmethod
    def of(cls, result: MoveResult) -> Outcome:
        return cls(result.end, result.damage, result.gems, result.hearts, tuple(sorted(result.passed)), result.exited)

    def as_json(self) -> dict[str, object]:
        return {
            "end": list(self.end),
            "exit": self.exit,
            "damage": self.damage,
            "gems": self.gems,
            "hearts": [list(p) for p in self.hearts],
            "passed": [list(p) for p in self.passed],
        }


class _Log(NamedTuple):
    """What happened so far in a move; replaced (rarely) when something notable happens."""

    teleported: bool  # a move teleports at most once (S20)
    health: int | None  # None: health is not followed (S25 never ends the move)
    events: tuple[object, ...]
    gems: int
    taken: frozenset[Position]  # gems and hearts taken earlier in this move (S22)
    passed: frozenset[Position]  # entered fields (only the watched ones)
    trail: tuple[Position, ...] | None


class MoveEngine:
    """Moves on one level. Pure: the level and the items are immutable inputs."""

    def __init__(self, level: Level):
        self.level = level
        self.width, self.height = level.width, level.height
        # A border of rock around the grid (S1) spares bounds checks in the search.
        rock_row = [Tile.ROCK] * (self.width + 2)
        self._grid = [rock_row] + [[Tile.ROCK] + [TILE_BY_CHAR[c] for c in row] + [Tile.ROCK] for row in level.rows] + [rock_row]
        self.teleporters = level.positions[Tile.TELEPORTER]
        self.items = level.items
        self.blade_points = level.rules.blade_points
        self.max_health = level.rules.max_health

    # -- the map --------------------------------------------------------------------------
    def tile(self, x: int, y: int) -> Tile:
        if 0 <= x < self.width and 0 <= y < self.height:
            return self._grid[y + 1][x + 1]
        return Tile.ROCK

    def rock(self, x: int, y: int) -> bool:
        return self.tile(x, y) is Tile.ROCK

    def supported(self, x: int, y: int) -> bool:
        below = self.tile(x, y + 1)
        return self.tile(x, y) is Tile.LADDER or below is Tile.ROCK or below is Tile.LADDER  # S4

    def moves(
        self,
        start: Position,
        card: int,
        *,
        health: int | None = None,
        items: frozenset[Position] | None = None,
        trail: bool = False,
        watch: frozenset[Position] | None = None,
    ) -> tuple[MoveResult, ...]:
        """Every distinct way a move of `card` points from `start` can end.

        `items` are the gems and hearts still on the map (default: as the map shows them);
        `health` is followed when given, so that S25 can end the move; `trail` keeps the
        fields in the order entered; `watch` limits `passed` to those fields, which lets the
        search merge the many ways of going that differ only elsewhere (the validator only
        asks which items are passed).
        """
        if card < 1:
            raise ValueError("a card is worth at least 1 point (S5)")
        if self.rock(*start):
            raise ValueError(f"the move starts in rock at {start}")
        search = _Search(self, self.items if items is None else items, watch)
        log = _Log(False, health, (), 0, frozenset(), frozenset(), () if trail else None)
        x, y = start
        for direction in (LEFT, RIGHT):  # S7: the player chooses left or right
            if self.tile(x, y) is Tile.SPRING and not self.rock(x, y - 1):
                # S19: a move that starts on a spring bounces (free) before anything else.
                search.enter(x, y - 1, card, direction, BOUNCE_TOP, log)
            else:
                # A rest field is normally supported; one that is not (an unsupported spring
                # with rock above, a knock-out in mid-air) starts with a fall (S14).
                search.run(x, y, card, direction, SETTLE, log)
        return tuple(search.results)


class _Search:
    """One exhaustive exploration of a move: the states seen and the results found."""

    def __init__(self, engine: MoveEngine, items: frozenset[Position], watch: frozenset[Position] | None):
        self.grid = engine._grid
        self.teleporters = engine.teleporters if len(engine.teleporters) > 1 else ()
        self.blade_points = engine.blade_points
        self.max_health = engine.max_health
        self.items = items
        self.watch = watch
        self.results: dict[MoveResult, None] = {}
        self.seen: set[tuple] = set()

    def side(self, x: int, y: int, d: int) -> int:
        """Direction of a sideways step after a bounce off rock (S9); 0 when both sides are rock."""
        row = self.grid[y + 1]
        if row[x + 1 + d] is not Tile.ROCK:
            return d
        if row[x + 1 - d] is not Tile.ROCK:
            return -d
        return 0

    def supported(self, x: int, y: int) -> bool:
        below = self.grid[y + 2][x + 1]
        return below is Tile.ROCK or below is Tile.LADDER or self.grid[y + 1][x + 1] is Tile.LADDER

    def run(self, x: int, y: int, p: int, d: int, phase: int, log: _Log) -> None:
        key = (x, y, p, d, phase, log)
        if key in self.seen:
            return
        self.seen.add(key)
        grid = self.grid
        if phase == SETTLE or phase == DROPPED:
            if self.supported(x, y):
                phase = CHOOSE  # the fall is over (or never began)
            elif phase == DROPPED and p > 0:
                side = self.side(x, y, d)  # S14 step 2: one field sideways, paid
                if side:
                    self.enter(x + side, y, p - 1, side, SETTLE, log)
                else:
                    self.enter(x, y + 1, p, d, DROPPED, log)  # both sides rock: drop on
                return
            else:
                self.enter(x, y + 1, p, d, DROPPED, log)  # S14 step 1: drop one field, free
                return
        if phase == JUMP_TOP:
            if p > 0:
                side = self.side(x, y, d)
                if side:
                    self.enter(x + side, y, p - 1, side, SETTLE, log)
            self.run(x, y, p, d, SETTLE, log)  # the side step is optional (S10)
            return
        if phase == BOUNCE_TOP:
            legal = False
            if p > 0:
                if grid[y][x + 1] is not Tile.ROCK:  # S19: pay 1 to rise one more field
                    legal = True
                    self.enter(x, y - 1, p - 1, d, JUMP_TOP, log)
                side = self.side(x, y, d)
                if side:
                    legal = True
                    self.enter(x + side, y, p - 1, side, SETTLE, log)
            if not legal:  # nothing legal: the remaining points are lost, then it falls
                self.run(x, y, 0, d, SETTLE, log)
            return
        # CHOOSE: supported or on a ladder; S6: with points left a legal step must be taken.
        if p == 0:
            self.finish(x, y, log)
            return
        if grid[y + 1][x + 1] is Tile.LADDER:
            # S11, S13: climb up, down, left or right into any field that is not rock; no jump.
            stepped = False
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                if grid[y + 1 + dy][x + 1 + dx] is not Tile.ROCK:
                    stepped = True
                    self.enter(x + dx, y + dy, p - 1, dx or d, SETTLE, log)
            if not stepped:
                self.finish(x, y, log)
            return
        stepped = False
        side = self.side(x, y, d)  # S8 walk, S9 bounce
        if side:
            stepped = True
            self.enter(x + side, y, p - 1, side, SETTLE, log)
        if grid[y][x + 1] is not Tile.ROCK:
            stepped = True
            self.enter(x, y - 1, p - 1, d, JUMP_TOP, log)  # S10 jump
        if grid[y + 2][x + 1] is Tile.LADDER:
            stepped = True
            self.enter(x, y + 1, p - 1, d, SETTLE, log)  # S11: down onto the ladder below
        if not stepped:
            self.finish(x, y, log)  # S6: no legal step; the remaining points are lost

    def enter(self, x: int, y: int, p: int, d: int, then: int, log: _Log) -> None:
        """The avatar enters (x, y) (S15): the field acts, then the move goes on with `then`."""
        if self.watch is None or (x, y) in self.watch:
            log = log._replace(passed=log.passed | {(x, y)})
        if log.trail is not None:
            log = log._replace(trail=log.trail + ((x, y),))
        tile = self.grid[y + 1][x + 1]
        if tile is Tile.OPEN or tile is Tile.DOOR or tile is Tile.QUESTION:
            pass  # S26: a question mark does nothing while moves are explored
        elif tile is Tile.LADDER:
            then = CHOOSE  # S11: on the ladder; a fall, or a jump's or bounce's top, is over
        elif tile is Tile.EXIT:
            self.finish(x, y, log, exited=True)  # S24
            return
        elif tile is Tile.SPIKES:
            log = self.hurt(x, y, log)  # S16: lose 1 health; the move ends (it may still fall)
            if log is None:
                return
            p = 0
        elif tile is Tile.BLADES:
            if p < self.blade_points:  # S17: counted after paying for the entering step
                log = self.hurt(x, y, log)
                if log is None:
                    return
        elif tile is Tile.WEB:
            p = max(0, p - 1)  # S18
        elif tile is Tile.SPRING:
            if p == 0:
                # S19: the move ends resting on the spring, even an unsupported one with rock
                # above (S19 says such an avatar "falls if rock is above" at its next move).
                self.finish(x, y, log)
                return
            if self.grid[y][x + 1] is not Tile.ROCK:  # with rock right above: a plain field
                self.enter(x, y - 1, p, d, BOUNCE_TOP, log)  # S19: bounce up, free
                return
        elif tile is Tile.TELEPORTER:
            if not log.teleported and self.teleporters:
                for target in self.teleporters:  # S20: to any other teleporter, free ...
                    if target != (x, y):
                        moved = log._replace(teleported=True)
                        if self.watch is None or target in self.watch:
                            moved = moved._replace(passed=moved.passed | {target})
                        if moved.trail is not None:
                            moved = moved._replace(trail=moved.trail + (target,))
                        # ... as after a step: a jump's or bounce's top does not travel along.
                        self.run(target[0], target[1], p, d, SETTLE, moved)
                # ... or stay, and what was happening goes on.
        elif tile is Tile.CHEST:
            log = log._replace(gems=log.gems + p)  # S21: the points are paid out as gems,
            p = 0  # and the move ends (gravity still acts)
        elif (x, y) in self.items and (x, y) not in log.taken:  # a gem or heart (S22)
            log = log._replace(taken=log.taken | {(x, y)})
            if tile is Tile.GEM:
                log = log._replace(gems=log.gems + 1)
            else:
                health = log.health
                if health is not None and health < self.max_health:
                    health += 1
                log = log._replace(events=log.events + ((x, y),), health=health)
        self.run(x, y, p, d, then, log)

    def hurt(self, x: int, y: int, log: _Log) -> _Log | None:
        """Lose 1 health; None when that knocks the avatar out (S25), which ends the move."""
        log = log._replace(events=log.events + (HURT,))
        if log.health is None:
            return log
        log = log._replace(health=log.health - 1)
        if log.health <= 0:
            # S25: the move ends where the avatar stands (it does not fall on); the player
            # then pays 3 gems to go on from here or goes back to the door.
            self.finish(x, y, log, knocked_out=True)
            return None
        return log

    def finish(self, x: int, y: int, log: _Log, exited: bool = False, knocked_out: bool = False) -> None:
        result = MoveResult((x, y), exited, log.events, log.gems, log.passed, knocked_out, log.trail)
        self.results[result] = None
