"""Rule knobs: the values sinpin.md marks "(knob)", as one frozen dataclass."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Mapping

from printkit.wording import did_you_mean

CARD_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)  # S5
FULL_HAND = frozenset(CARD_VALUES)

# S2: one field is 3 x 3 squares of 5 mm; A4 with 10 mm margins holds 12 x 18 fields.
SQUARE_MM = 5.0
SQUARES_PER_FIELD = 3
FIELD_MM = SQUARE_MM * SQUARES_PER_FIELD
MAX_SHORT_SIDE = 12
MAX_LONG_SIDE = 18

# S28, S29: the tokens a game has of what players place at set-up (the box holds the rest);
# the knobs setup_webs, setup_gems and setup_marks say how many are on the map after set-up.
SETUP_LIMITS = {"web": 8, "gem": 16, "question": 4}
SETUP_KNOBS = {"web": "setup_webs", "gem": "setup_gems", "question": "setup_marks"}
# S29: what the box holds besides what set-up left of SETUP_LIMITS' gems and webs (and
# box_hearts hearts): one chest and two ghost cards, whatever the knobs.
BOX_CHESTS = 1
BOX_GHOSTS = 2


@dataclass(frozen=True)
class Rules:
    blade_points: int = 3  # S17: fewer points than this after entering blades hurts
    start_health: int = 3  # S25
    max_health: int = 3  # S22: hearts restore health up to this
    box_hearts: int = 4  # S29
    max_rounds: int = 200  # S33
    setup_webs: int = 8  # S28: webs on the map after set-up, the map's own included
    setup_gems: int = 16  # S28
    setup_marks: int = 4  # S28: question marks


KNOB_RANGES: dict[str, tuple[int, int]] = {
    "blade_points": (0, 6),
    "start_health": (1, 9),
    "max_health": (1, 9),
    "box_hearts": (0, 16),
    "max_rounds": (1, 10000),
    "setup_webs": (0, SETUP_LIMITS["web"]),
    "setup_gems": (0, SETUP_LIMITS["gem"]),
    "setup_marks": (0, SETUP_LIMITS["question"]),
}
assert set(KNOB_RANGES) == {f.name for f in dataclasses.fields(Rules)}


def next_hand(hand: frozenset[int], card: int) -> frozenset[int]:
    """S5: the cards still playable after playing `card`; all six again once all were played.

    A reset, not a sliding window: after 1 2 3 4 5 6 the hand is full, so 6 may follow 6.
    """
    if card not in hand:
        raise ValueError(f"card {card} cannot be played until the other cards were played (S5)")
    return hand - {card} or FULL_HAND


class KnobError(ValueError):
    """An unknown knob or a bad value in a level's `rules:` block."""

    def __init__(self, knob: str, message: str):
        super().__init__(message)
        self.knob = knob


def knob_error(name: str, value: object) -> str | None:
    """Why `name: value` is not a valid knob setting, or None when it is."""
    if name not in KNOB_RANGES:
        return f"unknown rule knob '{name}'{did_you_mean(name, KNOB_RANGES)} (knobs: {', '.join(KNOB_RANGES)})"
    low, high = KNOB_RANGES[name]
    # YAML's true/false are ints in Python; a knob is a count, never a flag.
    if isinstance(value, bool) or not isinstance(value, int):
        return f"rule knob '{name}' must be a whole number from {low} to {high}"
    if not low <= value <= high:
        return f"rule knob '{name}' must be from {low} to {high}, not {value}"
    return None


def knob_conflicts(rules: Rules) -> list[tuple[str, str]]:
    """Knobs that contradict each other, as (the knob to blame, why): each alone is in range."""
    found = []
    if rules.start_health > rules.max_health:
        found.append(("start_health", f"start_health ({rules.start_health}) is more than max_health ({rules.max_health}):"
                                      f" avatars would start with more health than a heart or the door can give back"
                                      f" (S22, S25); raise max_health or lower start_health"))
    return found


def with_knobs(rules: Rules, overrides: Mapping[str, object]) -> Rules:
    """Apply a level's `rules:` block; unknown knobs, bad values and knobs that contradict
    each other (knob_conflicts) are errors."""
    for name, value in overrides.items():
        problem = knob_error(name, value)
        if problem:
            raise KnobError(name, problem)
    result = dataclasses.replace(rules, **overrides)  # type: ignore[arg-type]
    for name, problem in knob_conflicts(result):
        raise KnobError(name, problem)
    return result


def blades_rule(blade_points: int) -> str:
    """S17 for this knob value, worded: "lose 1 health if fewer than 3 points are left"."""
    if blade_points == 0:
        return "harmless in this level, as blade_points is 0"
    if blade_points == 1:
        return "lose 1 health if no point is left"
    return f"lose 1 health if fewer than {blade_points} points are left"


def blades_short(blade_points: int) -> str:
    """S17 in a player aid's few words: "−1 health if under 3 points are left"."""
    if blade_points == 0:
        return "harmless"
    if blade_points == 1:
        return "−1 health if no point is left"
    return f"−1 health if under {blade_points} points are left"


def changed_knobs(rules: Rules) -> dict[str, int]:
    """The knobs that differ from the defaults (what a level file needs to say)."""
    default = Rules()
    return {
        f.name: getattr(rules, f.name)
        for f in dataclasses.fields(Rules)
        if getattr(rules, f.name) != getattr(default, f.name)
    }
