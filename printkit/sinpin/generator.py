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

from printkit.sinpin.cavenames import cave_name
from printkit.sinpin.level import Level, Position
from printkit.sinpin.levelmetrics import FEATURES, level_metrics, near_route, route_fields
from printkit.sinpin.tiles import Tile
from printkit.sinpin.validator import Verdict, validate

MIN_SIZE = (6, 5)  # the smallest cave with room for a route (the tutorial's size)
AUTHOR = "printkit generate"
# How many of each item feature the dressing puts on the walk; S28 allows 8 webs, 16 gems and
# 4 question marks on the map, hazards are kept few so that a child keeps some health.
_COUNTS = {"spikes": (1, 2), "blades": (1, 2), "web": (1, 2), "spring": (1, 1), "chest": (1, 1),
           "heart": (1, 2), "gem": (1, 3), "mark": (1, 2)}
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


@dataclass
class _Band:
    """A storey: open rows top..bottom, standing on the floor row bottom + 1 (S4)."""

    top: int
    bottom: int
    x_in: int = 0
    x_out: int = 0
    walk: dict[int, int] = field(default_factory=dict)  # column -> row the avatar walks on


class _Cave:
    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.grid = [["#"] * width for _ in range(height)]
        self.protected: set[Position] = set()  # fields the plan needs as they are

    def get(self, x: int, y: int) -> str:
        return self.grid[y][x] if 0 <= x < self.width and 0 <= y < self.height else "#"

    def set(self, x: int, y: int, char: str) -> None:
        if 0 < x < self.width - 1 and 0 < y < self.height - 1:
            self.grid[y][x] = char

    def rows(self) -> tuple[str, ...]:
        return tuple("".join(row) for row in self.grid)


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
            cave = _construct(rng, request, features, max(target * fields_per_turn, room))
            skeleton = Level(cave.rows(), author=AUTHOR, players=request.players)
        with clock.validate:
            verdict = validate(skeleton, any_size=request.any_size)  # the engine confirms the route
            problem = _structure_problem(verdict, (low, high), "teleporter" in features, request.any_size)
            route = route_fields(verdict) if problem is None else []
        if problem is None:
            with clock.construct:
                level = Level(_dressed(rng, cave, features, route), author=AUTHOR, players=request.players)
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
    unfit = set() if _bands(random.Random(0), request.height)[1:] else {"ladder"}  # nowhere to climb to
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


# -- construction ---------------------------------------------------------------------------

def _bands(rng: random.Random, height: int) -> list[_Band]:
    """Storeys of 2 or 3 open rows, each on a 1-row floor; the last stands on the border."""
    inner = height - 2
    counts = [m for m in range(2, inner + 2) if 2 * m <= inner - m + 1 <= 3 * m]
    if not counts:
        return [_Band(1, height - 2)]
    m = rng.choice(counts)
    opens = [2] * m
    for index in rng.sample(range(m), inner - m + 1 - 2 * m):
        opens[index] = 3
    bands, top = [], 1
    for size in opens:
        bands.append(_Band(top, top + size - 1))
        top += size + 1
    return bands


def _construct(rng: random.Random, request: Request, features: frozenset[str], length: float) -> _Cave:
    """The cave around a planned route, dressed, before judging."""
    width, height = request.width, request.height
    cave = _Cave(width, height)
    bands = _bands(rng, height)
    # Climbing needs a ladder, or a spring lift out of every storey but the highest (S19: it
    # only reaches the floor above from a storey two fields high).
    can_climb = len(bands) > 1 and (
        "ladder" in features or ("spring" in features and all(b.bottom - b.top == 1 for b in bands[1:])))
    if can_climb and rng.random() < 0.5:
        bands.reverse()  # the route climbs: door in the lowest storey, exit in the highest
    _plan_spans(rng, bands, width, length)
    for band in bands:
        _carve_band(rng, cave, band)
    for upper_or_lower, following in zip(bands, bands[1:]):
        _connect(rng, cave, upper_or_lower, following, features)
    for band in bands:
        _ledges(rng, cave, band)
    first, last = bands[0], bands[-1]
    cave.set(first.x_in, first.bottom, "A")
    cave.set(last.x_out, last.bottom, "Z")
    return cave


