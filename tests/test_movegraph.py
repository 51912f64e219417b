"""S27's move graph: the plain lists the validator walks and the networkx graph agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.sinpin.loader import read_level
from printkit.sinpin.movegraph import MoveCache, move_graph, rest_graph
from printkit.sinpin.rules import CARD_VALUES

LEVELS = sorted((Path(__file__).resolve().parent.parent / "levels").glob("*.yaml"))


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
def test_rest_graph_and_move_graph_hold_the_same_nodes_and_edges(path: Path) -> None:
    level = read_level(str(path)).level()
    moves = MoveCache(level)
    lists, graph = rest_graph(moves), move_graph(moves)
    assert list(lists) == list(graph.nodes) and next(iter(lists)) == level.door
    assert {(a, b) for a, ends in lists.items() for b in ends} == set(graph.edges)
    for pos, ends in lists.items():
        expected = set() if pos == level.exit else {end for card in CARD_VALUES for end in moves.ends(pos, card)}
        assert set(ends) == expected and len(ends) == len(expected)


def test_leading_to_and_reached_from_follow_the_edges_each_way() -> None:
    from printkit.sinpin.movegraph import leading_to, reached_from

    graph = {(0, 0): [(1, 0)], (1, 0): [(2, 0), (0, 0)], (2, 0): [], (5, 5): [(2, 0)], (7, 7): [(7, 7)]}
    assert leading_to(graph, (2, 0)) == {(0, 0), (1, 0), (2, 0), (5, 5)}
    assert leading_to(graph, (7, 7)) == {(7, 7)}
    assert reached_from(graph, (0, 0)) == {(0, 0), (1, 0), (2, 0)}
    assert reached_from(graph, (2, 0)) == {(2, 0)}
