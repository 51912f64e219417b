"""Random solvable Sinpin caves: a guaranteed route first, then the cave around it, then the
validator as judge (S26, S27).

Like Spelunky's generator, a level is laid out from its route: the map is cut into storeys
(bands of two or three open rows on a floor of rock, S4), the route runs through every storey
from the door's to the exit's, walking a span of each and changing storey at a planned
column — a hole to drop through (S14), a ladder (S11, S12) or a spring lift onto a ledge
(S19). Then the cave is dressed: ledges, rock hanging from ceilings, rock filling the ends of
storeys, teleporters and the requested items put on the planned walk. The move engine then
has the last word: every candidate is validated in full, its least-turns route found, and it
is kept only when it is valid with no warning, its least turns are in the asked range, door
and exit are far apart and every requested feature is on that route or next to it; a feature
the route misses is moved onto it once (repair), otherwise the candidate is rejected and the
span plan adjusted towards the asked turns.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from printkit.sinpin.generate.plan import construct, dressed, storeys
from printkit.sinpin.generate.names import cave_name
from printkit.sinpin.level import Level
from printkit.sinpin.generate.metrics import FEATURES, level_metrics, near_route, route_fields
from printkit.sinpin.moves.validator import Verdict, validate

MIN_SIZE = (6, 5)  # the smallest cave with room for a route (the tutorial's size)
AUTHOR = "printkit generate"
_FIELDS_PER_TURN = 3.2  # a first guess of route fields per turn; each level's plan learns its own


@dataclass(frozen=True)
class Request:
    """What `printkit generate` was asked for; `features` None means a seeded mix per level."""

    width: int = 12
    height: int = 18
    min_turns: int | None = None
    max_turns: int | None = None
    features: frozenset[str] | None = None
    players: tuple[int, ...] = (2, 3, 4)
    attempts: int = 40
    any_size: bool = False

    def turn_range(self) -> tuple[int, int]:
        """The asked least turns, defaults scaled with the map: about one turn per 16 fields."""
        fields = (self.width - 2) * (self.height - 2)
        low = self.min_turns if self.min_turns is not None else max(1, min(fields // 40, (self.max_turns or 99) - 2))
        high = self.max_turns if self.max_turns is not None else max(low + 2, fields // 12)
        return low, high


@dataclass(frozen=True)
class Generated:
    level: Level
    verdict: Verdict = field(compare=False, repr=False)
    metrics: dict[str, object]
    attempts: int
    construct_seconds: float  # not in the file: timing is not deterministic
    validate_seconds: float
    rejected: dict[str, int] = field(default_factory=dict)  # why earlier candidates were rejected


@dataclass(frozen=True)
class Failure:
    reason: str  # what could not be met, for the message
    attempts: int
    construct_seconds: float
    validate_seconds: float
    rejected: dict[str, int] = field(default_factory=dict)


def generate_level(request: Request, seed: int) -> Generated | Failure:
    """One level from `seed` alone: construct, validate, repair or reject, up to the budget."""
    rng = random.Random(seed)
    low, high = request.turn_range()
    features = request.features if request.features is not None else _feature_mix(rng, request)
    target = rng.randint(low + 1, high - 1) if high - low >= 4 else rng.randint(low, high)  # room either side
    fields_per_turn = _FIELDS_PER_TURN
    clock = _Clock()
    reasons: dict[str, int] = {}
    for attempt in range(1, request.attempts + 1):
        # The route must hold the features (about three fields each, kept apart) whatever the turns.
        room = 3.0 * len(features) + 4 * ("teleporter" in features)
        with clock.construct:
            cave = construct(rng, request.width, request.height, features, max(target * fields_per_turn, room))
            skeleton = Level(cave.rows(), author=AUTHOR, players=request.players)
        with clock.validate:
            verdict = validate(skeleton, any_size=request.any_size)  # the engine confirms the route
            problem = _structure_problem(verdict, (low, high), "teleporter" in features, request.any_size)
            route = route_fields(verdict) if problem is None else []
        if problem is None:
            with clock.construct:
                level = Level(dressed(rng, cave, features, route), author=AUTHOR, players=request.players)
            for repair in range(3):
                with clock.validate:
                    verdict = validate(level, any_size=request.any_size)
                    problem, fix = _judge(level, verdict, features, (low, high), rng, request.any_size)
                if problem is None:
                    named = Level(level.rows, name=cave_name(rng), author=AUTHOR, players=request.players)
                    metrics = level_metrics(named, verdict)
                    metrics.update(attempts=attempt)
                    return Generated(named, verdict, metrics, attempt, clock.construct.seconds, clock.validate.seconds, reasons)
                if fix is None or repair == 2:
                    break
                level = Level(fix, author=AUTHOR, players=request.players)
        reasons[problem] = reasons.get(problem, 0) + 1
        if verdict.min_turns:  # learn how many fields this size and mix walks per turn
            planned = target * fields_per_turn
            fields_per_turn = min(8.0, max(1.0, fields_per_turn * 0.5 + 0.5 * planned / verdict.min_turns))
    common = max(reasons, key=lambda why: (reasons[why], why))
    return Failure(common, request.attempts, clock.construct.seconds, clock.validate.seconds, reasons)


class _Stopwatch:
    """CPU seconds spent inside `with` blocks (process time: other processes do not count)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __enter__(self) -> None:
        self._started = time.process_time()

    def __exit__(self, *_: object) -> None:
        self.seconds += time.process_time() - self._started