def _dressed(rng: random.Random, cave: _Cave, features: frozenset[str], route: list[Position]) -> tuple[str, ...]:
    """The cave's rows with teleporters and the item features on free fields of the route the
    engine found: open cave standing on rock, not a field the structure needs as it is."""
    door = next(pos for pos in route)  # the route starts at the door
    free = [pos for pos in route if cave.get(*pos) == "." and pos not in cave.protected
            and cave.get(pos[0], pos[1] + 1) == "#" and abs(pos[0] - door[0]) + abs(pos[1] - door[1]) > 1]
    shuffled = free[:]
    rng.shuffle(shuffled)
    if "teleporter" in features and len(free) >= 3:
        _teleporters(rng, cave, free, shuffled)
    _dress(rng, cave, features, shuffled)
    return cave.rows()


def _plan_spans(rng: random.Random, bands: list[_Band], width: int, length: float) -> None:
    """Where the route enters and leaves each storey: spans that add up to about `length`."""
    inner = width - 2
    spans = [rng.uniform(0.6, 1.4) for _ in bands]
    total = sum(spans)
    x = rng.choice((1, width - 2)) if rng.random() < 0.7 else rng.randint(1, width - 2)
    for band, share in zip(bands, spans):
        span = max(2, min(inner - 1, round(length * share / total)))
        towards = 1 if x + span <= width - 2 and (x - span < 1 or rng.random() < 0.5 or x < width / 2) else -1
        band.x_in = x
        band.x_out = max(1, min(width - 2, x + towards * span))
        if abs(band.x_out - band.x_in) < 2:
            band.x_out = width - 2 if x < width / 2 else 1
        x = band.x_out
    # Door and exit far apart: the last storey ends at the wall away from the door if need be.
    door, last = bands[0].x_in, bands[-1]
    rise = abs(bands[-1].bottom - bands[0].bottom)
    if abs(last.x_out - door) + rise < (width + bands[-1].bottom + 2) // 3:
        far = 1 if door > width / 2 else width - 2
        if abs(far - last.x_in) >= 2:
            last.x_out = far


def _carve_band(rng: random.Random, cave: _Cave, band: _Band) -> None:
    """Open the storey between its ends; rock fills some of what lies beyond the route."""
    low, high = min(band.x_in, band.x_out), max(band.x_in, band.x_out)
    left = max(1, low - rng.choice((0, 1, 2, 3, 9)))
    right = min(cave.width - 2, high + rng.choice((0, 1, 2, 3, 9)))
    for y in range(band.top, band.bottom + 1):
        for x in range(left, right + 1):
            cave.set(x, y, ".")
    band.walk = {x: band.bottom for x in range(left, right + 1)}
    # Ragged ends: walls that slope, wider at the floor, read as cave, not as a box.
    for end, inward in ((left, 1), (right, -1)):
        cut = rng.choice((0, 1, 1, 2, 3))
        for y in range(band.top, band.bottom):
            for step in range(cut):
                x = end + inward * step
                if not low - 1 <= x <= high + 1:
                    cave.set(x, y, "#")
            cut = max(0, cut - rng.randint(0, 1))
    for x in range(left, right + 1):
        cave.protected.update({(x, band.bottom)} if x in (band.x_in, band.x_out) else set())


