"""The look figures: tile-pattern KL divergence, novelty, special fields, straight rock,
the largest empty rectangle, on maps whose answers are known."""

from __future__ import annotations

import itertools
import math
import random
import subprocess
import sys

import pytest

from printkit.sinpin.generate.looks import (
    class_rows, compare_looks, difference, halves, halves_kl, kl_contributions, kl_divergence, kl_to, largest_open_rectangle, look_figures,
    novelty, open_rectangle, pattern_counts, special_density, straight_rock_share,
)

ROOM = ("######", "#A.*.#", "#.##Z#", "######")
HALL = ("########", "#......#", "#A....Z#", "########")


def test_tile_classes_group_what_fields_are_for() -> None:
    assert class_rows(["#.H^!*hC?wSOAZ"]) == ["#.Hxxiiiiddd" + "aa"]


def test_pattern_counts_count_every_window_once() -> None:
    counts = pattern_counts([ROOM], 2)
    assert sum(counts.values()) == 5 * 3
    assert counts["####"] == 1 and counts["#a#."] == 1


def test_kl_divergence_is_zero_for_equal_sets_symmetric_and_positive_otherwise() -> None:
    a, b = pattern_counts([ROOM], 2), pattern_counts([HALL], 2)
    assert kl_divergence(a, a) == 0.0
    assert kl_divergence(a, b) == pytest.approx(kl_divergence(b, a)) and kl_divergence(a, b) > 0
    assert math.isfinite(kl_divergence(a, b))  # patterns one side lacks cost a finite amount


def test_halves_split_the_examples_every_way_or_a_sample_of_ways() -> None:
    cuts = halves(4, 99)
    assert len(cuts) == 3 and all(sorted(a + b) == [0, 1, 2, 3] and len(a) == 2 for a, b in cuts)
    assert len(halves(8, 5)) == 5 and halves(1, 5) == []
    assert halves_kl([ROOM, ROOM], 2) == 0.0 and halves_kl([ROOM, HALL], 2) > 0
    assert halves_kl([ROOM], 2) is None  # no halves: not 0.0, examples that agree perfectly


def test_one_level_has_no_novelty_and_its_look_figures_say_so() -> None:
    assert novelty([ROOM]) is None and novelty([]) is None  # no pair to differ, not "all alike"
    figures = compare_looks([HALL, ROOM], [ROOM])
    assert figures["kl_2x2_examples_halves"] is None and figures["kl_3x3_examples_halves"] is None
    assert figures["examples"]["novelty"] is None and figures["batch"]["novelty"] == round(novelty([HALL, ROOM]), 3)



def _every_cut_listed(count: int, splits: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """halves as it was: every cut listed, then `splits` of them sampled (C(count, count/2)
    of them: only for a few examples)."""
    every = [list(first) for first in itertools.combinations(range(count), count // 2) if 0 in first or count % 2]
    chosen = every if len(every) <= splits else random.Random(seed).sample(every, splits)
    return [(first, [i for i in range(count) if i not in first]) for first in sorted(chosen)]


@pytest.mark.parametrize("count", range(2, 15))
def test_halves_of_a_few_examples_are_the_cuts_they_always_were(count: int) -> None:
    # survey --like and bench/generate_looks.py print figures measured on these cuts
    for splits, seed in ((16, 0), (5, 3), (99, 1)):
        assert halves(count, splits, seed) == _every_cut_listed(count, splits, seed)


_MANY = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from printkit.sinpin.generate.looks import halves
for count in (30, 40, 67, 68, 1001, 5000):
    cuts = halves(count, 16, 2)
    firsts = {tuple(first) for first, _ in cuts}
    assert len(firsts) == 16, count
    assert all(len(first) == count // 2 and sorted(first + rest) == list(range(count)) for first, rest in cuts), count
    assert count % 2 or all(0 in first for first, _ in cuts), count  # each cut once, not also from its other side
    assert cuts == halves(count, 16, 2), count
"""


def test_halves_of_many_examples_are_drawn_without_listing_every_cut() -> None:
    # Listing every cut of 30 examples (C(30, 15)) took gigabytes and died with a MemoryError
    # in `survey --like` with 30 levels; in its own process, held to 1 GB, so as to fail
    # rather than take the machine's memory when it comes back.
    done = subprocess.run([sys.executable, "-c", _MANY], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]

def test_novelty_is_the_mean_share_of_fields_that_differ() -> None:
    assert difference(ROOM, ROOM) == 0.0
    other = ("######", "#A.*.#", "#.##.#", "#Z####")
    assert difference(ROOM, other) == pytest.approx(2 / 24)
    assert novelty([ROOM, ROOM, other]) == pytest.approx((0 + 2 / 24 + 2 / 24) / 3)
    assert difference(ROOM, HALL[:3]) == difference(HALL[:3], ROOM)  # laid on each other at the top-left


def test_special_fields_straight_rock_and_the_largest_empty_rectangle() -> None:
    assert special_density([ROOM]) == pytest.approx(100 * 3 / 24)
    floors = ("##########", "#........#", "#######..#", "#A......Z#", "##########")
    assert straight_rock_share(floors) == 1.0  # the inner run of 6 is all the inner rock
    assert straight_rock_share(ROOM) == 0.0
    assert open_rectangle(HALL) == (8, 2, 1, 5, 2)  # 4 wide, 2 high: left, top, right, bottom
    assert largest_open_rectangle(("###", "#A#", "###")) == 0


def test_compare_looks_reports_both_sides_and_both_window_sizes() -> None:
    figures = compare_looks([HALL, ROOM], [ROOM, HALL, ROOM])
    assert set(figures) == {"kl_2x2", "kl_2x2_examples_halves", "kl_3x3", "kl_3x3_examples_halves", "batch", "examples"}
    assert figures["batch"] == look_figures([HALL, ROOM])


def test_kl_to_compares_pieces_as_big_as_the_reference() -> None:
    assert kl_to([ROOM] * 6, [ROOM, ROOM], 2) == 0.0
    mixed = [ROOM, HALL] * 10
    # the figure does not grow with the batch: ten pairs score as one pair does
    assert kl_to(mixed, [ROOM, HALL], 2) == pytest.approx(kl_to(mixed[:2], [ROOM, HALL], 2))
    assert kl_to([HALL], [ROOM, ROOM, ROOM], 2) == kl_divergence(pattern_counts([HALL], 2), pattern_counts([ROOM] * 3, 2))


def test_kl_contributions_add_up_to_the_divergence_and_name_the_differing_patterns() -> None:
    a = pattern_counts([HALL], 2)
    b = pattern_counts([ROOM], 2)
    parts = kl_contributions(a, b)
    assert sum(part for part, _, _ in parts.values()) == pytest.approx(kl_divergence(a, b))
    assert all(part >= 0 for part, _, _ in parts.values())  # each term of a symmetric KL is >= 0
    assert sum(p for _, p, _ in parts.values()) == pytest.approx(1) and sum(q for _, _, q in parts.values()) == pytest.approx(1)
    assert kl_contributions(a, a) == {pattern: (0.0, p, p) for pattern, (_, p, _) in kl_contributions(a, a).items()}
    # The hall's long ceiling over open cave, which the room never shows, differs most.
    top = max(parts, key=lambda pattern: parts[pattern][0])
    assert top == "##.." and parts[top][1] > parts[top][2] and b[top] == 0
