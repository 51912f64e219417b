"""Figures of a validated level, as `printkit generate` writes them under `x-metrics:` and
`printkit survey` plots them (an expressive range, Smith & Whitehead)."""

from __future__ import annotations

from printkit.sinpin.level import Level, Position
from printkit.sinpin.rules import CARD_VALUES
from printkit.sinpin.tiles import Tile
from printkit.sinpin.validator import Verdict

HAZARDS = frozenset({Tile.SPIKES, Tile.BLADES})
# The special fields by the names `printkit generate --features` takes.
FEATURES: dict[str, Tile] = {
    "ladder": Tile.LADDER, "spikes": Tile.SPIKES, "blades": Tile.BLADES, "web": Tile.WEB, "spring": Tile.SPRING,
    "teleporter": Tile.TELEPORTER, "chest": Tile.CHEST, "heart": Tile.HEART, "gem": Tile.GEM, "mark": Tile.QUESTION,
}
FEATURE_NAMES: dict[Tile, str] = {tile: name for name, tile in FEATURES.items()}


def route_trail(verdict: Verdict) -> list[Position]:
    """Every field the least-turns route enters, in order, from the door (repeats kept)."""
    if not verdict.route:
        return []
    trail = [verdict.route[0].start]
    for step in verdict.route:
        trail.extend(step.trail)
    return trail


def route_fields(verdict: Verdict) -> list[Position]:
    """The fields of the least-turns route, each once, in the order first entered."""
    return list(dict.fromkeys(route_trail(verdict)))


