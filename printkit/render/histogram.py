"""A bar chart of how often each whole number came up (game lengths in rounds), drawn with
the millimetre primitives: bars, axes with ticks and labels, and an optional separate bar
for the values that stopped at a limit.

Bar heights are exactly proportional to the counts (the y axis starts at 0); consecutive
values are gathered into bins of 1, 2, 5, 10, 20 … so a long tail never makes the bars
thinner than a readable width.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from printkit.draw import Group, Item, Line, Rect, Style, Text
from printkit.draw.colours import NAMED_COLOURS, WHITE
from printkit.draw.fonts import ascent, text_width

BAR = NAMED_COLOURS["blue"]
OVERFLOW_BAR = NAMED_COLOURS["grey"]
AXIS_STYLE = Style(stroke="#000000", width=0.3, cap="square")
GUIDE_STYLE = Style(stroke="#c8c8c8", width=0.15)
BAR_STYLE = Style(stroke=WHITE, width=0.15, fill=BAR)
OVERFLOW_STYLE = Style(stroke=WHITE, width=0.15, fill=OVERFLOW_BAR)
LABEL_SIZE = 2.5
AXIS_TITLE_SIZE = 2.8
MOST_BINS = 40
SLOT_MOST = 10.0  # wider bars read as blocks, not as a distribution
_STEPS = (1, 2, 5)


@dataclass(frozen=True)
class Bin:
    """The values low..high (both included) and how often they came up."""

    low: int
    high: int
    count: int


def nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50 … that cuts `span` into at most `most` pieces."""
    scale = 1
    while True:
        for step in _STEPS:
            if span / (step * scale) <= most:
                return step * scale
        scale *= 10


def _next_step(step: int) -> int:
    """The nice step after `step`: 1 → 2 → 5 → 10 → 20 …"""
    scale = 10 ** (len(str(step)) - 1)
    lead = step // scale
    return {1: 2, 2: 5}.get(lead, 10) * scale


def bins(counts: Mapping[int, int], most: int = MOST_BINS) -> list[Bin]:
    """Every value from the smallest to the largest counted, in bins of one nice width
    aligned to its multiples (so a bin of 5 is 20–24, never 21–25); empty bins are kept,
    since a gap is part of the picture."""
    values = [value for value, count in counts.items() if count]
    if not values:
        return []
    low, high = min(values), max(values)
    step = nice_step(high - low + 1, most)
    while high // step - low // step + 1 > most:  # aligning can add a bin at either end
        step = _next_step(step)
    first = low // step * step
    return [Bin(start, start + step - 1, sum(counts.get(value, 0) for value in range(start, start + step)))
            for start in range(first, high + 1, step)]


def axis_top(largest: int, ticks: int = 5) -> tuple[int, int]:
    """(top of the y axis, tick step): a nice step with at most `ticks` steps to the top."""
    step = nice_step(max(largest, 1), ticks)
    return math.ceil(max(largest, 1) / step) * step, step


@dataclass(frozen=True)
class Histogram:
    """What to draw: the bins, the axis titles, and values kept apart (`overflow`: a label
    such as '200' and how many; the x title says what they are) drawn as a grey bar after
    a gap."""

    bins: tuple[Bin, ...]
    x_title: str
    y_title: str
    overflow: tuple[str, int] | None = None
    empty_note: str = "nothing to count"

    @property
    def largest(self) -> int:
        return max([b.count for b in self.bins] + [self.overflow[1] if self.overflow else 0])


def _bin_label(b: Bin) -> str:
    return str(b.low) if b.low == b.high else f"{b.low}–{b.high}"


def draw_histogram(histogram: Histogram, x: float, y: float, width: float, height: float) -> Group:
    """The chart filling (x, y, width, height): y axis labels and title on the left, bin
    labels and the x title below the plot."""
    top, step = axis_top(histogram.largest)
    label_room = text_width(str(top), LABEL_SIZE) + 1.5
    plot_left = x + AXIS_TITLE_SIZE * 1.4 + label_room
    plot_right = x + width - 1.0
    plot_top = y + ascent(LABEL_SIZE) / 2
    plot_bottom = y + height - 2 * LABEL_SIZE * 1.5 - 0.5
    plot_h = plot_bottom - plot_top
    # one slot per bin, and two more (a gap and the bar) for the overflow
    slots = len(histogram.bins) + (2 if histogram.overflow else 0)
    slot = min((plot_right - plot_left) / max(slots, 1), SLOT_MOST)
    if slots:
        plot_right = plot_left + slot * slots
    items: list[Item] = []
    # y axis: guides at each tick, labelled
    for value in range(0, top + 1, step):
        level = plot_bottom - plot_h * value / top
        if value:
            items.append(Line(plot_left, level, plot_right, level, GUIDE_STYLE))
        items.append(Line(plot_left - 1.0, level, plot_left, level, AXIS_STYLE))
        items.append(Text(plot_left - 1.5, level + ascent(LABEL_SIZE) / 2, str(value), LABEL_SIZE, anchor="end"))
    middle = (plot_top + plot_bottom) / 2
    items.append(Text(x + AXIS_TITLE_SIZE, middle, histogram.y_title, AXIS_TITLE_SIZE, anchor="middle", rotate=-90))
    label_baseline = plot_bottom + 1.2 + ascent(LABEL_SIZE)
    label_widths = [text_width(_bin_label(b), LABEL_SIZE) for b in histogram.bins]
    every = max(1, math.ceil((max(label_widths, default=0.0) + 1.5) / slot))
    for index, b in enumerate(histogram.bins):
        left = plot_left + index * slot
        if b.count:
            bar_h = plot_h * b.count / top
            items.append(Rect(left, plot_bottom - bar_h, slot, bar_h, BAR_STYLE))
        # every `every`-th bin is labelled, but none so close to the overflow's label that they touch
        if index % every == 0 and (not histogram.overflow or slots - 1 - index >= every):
            items.append(Line(left + slot / 2, plot_bottom, left + slot / 2, plot_bottom + 0.8, AXIS_STYLE))
            items.append(Text(left + slot / 2, label_baseline, _bin_label(b), LABEL_SIZE, anchor="middle"))
    if histogram.overflow:
        label, count = histogram.overflow
        left = plot_left + (slots - 1) * slot
        bar_h = plot_h * count / top
        if count:
            items.append(Rect(left, plot_bottom - bar_h, slot, bar_h, OVERFLOW_STYLE))
        items.append(Line(left + slot / 2, plot_bottom, left + slot / 2, plot_bottom + 0.8, AXIS_STYLE))
        items.append(Text(left + slot / 2, label_baseline, label, LABEL_SIZE, anchor="middle"))
    if not slots:
        items.append(Text((plot_left + plot_right) / 2, middle, histogram.empty_note, AXIS_TITLE_SIZE, anchor="middle"))
    items.append(Line(plot_left, plot_top, plot_left, plot_bottom, AXIS_STYLE))
    items.append(Line(plot_left, plot_bottom, plot_right, plot_bottom, AXIS_STYLE))
    title_baseline = y + height - 0.24 * AXIS_TITLE_SIZE
    # centred under the plot, or from its left end when the plot is narrower than the title
    title_left = max(plot_left, (plot_left + plot_right - text_width(histogram.x_title, AXIS_TITLE_SIZE)) / 2)
    items.append(Text(title_left, title_baseline, histogram.x_title, AXIS_TITLE_SIZE))
    return Group(tuple(items))
