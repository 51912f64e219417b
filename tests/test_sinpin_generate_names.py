"""Generated cave names: seeded, two words, printable."""

from __future__ import annotations

import random

from printkit.draw import fonts
from printkit.sinpin.generate.names import ADJECTIVES, NOUNS, cave_name


def test_names_are_seeded_two_different_words_and_printable() -> None:
    names = [cave_name(random.Random(seed)) for seed in range(300)]
    assert names == [cave_name(random.Random(seed)) for seed in range(300)]
    assert len(set(names)) > 150
    for name in names:
        adjective, noun = name.split(" ")
        assert adjective in ADJECTIVES and noun in NOUNS and adjective != noun
        assert not fonts.unprintable(name)
