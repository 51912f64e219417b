"""The move graph of S27: rest positions, and which card moves lead where (health ignored)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:
    import networkx as nx

from printkit.sinpin.moves import bits
from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.moves.events import MoveResult
from printkit.sinpin.level import Level, Position
from printkit.sinpin.rules import CARD_VALUES
from printkit.sinpin.tiles import ITEM_TILES

Ends = dict[tuple[Position, int], tuple[Position, ...]]  # (field, card) -> where its moves end


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
        self._ends: Ends = _shared_ends(level)

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
            found = self._ends[key] = tuple(sorted(bits.ends(self.engine, pos, card)))
        return found

    def items_passed(self, pos: Position, card: int) -> frozenset[Position]:
        return bits.reach(self.engine, pos, card, self.items)[1]

    def items_passed_by(self, starts: Iterable[Position]) -> frozenset[Position]:
        """The items some move with some card from one of `starts` passes (S27)."""
        return bits.fields_passed_by(self.engine, ((pos, card) for pos in starts for card in CARD_VALUES), self.items)


# the last MoveCache's movement map and ends (bits.LastMap: why a module keeps it)
_last_ends: bits.LastMap[tuple[tuple[str, ...], Ends]] = bits.LastMap()


def _shared_ends(level: Level) -> Ends:
    """The ends of the last MoveCache made when its level has the same movement map (where
    moves end depends on nothing else): a cave validated again after blades were put on it,
    or right after mending moved its items and door, asks for the same ends again."""
    movement = bits.movement_map(level)
    last = _last_ends.kept
    if last is not None and last[0] == movement:
        return last[1]
    ends: Ends = {}
    _last_ends.kept = (movement, ends)
    return ends


def move_graph(moves: MoveCache, progress: Callable[[int], None] | None = None) -> nx.DiGraph:
    """S27's move graph, the one graph of rest positions the validator, the bots, the
    generator and the editor share: every rest position reachable from the door α, an edge
    where some card leads (the exit leads nowhere). Nodes come in the order the search finds
    them (the door first), each one's edges in the order the cards find them. `progress` is
    told of each rest position explored (1 each time)."""
    import networkx as nx  # loaded only where a level is validated or played (~0.2 s a process)

    door, exit_ = moves.level.door, moves.level.exit
    graph = nx.DiGraph()
    graph.add_node(door)
    # The edges go straight into the graph's adjacency, networkx's dict-of-dict-of-dict
    # layout (`_succ`, `_pred`, `_node`; one data dict an edge, shared by both sides):
    # add_edges_from takes about a microsecond an edge, 9 % more instructions for the whole
    # validation of a dense 12 x 18 level (some 3,000 edges). tests/test_sinpin_moves_graph.py
    # checks the graph against one built with add_edges_from.
    successors, predecessors, nodes = graph._succ, graph._pred, graph._node
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
        leaving = successors[pos]
        for end in targets:
            if end not in successors:
                successors[end], predecessors[end], nodes[end] = {}, {}, {}
                frontier.append(end)
            leaving[end] = predecessors[end][pos] = {}
    return graph


def reached_from(graph: nx.DiGraph, start: Position) -> frozenset[Position]:
    """The rest positions some sequence of moves reaches from `start`, itself included (S27):
    its descendants in the move graph."""
    import networkx as nx

    reached = nx.descendants(graph, start)
    # in the graph's order, which the solver numbers its fields by (a route among equals)
    return frozenset(pos for pos in graph if pos == start or pos in reached)


def leading_to(graph: nx.DiGraph, target: Position) -> set[Position]:
    """The rest positions from which some sequence of moves reaches `target`, itself
    included: its ancestors in the move graph (none when the graph does not hold it)."""
    import networkx as nx

    return nx.ancestors(graph, target) | {target} if target in graph else set()
