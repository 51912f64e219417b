"""Sinoda's rule knobs (printkit/sinoda/rules.py): a frozen dataclass; unknown keys are errors."""

from __future__ import annotations

import dataclasses

import pytest

from printkit.sinoda.rules import KnobError, SinodaRules, changed_knobs, make_rules


def test_defaults_and_frozen() -> None:
    rules = make_rules()
    assert rules == SinodaRules(max_turns=400, win_by_sinoda=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.max_turns = 3  # type: ignore[misc]


def test_knobs_apply() -> None:
    rules = make_rules({"max_turns": 50, "win_by_sinoda": False})
    assert rules == SinodaRules(50, False) and changed_knobs(rules) == {"max_turns": 50, "win_by_sinoda": False}


@pytest.mark.parametrize(("knobs", "words"), [
    ({"max_turn": 5}, "unknown Sinoda rule knob 'max_turn' (knobs: max_turns, win_by_sinoda)"),
    ({"max_turns": 0}, "from 1 to 100000 (N12)"),
    ({"max_turns": True}, "whole number"),
    ({"max_turns": "400"}, "whole number"),
    ({"win_by_sinoda": 1}, "true or false (N10)"),
])
def test_bad_knobs_are_errors(knobs: dict, words: str) -> None:
    with pytest.raises(KnobError, match=words.replace("(", r"\(").replace(")", r"\)")) as caught:
        make_rules(knobs)
    assert caught.value.knob == next(iter(knobs))
