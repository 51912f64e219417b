"""What a move is made of: the states of the move engine, the events of its transitions,
and the results a move ends in (S4-S25).

The engine (`engine`) makes transitions of these states and events; the walkers (`search`,
`bits`) read them. All three import this module and none of them imports another's
walkers back, so there is no import circle among them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol, overload

from printkit.sinpin.level import Position

if TYPE_CHECKING:
    from printkit.sinpin.level import Level

LEFT, RIGHT = -1, 1

HURT = "hurt"  # in MoveResult.events: 1 health lost (S16, S17); a heart taken is its position

# Events of a transition, in the order they happen.
ENTER = 0  # (ENTER, x, y, how): the avatar enters a field (S15) by a step of kind `how` (below)
ARRIVE = 1  # (ARRIVE, x, y): a teleport arrives; the field does not act (S20)
LOSE = 2  # (LOSE,): 1 health lost (S16, S17)
ITEM = 3  # (ITEM, x, y): a gem or heart field entered; taken if still there (S22)
PAYOUT = 4  # (PAYOUT, n): a chest pays n gems (S21)
LOSE_EVENT = (LOSE,)

# How a field was entered (ENTER's `how`): what the engine did, so that a trail is told as
# played and never guessed from the direction of a step (a step down is a fall, S14, or a
# climb, S11, by what the avatar was doing, not by where it went).
How = str
WALK = "walk"  # a walk step, after any bounce off rock (S8, S9)
JUMP = "jump"  # the jump up (S10)
SIDE_STEP = "side step"  # the side step at the top of a jump or a spring bounce (S10, S19)
FALL = "fall"  # a field dropped or, with points left, the step sideways of a fall (S14)
CLIMB = "climb"  # a step on a ladder, or down onto one from above (S11, S12)
BOUNCE = "bounce"  # a spring board's free bounce up (S19)
RISE = "rise"  # the paid rise at the top of a bounce (S19)
HOWS = (WALK, JUMP, SIDE_STEP, FALL, CLIMB, BOUNCE, RISE)
TELEPORT = "teleport"  # how a teleport's arrival is entered (ARRIVE, S20)

State = tuple[int, int, int, int, int, bool]  # x, y, points, direction, phase, teleported
Event = tuple[int | str, ...]


class Stop(NamedTuple):
    """The end of a move: where it ends and whether the exit took the avatar (S24)."""

    x: int
    y: int
    exited: bool


Transition = tuple[tuple[Event, ...], "State | Stop"]


class MoveResult(NamedTuple):
    """One way a move can end, with what happened on the way."""

    end: Position
    exited: bool  # the move entered the exit (S24)
    events: tuple[object, ...]  # HURT and hearts taken in order (canonical_events)
    gems: int  # gems taken plus chest pay-outs (S21, S22)
    passed: frozenset[Position]  # fields entered, the teleport arrival included (S27)
    knocked_out: bool  # health reached 0 and ended the move (S25; only when health is followed)
    trail: tuple[Position, ...] | None  # the fields in the order entered, when asked for
    arrival: int | None = None  # with the trail: the index in it where the move's one teleport arrived (S20)

    @property
    def damage(self) -> int:
        return sum(1 for event in self.events if event == HURT)

    @property
    def hearts(self) -> tuple[Position, ...]:
        return tuple(sorted(event for event in self.events if event != HURT))  # type: ignore[misc]

    def order(self) -> tuple:
        """A total order on results: searches return them sorted, so that every choice made
        among equals (which route the overlay draws) is the same in every process."""
        events = tuple((0, 0, 0) if event == HURT else (1, *event) for event in self.events)  # type: ignore[misc]
        return (self.end, self.exited, events, self.gems, tuple(sorted(self.passed)), self.knocked_out, self.trail or ())


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


@overload
def health_after(health: int, hearts: int, hurt: Literal[False], maximum: int) -> int: ...


@overload
def health_after(health: int, hearts: int, hurt: bool, maximum: int) -> int | None: ...


def health_after(health: int, hearts: int, hurt: bool, maximum: int) -> int | None:
    """Sinpin's health rule for one stretch of a move: `hearts` hearts taken, then 1 health
    lost if `hurt`. A heart gives 1 health up to `maximum` (S22; one taken at full health
    is used up for nothing, and a health above the maximum is never lowered); a loss costs
    1 (S16, S17). None when the loss leaves 0 or less: the avatar is knocked out and the
    move ends at once where it stands (S25).

    The one place of this rule. Each walker applies it to a move in its own shape, counting
    the hearts it takes for the first time in the move (S22: a heart is removed when taken)
    over its own record of them: `search` (a move followed event by event), `bounds.apply_health`
    (health events as the solver keeps them, hearts as bits) and `game.outcomes` (the fields
    entered between losses, as masks over the map)."""
    if hearts and health < maximum:
        health = health + hearts if health + hearts < maximum else maximum
    if hurt:
        health -= 1
        if health <= 0:
            return None
    return health


class Successor(Protocol):
    """What the walkers need of the move engine: its level, its one successor function
    (`openings`, `transitions`) and a place to keep their memory (`walkers`)."""

    level: Level
    width: int
    height: int
    items: frozenset[Position]  # the gems and hearts on the map
    teleporters: tuple[Position, ...] | list[Position]  # those a teleport can go to (S20): none when one is alone
    max_health: int
    walkers: dict  # the walkers' memory of a level, per kind of question

    def openings(self, start: Position, card: int, directions: tuple[int, ...] = ...) -> list[Transition]: ...

    def transitions(self, state: State) -> list[Transition]: ...

    def detached_transitions(self) -> Callable[[State], list[Transition]]: ...
