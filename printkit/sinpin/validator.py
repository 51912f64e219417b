"""The validator: is a level well formed (S27a), solvable (S26), and where can it go wrong (S27)?

Two searches share one cache of moves from the engine:
- the *move graph* of S27 (networkx): rest positions and which card moves lead where, health
  ignored; it gives the rest positions, the soft-locks and the items no move ever passes;
- the *solver* of S26: a breadth-first search over (field, health, cards in hand, hearts
  left), turn by turn, so the first turn that enters the exit is the least number of turns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import networkx as nx

from printkit.sinpin.engine import HURT, MoveEngine, MoveResult
from printkit.sinpin.findings import Finding
from printkit.sinpin.level import Level, Position, grid_findings
from printkit.sinpin.rules import CARD_VALUES, FULL_HAND, SETUP_LIMITS, Rules, next_hand
from printkit.sinpin.tiles import ITEM_TILES, Tile, field_name



@dataclass(frozen=True)
class RouteStep:
    """One turn of a shortest route: the card played and the fields entered in order."""

    turn: int
    card: int
    start: Position
    end: Position
    trail: tuple[Position, ...]
    health: int  # after the turn
    exited: bool


@dataclass(frozen=True)
class Verdict:
    valid: bool
    solvable: bool
    min_turns: int | None
    rest_positions: int
    soft_locks: tuple[Position, ...]
    unreachable_items: tuple[Position, ...]
    errors: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    reachable: frozenset[Position] = field(default=frozenset())  # rest positions (overlay)
    route: tuple[RouteStep, ...] = ()  # one shortest route from the door to the exit

    def as_json(self, file: str) -> dict[str, object]:
        """The `--json` verdict object of level-format.md, keys in its order."""
        return {
            "file": file,
            "valid": self.valid,
            "solvable": self.solvable,
            "min_turns": self.min_turns,
            "rest_positions": self.rest_positions,
            "soft_locks": [list(p) for p in self.soft_locks],
            "unreachable_items": [list(p) for p in self.unreachable_items],
            "errors": [f.as_json() for f in self.errors],
            "warnings": [f.as_json() for f in self.warnings],
        }


def unsearchable(errors: Iterable[Finding]) -> Verdict:
    """The verdict of a level whose grid is too broken to search (level-format.md defaults)."""
    return Verdict(False, False, None, 0, (), (), tuple(errors), ())


def validate_rows(rows: list[str], rules: Rules = Rules(), prior: Iterable[Finding] = ()) -> Verdict:
    """Validate a map given as text rows, with problems found before (file format) kept first."""
    errors = list(prior) + grid_findings(rows)
    if not rows or any(f.rule in ("S1", "S3") for f in errors):
        return unsearchable(errors)
    return _validate(Level(tuple(rows), rules=rules), errors)


def validate(level: Level) -> Verdict:
    return validate_rows(list(level.rows), level.rules)


def _validate(level: Level, errors: list[Finding]) -> Verdict:
    door, exit_ = level.door, level.exit
    assert door is not None and exit_ is not None  # a sound grid has exactly one of each
    if not level.supported(*door):
        errors.append(Finding("S4", f"the entry door α at {field_name(*door)} is not supported: it needs rock or a ladder below it", *door))
    warnings = _layout_warnings(level)
    moves = MoveCache(level)
    graph = move_graph(level, moves)
    reachable = frozenset(nx.descendants(graph, door) | {door})
    to_exit = nx.ancestors(graph, exit_) | {exit_} if exit_ in graph else set()
    soft_locks = tuple(sorted(reachable - to_exit - {exit_}))
    passed = set().union(*(r.passed for pos in reachable if pos != exit_ for c in CARD_VALUES for r in moves.get(pos, c)))
    unreachable = tuple(sorted(pos for tile in ITEM_TILES for pos in level.positions[tile] if pos not in passed))
    for pos in soft_locks:
        warnings.append(Finding("S27", f"soft-lock at {field_name(*pos)}: a move can end here, but the exit Ω cannot be reached from here", *pos, severity="warning"))
    for pos in unreachable:
        what = level.tile(*pos).label
        warnings.append(Finding("S27", f"the {what} at {field_name(*pos)} is never reached: no move from a reachable rest position passes it", *pos, severity="warning"))
    route = solve(level, moves, graph) if exit_ in reachable else None
    if route is None:
        if exit_ in reachable:
            why = f"every way to the exit Ω costs all {level.rules.start_health} health (S16 spikes, S17 blades)"
        else:
            why = "no sequence of moves from the entry door α enters the exit Ω"
        errors.append(Finding("S26", f"the level cannot be won: {why}"))
    return Verdict(
        valid=not errors,
        solvable=route is not None,
        min_turns=len(route) if route is not None else None,
        rest_positions=len(reachable),
        soft_locks=soft_locks,
        unreachable_items=unreachable,
        errors=tuple(errors),
        warnings=tuple(warnings),
        reachable=reachable,
        route=tuple(route or ()),
    )


def _layout_warnings(level: Level) -> list[Finding]:
    warnings: list[Finding] = []
    teleporters = level.positions[Tile.TELEPORTER]
    if len(teleporters) == 1:
        warnings.append(Finding("S20", f"the only teleporter, at {field_name(*teleporters[0])}, does nothing: it needs a second one to go to", *teleporters[0], severity="warning"))
    for tile, key in ((Tile.WEB, "web"), (Tile.GEM, "gem"), (Tile.QUESTION, "question")):
        count = len(level.positions[tile])
        if count > SETUP_LIMITS[key]:
            warnings.append(Finding("S28", f"the map holds {count} {tile.label}s; a game has at most {SETUP_LIMITS[key]} in all", severity="warning"))
    return warnings


class MoveCache:
    """Moves from the engine, asked once per (field, card): health ignored, items as mapped.

    `passed` is only kept for item fields (S27 asks no more of it), which lets the engine
    merge the many ways of moving that differ only in the empty fields they cross.
    """

    def __init__(self, level: Level):
        self.engine = MoveEngine(level)
        self.watch = frozenset(pos for tile in ITEM_TILES for pos in level.positions[tile])
        self._cache: dict[tuple[Position, int], tuple[MoveResult, ...]] = {}

    def get(self, pos: Position, card: int) -> tuple[MoveResult, ...]:
        key = (pos, card)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.engine.moves(pos, card, watch=self.watch)
        return found


def move_graph(level: Level, moves: MoveCache) -> nx.DiGraph:
    """S27: rest positions reachable from the door, an edge where some card leads."""
    door, exit_ = level.door, level.exit
    graph = nx.DiGraph()
    graph.add_node(door)
    frontier = [door]
    while frontier:
        pos = frontier.pop()
        if pos == exit_:
            continue  # the exit has no outgoing edges
        for card in CARD_VALUES:
            for result in moves.get(pos, card):
                if result.end not in graph:
                    frontier.append(result.end)
                graph.add_edge(pos, result.end)
    return graph


def solve(level: Level, moves: MoveCache, graph: nx.DiGraph) -> list[RouteStep] | None:
    """S26: a shortest winning sequence of turns, or None when the level cannot be won.

    A breadth-first search over (field, health, hand, hearts left), turn by turn, cut by a
    bound: the turns taken plus the fewest turns the move graph needs from that field to the
    exit (cards and health ignored, so never an overestimate) must not exceed the bound.
    The bound starts at the graph's distance from the door and grows by one until a route is
    found, or until nothing was cut, which proves there is none.
    """
    exit_ = level.exit
    if exit_ not in graph:
        return None
    to_exit = nx.single_source_shortest_path_length(graph.reverse(copy=False), exit_)
    if level.door not in to_exit:
        return None
    bound = to_exit[level.door]
    summaries: dict[tuple[Position, int], list[MoveResult]] = {}
    while True:
        route, cut = _bounded_search(level, moves, to_exit, bound, summaries)
        if route is not None or not cut:
            return route
        bound += 1


def _bounded_search(
    level: Level, moves: MoveCache, to_exit: dict[Position, int], bound: int, summaries: dict
) -> tuple[list[RouteStep] | None, bool]:
    rules = level.rules
    hearts = level.positions[Tile.HEART]
    heart_bit = {pos: 1 << i for i, pos in enumerate(hearts)}
    start = (level.door, rules.start_health, FULL_HAND, (1 << len(hearts)) - 1)
    # Health dominance: a state is not worth exploring when the same field, hand and hearts
    # were already reached (as early or earlier) with at least as much health.
    best_health: dict[tuple, int] = {(start[0], start[2], start[3]): start[1]}
    parent: dict[tuple, tuple[tuple, int, MoveResult]] = {}
    frontier = [start]
    turn = 0
    cut = False
    while frontier:
        turn += 1
        following = []
        for state in frontier:
            pos, health, hand, heart_mask = state
            for card in hand:
                following_hand = next_hand(hand, card)
                key = (pos, card)
                if key not in summaries:
                    summaries[key] = _distinct_health_effects(moves.get(pos, card))
                for result in summaries[key]:
                    remaining = to_exit.get(result.end)
                    if remaining is None:
                        continue  # the exit cannot be reached from there at all
                    if turn + remaining > bound:
                        cut = True
                        continue
                    after = _apply_health(result.events, health, heart_mask, heart_bit, rules.max_health)
                    if after is None:
                        continue  # health touched 0 in this move (S26)
                    new_health, new_hearts = after
                    new_state = (result.end, new_health, following_hand, new_hearts)
                    if result.exited:
                        parent[new_state] = (state, card, result)
                        return _route(moves, parent, new_state), cut
                    seen_key = (result.end, following_hand, new_hearts)
                    if best_health.get(seen_key, 0) >= new_health:
                        continue
                    best_health[seen_key] = new_health
                    parent[new_state] = (state, card, result)
                    following.append(new_state)
        frontier = following
    return None, cut


def _distinct_health_effects(results: Iterable[MoveResult]) -> list[MoveResult]:
    """One result per (end, exit, health events): all that matters to the solver."""
    distinct: dict[tuple, MoveResult] = {}
    for result in results:
        distinct.setdefault((result.end, result.exited, result.events), result)
    return list(distinct.values())


def _apply_health(
    events: tuple[object, ...], health: int, heart_mask: int, heart_bit: dict, max_health: int
) -> tuple[int, int] | None:
    for event in events:
        if event == HURT:
            health -= 1
            if health <= 0:
                return None
        else:
            bit = heart_bit[event]
            if heart_mask & bit:  # each heart counts once (S26)
                heart_mask &= ~bit
                if health < max_health:
                    health += 1
    return health, heart_mask


def _route(moves: MoveCache, parent: dict, last: tuple) -> list[RouteStep]:
    turns: list[tuple[tuple, int, MoveResult, tuple]] = []
    state = last
    while state in parent:
        previous, card, result = parent[state]
        turns.append((previous, card, result, state))
        state = previous
    turns.reverse()
    route = []
    for turn, (previous, card, result, state) in enumerate(turns, start=1):
        # Ask the engine again with the trail kept, for a result with the same effects.
        trail = next(
            r.trail
            for r in moves.engine.moves(previous[0], card, trail=True)
            if (r.end, r.exited, r.events, r.passed & moves.watch) == (result.end, result.exited, result.events, result.passed)
        )
        route.append(RouteStep(turn, card, previous[0], result.end, trail or (), state[1], result.exited))
    return route
