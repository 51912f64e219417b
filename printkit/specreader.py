"""Typed access to a mapping of a parsed YAML spec (`SpecReader`), shared by the level, deck
and board loaders: each getter gives a usable value and collects what is wrong as a
`SourceProblem` at its place, so one run reports every problem of a file.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

import yaml

from printkit.safeyaml import LongNumber
from printkit.sourceproblems import SourceProblem, add_problem
from printkit.wording import did_you_mean
from printkit.yamlsource import Document

# A name, title or author is one printed line; no real one is near this long (docs/limits.md).
MAX_TEXT_CHARS = 200


def node_position(node: yaml.Node | None) -> tuple[int | None, int | None]:
    if node is None:
        return None, None
    return node.start_mark.line + 1, node.start_mark.column + 1


def type_name(value: Any) -> str:
    """A short name of a YAML value's type, for messages (never repr: values may be huge)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, LongNumber):
        return f"a number of {len(value):,} characters"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


class SpecReader:
    """Typed access to one YAML mapping, collecting problems instead of raising.

    Each getter returns a usable value (the default when the entry is wrong) so that a
    loader can go on and report every problem of a file in one run.
    """

    def __init__(
        self,
        doc: Document,
        node: yaml.Node | None,
        problems: list[SourceProblem],
        what: str = "the file",
        rule: str = "format",
    ):
        self.doc = doc
        self.node = node
        self.problems = problems
        self.rule = rule
        self.what = what
        self.entries: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        if node is None or not isinstance(node, yaml.MappingNode):
            got = "empty" if node is None else type_name(doc.value(node))
            self.problem(node, f"{what} must be a mapping of keys to values, not {got}")
            self.ok = False
            return
        self.ok = True
        for key_node, value_node in node.value:
            key = doc.value(key_node)
            if not isinstance(key, str):
                self.problem(key_node, f"keys in {what} must be text, not {type_name(key)}")
                continue
            if key in self.entries:
                self.problem(key_node, f"duplicate key '{key}' in {what}")
            self.entries[key] = (key_node, value_node)

    # -- problems -------------------------------------------------------------------------
    def problem(self, node: yaml.Node | None, message: str, rule: str | None = None) -> None:
        line, column = node_position(node if node is not None else self.node)
        add_problem(self.problems, SourceProblem(self.doc.source.name, line, column, rule or self.rule, message))

    def check_keys(self, allowed: Iterator[str] | set[str], required: tuple[str, ...] = ()) -> None:
        allowed = set(allowed)
        for key, (key_node, _) in self.entries.items():
            if key not in allowed and not key.startswith("x-"):
                known = ", ".join(sorted(allowed))
                self.problem(key_node, f"unknown key '{key}' in {self.what}{did_you_mean(key, sorted(allowed))} (known keys: {known})")
        for key in required:
            if self.ok and key not in self.entries:
                self.problem(self.node, f"{self.what} has no '{key}'")

    def accepted(self, error: Callable[[str, object], str | None]) -> dict[str, object]:
        """The entries of this mapping of rule knobs that `error` (a game's knob_error) finds
        nothing wrong with; each one it refuses is a problem at its key when the name is
        unknown, else at its value."""
        accepted: dict[str, object] = {}
        for name, (key_node, value_node) in self.entries.items():
            problem = error(name, self.doc.value(value_node))
            if problem:
                self.problem(key_node if problem.startswith("unknown") else value_node, problem)
            else:
                accepted[name] = self.doc.value(value_node)
        return accepted

    # -- typed getters --------------------------------------------------------------------
    def has(self, key: str) -> bool:
        return key in self.entries

    def value_node(self, key: str) -> yaml.Node | None:
        entry = self.entries.get(key)
        return entry[1] if entry else None

    def raw(self, key: str) -> Any:
        node = self.value_node(key)
        return None if node is None else self.doc.value(node)

    def text(self, key: str, default: str | None = None, longest: int = MAX_TEXT_CHARS, *,
             one_line: bool = False) -> str | None:
        """The entry as text, at most `longest` characters (and with `one_line` no line
        break: a name or title is printed on one line). A plain number or true/false is
        taken as written: `name: 1984`, `name: 007` and `name: No` are names."""
        if key not in self.entries:
            return default
        node = self.value_node(key)
        value = self.raw(key)
        if isinstance(value, (int, float)) and isinstance(node, yaml.ScalarNode):
            value = node.value
        if not isinstance(value, str):
            self.problem(node, f"'{key}' must be text, not {type_name(value)}")
            return default
        if len(value) > longest:
            self.problem(node, f"'{key}' is {len(value):,} characters long; printkit takes at most {longest:,}")
            return default
        if one_line and ("\n" in value or "\r" in value):
            self.problem(node, f"'{key}' must be one line: it is printed on one line, and this one has a line break")
            return default
        return str(value)  # a LongNumber is plain text here

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        value = self._ranged(key, low, high, int, "a whole number")
        return default if value is None else int(value)

    def number(self, key: str, default: float, low: float, high: float) -> float:
        value = self._ranged(key, low, high, (int, float), "a number")
        return default if value is None else float(value)

    def _ranged(self, key: str, low: float, high: float, kinds: type | tuple[type, ...], words: str) -> int | float | None:
        """The entry when it is a number of `kinds` from `low` to `high`; None when it is
        missing, or with a problem when it is anything else."""
        if key not in self.entries:
            return None
        value = self.raw(key)
        if isinstance(value, LongNumber):
            self.problem(self.value_node(key), f"'{key}' must be from {low} to {high}, not {type_name(value)}")
            return None
        if isinstance(value, bool) or not isinstance(value, kinds):
            self.problem(self.value_node(key), f"'{key}' must be {words}, not {type_name(value)}")
            return None
        if not low <= value <= high:
            self.problem(self.value_node(key), f"'{key}' must be from {low} to {high}, not {value}")
            return None
        return value

    def boolean(self, key: str, default: bool) -> bool:
        if key not in self.entries:
            return default
        value = self.raw(key)
        if not isinstance(value, bool):
            self.problem(self.value_node(key), f"'{key}' must be true or false, not {type_name(value)}")
            return default
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str | None, *, any_case: bool = False) -> str | None:
        """One of `options`; with `any_case`, matched whatever its case and given as spelt there."""
        if key not in self.entries:
            return default
        value = self.raw(key)
        if any_case and isinstance(value, str):
            value = next((option for option in options if option.lower() == value.lower()), value)
        if not isinstance(value, (str, int)) or isinstance(value, bool) or str(value) not in options:
            shown = f"'{value}'" if isinstance(value, (str, int)) and len(str(value)) < 40 else type_name(value)
            self.problem(
                self.value_node(key), f"'{key}' must be one of {', '.join(options)}, not {shown}"
            )
            return default
        return str(value)

    def mapping(self, key: str) -> SpecReader | None:
        if key not in self.entries:
            return None
        return SpecReader(self.doc, self.value_node(key), self.problems, f"'{key}'", self.rule)

    def sequence(self, key: str) -> list[yaml.Node] | None:
        """The item nodes of a list entry (None, with a problem, when it is not a list)."""
        if key not in self.entries:
            return None
        node = self.value_node(key)
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, f"'{key}' must be a list, not {type_name(self.doc.value(node))}")
            return None
        return list(node.value)
