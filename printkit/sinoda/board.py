"""The Sinoda board as a model: the triangle lattice of boards.md, nothing drawn.

Lattice point P(a, b) = a·e1 + b·e2 with e1 = (1, 0), e2 = (1/2, √3/2), times the edge
length r. Millimetre coordinates here are mathematical (y points up, origin at `centre`);
printkit.boards.layout rotates and flips them onto the page.

Space names (our choice): ring letter + index, e.g. `A1`, `B7`, `C30`. Ring k (A = 1) holds
the 6·(2k − 1) triangles whose farthest corner is at hex distance k from the centre, so a
name means the same triangle on the small and the large board. Within a ring the index
counts clockwise from the ray through P(0, 1); with the layout's default 30° rotation that
ray points straight up, so indices run like a clock face. `Triangle.axial` (`U(0,1)`,
`D(-1,0)`) is the unambiguous lattice name of boards.md for machines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

SQRT3 = math.sqrt(3.0)

Point = tuple[int, int]  # a lattice point (a, b)
XY = tuple[float, float]  # millimetres

RING_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# The six lattice steps to a point's neighbours, counter-clockwise from e1.
STEPS: tuple[Point, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

BOARD_SIZES: dict[str, int] = {"small": 2, "large": 3}


def hex_distance(p: Point) -> int:
    a, b = p
    return max(abs(a), abs(b), abs(a + b))


def lattice_xy(p: Point) -> XY:
    """P(a, b) in units of the edge length, y up."""
    a, b = p
    return (a + b / 2, b * SQRT3 / 2)


def point_mm(p: Point, r: float, centre: XY = (0.0, 0.0)) -> XY:
    x, y = lattice_xy(p)
    return (centre[0] + r * x, centre[1] + r * y)


def rotate60(p: Point, times: int = 1) -> Point:
    """Rotate a lattice point counter-clockwise about P(0, 0) by times·60°."""
    a, b = p
    for _ in range(times % 6):
        a, b = -b, a + b
    return (a, b)


class Kind(str, Enum):
    UP = "U"
    DOWN = "D"


@dataclass(frozen=True, order=True)
class Triangle:
    kind: Kind
    a: int
    b: int

    @property
    def axial(self) -> str:
        return f"{self.kind.value}({self.a},{self.b})"

    @property
    def corners(self) -> tuple[Point, Point, Point]:
        a, b = self.a, self.b
        if self.kind is Kind.UP:
            return ((a, b), (a + 1, b), (a, b + 1))
        return ((a + 1, b), (a, b + 1), (a + 1, b + 1))

    @property
    def ring(self) -> int:
        return max(hex_distance(p) for p in self.corners)

    def lattice_neighbours(self) -> tuple[Triangle, Triangle, Triangle]:
        """The three edge-adjacent triangles on the unbounded lattice (boards.md)."""
        a, b = self.a, self.b
        if self.kind is Kind.UP:
            down = Kind.DOWN
            return (Triangle(down, a, b), Triangle(down, a - 1, b), Triangle(down, a, b - 1))
        up = Kind.UP
        return (Triangle(up, a, b), Triangle(up, a + 1, b), Triangle(up, a, b + 1))

    def centroid(self) -> XY:
        """In units of the edge length, y up."""
        xs, ys = zip(*(lattice_xy(p) for p in self.corners))
        return (sum(xs) / 3, sum(ys) / 3)

    def centroid_mm(self, r: float, centre: XY = (0.0, 0.0)) -> XY:
        x, y = self.centroid()
        return (centre[0] + r * x, centre[1] + r * y)

    def corners_mm(self, r: float, centre: XY = (0.0, 0.0)) -> tuple[XY, XY, XY]:
        p, q, s = (point_mm(c, r, centre) for c in self.corners)
        return (p, q, s)


def flower(p: Point) -> tuple[Triangle, ...]:
    """The six triangles around lattice point p (boards.md), on the unbounded lattice."""
    a, b = p
    return (
        Triangle(Kind.UP, a, b),
        Triangle(Kind.UP, a - 1, b),
        Triangle(Kind.UP, a, b - 1),
        Triangle(Kind.DOWN, a - 1, b),
        Triangle(Kind.DOWN, a, b - 1),
        Triangle(Kind.DOWN, a - 1, b - 1),
    )


@dataclass(frozen=True)
class Petal:
    """The lens drawn on one lattice edge: two minor arcs of radius r from tip to tip.

    Each arc is centred on the far corner of one of the two triangles sharing the edge —
    the points (√3/2)·r either side of the edge's midpoint — and bulges away from it.
    """

    tips: tuple[Point, Point]
    arc_centres: tuple[Point, Point]


def _clockwise_key(t: Triangle) -> tuple[float, float]:
    x, y = t.centroid()
    # Degrees clockwise from the ray through P(0, 1) at 60°; no centroid lies on that ray.
    turn = (60.0 - math.degrees(math.atan2(y, x))) % 360.0
    return (round(turn, 9), round(math.hypot(x, y), 9))


@dataclass(frozen=True)
class Board:
    """A Sinoda board of size n: every triangle whose corners are all within distance n."""

    n: int

    def __post_init__(self) -> None:
        if not 1 <= self.n <= len(RING_LETTERS):
            raise ValueError(f"board size must be from 1 to {len(RING_LETTERS)}, not {self.n}")

    @cached_property
    def triangles(self) -> tuple[Triangle, ...]:
        """Every space, in name order (ring by ring, clockwise)."""
        n = self.n
        found = [
            Triangle(kind, a, b)
            for kind in Kind
            for a in range(-n - 1, n + 1)
            for b in range(-n - 1, n + 1)
            if Triangle(kind, a, b).ring <= n
        ]
        return tuple(sorted(found, key=lambda t: (t.ring, *_clockwise_key(t))))

    @cached_property
    def names(self) -> dict[Triangle, str]:
        names: dict[Triangle, str] = {}
        counts: dict[int, int] = {}
        for t in self.triangles:
            counts[t.ring] = counts.get(t.ring, 0) + 1
            names[t] = f"{RING_LETTERS[t.ring - 1]}{counts[t.ring]}"
        return names

    @cached_property
    def by_name(self) -> dict[str, Triangle]:
        return {name: t for t, name in self.names.items()}

    def __contains__(self, t: object) -> bool:
        return t in self.names

    def name(self, t: Triangle) -> str:
        return self.names[t]

    def triangle(self, name: str) -> Triangle:
        return self.by_name[name.upper()]

    @cached_property
    def adjacency(self) -> dict[Triangle, tuple[Triangle, ...]]:
        return {
            t: tuple(u for u in t.lattice_neighbours() if u in self.names) for t in self.triangles
        }

    def neighbours(self, t: Triangle) -> tuple[Triangle, ...]:
        return self.adjacency[t]

    @cached_property
    def points(self) -> tuple[Point, ...]:
        n = self.n
        return tuple(
            (a, b) for a in range(-n, n + 1) for b in range(-n, n + 1) if hex_distance((a, b)) <= n
        )

    @cached_property
    def edges(self) -> tuple[tuple[Point, Point], ...]:
        """Every lattice edge of the board's triangles, each once, endpoints sorted."""
        found: set[tuple[Point, Point]] = set()
        for t in self.triangles:
            p, q, s = t.corners
            for u, v in ((p, q), (q, s), (p, s)):
                found.add((min(u, v), max(u, v)))
        return tuple(sorted(found))

    @cached_property
    def petals(self) -> tuple[Petal, ...]:
        return tuple(_petal(p, q) for p, q in self.edges)

    def flower_complete(self, p: Point) -> bool:
        return hex_distance(p) <= self.n - 1

    def flower(self, p: Point) -> tuple[Triangle, ...]:
        if not self.flower_complete(p):
            raise ValueError(f"the flower around P{p} is not wholly on a board of size {self.n}")
        return flower(p)


