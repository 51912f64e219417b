"""The expressive range of a set of levels (Smith & Whitehead), as `printkit survey` plots
it, on axes a designer reads:

- least turns (in cells of two) x leniency (0 when nothing on the least-turns route can
  hurt, one less for every hazard entered and every health lost on it);
- density of features (special fields per 100 fields) x linearity (the share of the cave
  the least-turns route uses).

The cells are fixed, not fitted to the levels, so that two batches (or a batch and the
examples it learned from) are counted on the same grid; `coverage` is the share of the
first grid's cells a batch fills.
"""

from __future__ import annotations

from collections.abc import Sequence

Figures = dict[str, object]

TURNS_PER_CELL = 2
TURN_CELLS = 13  # 1-2, 3-4, ..., 23-24, then 25 and more
LENIENCY_CELLS = 9  # 0, -1, ..., -7, then -8 and less
DENSITY_STEP = 4  # special fields per 100 fields a column
DENSITY_CELLS = 8  # 0-4, ..., 24-28, then 28 and more
LINEARITY_CELLS = 10  # tenths of the cave


def turn_cell(turns: int) -> int:
    return min(TURN_CELLS - 1, (turns - 1) // TURNS_PER_CELL)


def turn_cell_label(cell: int) -> str:
    low = cell * TURNS_PER_CELL + 1
    return f"{low}+" if cell == TURN_CELLS - 1 else f"{low}-{low + TURNS_PER_CELL - 1}"


def leniency_cell(leniency: int) -> int:
    return min(LENIENCY_CELLS - 1, -leniency)


def leniency_cell_label(cell: int) -> str:
    return f"{-cell} or less" if cell == LENIENCY_CELLS - 1 else str(-cell) if cell else "0"


def density_cell(density: float) -> int:
    return min(DENSITY_CELLS - 1, int(density // DENSITY_STEP))


def density_cell_label(cell: int) -> str:
    low = cell * DENSITY_STEP
    return f"{low}+" if cell == DENSITY_CELLS - 1 else f"{low}-{low + DENSITY_STEP}"


def linearity_cell(linearity: float) -> int:
    return min(LINEARITY_CELLS - 1, int(linearity * LINEARITY_CELLS))


def linearity_cell_label(cell: int) -> str:
    return f"{cell * 10}-{cell * 10 + 10} %"


def survey_cell(figures: Figures) -> tuple[int, int]:
    """The cell (least turns column, leniency row) of a level's figures."""
    return turn_cell(int(figures["least_turns"])), leniency_cell(int(figures["leniency"]))  # type: ignore[call-overload]


def coverage(metrics: Sequence[Figures]) -> float:
    """The share of the cells of least turns x leniency that the levels fill."""
    return len({survey_cell(figures) for figures in metrics}) / (TURN_CELLS * LENIENCY_CELLS)


def _grid(batch: Sequence[Figures], examples: Sequence[Figures], cells: tuple, keys: tuple[str, str]) -> Figures:
    """A 2-D histogram on a fixed grid, cut to the cells the batch or the examples reach (at
    least three each way): counts[row][column], with each example's cell."""
    (x_cell, x_label, x_count), (y_cell, y_label, y_count) = cells
    x_key, y_key = keys
    spots = [(x_cell(figures[x_key]), y_cell(figures[y_key])) for figures in batch]
    marks = [(x_cell(figures[x_key]), y_cell(figures[y_key])) for figures in examples]
    xs = [x for x, _ in spots + marks] or [0]
    ys = [y for _, y in spots + marks] or [0]
    x_low, x_high = _span(min(xs), max(xs), x_count)
    y_low, y_high = _span(min(ys), max(ys), y_count)
    counts = [[0] * (x_high - x_low + 1) for _ in range(y_high - y_low + 1)]
    for x, y in spots:
        counts[y - y_low][x - x_low] += 1
    return {
        "x": x_key, "y": y_key,
        "x_labels": [x_label(cell) for cell in range(x_low, x_high + 1)],
        "y_labels": [y_label(cell) for cell in range(y_low, y_high + 1)],
        "counts": counts,
        "examples": [[x - x_low, y - y_low] for x, y in marks],
    }


def _span(low: int, high: int, cells: int, least: int = 3) -> tuple[int, int]:
    while high - low + 1 < least:
        if high < cells - 1:
            high += 1
        elif low > 0:
            low -= 1
        else:
            break
    return low, high


def expressive_range(batch: Sequence[Figures], examples: Sequence[Figures] = ()) -> Figures:
    """The survey's figures: least turns x leniency and feature density x linearity (2-D,
    counts[y][x], the examples' own cells beside), least turns alone, and the coverage."""
    turns = [int(figures["least_turns"]) for figures in batch]  # type: ignore[call-overload]
    turn_bins = list(range(min(turns), max(turns) + 1)) if turns else []
    return {
        "turns_by_leniency": _grid(batch, examples, ((turn_cell, turn_cell_label, TURN_CELLS),
                                                     (leniency_cell, leniency_cell_label, LENIENCY_CELLS)),
                                   ("least_turns", "leniency")),
        "density_by_linearity": _grid(batch, examples, ((density_cell, density_cell_label, DENSITY_CELLS),
                                                        (linearity_cell, linearity_cell_label, LINEARITY_CELLS)),
                                      ("feature_density", "linearity")),
        "least_turns": {"bins": turn_bins, "counts": [turns.count(t) for t in turn_bins]},
        "coverage": round(coverage(batch), 3),
    }


def far_apart(metrics: Sequence[Figures], count: int) -> list[int]:
    """Indices of up to `count` levels far apart in the range (least turns, leniency, feature
    density, linearity, each scaled to 0..1): the first has the fewest turns, each next one
    is the farthest from those chosen (ties: the lower index)."""
    if not metrics:
        return []
    keys = ("least_turns", "leniency", "feature_density", "linearity")
    columns = [[float(m[key]) for m in metrics] for key in keys]  # type: ignore[arg-type]
    spans = [(min(c), (max(c) - min(c)) or 1.0) for c in columns]
    points = [tuple((c[i] - low) / span for c, (low, span) in zip(columns, spans)) for i in range(len(metrics))]
    chosen = [min(range(len(points)), key=lambda i: (points[i][0], i))]
    while len(chosen) < min(count, len(points)):
        def distance(i: int) -> float:
            return min(sum((a - b) ** 2 for a, b in zip(points[i], points[j])) for j in chosen)
        best = max((i for i in range(len(points)) if i not in chosen), key=lambda i: (distance(i), -i))
        chosen.append(best)
    return chosen
