"""The survey's range: fixed cells with rounded labels, coverage, the examples' own cells,
and the levels far apart."""

from __future__ import annotations

from printkit.sinpin.generate.surveyrange import (
    LENIENCY_CELLS, TURN_CELLS, coverage, density_cell_label, expressive_range, far_apart, leniency_cell_label,
    linearity_cell_label, survey_cell, turn_cell_label,
)


def figures(turns: int, leniency: int, density: float = 10.0, linearity: float = 0.5) -> dict:
    return {"least_turns": turns, "leniency": leniency, "feature_density": density, "linearity": linearity}


def test_cells_and_their_labels() -> None:
    assert survey_cell(figures(1, 0)) == (0, 0) and survey_cell(figures(4, -3)) == (1, 3)
    assert survey_cell(figures(99, -20)) == (TURN_CELLS - 1, LENIENCY_CELLS - 1)
    assert [turn_cell_label(c) for c in (0, 1, TURN_CELLS - 1)] == ["1-2", "3-4", "25+"]
    assert [leniency_cell_label(c) for c in (0, 3, LENIENCY_CELLS - 1)] == ["0", "-3", "-8 or less"]
    assert density_cell_label(2) == "8-12" and linearity_cell_label(4) == "40-50 %"


def test_coverage_counts_distinct_cells_of_the_whole_grid() -> None:
    batch = [figures(1, 0), figures(2, 0), figures(3, 0), figures(3, -1)]
    assert coverage(batch) == 3 / (TURN_CELLS * LENIENCY_CELLS)
    assert coverage([]) == 0.0


def test_expressive_range_counts_each_level_once_and_rings_the_examples() -> None:
    batch = [figures(3, 0, 5, 0.3), figures(4, 0, 6, 0.35), figures(9, -2, 17, 0.81)]
    examples = [figures(11, -4, 17.6, 0.49)]
    grid = expressive_range(batch, examples)
    first = grid["turns_by_leniency"]
    assert first["x_labels"][0] == "3-4" and first["x_labels"][-1] == "11-12"
    assert first["y_labels"] == ["0", "-1", "-2", "-3", "-4"]
    assert sum(map(sum, first["counts"])) == 3 and first["counts"][0][0] == 2
    assert first["examples"] == [[4, 4]]
    second = grid["density_by_linearity"]
    assert sum(map(sum, second["counts"])) == 3 and len(second["examples"]) == 1
    assert grid["least_turns"] == {"bins": list(range(3, 10)), "counts": [1, 1, 0, 0, 0, 0, 1]}
    assert grid["coverage"] == round(2 / (TURN_CELLS * LENIENCY_CELLS), 3)


def test_a_small_range_still_shows_three_cells_each_way() -> None:
    grid = expressive_range([figures(1, 0)])["turns_by_leniency"]
    assert len(grid["x_labels"]) == 3 and len(grid["y_labels"]) == 3


def test_far_apart_starts_at_the_fewest_turns_and_picks_the_extremes() -> None:
    metrics = [figures(t, 0) for t in (7, 3, 4, 12, 8)]
    assert far_apart(metrics, 2) == [1, 3]
    assert sorted(far_apart(metrics, 9)) == [0, 1, 2, 3, 4]
    assert far_apart([], 3) == []
