"""Reading and validating one level file for a command: the verdict, with every finding
located in the file as FILE:LINE:COL (validate, render, kit and tokens share this)."""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass

import click

from printkit.cli.common import EXIT_FINDING, EXIT_OK, EXIT_USAGE, message, progress_count
from printkit.sinpin.findings import MORE, Finding
from printkit.sinpin.level import Level, fits_paper, sketch_rows
from printkit.sinpin.loader import LevelFile, interpret, parse_level, problems_of_grid, read_level
from printkit.sinpin.moves.validator import SOFT_LOCK, Verdict, soft_lock_summary, unsearchable, validate_rows
from printkit.render.sinpin.printable import unprintable_text
from printkit.sourceproblems import MAX_REPORTED, MoreProblems, SourceProblem, UnreadableSource, capped, more_words
from printkit.yamlsource import Source


@dataclass(frozen=True)
class CheckedLevel:
    """A level file read and validated."""

    name: str  # the file as named in messages
    level: Level | None  # None when the grid is too broken to be a level (S1, S3, no map)
    verdict: Verdict
    errors: tuple[SourceProblem, ...]  # located in the file, format problems first
    warnings: tuple[SourceProblem, ...]  # two or more soft-locks (S27) as one line with a count
    unprintable: tuple[SourceProblem, ...] = ()  # text the font cannot print (asked when printing)
    sketch: Level | None = None  # the grid as far as it can be drawn (sketch_rows), errors and all
    soft_locks: tuple[SourceProblem, ...] = ()  # each soft-lock the count stands for (validate --verbose)

    @property
    def drawable(self) -> Level | None:
        """The level as far as one A4 map can show it: a sound grid within S2."""
        level = self.level
        return level if level is not None and fits_paper(level.width, level.height) else None

    @property
    def status(self) -> int:
        return EXIT_OK if self.verdict.valid and not self.unprintable else EXIT_FINDING


def check_level(path: str, *, any_size: bool = False, for_print: bool = False, text: str | None = None) -> CheckedLevel:
    """Read and validate a level file; UnreadableSource when it is not one YAML document.

    A name or author the font cannot print is `unprintable` with `for_print` (printing
    commands refuse it), a warning otherwise (validate says so before anyone prints).
    With `text`, that is the file's content (a level not written yet, named `path`).
    """
    level_file = read_level(path) if text is None else interpret(parse_level(Source(path, text)))
    prior = [Finding("format", problem.message, kind=MORE, count=problem.count) if isinstance(problem, MoreProblems)
             else Finding("format", problem.message) for problem in level_file.problems]
    rows = level_file.rows
    if rows is None:
        verdict = unsearchable(prior)
    elif any_size and not fits_paper(max(map(len, rows)), len(rows)):
        # beyond S2 a search can take seconds: count the rest positions explored, up to the
        # open fields (the most there can be)
        open_fields = sum(len(row) - row.count("#") for row in rows)
        with progress_count(open_fields, f"Searching {max(map(len, rows))} x {len(rows)} fields") as bar:
            verdict = validate_rows(rows, level_file.rules, prior, any_size=True, progress=bar.update)
    else:
        verdict = validate_rows(rows, level_file.rules, prior, any_size=any_size)
    # a map of 800,000 unknown characters is 800,000 findings: the first 100 are told (docs/limits.md)
    errors = tuple(capped([*level_file.problems, *(locate(level_file, finding) for finding in verdict.errors[len(prior):])]))
    verdict = dataclasses.replace(verdict, errors=capped_findings(verdict.errors))  # --json tells what text does
    unprintable = unprintable_text(level_file)
    if not for_print and unprintable:
        # validate warns of what printing refuses, so that ✓ promises nothing render refuses
        verdict = dataclasses.replace(verdict, warnings=verdict.warnings + tuple(
            Finding("format", _as_warning(problem.message), severity="warning") for problem in unprintable))
    warnings, soft_locks = _collapsed(level_file, verdict)
    if not for_print:
        warnings += tuple(dataclasses.replace(problem, message="warning: " + _as_warning(problem.message))
                          for problem in unprintable)
        unprintable = ()
    sketched = sketch_rows(rows) if rows is not None else None
    sketch = None if sketched is None else Level(sketched, name=level_file.title, author=level_file.author,
                                                 players=level_file.players, rules=level_file.rules)
    return CheckedLevel(level_file.name, _level(level_file), verdict, errors, warnings, unprintable, sketch, soft_locks)


