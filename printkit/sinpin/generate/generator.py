"""Random solvable Sinpin caves that look hand-made: a planned route, a cave drawn around it
from patterns learned from example levels, mending, and the validator as judge (S26, S27).

1. The route (routeplan): a few passes at uneven heights joined by drops and ladders, told
   as the level's story (exit below the door, above it, or either), about as long as the
   least turns aimed at need; it fixes only the fields the route needs.
2. The cave (patterns): every other field drawn by a Markov chain learned from the examples
   (the bundled levels, or a designer's own with --like), so pits, pockets, shafts, ledges
   and the density of items, hazards and devices are the examples'.
3. Mending (caverepair): traps the drawing made (rest positions from which the exit cannot
   be reached, S27) get a ladder out or are filled; items out of every move's reach are
   moved within it, a lone teleporter goes; a route longer than aimed at starts later.
4. The judge: the full validator; a level is kept only when it is valid with no warning, its
   least turns are in the asked range and, with --target, in the asked cell. Each level
   aims at a cell of the survey's range (least turns x leniency): blades (S17, they change
   no move) are put on the planned walk before judging, and on the least-turns route (or
   hazards taken off it) after, and the level is validated again.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass, field

from printkit.sinpin.generate.repair import MAP_LIMITS, Trim, mend, tidy
from printkit.sinpin.generate.names import cave_name
from printkit.gcpause import collector_paused
from printkit.sinpin.level import Level, Position, fits_paper
from printkit.sinpin.generate.metrics import FEATURES, leniency, level_metrics, near_route, route_fields
from printkit.sinpin.generate.patterns import PatternModel, learn
from printkit.sinpin.generate.route import STORIES, plan, shortcut
from printkit.sinpin.generate.surveyrange import TURNS_PER_CELL
from printkit.sinpin.generate.targets import MAX_TURNS, Span, Target
from printkit.sinpin.moves.validator import Verdict, validate

MIN_SIZE = (6, 5)  # the smallest cave with room for a route (the tutorial's size)
AUTHOR = "printkit generate"
_FIELDS_PER_TURN = 5.0  # a first guess of route fields walked per least turn; each level learns its own
HAZARD_CHARS = ("!", "^")
Examples = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Request:
    """What `printkit generate` was asked for. `features` None means whatever the examples
    show; `examples` None means the bundled levels."""

    width: int = 12
    height: int = 18
    min_turns: int | None = None
    max_turns: int | None = None
    features: frozenset[str] | None = None
    players: tuple[int, ...] = (2, 3, 4)
    attempts: int = 40
    any_size: bool = False
    exit: str = "below"
    target: Target | None = None
    examples: Examples | None = None

    def turn_range(self) -> Span:
        """The asked least turns; by default scaled with the map: up to one turn for 8 fields
        inside the border, or two thirds of width and height together on a big map (2..20 on
        12x18, 6..53 on 40x40), and from an eighth of that."""
        fields = (self.width - 2) * (self.height - 2)
        most = max(3, min(fields // 8, (self.width + self.height) * 2 // 3))
        low = self.min_turns if self.min_turns is not None else max(1, min(fields // 80, most // 8, (self.max_turns or 99) - 2))
        high = self.max_turns if self.max_turns is not None else max(low + 2, most)
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


@functools.lru_cache(maxsize=1)
def bundled_examples() -> Examples:
    """The maps of the levels printkit ships: the default examples."""
    from printkit.bundled import catalogue
    from printkit.sinpin.loader import read_level

    return tuple(read_level(str(item.path)).level().rows for item in catalogue("level"))


@functools.lru_cache(maxsize=4)
def pattern_model(examples: Examples) -> PatternModel:
    return learn(examples)


@dataclass
class _Aim:
    """What one level aims at: a span of least turns and one of leniency."""

    turns: Span
    leniency: Span
    strict: bool  # --target: only a level in the cell is kept

    def near(self, turns: int, attempt: int) -> bool:
        """Whether a level of `turns` least turns is worth judging at this attempt: in the
        aimed span (with --target, or in the first PATIENCE attempts), anywhere later."""
        slack = 0
        return (not self.strict and attempt > PATIENCE) or self.turns[0] - slack <= turns <= self.turns[1] + slack


ANY_LENIENCY = (-99, 0)
PATIENCE = 4  # attempts that must hit the aimed turns before any turns in the range will do


HARMS = 9  # leniency 0 to -8 aimed at, as the survey's cells count it
BIG_MAP_HARMS = 3


def _aim(request: Request, rng: random.Random, index: int | None) -> _Aim:
    """With --target, its cell. Otherwise a cell of the survey's grid (least turns by
    TURNS_PER_CELL, leniency by one): level `index` of a run takes the index-th cell of a
    fixed shuffle of the grid, so that the first levels of a run aim at as many different
    cells as there are levels (up to all of them); a level made alone takes a seeded cell."""
    low, high = request.turn_range()
    target = request.target
    if target is not None:
        return _Aim(target.turns or (low, high), target.leniency or ANY_LENIENCY, True)
    # Beyond one sheet (--any-size, for experiments) the aims stay mild: a long route that
    # loses health makes the solver follow health through a big map (S26), seconds a level.
    harms = HARMS if fits_paper(request.width, request.height) else BIG_MAP_HARMS
    top = max(low, min(high, MAX_TURNS))  # no cave is planned beyond it (targets.py), nor 10**9 cells listed
    cells = [(cell, harm) for cell in range((low - 1) // TURNS_PER_CELL, (top - 1) // TURNS_PER_CELL + 1)
             for harm in range(harms)]
    if index is None:
        cell, harm = rng.choice(cells)
    else:
        random.Random(len(cells)).shuffle(cells)  # the same order in every run of this size
        cell, harm = cells[index % len(cells)]
    return _Aim((max(low, cell * TURNS_PER_CELL + 1), min(high, (cell + 1) * TURNS_PER_CELL)), (-harm, -harm), False)


def generate_level(request: Request, seed: int, index: int | None = None) -> Generated | Failure:
    """One level from `seed` (and its place `index` in a run, which picks the cell of the
    range it aims at): plan, draw, mend, validate, tune, up to the budget."""
    # The move searches of mending and judging make many small objects and no cycles; the
    # cyclic collector would scan the caches they fill between searches (a third of the time).
    with collector_paused():
        return _generate(request, seed, index)


def _generate(request: Request, seed: int, index: int | None) -> Generated | Failure:
    rng = random.Random(seed)
    model = pattern_model(request.examples if request.examples is not None else bundled_examples())
    aim = _aim(request, rng, index)
    allowed = None if request.features is None else frozenset(FEATURES[name].char for name in request.features)
    ladders = model.ladder_taste() if allowed is None or "H" in allowed else 0.0
    scatter = model.scattered(allowed)
    fields_per_turn = _FIELDS_PER_TURN
    clock = _Clock()
    reasons: dict[str, int] = {}

    def rejected(why: str) -> None:
        reasons[why] = reasons.get(why, 0) + 1

    for attempt in range(1, request.attempts + 1):
        planned = (aim.turns[0] + aim.turns[1]) / 2 * fields_per_turn
        with clock.construct:
            skeleton = plan(rng, request.width, request.height, planned, request.exit, ladders)
            open_fields = frozenset(pos for pos, char in skeleton.fixed.items() if char == ".")
            grid = model.sample(request.width, request.height, rng, allowed, skeleton.fixed,
                                open_fields - {skeleton.door, skeleton.exit}, frozenset(skeleton.notches))
            grid[skeleton.door[1]][skeleton.door[0]] = "A"
            grid[skeleton.exit[1]][skeleton.exit[0]] = "Z"
            tidy(grid, MAP_LIMITS)
            long_aim = aim.turns[0] > 0.7 * request.turn_range()[1]  # no shortcut: the plan needs all its length
            if (not long_aim and rng.random() < model.with_teleporters / max(1, model.examples)) if allowed is None else "O" in allowed:
                shortcut(grid, skeleton.walked, rng)
            if request.features is not None:
                _preset_features(grid, skeleton.walked, request.features, rng)
            exit_ = skeleton.exit
            trim = Trim(tuple(skeleton.walked), aim.turns, lambda door: story_holds(door, exit_, request.exit))
            mended = mend(grid, set(skeleton.fixed), rng, scatter, trim=trim, ladders=bool(ladders))
        if mended is None:
            rejected("no way to the exit without traps (S26, S27)")
            continue
        if mended.turns:  # learn how many fields this size and mix walks per turn
            fields_per_turn = min(8.0, max(1.0, fields_per_turn * 0.5 + 0.5 * planned / mended.turns))
        if not aim.near(mended.turns, attempt):
            rejected(_turns_wanted(request, aim))
            continue
        rows = mended.rows
        walked = _walk_from(skeleton.walked, mended.door)
        if (allowed is None or "!" in allowed) and aim.leniency != ANY_LENIENCY:
            rows = _preset_harm(rows, walked[1:], aim, rng)
        level = Level(rows, author=AUTHOR, players=request.players)
        with clock.validate:
            verdict = validate(level, any_size=request.any_size)
        problem = _problem(level, verdict, request, aim, attempt)
        if problem == "no solvable route (S26)" and level.exit in verdict.reachable:
            # The exit is reached, but every way there costs all the health (S26): the
            # hazards off the planned walk, and judged again (cheaper than a new cave).
            level = Level(_without_hazards(level.rows, walked), author=AUTHOR, players=request.players)
            with clock.validate:
                verdict = validate(level, any_size=request.any_size)
            problem = _problem(level, verdict, request, aim, attempt)
        for _ in range(2):  # tune leniency and features on the route, then judge again
            if problem is not None and not problem.startswith(("leniency", "every feature", "the target's leniency")):
                break
            tuned = _tuned(level, verdict, request, aim, rng)
            if tuned is None:
                break
            level = Level(tuned, author=AUTHOR, players=request.players)
            with clock.validate:
                verdict = validate(level, any_size=request.any_size)
            problem = _problem(level, verdict, request, aim, attempt)
        if problem == "leniency":
            problem = None  # without --target the aimed leniency only spreads the batch
        if problem is None:
            named = Level(level.rows, name=cave_name(rng), author=AUTHOR, players=request.players)
            metrics = level_metrics(named, verdict)
            metrics.update(attempts=attempt)
            return Generated(named, verdict, metrics, attempt, clock.construct.seconds, clock.validate.seconds, reasons)
        rejected(problem)
    common = max(reasons, key=lambda why: (reasons[why], why))
    return Failure(common, request.attempts, clock.construct.seconds, clock.validate.seconds, reasons)


def _walk_from(walked: list[Position], door: Position) -> list[Position]:
    """The planned walk from the door on (a trimmed route starts later on it)."""
    return walked[walked.index(door):] if door in walked else walked


def _preset_harm(rows: tuple[str, ...], walked: list[Position], aim: _Aim, rng: random.Random) -> tuple[str, ...]:
    """Blades on the planned walk (from the door on) towards the aimed leniency, or blades
    taken off it, before the route is known: the least-turns route mostly takes the planned
    walk, so most levels then need no second validation. Blades change no move (S17), so
    nothing needs mending again and every item stays within reach."""
    grid = [list(row) for row in rows]
    hazards = [pos for pos in walked if grid[pos[1]][pos[0]] in HAZARD_CHARS]
    wanted = -(aim.leniency[0] + aim.leniency[1]) / 2 / 1.5  # a hazard entered costs about 1.5 leniency
    if len(hazards) < wanted:
        free = [pos for pos in walked[:-1] if grid[pos[1]][pos[0]] == "."]
        rng.shuffle(free)
        _blades(grid, free, round(wanted - len(hazards)))
    else:
        for x, y in [pos for pos in hazards if grid[pos[1]][pos[0]] == "!"][: round(len(hazards) - wanted)]:
            grid[y][x] = "."
    return tuple("".join(row) for row in grid)


def _blades(grid: list[list[str]], free: list[Position], count: int) -> int:
    """Up to `count` blades on `free` fields (in their order, each taken off the list), never
    side by side with another hazard: a row of blades reads as a wall of them. How many."""
    placed = 0
    while placed < count:
        spot = next(((x, y) for x, y in free if all(grid[y][x + dx] not in HAZARD_CHARS for dx in (-1, 1))), None)
        if spot is None:
            break
        free.remove(spot)
        grid[spot[1]][spot[0]] = "!"
        placed += 1
    return placed


def _without_hazards(rows: tuple[str, ...], walked: list[Position]) -> tuple[str, ...]:
    grid = [list(row) for row in rows]
    for x, y in walked:
        if grid[y][x] in HAZARD_CHARS:
            grid[y][x] = "."
    return tuple("".join(row) for row in grid)


def _preset_features(grid: list[list[str]], walked: list[Position], features: frozenset[str], rng: random.Random) -> None:
    """Each asked item, hazard or web the drawing left off the planned walk put on it, before
    the cave is mended (a chest, spikes and a web change moves, S16, S18, S21)."""
    on_walk = {grid[y][x] for x, y in walked}
    free = [pos for pos in walked[1:-1] if grid[pos[1]][pos[0]] == "."]
    for name in sorted(features - {"ladder", "spring", "teleporter"}):
        char = FEATURES[name].char
        if char not in on_walk and free:
            x, y = free.pop(rng.randrange(len(free)))
            grid[y][x] = char


def _turns_wanted(request: Request, aim: _Aim) -> str:
    if aim.strict and request.target is not None:
        return f"the target ({request.target.describe()})"
    low, high = request.turn_range()
    return f"least turns from {low} to {high}"


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
    return verdict.valid or (any_size and bool(verdict.solvable) and all(e.rule == "S2" for e in verdict.errors))


def _problem(level: Level, verdict: Verdict, request: Request, aim: _Aim, attempt: int) -> str | None:
    """Why the level cannot be kept (as the failure message words it), or None; "leniency"
    when only the aimed leniency (not a --target) is missed."""
    if not _sound(verdict, request.any_size):
        return "no solvable route (S26)"
    if verdict.warnings:
        rule = verdict.warnings[0].rule
        return "a soft-lock or an unreachable item (S27)" if rule == "S27" else f"a warning ({rule})"
    if not story_holds(level.door, level.exit, request.exit):  # type: ignore[arg-type]
        return f"the exit {request.exit} the door"
    low, high = request.turn_range()
    turns = verdict.min_turns or 0
    if not low <= turns <= high or not aim.near(turns, attempt):
        return _turns_wanted(request, aim)
    missing = _missing(level, verdict, request.features)
    if missing:
        return f"every feature on the least-turns route ({', '.join(missing)})"
    if not aim.leniency[0] <= leniency(level, verdict) <= aim.leniency[1]:
        return f"the target's leniency ({request.target.describe()})" if aim.strict and request.target else "leniency"
    return None


def _missing(level: Level, verdict: Verdict, features: frozenset[str] | None) -> list[str]:
    """The asked features that are not on the least-turns route or next to it."""
    if features is None:
        return []
    near = near_route(verdict)
    return [name for name in sorted(features) if not any(pos in near for pos in level.positions[FEATURES[name]])]


def _tuned(level: Level, verdict: Verdict, request: Request, aim: _Aim, rng: random.Random) -> tuple[str, ...] | None:
    """The rows with the asked features put on the least-turns route and its hazards tuned
    towards the aimed leniency; None when nothing needs or can be changed."""
    if not _sound(verdict, request.any_size) or verdict.warnings:
        return None
    grid = [list(row) for row in level.rows]
    route = route_fields(verdict)[1:-1]
    free = [pos for pos in route if grid[pos[1]][pos[0]] == "." and level.supported(*pos)]
    rng.shuffle(free)
    changed = False
    for name in _missing(level, verdict, request.features):
        char = FEATURES[name].char
        if name == "ladder" or len(free) < 2:
            return None  # structure: only a new plan can put it there
        if sum(row.count(char) for row in grid) >= MAP_LIMITS.get(char, 99):
            x, y = level.positions[FEATURES[name]][-1]  # S28: one moved, none added
            grid[y][x] = "."
        for x, y in free[:2] if name == "teleporter" else free[:1]:
            grid[y][x] = char
        del free[: 2 if name == "teleporter" else 1]
        changed = True
    allowed = request.features is None or "blades" in request.features
    low_harm, high_harm = aim.leniency
    now = leniency(level, verdict)
    if now > high_harm and allowed:  # too lenient: blades on the route (S17 changes no move)
        changed |= _blades(grid, free, max(1, round((now - high_harm) / 1.5))) > 0
    elif now < low_harm:  # too harsh: hazards off the route, blades first
        hazards = sorted((pos for pos in route if grid[pos[1]][pos[0]] in HAZARD_CHARS),
                         key=lambda pos: HAZARD_CHARS.index(grid[pos[1]][pos[0]]))
        for x, y in hazards[: max(1, round((low_harm - now) / 1.5))]:
            grid[y][x] = "."
            changed = True
    return tuple("".join(row) for row in grid) if changed else None


def story_holds(door: Position, exit_: Position, story: str) -> bool:
    """The exit lies below the door, above it, or anywhere (`story` in STORIES)."""
    assert story in STORIES
    return story == "any" or (exit_[1] > door[1] if story == "below" else exit_[1] < door[1])
