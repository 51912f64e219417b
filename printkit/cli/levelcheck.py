"""Reading and validating one level file for a command: the verdict, with every finding
located in the file as FILE:LINE:COL (validate, render, kit and tokens share this)."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from printkit.cli.common import EXIT_FINDING, EXIT_OK, EXIT_USAGE, message
from printkit.sinpin.findings import Finding
from printkit.sinpin.level import Level, fits_paper
from printkit.sinpin.loader import LevelFile, problems_of_grid, read_level
from printkit.sinpin.validator import Verdict, unsearchable, validate_rows
from printkit.yamlsource import SourceProblem, UnreadableSource


@dataclass(frozen=True)
class CheckedLevel:
    """A level file read and validated."""

    name: str  # the file as named in messages
    level: Level | None  # None when the grid is too broken to be a level (S1, S3, no map)
    verdict: Verdict
    errors: tuple[SourceProblem, ...]  # located in the file, format problems first
    warnings: tuple[SourceProblem, ...]

    @property
    def drawable(self) -> Level | None:
        """The level as far as one A4 map can show it: a sound grid within S2."""
        level = self.level
        return level if level is not None and fits_paper(level.width, level.height) else None

    @property
    def status(self) -> int:
        return EXIT_OK if self.verdict.valid else EXIT_FINDING


def check_level(path: str, *, any_size: bool = False) -> CheckedLevel:
    """Read and validate a level file; UnreadableSource when it is not one YAML document."""
    level_file = read_level(path)
    prior = [Finding("format", problem.message) for problem in level_file.problems]
    rows = level_file.rows
    verdict = unsearchable(prior) if rows is None else validate_rows(rows, level_file.rules, prior, any_size=any_size)
    errors = (*level_file.problems, *(locate(level_file, finding) for finding in verdict.errors[len(prior):]))
    warnings = tuple(locate(level_file, finding) for finding in verdict.warnings)
    return CheckedLevel(level_file.name, _level(level_file), verdict, errors, warnings)


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


def usable_level(path: str) -> tuple[Level, str]:
    """The level of a file whose format and grid are sound, and its name in messages; for
    commands that work on any such level, valid or not (moves, tokens). Otherwise the
    problems go to stderr and the command exits: 2 unreadable, 1 broken."""
    try:
        level_file = read_level(path)
    except UnreadableSource as error:
        message(str(error.problem))
        sys.exit(EXIT_USAGE)
    problems = [*level_file.problems, *(p for p in problems_of_grid(level_file) if p.rule in ("S1", "S3"))]
    if problems or level_file.rows is None:
        for problem in problems:
            message(str(problem))
        sys.exit(EXIT_FINDING)
    return level_file.level(), level_file.name