def capped_findings(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """The findings as `capped` keeps problems: the first MAX_REPORTED, then one finding that
    counts the rest, those a count already stood for included (the file's format problems
    past the first 100, then the map's)."""
    kept: list[Finding] = []
    for finding in findings:
        stands = finding.count if finding.kind == MORE else 1
        if finding.kind != MORE and len(kept) < MAX_REPORTED:
            kept.append(finding)
        elif kept and kept[-1].kind == MORE:
            total = kept[-1].count + stands
            kept[-1] = dataclasses.replace(kept[-1], message=more_words(total), count=total)
        else:
            kept.append(Finding(finding.rule, more_words(stands), kind=MORE, count=stands))
    return tuple(kept)


def _collapsed(level_file: LevelFile, verdict: Verdict) -> tuple[tuple[SourceProblem, ...], tuple[SourceProblem, ...]]:
    """The warnings located in the file, two or more soft-locks (S27) told as one line with a
    count where the first was (one missing ladder can strand fifty rest positions, and their
    lines would bury the one S26 error), and the soft-locks that line stands for."""
    found = [finding for finding in verdict.warnings if finding.rule != "format"]
    soft = [finding for finding in found if finding.kind == SOFT_LOCK]
    if len(soft) < 2:
        return tuple(locate(level_file, finding) for finding in found), ()
    summary = SourceProblem(level_file.name, None, None, "S27", "warning: " + soft_lock_summary(
        len(soft), len(soft) == verdict.rest_positions))
    warnings: list[SourceProblem] = []
    for finding in found:
        if finding.kind != SOFT_LOCK:
            warnings.append(locate(level_file, finding))
        elif finding is soft[0]:
            warnings.append(summary)
    return tuple(warnings), tuple(locate(level_file, finding) for finding in soft)


def _as_warning(message: str) -> str:
    return f"{message}; render, tokens and kit refuse to print it"


def locate(level_file: LevelFile, finding: Finding) -> SourceProblem:
    """A finding with the line and column of its field in the file."""
    line, column = level_file.locate(finding.x, finding.y)
    prefix = "warning: " if finding.severity == "warning" else ""
    return SourceProblem(level_file.name, line, column, finding.rule, prefix + finding.message)


def _level(level_file: LevelFile) -> Level | None:
    if level_file.rows is None:
        return None
    try:
        return Level(tuple(level_file.rows), name=level_file.title, author=level_file.author,
                     players=level_file.players, rules=level_file.rules)
    except ValueError:
        return None


def usable_level(path: str, *, for_print: bool = False) -> tuple[Level, str]:
    """The level of a file whose format and grid are sound, and its name in messages; for
    commands that work on any such level, valid or not (moves, tokens). Otherwise the
    problems go to stderr and the command exits: 2 unreadable, 1 broken. `for_print` also
    asks that the font can print the level's name and author."""
    try:
        level_file = read_level(path)
    except UnreadableSource as error:
        message(str(error.problem))
        sys.exit(EXIT_USAGE)
    problems = capped([*level_file.problems, *(p for p in problems_of_grid(level_file) if p.rule in ("S1", "S3"))])
    if for_print:
        problems += unprintable_text(level_file)
    if problems or level_file.rows is None:
        for problem in problems:
            message(str(problem))
        sys.exit(EXIT_FINDING)
    return level_file.level(), level_file.name


def players_for(level: Level, players: int | None, name: str) -> int:
    """The player count to print for: `players`, or the most the level is for; a usage error
    (exit 2) when the level's `players` does not name that count."""
    chosen = players or max(level.players)
    if chosen not in level.players:
        counts = ", ".join(str(count) for count in level.players)
        raise click.BadParameter(f"{name} is for {counts} players (its 'players'), not {chosen}", param_hint="'--players'")
    return chosen


def exit_share_note(players: int, share: float) -> str:
    """The note for a player count a level suits poorly: fewer than half its avatars got out
    by the exit in the simulated games of printkit.sinpin.game.playercounts (`kit --random`'s
    check of a fresh cave, `kit --players`' of a level's)."""
    from printkit.sinpin.game.playercounts import SUPPORT_GAMES

    return (f"note: in {SUPPORT_GAMES} simulated games of {players} players only {share:.0%} of the avatars got out by the"
            f" exit (the ghost, S30)")


def poorly_suited(level: Level, players: int) -> str | None:
    """exit_share_note when `level` suits `players` poorly (S29a, S30: with more players the
    ghost moves more between one avatar's turns), else None. Plays SUPPORT_GAMES games of
    greedy bots: about half a second on a bundled level."""
    from printkit.sinpin.game.playercounts import SUPPORT_SHARE, exit_share

    share = exit_share(level, players)
    if share >= SUPPORT_SHARE:
        return None
    return exit_share_note(players, share) + ("; fewer players may suit it better" if players > 2 else "")
