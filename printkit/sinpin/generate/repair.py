"""Mending a drawn cave until nothing in it can trap an avatar (S27) and nothing lies out of
reach, before the validator is asked.

The learned patterns draw pits and pockets the route does not know about; some of them can
be fallen into and not left. The move graph of S27 (the engine's, through movegraph) says
which: the rest positions the door reaches from which the exit cannot be reached. Only the
bottoms of those traps need mending (everything above a trap drains into it): each bottom
gets a ladder up out of it (S11: from a ladder every step is free to choose) or is filled
with rock, and the graph is asked again, a few rounds at most. Then items no move passes
are taken off the map (they would be S27 warnings; an item no move enters changes no move),
and a lone teleporter too (S20).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from printkit.sinpin.generate.looks import open_rectangle
from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves import bits as movebits
from printkit.sinpin.moves.graph import MoveCache, leading_to, move_graph, reached_from
from printkit.sinpin.moves.bounds import FULL_MASK, relaxed_turns_to_exit
from printkit.sinpin.rules import CARD_VALUES, SETUP_LIMITS
from printkit.sinpin.tiles import ITEM_TILES, Tile

if TYPE_CHECKING:
    import networkx as nx

Grid = list[list[str]]
ROUNDS = 4  # graph passes before a cave is given up (each about 12 ms on 12 x 18)
# S28: more on the map than a set-up holds is a warning (the knobs' defaults are the most);
# hearts: each one the solver must follow doubles its states (S26), and the examples have at
# most two (the box holds four more, S29).
MAP_LIMITS = {"w": SETUP_LIMITS["web"], "*": SETUP_LIMITS["gem"], "?": SETUP_LIMITS["question"], "h": 3}
HALL = 6  # the largest rectangle of plain open cave left empty (the examples' mean is about 5)


@dataclass(frozen=True)
class Mended:
    rows: tuple[str, ...]
    rounds: int  # move graphs worked out
    traps_mended: int
    turns: int  # least turns with health ignored (S5 kept): the solver's first bound, a close guess
    door: Position  # where the door ended up (trimmed routes start later)


def tidy(grid: Grid, limits: dict[str, int]) -> None:
    """What the map may hold before any move is worked out: at most `limits` of some
    characters (S28: webs, gems, question marks a set-up holds) and never one teleporter alone
    (S20). Extra ones become open cave, the last in reading order first."""
    for char, most in {**limits, "O": 99}.items():
        where = [(x, y) for y, row in enumerate(grid) for x, c in enumerate(row) if c == char]
        extra = where[most:] if char != "O" else (where if len(where) == 1 else [])
        for x, y in extra:
            grid[y][x] = "."


def mend(grid: Grid, protected: set[Position], rng: random.Random, scatter: Sequence[str] = (),
         rounds: int = ROUNDS, trim: Trim | None = None, ladders: bool = True) -> Mended | None:
    """The grid (door and exit in place) with its traps mended and its items within reach
    (`scatter`: the items to break up big empty halls with), or None when the exit is out of
    the door's reach or traps remain after `rounds`. Fields in `protected` (the planned
    route) are never changed. With `trim`, a route longer than it asks starts later on it;
    without `ladders` (not among the asked features) traps are only filled."""
    mended = 0
    for done in range(1, rounds + 1):
        tidy(grid, {})  # a trap filled with rock may have taken a teleporter's partner
        level = Level(tuple("".join(row) for row in grid))
        moves = MoveCache(level)
        graph = move_graph(moves)  # S27, the one graph type (networkx) the validator uses too
        exit_ = level.exit
        if exit_ not in graph:
            return None
        traps = set(graph) - leading_to(graph, exit_)
        if not traps:
            turns = relaxed_turns_to_exit(moves, graph)
            door = _trimmed(grid, level, graph, turns, trim) if trim is not None else level.door
            reached = reached_from(graph, door)
            _items_within_reach(grid, Level(tuple("".join(row) for row in grid)), moves,
                                [pos for pos in reached if pos != exit_], rng, scatter)
            return Mended(tuple("".join(row) for row in grid), done, mended, turns[door][FULL_MASK] or 0, door)
        if done == rounds:
            return None
        changed = sum(_mend_trap(grid, bottom, protected, rng, ladders) for bottom in _bottoms(graph, traps))
        if not changed:
            return None  # every trap's bottom is the route's own: a new plan is cheaper
        mended += changed
    return None


@dataclass(frozen=True)
class Trim:
    """Where a route too long for its aim may start instead: the fields of the planned walk
    in order (`starts`), the least turns asked, and which doors the story allows."""

    starts: tuple[Position, ...]
    turns: tuple[int, int]
    door_ok: Callable[[Position], bool]


def _trimmed(grid: Grid, level: Level, graph: nx.DiGraph,
             turns: dict[Position, list[int | None]], trim: Trim) -> Position:
    """The door moved forward along the walk to the first field from which the exit is as
    many turns away as asked (health ignored, S5 kept), when the route is longer than asked.
    Nothing new can trap the avatar: every rest position the new door reaches, the old one
    did too, and all of those lead to the exit (S27)."""
    door = level.door
    low, high = trim.turns
    if (turns[door][FULL_MASK] or 0) <= high:
        return door
    for x, y in trim.starts:
        ahead = turns.get((x, y))
        if (ahead is not None and low <= (ahead[FULL_MASK] or 0) <= high and grid[y][x] == "."
                and level.supported(x, y) and (x, y) in graph and trim.door_ok((x, y))):
            grid[door[1]][door[0]] = "."
            grid[y][x] = "A"
            return (x, y)
    return door


def _items_within_reach(grid: Grid, level: Level, moves: MoveCache, starts: list[Position], rng: random.Random,
                        scatter: Sequence[str]) -> None:
    """Items no move passes (S27) moved to open fields on a floor that some move passes:
    gems, hearts and question marks change no move, so nothing needs mending again; a chest
    ends moves (S21) and is taken off instead. Then big empty halls get items from `scatter`
    on fields moves pass, near their middle, until no rectangle of plain open cave is larger
    than HALL fields (the examples keep theirs small) or no such field is left."""
    open_fields = frozenset(level.positions[Tile.OPEN])
    items = frozenset(pos for tile in ITEM_TILES for pos in level.positions[tile])
    cave = frozenset((x, y) for x, y, tile in level.cells() if tile is not Tile.ROCK)
    passed = movebits.fields_passed_by(moves.engine, ((pos, card) for pos in starts for card in CARD_VALUES), cave)
    spots = sorted(pos for pos in passed & open_fields if level.supported(*pos))
    for x, y in sorted(items - passed):
        char, grid[y][x] = grid[y][x], "."
        if char != "C" and spots:
            nx, ny = spots.pop(rng.randrange(len(spots)))
            grid[ny][nx] = char
    for _ in range(8):
        area, left, top, right, bottom = open_rectangle(["".join(row) for row in grid])
        if area <= HALL:
            return
        inside = [(x, y) for x, y in passed if left <= x <= right and top <= y <= bottom and grid[y][x] == "."]
        middle = ((left + right) / 2, (top + bottom) / 2)
        room = [char for char in scatter if sum(row.count(char) for row in grid) < MAP_LIMITS.get(char, 99)]
        if inside and room:
            x, y = min(inside, key=lambda pos: (abs(pos[0] - middle[0]) + abs(pos[1] - middle[1]), pos))
            grid[y][x] = rng.choice(room)
        elif not inside and (round(middle[0]), top - 1) not in passed:
            # No move enters the hall: a pillar of rock changes no move (nothing enters it,
            # and nothing stands on its top, S4), and breaks the hall up.
            for y in range(top, bottom + 1):
                grid[y][round(middle[0])] = "#"
        else:
            return


def _bottoms(graph: nx.DiGraph, traps: set[Position]) -> list[list[Position]]:
    """The bottoms of the traps: the groups of trap positions that reach each other and lead
    nowhere else (the sink components of the graph among the traps), each sorted."""
    reach = {start: reached_from(graph, start) for start in sorted(traps)}
    bottoms: list[list[Position]] = []
    for start in sorted(traps):
        if all(start in reach[other] for other in reach[start]):  # everything it reaches reaches it back
            group = sorted(reach[start])
            if group not in bottoms:
                bottoms.append(group)
    return bottoms


def _mend_trap(grid: Grid, bottom: list[Position], protected: set[Position], rng: random.Random, ladders: bool) -> bool:
    """A ladder up from the lowest field of the trap's bottom, or its fields filled with rock
    (False: all of it is the route's, which cannot change)."""
    free = [pos for pos in bottom if pos not in protected and grid[pos[1]][pos[0]] not in "AZ"]
    if not free:
        return False
    if ladders and rng.random() < 0.6:
        x, y = max(free, key=lambda pos: (pos[1], pos[0]))
        climbed = 0
        while y > 0 and grid[y][x] in ".H" and (x, y) not in protected:
            grid[y][x] = "H"
            climbed += 1
            y -= 1
        if climbed:
            return True
    for x, y in free:
        grid[y][x] = "#"
    return True
