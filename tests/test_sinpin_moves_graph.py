"""S27's move graph: one networkx DiGraph of the rest positions the door reaches, whose
descendants and ancestors give the validator's reachability and soft-locks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves.graph import MoveCache, leading_to, move_graph, reached_from
from printkit.sinpin.rules import CARD_VALUES

ROOT = Path(__file__).resolve().parent.parent
LEVELS = sorted((ROOT / "levels").glob("*.yaml"))


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
def test_the_graph_holds_what_the_door_reaches_with_an_edge_where_a_card_leads(path: Path) -> None:
    level = read_level(str(path)).level()
    moves = MoveCache(level)
    graph = move_graph(moves)
    assert isinstance(graph, nx.DiGraph) and next(iter(graph)) == level.door
    assert set(graph) == nx.descendants(graph, level.door) | {level.door}
    assert reached_from(graph, level.door) == frozenset(graph)
    for pos in graph:
        expected = set() if pos == level.exit else {end for card in CARD_VALUES for end in moves.ends(pos, card)}
        assert set(graph.successors(pos)) == expected


@pytest.mark.parametrize("name", ["05-teleport-tangle", "07-the-chimney"])
def test_the_graph_is_the_one_networkx_builds_itself(name: str) -> None:
    """move_graph fills networkx's adjacency directly (for speed): the same graph, in the same
    order of nodes, successors and predecessors, as add_node and add_edges_from make."""
    level = read_level(str(ROOT / "levels" / f"{name}.yaml")).level()
    moves = MoveCache(level)
    graph = move_graph(moves)
    built = nx.DiGraph()
    built.add_node(level.door)
    frontier = [level.door]
    while frontier:
        pos = frontier.pop()
        if pos != level.exit:
            targets = dict.fromkeys(end for card in CARD_VALUES for end in moves.ends(pos, card))
            frontier += [end for end in targets if end not in built]
            built.add_edges_from((pos, end) for end in targets)
    assert nx.utils.graphs_equal(graph, built)
    assert list(graph.nodes) == list(built.nodes) and list(graph.edges) == list(built.edges)
    assert [list(graph.predecessors(pos)) for pos in graph] == [list(built.predecessors(pos)) for pos in built]
    assert graph.number_of_edges() == built.number_of_edges() and nx.is_directed(graph)
    graph.add_edge(level.door, (0, 0))  # and it behaves as any networkx graph
    assert (0, 0) in graph and graph.has_edge(level.door, (0, 0))


def test_reached_from_and_leading_to() -> None:
    graph = nx.DiGraph([((0, 0), (1, 0)), ((1, 0), (2, 0)), ((1, 0), (3, 0)), ((3, 0), (3, 0))])
    assert reached_from(graph, (1, 0)) == {(1, 0), (2, 0), (3, 0)}
    assert list(reached_from(graph, (0, 0))) == list(frozenset(graph))  # in the graph's order
    assert leading_to(graph, (2, 0)) == {(0, 0), (1, 0), (2, 0)}
    assert leading_to(graph, (9, 9)) == set()


def test_a_soft_lock_is_what_the_door_reaches_minus_what_leads_to_the_exit() -> None:
    level = Level.from_text("#######\n#..A.Z#\n#.#####\n#.#####\n#######")  # the pit at x=1 cannot be climbed out of
    graph = move_graph(MoveCache(level))
    locks = reached_from(graph, level.door) - leading_to(graph, level.exit) - {level.exit}
    assert locks == {(1, 3)}


def test_commands_that_never_validate_do_not_load_networkx() -> None:
    """networkx takes about 0.2 s of CPU to import: `moves`, `paper` and the others pay nothing for it."""
    code = ("import sys\nfrom printkit.cli import main\n"
            "try:\n    main(['moves', sys.argv[1], '--from', '4,3', '--card', '2', '-q'])\nexcept SystemExit:\n    pass\n"
            "print('networkx' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(ROOT / "levels" / "01-first-steps.yaml")],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "False"
