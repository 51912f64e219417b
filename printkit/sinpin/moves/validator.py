"""The validator: is a level well formed (S27a), solvable (S26), and where can it go wrong (S27)?

Two searches share one cache of moves from the engine: the *move graph* of S27
(`graph`, a networkx DiGraph) gives the rest positions (the door's descendants), the
soft-locks (what the door reaches minus the exit's ancestors) and the items no move ever
passes; the *solver* of S26 (`solver`) gives the least number of turns and one route.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable

from printkit.sinpin.findings import Finding
from printkit.gcpause import collector_paused
from printkit.sinpin.level import Level, MapReading, Position, grid_findings, supports
from printkit.sinpin.moves.graph import MoveCache, leading_to, move_graph, reached_from
from printkit.sinpin.moves.reach import Reach, reach
from printkit.sinpin.rules import SETUP_KNOBS, Rules
from printkit.sinpin.moves.solver import RouteStep, Solution, solve
from printkit.sinpin.tiles import ITEM_TILES, Tile, field_name
from printkit.wording import counted


SOFT_LOCK = "soft-lock"  # Finding.kind of S27's soft-lock warnings
# Errors that leave no grid to search (S26, S27 walk every field from the one door to the one
# exit): rows of different lengths and unknown characters, doors and exits not one each
GRID_RULES = ("S1", "S3")


@dataclass(frozen=True)
class Verdict:
    valid: bool
    solvable: bool | None  # None: never searched (a grid too broken, or beyond S2 without any_size)
    min_turns: int | None
    rest_positions: int
    soft_locks: tuple[Position, ...]
    unreachable_items: tuple[Position, ...]
    errors: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    reachable: frozenset[Position] = field(default=frozenset())  # rest positions (overlay)
    solution: Solution | None = field(default=None, compare=False, repr=False)
    reach: Reach | None = None  # S26 explained: what α reaches when Ω is not among it
    # the rules whose errors kept the search (S26, S27) from running: GRID_RULES or ("S2",)
    stopped_by: tuple[str, ...] = ()

    @property
    def error_count(self) -> int:
        """Every error found, those past the first 100 of a file too (one finding counts them)."""
        return sum(finding.count for finding in self.errors)

    def finding_json(self, finding: Finding) -> dict[str, object]:
        """A finding's object in `errors` or `warnings`; the S26 error of a level whose exit
        no move reaches carries `reach`: where the avatar can get, the nearest to Ω."""
        found = finding.as_json()
        if finding.rule == "S26" and self.reach is not None:
            found["reach"] = self.reach.as_json()
        return found

    @cached_property
    def route(self) -> tuple[RouteStep, ...]:
        """One shortest route from the door to the exit, turn by turn (empty if none)."""
        return self.solution.route() if self.solution is not None else ()

    def as_json(self, file: str) -> dict[str, object]:
        """The `--json` verdict object of level-format.md, keys in its order."""
        return {
            "file": file,
            "valid": self.valid,
            "solvable": self.solvable,
            "min_turns": self.min_turns,
            "rest_positions": self.rest_positions,
            "soft_locks": [list(p) for p in self.soft_locks],
            "unreachable_items": [list(p) for p in self.unreachable_items],
            "errors": [self.finding_json(f) for f in self.errors],
            "warnings": [self.finding_json(f) for f in self.warnings],
        }


def soft_lock_summary(count: int, every: bool) -> str:
    """S27's soft-locks told as one finding with a count, for text and pages that would
    otherwise give one line each; `every` when they are all the rest positions α reaches."""
    text = f"{count} soft-locks: rest positions from which the exit Ω cannot be reached"
    return text + ("; that is every rest position α reaches (S26)" if every else "")


def unsearchable(errors: Iterable[Finding], warnings: Iterable[Finding] = (), stopped_by: tuple[str, ...] = ()) -> Verdict:
    """The verdict of a level never searched: its solvability unknown (None), not False;
    `stopped_by` the rules whose errors stopped the search (none when there is no map)."""
    return Verdict(False, None, None, 0, (), (), tuple(errors), tuple(warnings), stopped_by=stopped_by)


def validate_rows(
    rows: list[str], rules: Rules = Rules(), prior: Iterable[Finding] = (), *, any_size: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Verdict:
    """Validate a map given as text rows, with problems found before (file format) kept first.

    A map larger than one A4 sheet (S2) is an error and is not searched, unless `any_size`
    asks for the search anyway (to design big, or to measure how the search grows).
    `progress` is told of each rest position the search explores (for a progress bar).
    """
    errors = list(prior) + grid_findings(rows)
    # S1, S3 and S2 stop the search (S26, S27), not the checks that need none: every problem
    # is reported (level-format.md), so a designer fixing one learns of the rest too. On a
    # broken grid they read the map as far as it tells (MapReading), guessing no field.
    if not rows or any(f.rule in GRID_RULES for f in errors):
        return unsearchable(errors, _static_findings(MapReading(tuple(rows)), rules, errors), GRID_RULES)
    level = Level(tuple(rows), rules=rules)
    if not any_size and any(f.rule == "S2" for f in errors):
        return unsearchable(errors, _static_findings(MapReading(level.rows), rules, errors), ("S2",))
    return _validate(level, errors, progress)


def validate(level: Level, *, any_size: bool = False) -> Verdict:
    return validate_rows(list(level.rows), level.rules, any_size=any_size)


def _validate(level: Level, errors: list[Finding], progress: Callable[[int], None] | None = None) -> Verdict:
    # The searches make hundreds of thousands of small tuples that live until the end; the
    # cyclic collector would scan them again and again (a tenth of the time) and find nothing.
    with collector_paused():
        return _search(level, errors, progress)


def _search(level: Level, errors: list[Finding], progress: Callable[[int], None] | None = None) -> Verdict:
    door, exit_ = level.door, level.exit
    assert door is not None and exit_ is not None  # a sound grid has exactly one of each
    warnings = _static_findings(MapReading(level.rows), level.rules, errors)
    moves = MoveCache(level)
    graph = move_graph(moves, progress)  # S27: a networkx DiGraph of the rest positions
    reachable = reached_from(graph, door)
    soft_locks = tuple(sorted(reachable - leading_to(graph, exit_) - {exit_}))
    passed = moves.items_passed_by(pos for pos in reachable if pos != exit_)
    unreachable = tuple(sorted(pos for tile in ITEM_TILES for pos in level.positions[tile] if pos not in passed))
    for pos in soft_locks:
        warnings.append(Finding("S27", f"soft-lock at {field_name(*pos)}: a move can end here, but the exit Ω cannot be reached from here", *pos,
                                severity="warning", kind=SOFT_LOCK))
    for pos in unreachable:
        what = level.tile(*pos).label
        warnings.append(Finding("S27", f"the {what} at {field_name(*pos)} is never reached: no move from a reachable rest position passes it", *pos, severity="warning"))
    solution = solve(moves, reachable) if exit_ in reachable else None
    explained = None
    if solution is None:
        if exit_ in reachable:
            why = f"every way to the exit Ω costs all the {level.rules.start_health} health an avatar starts with (S16 spikes, S17 blades)"
        else:
            explained = reach(graph, door, exit_)
            why = f"no sequence of moves from the entry door α enters the exit Ω: {explained.words('α', 'Ω')}"
        errors.append(Finding("S26", f"the level cannot be won: {why}"))
    elif solution.turns > level.rules.max_rounds:
        # each avatar has one turn a round (S29a): fewer rounds than turns and no one gets out
        warnings.append(Finding("S33", f"max_rounds is {level.rules.max_rounds} but the exit Ω needs at least"
                                       f" {counted(solution.turns, 'turn')}: no avatar can get out before the game ends",
                                severity="warning"))
    return Verdict(
        valid=not errors,
        solvable=solution is not None,
        min_turns=solution.turns if solution is not None else None,
        rest_positions=len(reachable),
        soft_locks=soft_locks,
        unreachable_items=unreachable,
        errors=tuple(errors),
        warnings=tuple(warnings),
        reachable=reachable,
        solution=solution,
        reach=explained,
    )


def _static_findings(reading: MapReading, rules: Rules, errors: list[Finding]) -> list[Finding]:
    """The checks that need no search, run whether or not the search runs and whether or not
    the grid is sound: S4's error is added to `errors`; the warnings of the layout (S20,
    S28) are returned. Each is made only where the fields it reads are known (MapReading):
    S4 needs one door (of two, which stays is the designer's choice) and the field below it."""
    doors = reading.positions[Tile.DOOR]
    if len(doors) == 1:
        below = reading.tile(doors[0][0], doors[0][1] + 1)
        if below is not None and not supports(Tile.DOOR, below):
            errors.append(Finding("S4", f"the entry door α at {field_name(*doors[0])} is not supported: it needs rock or a ladder below it", *doors[0]))
    return _layout_warnings(reading, rules)


def _layout_warnings(reading: MapReading, rules: Rules) -> list[Finding]:
    warnings: list[Finding] = []
    teleporters = reading.positions[Tile.TELEPORTER]
    # "the only teleporter" reads every field: an unknown one may be a second ('0' for 'O')
    if len(teleporters) == 1 and reading.complete:
        warnings.append(Finding("S20", f"the only teleporter, at {field_name(*teleporters[0])}, does nothing: it needs a second one to go to", *teleporters[0], severity="warning"))
    # S28's counts only grow with the fields not known yet: a count over the knob already is
    for tile, key in ((Tile.WEB, "web"), (Tile.GEM, "gem"), (Tile.QUESTION, "question")):
        count, knob = len(reading.positions[tile]), SETUP_KNOBS[key]
        wanted = getattr(rules, knob)
        if count > wanted:
            has = f"set-up has {wanted} in all" if wanted else "set-up has none"
            warnings.append(Finding("S28", f"the map holds {counted(count, tile.label)}; {has} ({knob} {wanted})", severity="warning"))
    return warnings
