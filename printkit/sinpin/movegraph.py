"""The move graph of S27: rest positions, and which card moves lead where (health ignored)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:
    import networkx as nx

from printkit.sinpin import movebits
from printkit.sinpin.engine import MoveEngine, MoveResult
from printkit.sinpin.level import Level, Position
from printkit.sinpin.rules import CARD_VALUES
from printkit.sinpin.tiles import ITEM_TILES


class MoveCache:
    """Moves from the engine, asked once per (field, card): health ignored, items as mapped.

    The results carry no `passed` and no gems (the graph and the solver need where moves end
    and what they do to health); `items_passed` answers S27's question of which items some
    move passes.
    """

    def __init__(self, level: Level):
        self.level = level
        self.engine = MoveEngine(level)
        self.items = frozenset(pos for tile in ITEM_TILES for pos in level.positions[tile])
        self._cache: dict[tuple[Position, int], tuple[MoveResult, ...]] = {}
        self._ends: dict[tuple[Position, int], tuple[Position, ...]] = {}

    def get(self, pos: Position, card: int) -> tuple[MoveResult, ...]:
        key = (pos, card)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.engine.moves(pos, card, watch=frozenset(), gems=False)
        return found

    def ends(self, pos: Position, card: int) -> tuple[Position, ...]:
        """Where the moves of `get(pos, card)` end, each once, sorted: what the move graph
        and the solver's bound need, found without telling health events apart."""
        key = (pos, card)
        found = self._ends.get(key)
        if found is None:
            found = self._ends[key] = tuple(sorted(movebits.ends(self.engine, pos, card)))
        return found

    def items_passed(self, pos: Position, card: int) -> frozenset[Position]:
        return movebits.reach(self.engine, pos, card, self.items)[1]

    def items_passed_by(self, starts: Iterable[Position]) -> frozenset[Position]:
        """The items some move with some card from one of `starts` passes (S27)."""
        return movebits.fields_passed_by(self.engine, ((pos, card) for pos in starts for card in CARD_VALUES), self.items)


def rest_graph(moves: MoveCache, progress: Callable[[int], None] | None = None) -> dict[Position, list[Position]]:
    """S27's move graph as plain lists: every rest position reachable from the door, in the
    order found (the door first), with the rest positions some card leads to from it, each
    once, in the order the cards find them (the exit leads nowhere). `progress` is told of
    each rest position explored (1 each time)."""
    return _search(moves, progress)[0]


def _search(moves: MoveCache, progress: Callable[[int], None] | None = None) -> tuple[dict[Position, list[Position]], list[Position]]:
    """The move graph, and the order its rest positions were expanded in."""
    door, exit_ = moves.level.door, moves.level.exit
    graph: dict[Position, list[Position]] = {door: []}
    expanded: list[Position] = []
    frontier = [door]
    while frontier:
        pos = frontier.pop()
        if progress is not None:
            progress(1)
        if pos == exit_:
            continue  # the exit has no outgoing edges
        targets: dict[Position, None] = {}
        for card in CARD_VALUES:
            targets.update(dict.fromkeys(moves.ends(pos, card)))
        for end in targets:
            if end not in graph:
                graph[end] = []
                frontier.append(end)
        graph[pos] = list(targets)
        expanded.append(pos)
    return graph, expanded


def leading_to(graph: dict[Position, list[Position]], target: Position) -> set[Position]:
    """The rest positions of `graph` (as rest_graph gives it) from which some sequence of
    moves reaches `target`, itself included."""
    sources: dict[Position, list[Position]] = {}
    for pos, ends in graph.items():
        for end in ends:
            sources.setdefault(end, []).append(pos)
    found, frontier = {target}, [target]
    while frontier:
        for pos in sources.get(frontier.pop(), ()):
            if pos not in found:
                found.add(pos)
                frontier.append(pos)
    return found


def reached_from(graph: dict[Position, list[Position]], start: Position) -> set[Position]:
    """The rest positions some sequence of moves from `start` reaches, itself included."""
    found, frontier = {start}, [start]
    while frontier:
        for end in graph[frontier.pop()]:
            if end not in found:
                found.add(end)
                frontier.append(end)
    return found


def move_graph(moves: MoveCache, progress: Callable[[int], None] | None = None) -> nx.DiGraph:
    """S27: the rest positions reachable from the door, an edge where some card leads (as a
    networkx graph; nodes and edges in the order the search finds them)."""
    import networkx as nx  # only callers that want a graph object pay for loading networkx

    successors, expanded = _search(moves, progress)
    graph = nx.DiGraph()
    graph.add_nodes_from(successors)
    graph.add_edges_from((pos, end) for pos in expanded for end in successors[pos])
    return graph