def _petal(p: Point, q: Point) -> Petal:
    # The arc centres are the two lattice points adjacent to both tips.
    apexes = sorted(
        (p[0] + da, p[1] + db)
        for da, db in STEPS
        if (p[0] + da - q[0], p[1] + db - q[1]) in STEPS
    )
    return Petal(tips=(p, q), arc_centres=(apexes[0], apexes[1]))


# -- set-ups ------------------------------------------------------------------------------
# Start flowers, player 1 first, then clockwise (turns go clockwise in Sinoda). Player 1 is
# the seat at the bottom (or bottom left) of the page at the default 30° rotation.
SEATS: dict[tuple[int, str], tuple[Point, ...]] = {
    (2, "small"): ((0, -1), (0, 1)),
    (3, "small"): ((-1, 0), (0, 1), (1, -1)),
    (3, "large"): ((-2, 0), (0, 2), (2, -2)),
    # Two sides and two corners, 90° apart (boards.md): players 1 and 3 on the sides
    # (-1,-1), (1,1), players 2 and 4 on the corners (-2,2), (2,-2).
    (4, "large"): ((-1, -1), (-2, 2), (1, 1), (2, -2)),
    (6, "large"): ((0, -2), (-2, 0), (-2, 2), (0, 2), (2, 0), (2, -2)),
}
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 6)
# Numbers of teams each player count allows (every team at least two players).
TEAM_COUNTS: dict[int, tuple[int, ...]] = {2: (), 3: (), 4: (2,), 6: (2, 3)}