def near_route(verdict: Verdict) -> set[Position]:
    """The route's fields and their eight neighbours: "on the route or next to it"."""
    return {(x + dx, y + dy) for x, y in route_fields(verdict) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def branching(verdict: Verdict) -> float:
    """The mean number of rest positions one move can reach from a reachable rest position
    (the move graph's mean out-degree, S27): how many ways a turn can go."""
    if verdict.solution is None:
        return 0.0
    moves = verdict.solution.moves
    exit_ = moves.level.exit
    sources = [pos for pos in sorted(verdict.reachable) if pos != exit_]
    if not sources:
        return 0.0
    degrees = [len({end for card in CARD_VALUES for end in moves.ends(pos, card)}) for pos in sources]
    return sum(degrees) / len(degrees)


def health_lost(verdict: Verdict) -> int:
    """Health the least-turns route loses on spikes and blades (S16, S17), hearts not counted back."""
    if verdict.solution is None:
        return 0
    return sum(result.damage for _, _, result, _ in verdict.solution.plan)


def leniency(level: Level, verdict: Verdict) -> int:
    """How forgiving the least-turns route is (Smith & Whitehead's leniency): 0 when nothing on
    it can hurt, one less for every hazard field it enters and every health it loses."""
    trail = route_trail(verdict)
    return -(sum(1 for pos in trail[1:] if level.tile(*pos) in HAZARDS) + health_lost(verdict))


def linearity(level: Level, verdict: Verdict) -> float:
    """How much of the cave the least-turns route uses: its fields over the fields not rock."""
    open_fields = level.width * level.height - len(level.positions[Tile.ROCK])
    return len(route_fields(verdict)) / open_fields if open_fields else 0.0


def feature_density(level: Level) -> float:
    """Special fields (not rock, not open cave) per 100 fields."""
    plain = len(level.positions[Tile.ROCK]) + len(level.positions[Tile.OPEN])
    return 100 * (level.width * level.height - plain) / (level.width * level.height)


def rock_share(level: Level) -> float:
    """The share of the map's fields that are rock, its border included."""
    return len(level.positions[Tile.ROCK]) / (level.width * level.height)


def level_metrics(level: Level, verdict: Verdict) -> dict[str, object]:
    """The figures of a solvable level, in the order the file lists them."""
    trail = route_trail(verdict)
    on_route = set(trail)
    features = sorted({FEATURE_NAMES[tile] for tile in FEATURE_NAMES if any(pos in on_route for pos in level.positions[tile])})
    return {
        "least_turns": verdict.min_turns,
        "rest_positions": verdict.rest_positions,
        "route_fields": len(trail) - 1,  # fields entered; the door it starts on is not
        "route_hazards": sum(1 for pos in trail[1:] if level.tile(*pos) in HAZARDS),
        "health_lost": health_lost(verdict),
        "leniency": leniency(level, verdict),
        "feature_density": round(feature_density(level), 2),
        "linearity": round(linearity(level, verdict), 3),
        "branching": round(branching(verdict), 3),
        "rock_share": round(rock_share(level), 3),
        "features_on_route": features,
    }


# -- the expressive range of a set of levels (printkit survey) -----------------------------

def _edges(values: list[float], bins: int) -> list[float]:
    """`bins` equal bins over the values' range (a little wider when they are all equal)."""
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high - low < 1e-9:
        low, high = low - 0.5, high + 0.5
    step = (high - low) / bins
    return [round(low + step * index, 6) for index in range(bins + 1)]


def _bin(value: float, edges: list[float]) -> int:
    """The bin of `value`; the last bin holds its upper edge."""
    for index in range(len(edges) - 2, -1, -1):
        if value >= edges[index]:
            return index
    return 0


def _whole_bins(values: list[int]) -> list[int]:
    return list(range(min(values), max(values) + 1)) if values else []


def expressive_range(metrics: list[dict[str, object]], bins: int = 8) -> dict[str, object]:
    """Histograms of the levels' figures: least turns x hazards on the route and rock share x
    branching (2-D, counts[y][x]), and least turns alone (Smith & Whitehead)."""
    turns = [int(m["least_turns"]) for m in metrics]  # type: ignore[call-overload]
    hazards = [int(m["route_hazards"]) for m in metrics]  # type: ignore[call-overload]
    rock = [float(m["rock_share"]) for m in metrics]  # type: ignore[arg-type]
    branch = [float(m["branching"]) for m in metrics]  # type: ignore[arg-type]
    turn_bins, hazard_bins = _whole_bins(turns), _whole_bins(hazards)
    by_hazards = [[0] * len(turn_bins) for _ in hazard_bins]
    for t, h in zip(turns, hazards):
        by_hazards[h - hazard_bins[0]][t - turn_bins[0]] += 1
    rock_edges, branch_edges = _edges(rock, bins), _edges(branch, bins)
    by_branching = [[0] * bins for _ in range(bins)]
    for r, b in zip(rock, branch):
        by_branching[_bin(b, branch_edges)][_bin(r, rock_edges)] += 1
    return {
        "turns_by_hazards": {"x": "least_turns", "y": "route_hazards", "x_bins": turn_bins, "y_bins": hazard_bins,
                             "counts": by_hazards},
        "rock_by_branching": {"x": "rock_share", "y": "branching", "x_edges": rock_edges, "y_edges": branch_edges,
                              "counts": by_branching},
        "least_turns": {"bins": turn_bins, "counts": [turns.count(t) for t in turn_bins]},
    }


def far_apart(metrics: list[dict[str, object]], count: int) -> list[int]:
    """Indices of up to `count` levels far apart in the range (least turns, hazards, rock
    share, branching, each scaled to 0..1): the first has the fewest turns, each next one is
    the farthest from those chosen (ties: the lower index)."""
    if not metrics:
        return []
    keys = ("least_turns", "route_hazards", "rock_share", "branching")
    columns = [[float(m[key]) for m in metrics] for key in keys]  # type: ignore[arg-type]
    spans = [(min(c), (max(c) - min(c)) or 1.0) for c in columns]
    points = [tuple((c[i] - low) / span for c, (low, span) in zip(columns, spans)) for i in range(len(metrics))]
    chosen = [min(range(len(points)), key=lambda i: (points[i][0], i))]
    while len(chosen) < min(count, len(points)):
        def distance(i: int) -> float:
            return min(sum((a - b) ** 2 for a, b in zip(points[i], points[j])) for j in chosen)
        best = max((i for i in range(len(points)) if i not in chosen), key=lambda i: (distance(i), -i))
        chosen.append(best)
    return chosen


# -- the survey's cells: least turns x leniency, one fixed grid for every batch --------------

TURNS_PER_CELL = 2
TURN_CELLS = 13  # 1-2, 3-4, ..., 23-24, then 25 and more
LENIENCY_CELLS = 9  # 0, -1, ..., -7, then -8 and less


def survey_cell(figures: dict[str, object]) -> tuple[int, int]:
    """The cell (turns column, leniency row) of a level's figures on the survey's grid."""
    turns = int(figures["least_turns"])  # type: ignore[call-overload]
    harm = -int(figures["leniency"])  # type: ignore[call-overload]
    return min(TURN_CELLS - 1, (turns - 1) // TURNS_PER_CELL), min(LENIENCY_CELLS - 1, harm)


def coverage(metrics: list[dict[str, object]]) -> float:
    """The share of the survey's cells (least turns x leniency) that the levels fill."""
    return len({survey_cell(figures) for figures in metrics}) / (TURN_CELLS * LENIENCY_CELLS)
