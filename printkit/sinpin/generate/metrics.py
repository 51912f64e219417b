"""Figures of a validated level, as `printkit generate` writes them under `x-metrics:` and
`printkit survey` plots them (surveyrange: the expressive range of many)."""

from __future__ import annotations

from printkit.sinpin.level import Level, Position
from printkit.sinpin.rules import CARD_VALUES
from printkit.sinpin.tiles import Tile
from printkit.sinpin.moves.validator import Verdict

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
