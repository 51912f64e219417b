"""The move graph of S27: rest positions, and which card moves lead where (health ignored)."""

from __future__ import annotations

from typing import Callable

import networkx as nx

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

    def get(self, pos: Position, card: int) -> tuple[MoveResult, ...]:
        key = (pos, card)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.engine.moves(pos, card, watch=frozenset(), gems=False)
        return found

    def items_passed(self, pos: Position, card: int) -> frozenset[Position]:
        return self.engine.fields_passed(pos, card, self.items)


def move_graph(moves: MoveCache, progress: Callable[[int], None] | None = None) -> nx.DiGraph:
    """S27: the rest positions reachable from the door, an edge where some card leads.

    `progress` is told the number of rest positions explored, after each one."""
    door, exit_ = moves.level.door, moves.level.exit
    graph = nx.DiGraph()
    graph.add_node(door)
    frontier = [door]
    while frontier:
        pos = frontier.pop()
        if progress is not None:
            progress(1)
        if pos == exit_:
            continue  # the exit has no outgoing edges
        for card in CARD_VALUES:
            for result in moves.get(pos, card):
                if result.end not in graph:
                    frontier.append(result.end)
                graph.add_edge(pos, result.end)
    return graph
