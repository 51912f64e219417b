"""Where a piece can end a move (N6), as bit masks over a board's spaces, fast.

Spaces are numbered 0 … S−1 in name order (A1, A2, …, B1, …: `Board.triangles`), and a set
of spaces is an int with bit i for space i. For every space and value the simple paths of
exactly `value` steps are listed once (N6: each step to an edge-adjacent space, N1; no
space entered twice, the start counting as entered). A path can be taken when every space
it enters before the last is empty, so per end only the *inner* masks matter, and of those
only the minimal ones (a superset is blocked whenever a subset is). What a move can reach
then depends on the occupancy of the union of those inner spaces alone, so the answer is
kept per (space, value) in a dict keyed by that part of the occupancy: a game asks the
same few questions over and over.

What is in the end space (empty, a rival, a piece of the mover's own side) is the caller's
business: `ends` gives every end with a clear path, whatever stands on it. `ends` is the one
lookup of these tables: the successor function (`Position.legal_actions`), the bots
(`greedy_scores`, `threats_of`) and the search (`best_capture`) all ask it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from printkit.sinoda.board import Board
from printkit.sinoda.rules import VALUES

# A (space, value) pair as one small int: space << 2 | (value − 1).
MAX_CACHED = 1 << 14  # answers kept per (space, value) before that table starts again


class Reach:
    """The N6 destination tables of one board size, asked through `ends` (the one lookup)."""

    def __init__(self, n: int):
        board = Board(n)
        triangles = board.triangles
        index = {t: i for i, t in enumerate(triangles)}
        self.n = n
        self.board = board
        self.size = len(triangles)
        self.names: tuple[str, ...] = tuple(board.name(t) for t in triangles)
        self.index_of: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(index[u] for u in board.neighbours(t))) for t in triangles)
        self.full = (1 << self.size) - 1
        routes: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
        relevant: list[int] = []
        for space in range(self.size):
            for value in VALUES:
                by_end = self._routes(space, value)
                routes.append(tuple(sorted(by_end.items())))
                union = 0
                for masks in by_end.values():
                    for mask in masks:
                        union |= mask
                relevant.append(union)
        # routes[s << 2 | (v - 1)]: ((end, (inner mask, …)), …), ends ascending, masks minimal
        self.routes = tuple(routes)
        # relevant[key]: the spaces whose occupancy decides what the piece reaches
        self.relevant = tuple(relevant)
        # depends[space][value]: the same, by space and value: while none of those spaces
        # changes, what `ends` says stays the same (a table, not a method: the bots ask it
        # for every rival piece of every position they judge)
        self.depends: tuple[tuple[int, ...], ...] = tuple(
            (0,) + tuple(self.relevant[space << 2 | (value - 1)] for value in VALUES) for space in range(self.size))
        # tables[key]: {occupancy & relevant: mask of ends with a clear path}, filled as asked
        self.tables: tuple[Answers, ...] = tuple(Answers(key_routes) for key_routes in routes)
        # ends(space, value, occupied): a closure (see _lookup), not a method
        self.ends: Callable[[int, int, int], int] = _lookup(self.tables, self.relevant)

    # A closure does not pickle (a game goes to the processes of `--jobs` and Dask with its
    # tables): it is left out and made again from the tables on arrival.
    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        del state["ends"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self.ends = _lookup(self.tables, self.relevant)

    def paths(self, space: int, value: int) -> list[tuple[int, ...]]:
        """Every simple path of exactly `value` steps from `space` (N6), each as the spaces
        entered in order; for tests and for showing a way."""
        found: list[tuple[int, ...]] = []

        def walk(path: tuple[int, ...]) -> None:
            if len(path) == value + 1:
                found.append(path[1:])
                return
            for nxt in self.neighbours[path[-1]]:
                if nxt not in path:
                    walk(path + (nxt,))

        walk((space,))
        return found

    def _routes(self, space: int, value: int) -> dict[int, tuple[int, ...]]:
        inner: dict[int, set[int]] = {}
        for path in self.paths(space, value):
            mask = 0
            for step in path[:-1]:
                mask |= 1 << step
            inner.setdefault(path[-1], set()).add(mask)
        minimal: dict[int, tuple[int, ...]] = {}
        for end, masks in inner.items():
            kept = [m for m in masks if not any(o != m and o & m == o for o in masks)]
            minimal[end] = tuple(sorted(kept))
        return minimal


def _lookup(tables: tuple[Answers, ...], relevant: tuple[int, ...]) -> Callable[[int, int, int], int]:
    """`Reach.ends` for these tables. A closure, whose tables it reads from its cells, costs
    less a call than a method reading them as attributes: the successor function, the bots
    and the search call it once a piece of every position they look at, and a method made
    the search bot some 6-10 % slower than the lines it replaced inline, the closure 2-5 %."""

    def ends(space: int, value: int, occupied: int) -> int:
        """The mask of spaces a `value` on `space` can end on with every inner space of
        the path empty (N6), whatever stands on the end. Only the spaces of
        `Reach.depends[space][value]` are read of `occupied`. An answer kept costs one
        subscript of its table (`Answers`)."""
        key = space << 2 | (value - 1)
        return tables[key][occupied & relevant[key]]

    return ends


class Answers(dict):
    """The answers of `Reach.ends` for one space and value, by the occupancy of the spaces
    they depend on; one not kept yet is worked out from the routes when first asked."""

    __slots__ = ("routes",)

    def __init__(self, routes: tuple[tuple[int, tuple[int, ...]], ...]):
        super().__init__()
        self.routes = routes  # ((end, (inner mask, …)), …), masks minimal

    def __missing__(self, local: int) -> int:
        found = 0
        for end, masks in self.routes:
            for mask in masks:
                if not mask & local:
                    found |= 1 << end
                    break
        if len(self) >= MAX_CACHED:  # a bound on memory in very long runs
            self.clear()
        self[local] = found
        return found


@cache
def reach_for(n: int) -> Reach:
    """The tables of the board of size n, made once a process."""
    return Reach(n)


def spaces_of(mask: int) -> list[int]:
    """The space numbers in a mask, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
