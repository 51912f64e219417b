"""--target: a cell of the survey's range in words or numbers, and the mistakes named."""

from __future__ import annotations

import pytest

from printkit.sinpin.generate.targets import Target, parse_target, turn_thirds


def test_turn_words_cut_the_asked_range_in_thirds() -> None:
    assert turn_thirds((2, 20)) == {"short": (2, 7), "medium": (8, 14), "long": (15, 20)}
    assert turn_thirds((1, 3)) == {"short": (1, 1), "medium": (2, 2), "long": (3, 3)}


@pytest.mark.parametrize(("text", "turns", "leniency"), [
    ("long,hazardous", (15, 20), (-5, -3)),
    ("short", (2, 7), None),
    ("harmless", None, (0, 0)),
    ("9..12,-4..-3", (9, 12), (-4, -3)),
    (" -2 , 5 ", (5, 5), (-2, -2)),
    ("0", None, (0, 0)),
])
def test_words_and_ranges(text: str, turns, leniency) -> None:
    target = parse_target(text, (2, 20))
    assert (target.turns, target.leniency) == (turns, leniency)


@pytest.mark.parametrize(("text", "words"), [
    ("longish", "neither a word"),
    ("long,short", "least turns twice"),
    ("12..9", "12 is above 9"),
    ("-2..3", "mixes"),
    ("", "no target"),
    ("9" * 5000, "beyond any cave: least turns are at most 3364"),  # was Python's 4,300-digit refusal
    ("3..99999", "beyond any cave"),
    ("-99999..-1", "beyond any cave"),
])
def test_mistakes_are_named(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        parse_target(text, (2, 20))


def test_holds_and_describe() -> None:
    target = Target((9, 12), (-4, -3), "9..12,-4..-3")
    assert target.holds(10, -3) and not target.holds(13, -3) and not target.holds(10, 0)
    assert Target(None, (0, 0)).holds(40, 0)
    assert target.describe() == "9..12,-4..-3: least turns 9..12, leniency -4..-3"
