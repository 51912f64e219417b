"""What is wrong with a YAML spec (a level, deck or board), each problem located as FILE:LINE:COL.

Two kinds of failure are kept apart because the CLI maps them to different exit statuses:
`UnreadableSource` (the bytes are not one YAML document: exit 2) and problems found in a
readable document, collected as `SourceProblem`s (by `printkit.specreader.SpecReader`), at
most MAX_REPORTED of a file and then a count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable


@dataclass(frozen=True)
class SourceProblem:
    file: str
    line: int | None  # 1-based, None when the problem concerns the whole file
    column: int | None  # 1-based
    rule: str  # a rule id such as "S3", or "format"
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.rule}: {self.message}"


class UnreadableSource(Exception):
    """The input is not one readable YAML document (CLI exit status 2)."""

    def __init__(self, problem: SourceProblem):
        super().__init__(str(problem))
        self.problem = problem


class SpecError(Exception):
    """A readable spec with problems; carries every problem, not just the first."""

    def __init__(self, problems: list[SourceProblem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


MAX_REPORTED = 100  # problems kept of one file: 100,000 broken entries give 100 and a count


@dataclass(frozen=True)
class MoreProblems(SourceProblem):
    """Stands for the problems of a file past the first MAX_REPORTED, where the first of them is."""

    count: int = 1


def more_words(count: int) -> str:
    return f"and {count:,} more problem{'s' * (count != 1)} from here on (printkit shows the first {MAX_REPORTED} of a file)"


def add_problem(problems: list[SourceProblem], problem: SourceProblem) -> None:
    """Append `problem`, or past MAX_REPORTED count it in one MoreProblems (constant time:
    a file of 100,000 broken entries must not cost 100,000 messages). A MoreProblems added
    (problems already capped, capped again with more) adds the count it stands for: taken
    as one, the summary and --json said 1 more where there were 50."""
    stands = problem.count if isinstance(problem, MoreProblems) else 1
    if len(problems) < MAX_REPORTED and not isinstance(problem, MoreProblems):
        problems.append(problem)
    elif problems and isinstance(problems[-1], MoreProblems):
        count = problems[-1].count + stands
        problems[-1] = replace(problems[-1], message=more_words(count), count=count)
    else:
        problems.append(MoreProblems(problem.file, problem.line, problem.column, problem.rule, more_words(stands),
                                     count=stands))


def capped(problems: Iterable[SourceProblem]) -> list[SourceProblem]:
    """The problems as add_problem keeps them: the first MAX_REPORTED, then a count."""
    kept: list[SourceProblem] = []
    for problem in problems:
        add_problem(kept, problem)
    return kept