class _Clock:
    def __init__(self) -> None:
        self.construct = _Stopwatch()
        self.validate = _Stopwatch()


def _sound(verdict: Verdict, any_size: bool) -> bool:
    """Valid; beyond one sheet (--any-size) the S2 error is the one expected."""
    return verdict.valid or (any_size and verdict.solvable and all(e.rule == "S2" for e in verdict.errors))


def _structure_problem(verdict: Verdict, turns: tuple[int, int], shortcuts: bool, any_size: bool) -> str | None:
    """Why the undressed cave cannot carry a level, or None. Dressing adds a turn or two
    (chests and spikes end moves, webs cost points), teleporters can take some away."""
    if not _sound(verdict, any_size):
        return "no solvable route (S26)"
    if verdict.warnings:
        return "a soft-lock (S27)"
    low, high = turns
    if verdict.min_turns < low - 2 or (not shortcuts and verdict.min_turns > high):  # type: ignore[operator]
        return f"least turns from {low} to {high}"
    return None


def _feature_mix(rng: random.Random, request: Request) -> frozenset[str]:
    """The default: a seeded mix, so that caves differ in kind; four to seven features on a
    full sheet, fewer on a small map, and none that a small map has no room for."""
    room = (request.width - 2) * (request.height - 2)
    most = max(1, min(7, room // 20))
    unfit = set() if storeys(random.Random(0), request.height)[1:] else {"ladder"}  # nowhere to climb to
    if room < 40:
        unfit.add("teleporter")  # a pair needs a route of some length to be a shortcut on
    names = sorted(set(FEATURES) - unfit)
    return frozenset(rng.sample(names, rng.randint(max(1, most - 3), most)))


def _judge(level: Level, verdict: Verdict, features: frozenset[str], turns: tuple[int, int], rng: random.Random,
           any_size: bool) -> tuple[str | None, tuple[str, ...] | None]:
    """(None, None) for a level to keep; else what is wrong and, where it can be mended, the
    rows of a repaired candidate."""
    if not _sound(verdict, any_size):
        return "no solvable route (S26)", None
    if verdict.warnings:
        rule = verdict.warnings[0].rule
        return ("a soft-lock or an unreachable item (S27)" if rule == "S27" else f"a warning ({rule})"), None
    low, high = turns
    if not low <= verdict.min_turns <= high:  # type: ignore[operator]
        return f"least turns from {low} to {high}", None
    door, exit_ = level.door, level.exit
    if abs(door[0] - exit_[0]) + abs(door[1] - exit_[1]) < (level.width + level.height) // 3:  # type: ignore[index]
        return "door and exit far apart", None
    near = near_route(verdict)
    missing = [name for name in sorted(features) if not any(pos in near for pos in level.positions[FEATURES[name]])]
    if not missing:
        return None, None
    return f"every feature on the least-turns route ({', '.join(missing)})", _moved_onto_route(level, verdict, missing, rng)


def _moved_onto_route(level: Level, verdict: Verdict, missing: list[str], rng: random.Random) -> tuple[str, ...] | None:
    """Repair: each missing item feature moved from where it is to a free field of the route."""
    rows = [list(row) for row in level.rows]
    free = [pos for pos in route_fields(verdict) if rows[pos[1]][pos[0]] == "." and level.supported(*pos)]
    for name in missing:
        tile = FEATURES[name]
        if name == "ladder" or not free or (name == "teleporter" and len(level.positions[tile]) < 2):
            return None  # structure, not an item: only a new plan can move it
        x, y = rng.choice(free)
        free.remove((x, y))
        moved = level.positions[tile][-1:] if name == "teleporter" else level.positions[tile]
        for ox, oy in moved:  # a teleporter keeps its partner, wherever that is
            rows[oy][ox] = "."
        rows[y][x] = tile.char
    return tuple("".join(row) for row in rows)
