"""Rule knobs: a frozen dataclass, replaced by a level's `rules:` block (habit 3)."""

import dataclasses

import pytest

from printkit.sinpin.rules import KNOB_RANGES, KnobError, Rules, changed_knobs, knob_error, with_knobs


def test_defaults_are_the_values_sinpin_md_gives() -> None:
    assert Rules() == Rules(blade_points=3, start_health=3, max_health=3, box_hearts=4, max_rounds=200)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().blade_points = 2  # type: ignore[misc]


def test_overrides_replace_only_what_they_name() -> None:
    rules = with_knobs(Rules(), {"blade_points": 2, "max_rounds": 50})
    assert rules == Rules(blade_points=2, max_rounds=50)
    assert changed_knobs(rules) == {"blade_points": 2, "max_rounds": 50}


@pytest.mark.parametrize(
    ("name", "value", "fragment"),
    [("speed", 1, "unknown rule knob"), ("blade_points", 7, "from 0 to 6"), ("start_health", True, "whole number"),
     ("max_health", 2.5, "whole number"), ("box_hearts", -1, "from 0 to 16")],
)
def test_unknown_knobs_and_bad_values_are_errors(name: str, value: object, fragment: str) -> None:
    assert fragment in (knob_error(name, value) or "")
    with pytest.raises(KnobError):
        with_knobs(Rules(), {name: value})


def test_every_knob_has_a_range_and_its_default_is_inside() -> None:
    for field in dataclasses.fields(Rules):
        low, high = KNOB_RANGES[field.name]
        assert low <= field.default <= high