def default_board(players: int) -> str:
    return "small" if players == 2 else "large"


def team_partition(players: int, teams: int) -> tuple[tuple[int, ...], ...]:
    """Teammates every `teams`-th seat: opposite for pairs, and turns alternate teams."""
    return tuple(tuple(range(first, players + 1, teams)) for first in range(1, teams + 1))


@dataclass(frozen=True)
class Setup:
    players: int
    board: str  # "small" | "large"
    teams: tuple[tuple[int, ...], ...] = ()  # player numbers; () when everyone plays alone

    def __post_init__(self) -> None:
        if (self.players, self.board) not in SEATS:
            raise ValueError(f"no {self.players}-player set-up on the {self.board} board")
        if self.teams and len(self.teams) not in TEAM_COUNTS[self.players]:
            raise ValueError(f"{self.players} players cannot form {len(self.teams)} teams")

    @property
    def name(self) -> str:
        """The set-up's short name, as in the shipped templates (`6-three-teams`)."""
        base = str(self.players)
        if self.board != default_board(self.players):
            base += f"-{self.board}"
        if not self.teams:
            return base
        if self.players == 4:
            return f"{base}-teams"
        return f"{base}-{('two', 'three')[len(self.teams) - 2]}-teams"

    @property
    def n(self) -> int:
        return BOARD_SIZES[self.board]

    @property
    def seats(self) -> tuple[Point, ...]:
        return SEATS[(self.players, self.board)]

    @cached_property
    def grid(self) -> Board:
        return Board(self.n)

    def team_of(self, player: int) -> int | None:
        for number, members in enumerate(self.teams, start=1):
            if player in members:
                return number
        return None

    def start_flower(self, player: int) -> tuple[Triangle, ...]:
        return self.grid.flower(self.seats[player - 1])


def make_setup(players: int, board: str | None = None, teams: int | None = None) -> Setup:
    board = board or default_board(players)
    partition = team_partition(players, teams) if teams else ()
    return Setup(players, board, partition)


def setup_named(name: str) -> Setup:
    """The set-up a name of `Setup.name` stands for (`6-three-teams`, `3-small`, `4-teams`):
    a game record's header names its set-up so, and that is all a replay needs of the board
    spec it was played from. Raise ValueError for a name no set-up has."""
    players_text, _, rest = name.partition("-")
    board = None
    if rest.split("-")[0] in BOARD_SIZES:
        board, _, rest = rest.partition("-")
    teams = {"": None, "teams": 2, "two-teams": 2, "three-teams": 3}.get(rest, 0)
    if not players_text.isdecimal() or teams == 0:
        raise ValueError(f"'{name}' names no Sinoda set-up")
    setup = make_setup(int(players_text), board, teams)  # ValueError for one the board cannot seat
    if setup.name != name:  # one set-up, one name: "4-teams", never "4-two-teams"
        raise ValueError(f"'{name}' names no Sinoda set-up (did you mean '{setup.name}'?)")
    return setup


ALL_SETUPS: tuple[Setup, ...] = (
    make_setup(2),
    make_setup(3),
    make_setup(3, "small"),
    make_setup(4),
    make_setup(4, teams=2),
    make_setup(6),
    make_setup(6, teams=2),
    make_setup(6, teams=3),
)
