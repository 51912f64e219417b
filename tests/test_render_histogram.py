"""The histogram (printkit/render/histogram.py): bins, axis, and the bars as drawn."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.draw import Group, Line, Rect, Text
from printkit.render.histogram import (
    BAR, OVERFLOW_BAR, SLOT_MOST, Bin, Histogram, axis_top, bins, draw_histogram, nice_step,
)


def _flat(item) -> list:
    return [leaf for member in item.items for leaf in _flat(member)] if isinstance(item, Group) else [item]


def _bars(group: Group, fill: str = BAR) -> list[Rect]:
    return sorted((item for item in _flat(group) if isinstance(item, Rect) and item.style.fill == fill), key=lambda r: r.x)


def _texts(group: Group) -> list[str]:
    return [item.text for item in _flat(group) if isinstance(item, Text)]


def test_nice_steps_are_1_2_5_times_a_power_of_ten():
    assert nice_step(7, 40) == 1
    assert nice_step(41, 40) == 2
    assert nice_step(185, 40) == 5
    assert nice_step(401, 40) == 20
    assert nice_step(5000, 5) == 1000


@given(st.dictionaries(st.integers(0, 3000), st.integers(0, 50), max_size=40))
def test_bins_keep_every_count_in_aligned_bins_of_one_width(counts):
    made = bins(counts)
    assert sum(b.count for b in made) == sum(counts.values())
    if not any(counts.values()):
        assert made == []
        return
    width = made[0].high - made[0].low + 1
    assert len(made) <= 40
    for previous, following in zip(made, made[1:]):
        assert following.low == previous.high + 1  # contiguous: gaps are empty bins, not missing ones
    for b in made:
        assert b.low % width == 0 and b.high - b.low + 1 == width
        assert b.count == sum(n for value, n in counts.items() if b.low <= value <= b.high)


def test_the_axis_top_is_a_whole_number_of_nice_steps_above_the_largest():
    assert axis_top(32) == (40, 10)
    assert axis_top(5) == (5, 1)
    assert axis_top(0) == (1, 1)
    top, step = axis_top(1798)
    assert top >= 1798 and top % step == 0 and top // step <= 5


def test_bars_stand_on_one_baseline_with_heights_proportional_to_the_counts():
    counts = Counter({20: 3, 21: 12, 23: 6, 24: 1})
    chart = draw_histogram(Histogram(tuple(bins(counts)), "rounds", "games"), 10, 10, 150, 60)
    bars = _bars(chart)
    assert len(bars) == 4  # round 22 is an empty slot, not a bar
    assert [bar.h / bar_count for bar, bar_count in zip(bars, (3, 12, 6, 1))] == pytest.approx([bars[0].h / 3] * 4)
    assert len({round(bar.y + bar.h, 6) for bar in bars}) == 1
    assert bars[2].x - bars[1].x == pytest.approx(2 * (bars[1].x - bars[0].x))  # the gap at 22
    assert {"20", "21", "22", "23", "24", "rounds", "games"} <= set(_texts(chart))


def test_the_y_axis_runs_from_zero():
    chart = draw_histogram(Histogram((Bin(5, 5, 10), Bin(6, 6, 20)), "x", "y"), 0, 0, 100, 50)
    low, high = _bars(chart)
    assert high.h == pytest.approx(2 * low.h)
    assert "0" in _texts(chart) and "20" in _texts(chart)


def test_the_overflow_is_a_grey_bar_after_a_gap_on_the_same_scale():
    chart = draw_histogram(Histogram((Bin(10, 10, 4), Bin(11, 11, 8)), "x", "y", ("200", 2)), 0, 0, 120, 50)
    bars, (stopped,) = _bars(chart), _bars(chart, OVERFLOW_BAR)
    assert stopped.h == pytest.approx(bars[0].h / 2)
    slot = bars[1].x - bars[0].x
    assert stopped.x - bars[1].x == pytest.approx(2 * slot)
    assert "200" in _texts(chart)


def test_few_bins_keep_a_bar_width_and_a_narrow_plot():
    chart = draw_histogram(Histogram((Bin(3, 3, 1),), "rounds per game", "games"), 0, 0, 180, 50)
    (bar,) = _bars(chart)
    assert bar.w == pytest.approx(SLOT_MOST)
    axis = [item for item in _flat(chart) if isinstance(item, Line) and item.y1 == item.y2 and item.style.width == 0.3]
    assert max(line.x2 for line in axis) == pytest.approx(bar.x + bar.w)


def test_nothing_counted_draws_the_axes_and_says_so():
    chart = draw_histogram(Histogram((), "rounds", "games", empty_note="no games simulated"), 0, 0, 100, 50)
    assert not _bars(chart)
    assert "no games simulated" in _texts(chart)
