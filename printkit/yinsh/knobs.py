"""YINSH's rule knobs (Y12) as one frozen dataclass; unknown knobs are errors."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from printkit.yinsh.board import RINGS_PER_PLAYER, RINGS_TO_WIN

MARKERS = 51  # Y1: the shared pool at the start
PLACEMENTS = 2 * RINGS_PER_PLAYER  # Y2


@dataclass(frozen=True)
class Knobs:
    rows_to_win: int = RINGS_TO_WIN  # Y7: rings taken off to win; 1 is blitz
    max_moves: int = 300  # Y10: a draw after this many moves (Y3; placements and passes do not count)

    @property
    def blitz(self) -> bool:
        return self.rows_to_win == 1

    def as_dict(self) -> dict[str, int]:
        return dataclasses.asdict(self)


KNOB_RANGES: dict[str, tuple[int, int]] = {
    "rows_to_win": (1, RINGS_PER_PLAYER),
    "max_moves": (1, 10_000),
}
assert set(KNOB_RANGES) == {f.name for f in dataclasses.fields(Knobs)}

BLITZ = Knobs(rows_to_win=1)


def with_blitz(knobs: Knobs, blitz: bool) -> Knobs:
    """`knobs` (a spec's `rules:`), or with `--blitz` the first row winning whatever they
    say (Y7): what `play yinsh --blitz` and `simulate yinsh --blitz` play."""
    return dataclasses.replace(knobs, rows_to_win=BLITZ.rows_to_win) if blitz else knobs


class KnobError(ValueError):
    """An unknown knob or a bad value (Y12); the message names the rule."""


def knob_error(name: str, value: object) -> str | None:
    """Why `name = value` is not a knob setting (Y12), or None when it is."""
    if name not in KNOB_RANGES:
        return f"Y12: unknown rule knob '{name}' (knobs: {', '.join(KNOB_RANGES)})"
    low, high = KNOB_RANGES[name]
    if isinstance(value, bool) or not isinstance(value, int):
        return f"Y12: rule knob '{name}' must be a whole number from {low} to {high}, not {value!r}"
    if not low <= value <= high:
        return f"Y12: rule knob '{name}' must be from {low} to {high}, not {value}"
    return None


def knobs_from(settings: Mapping[str, object], base: Knobs = Knobs()) -> Knobs:
    """Knobs from a mapping of names to whole numbers; every problem in one KnobError."""
    problems = [problem for name, value in settings.items() if (problem := knob_error(name, value))]
    if problems:
        raise KnobError("; ".join(problems))
    return dataclasses.replace(base, **settings)  # type: ignore[arg-type]
