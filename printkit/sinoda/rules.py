"""Sinoda's rule knobs (the values sinoda.md lets a game change) as one frozen dataclass,
and the rules' fixed numbers."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Mapping

PIECES = 6  # N2: six four-sided dice a player
VALUES = (1, 2, 3, 4)  # N2: a die's top value
START_VALUE = 1  # N2

# How a game ends, as records and statistics name it, with the rule that ends it.
ENDINGS: dict[str, str] = {
    "one-piece-each": "N8",  # (a) every player has exactly one piece on the board
    "no-pieces-left": "N8",  # (b) some player has no piece left on the board
    "six-captured": "N8",  # (c) some player has captured 6 pieces
    "sinoda": "N10",  # win by Sinoda (2 players)
    "max-turns": "N12",  # the game-length bound
}
ENDING_WORDS: dict[str, str] = {
    "one-piece-each": "every player down to one piece (N8a)",
    "no-pieces-left": "a player lost the last piece (N8b)",
    "six-captured": "a player captured 6 pieces (N8c)",
    "sinoda": "win by Sinoda (N10)",
    "max-turns": "stopped at max_turns (N12)",
}


@dataclass(frozen=True)
class SinodaRules:
    max_turns: int = 400  # N12: turns before a game is stopped and scored by N9
    win_by_sinoda: bool = True  # N10: false turns the win by Sinoda off


KNOB_TYPES: dict[str, type] = {"max_turns": int, "win_by_sinoda": bool}
MAX_TURNS_RANGE = (1, 100_000)
assert set(KNOB_TYPES) == {f.name for f in dataclasses.fields(SinodaRules)}


class KnobError(ValueError):
    """An unknown knob or a bad value in a Sinoda `rules:` block."""

    def __init__(self, knob: str, message: str):
        super().__init__(message)
        self.knob = knob


def knob_error(name: str, value: object) -> str | None:
    """Why `name: value` is not a valid knob setting, or None when it is."""
    if name not in KNOB_TYPES:
        return f"unknown Sinoda rule knob '{name}' (knobs: {', '.join(KNOB_TYPES)})"
    if KNOB_TYPES[name] is bool:
        if not isinstance(value, bool):
            return f"rule knob '{name}' must be true or false (N10)"
        return None
    low, high = MAX_TURNS_RANGE
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"rule knob '{name}' must be a whole number from {low} to {high} (N12)"
    return None


def make_rules(knobs: Mapping[str, object] | None = None) -> SinodaRules:
    """The rules with a `rules:` block's knobs applied; unknown knobs and bad values raise
    KnobError (the first one found, in the block's order)."""
    knobs = dict(knobs or {})
    for name, value in knobs.items():
        problem = knob_error(name, value)
        if problem:
            raise KnobError(name, problem)
    return SinodaRules(**knobs)  # type: ignore[arg-type]


def changed_knobs(rules: SinodaRules) -> dict[str, object]:
    """The knobs that differ from the defaults."""
    default = SinodaRules()
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(SinodaRules)
            if getattr(rules, f.name) != getattr(default, f.name)}
