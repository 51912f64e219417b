"""Where the avatar can get: the rest positions a start reaches, the one nearest a target,
and the least turns to a field (S5, S26, S27).

Everything here is read off the move graph of S27 (`graph.move_graph`) and the engine's
walks; no movement is worked out here. It explains an unsolvable level (S26: "from α the
avatar reaches 10 rest positions; the nearest to Ω is B7, 5 fields below it") and answers
`printkit moves --to FIELD`.

*Nearest* is the fewest fields apart: |dx| + |dy|, counted across rock as well (how far a
designer's eye jumps on the map, not a way to walk), ties broken by reading order (the
upper row first, then the left column).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, NamedTuple

from printkit.sinpin.level import Position
from printkit.sinpin.moves import search
from printkit.sinpin.moves.events import LEFT, RIGHT, MoveResult
from printkit.sinpin.moves.graph import MoveCache, reached_from
from printkit.sinpin.moves.solver import solve
from printkit.sinpin.rules import CARD_VALUES, FULL_HAND, next_hand
from printkit.sinpin.tiles import field_name
from printkit.wording import counted

if TYPE_CHECKING:
    import networkx as nx


def fields_apart(a: Position, b: Position) -> int:
    """How many fields apart two fields are: |dx| + |dy| (see the module's note)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def reading_order(pos: Position) -> tuple[int, int]:
    return pos[1], pos[0]


def nearest(positions: Iterable[Position], target: Position) -> Position:
    """The position fewest fields from `target`, ties broken by reading order."""
    return min(positions, key=lambda pos: (fields_apart(pos, target), reading_order(pos)))


def offset_words(pos: Position, target: Position) -> str:
    """Where `pos` lies from `target`, in words: "3 fields below it", "2 fields left of it
    and 1 above it", "it" when they are the same field."""
    dx, dy = pos[0] - target[0], pos[1] - target[1]
    parts = []
    if dx:
        parts.append((abs(dx), "right of it" if dx > 0 else "left of it"))
    if dy:
        parts.append((abs(dy), "below it" if dy > 0 else "above it"))
    if not parts:
        return "it"
    (first, where), *rest = parts
    text = f"{counted(first, 'field')} {where}"
    return text + "".join(f" and {count} {where}" for count, where in rest)


@dataclass(frozen=True)
class Reach:
    """The rest positions a start reaches in the move graph, and the one nearest a target."""

    start: Position
    target: Position
    positions: tuple[Position, ...]  # in reading order, the start included
    nearest: Position

    @property
    def distance(self) -> int:
        return fields_apart(self.nearest, self.target)

    @property
    def reached(self) -> bool:
        return self.target in self.positions

    def words(self, start_name: str = "", target_name: str = "") -> str:
        """"from α the avatar reaches 10 rest positions; the nearest to Ω is B7, 5 fields below it"."""
        start_name = start_name or field_name(*self.start)
        target_name = target_name or field_name(*self.target)
        nearest_name = field_name(*self.nearest)
        if self.nearest == self.start and start_name != nearest_name:
            nearest_name += f" ({start_name} itself)"
        return (f"from {start_name} the avatar reaches {counted(len(self.positions), 'rest position')};"
                f" the nearest to {target_name} is {nearest_name},"
                f" {offset_words(self.nearest, self.target)}")

    def as_json(self) -> dict[str, object]:
        """The `reach` object of an S26 finding (docs/level-format.md): field names as the
        map prints them, the nearest also as x, y (S1)."""
        return {
            "from": field_name(*self.start),
            "to": field_name(*self.target),
            "count": len(self.positions),
            "positions": [field_name(*pos) for pos in self.positions],
            "nearest": field_name(*self.nearest),
            "x": self.nearest[0],
            "y": self.nearest[1],
            "fields_apart": self.distance,
            "where": offset_words(self.nearest, self.target),
        }


def reach(graph: nx.DiGraph, start: Position, target: Position) -> Reach:
    """What `start` reaches in the move graph and the nearest of it to `target` (S27)."""
    positions = tuple(sorted(reached_from(graph, start) if start in graph else {start}, key=reading_order))
    return Reach(start, target, positions, nearest(positions, target))


class Leg(NamedTuple):
    """One turn of a route: the card, the direction chosen (S7) and the fields entered."""

    turn: int
    card: int
    start: Position
    end: Position
    direction: int
    trail: tuple[Position, ...]
    damage: int
    exited: bool
    arrival: int | None = None  # the trail's index where it teleported (S20; MoveResult.arrival)


def least_turns(moves: MoveCache, start: Position, target: Position) -> list[tuple[Position, int, Position]] | None:
    """The fewest turns from `start` (a full hand) to `target`, cards played as S5 allows,
    health ignored as in the move graph (S27): (start, card, end) per turn, or None when no
    sequence of moves ends on `target`. A breadth-first search over (field, hand); the move
    ends come from the cache the move graph is built from."""
    if start == target:
        return []
    first = (start, FULL_HAND)
    parent: dict[tuple[Position, frozenset[int]], tuple[tuple[Position, frozenset[int]], int]] = {}
    seen = {first}
    frontier = deque([first])
    exit_ = moves.level.exit
    while frontier:
        state = frontier.popleft()
        pos, hand = state
        if pos == target:
            break
        if pos == exit_:
            continue  # the exit takes the avatar off the board (S24)
        for card in CARD_VALUES:
            if card not in hand:
                continue
            after = next_hand(hand, card)
            for end in moves.ends(pos, card):
                following = (end, after)
                if following not in seen:
                    seen.add(following)
                    parent[following] = (state, card)
                    frontier.append(following)
    else:
        return None
    plan = []
    while state in parent:
        previous, card = parent[state]
        plan.append((previous[0], card, state[0]))
        state = previous
    return plan[::-1]


def legs(moves: MoveCache, plan: Iterable[tuple[Position, int, Position]]) -> list[Leg]:
    """Each turn of a plan with one way of making it, as the engine walks it: of the ways
    ending on the planned field, the one losing least health, right before left (S7)."""
    engine = moves.engine
    found = []
    for turn, (start, card, end) in enumerate(plan, start=1):
        best: tuple[tuple, int, MoveResult] | None = None
        for direction in (RIGHT, LEFT):
            for result in search.follow(engine, start, card, engine.items, None, None, True, (direction,), ending=end):
                if result.end != end:
                    continue
                key = (result.damage, direction != RIGHT, result.order())
                if best is None or key < best[0]:
                    best = (key, direction, result)
        assert best is not None, "the move graph's edge has a way"
        _, direction, result = best
        found.append(Leg(turn, card, start, end, direction, result.trail or (), result.damage, result.exited, result.arrival))
    return found


def passing_leg(moves: MoveCache, graph: nx.DiGraph, start: Position, target: Position) -> Leg | None:
    """A move that enters `target` from a rest position `start` reaches, for a field no move
    ends on (S27: it is passed, not a rest position), as the engine walks it; None when no
    move passes it either. From the rest position fewest moves from `start` in the move
    graph (then reading order), the lowest card, right before left (S7); its `turn` is that
    many moves plus one (S5's card order aside, as in the move graph)."""
    import networkx as nx

    engine, watch = moves.engine, frozenset({target})
    turns = nx.single_source_shortest_path_length(graph, start) if start in graph else {start: 0}
    for pos in sorted(turns, key=lambda pos: (turns[pos], reading_order(pos))):
        if pos == moves.level.exit:
            continue  # the exit takes the avatar off the board (S24)
        for card in CARD_VALUES:
            if not engine.fields_passed(pos, card, watch):
                continue
            for direction in (RIGHT, LEFT):
                for result in engine.moves(pos, card, trail=True, direction=direction):
                    if target in (result.trail or ()):
                        return Leg(turns[pos] + 1, card, pos, result.end, direction, result.trail or (),
                                   result.damage, result.exited, result.arrival)
    return None


@dataclass(frozen=True)
class Way:
    """`printkit moves --to`: the route with the least turns to a field, if any, and what the
    start reaches with the nearest of it to the field."""

    legs: tuple[Leg, ...] | None  # None: no sequence of moves ends on the field
    reach: Reach
    health_followed: bool  # the exit from the door: the solver's route (S26), health followed
    # when no move ends on the field but some move passes it: one such move (passing_leg)
    passed_by: Leg | None = None

    @property
    def damage(self) -> int:
        return sum(leg.damage for leg in self.legs or ())


def way_to(moves: MoveCache, graph: nx.DiGraph, start: Position, target: Position) -> Way:
    """The least turns from `start` to `target` and one route (cards as S5 allows, health
    ignored as in the move graph), or where `start` gets nearest to it. From the door to
    the exit it is the solver's route of S26, health followed, when the level can be won,
    so that `printkit moves --to` and `printkit validate` give the same least turns."""
    reached = reach(graph, start, target)
    if not reached.reached:
        return Way(None, reached, False, passing_leg(moves, graph, start, target))
    level = moves.level
    if start == level.door and target == level.exit:
        solution = solve(moves, reached_from(graph, start))
        if solution is not None:
            plan = [(pos, card, result.end) for pos, card, result, _ in solution.plan]
            return Way(tuple(legs(moves, plan)), reached, True)
    plan = least_turns(moves, start, target)
    return Way(None if plan is None else tuple(legs(moves, plan)), reached, False)