def _connect(rng: random.Random, cave: _Cave, band: _Band, following: _Band, features: frozenset[str]) -> None:
    """Change storey at band.x_out: a hole to drop through, a ladder, or a spring lift."""
    x = band.x_out
    down = following.top > band.top
    upper, lower = (band, following) if down else (following, band)
    floor = upper.bottom + 1
    choices = ["ladder"] if "ladder" in features else []
    if down:
        choices += ["drop", "drop"]
    elif "spring" in features and lower.bottom - lower.top == 1:
        choices.append("spring")
    kind = rng.choice(choices)
    for column in (x - 1, x, x + 1):
        cave.protected.update({(column, upper.bottom), (column, lower.bottom)})
    if kind == "drop":
        cave.set(x, floor, ".")
        if rng.random() < 0.3 and cave.get(x + 1, floor) == "#" and cave.get(x + 1, upper.bottom) == ".":
            cave.set(x + 1, floor, ".")
            cave.protected.add((x + 2, upper.bottom))
    elif kind == "ladder":
        for y in range(floor, lower.bottom + 1):
            cave.set(x, y, "H")
        cave.protected.add((x, lower.top))
    else:  # S19: spring on a one-field step below a hole; bounce, rise, step onto the floor above
        cave.set(x, lower.bottom, "#")
        cave.set(x, lower.top, "S")
        cave.set(x, floor, ".")
        lower.walk.pop(x, None)
    cave.protected.add((x, floor))


def _ledges(rng: random.Random, cave: _Cave, band: _Band) -> None:
    """Raise the floor by one field here and there (a jump up, S10) and hang rock from high
    ceilings: the storey reads as a cave passage, not a corridor."""
    columns = sorted(band.walk)
    wanted = rng.choice((0, 1, 1, 2, 2))
    for _ in range(6):
        if not wanted:
            break
        size = rng.randint(1, 4)
        start = rng.choice(columns)
        segment = range(start, start + size)
        if any(x not in band.walk or (x + dx, band.bottom) in cave.protected for x in segment for dx in (-1, 0, 1)):
            continue
        if any(cave.get(x, band.bottom - 1) != "." or cave.get(x, band.bottom + 1) != "#" for x in segment):
            continue
        wanted -= 1
        for x in segment:
            cave.set(x, band.bottom, "#")
            band.walk[x] = band.bottom - 1
            cave.protected.add((x, band.bottom - 1))
        cave.protected.update({(start - 1, band.top), (start + size, band.top), (start - 1, band.bottom), (start + size, band.bottom)})
    high_ceiling = band.bottom - band.top >= 2
    for x in columns:
        if rng.random() < (0.25 if high_ceiling else 0.12) and (x, band.top + 1) not in cave.protected and all(
            (x + dx, band.bottom) not in cave.protected and (x + dx, band.top) not in cave.protected for dx in (-1, 0, 1)
        ):
            cave.set(x, band.top, "#")


def _teleporters(rng: random.Random, cave: _Cave, route: list[Position], free: list[Position]) -> None:
    """A pair (S20: one alone does nothing) a stretch apart on the walk: a shortcut that
    saves a turn or two, not one that skips the cave."""
    order = {pos: index for index, pos in enumerate(route)}
    ranked = sorted(free, key=order.__getitem__)
    quarter = max(2, len(ranked) // 4)
    for _ in range(12):
        start = rng.randrange(0, len(ranked) - 1)
        first, second = ranked[start], ranked[min(len(ranked) - 1, start + rng.randint(2, quarter))]
        if abs(first[0] - second[0]) + abs(first[1] - second[1]) >= 3:  # side by side they read as one
            for pos in (first, second):
                cave.set(*pos, "O")
                free.remove(pos)
            return


def _dress(rng: random.Random, cave: _Cave, features: frozenset[str], free: list[Position]) -> None:
    """The requested item features on free fields of the walk, not side by side."""
    taken: set[Position] = set()
    for name in sorted(features):
        if name not in _COUNTS or any(cave.get(x, y) == FEATURES[name].char for y in range(cave.height) for x in range(cave.width)):
            continue
        low, high = _COUNTS[name]
        for _ in range(rng.randint(low, high)):
            spot = next((pos for pos in free if all((pos[0] + dx, pos[1]) not in taken for dx in (-1, 0, 1))), None)
            if spot is None:
                break
            free.remove(spot)
            taken.add(spot)
            cave.set(*spot, FEATURES[name].char)
