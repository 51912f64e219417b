"""The survey page, read back from the SVG: cells shaded where levels fell, the examples
ringed, a colour key, bars as tall as their counts, thumbnails as big as their maps."""

from __future__ import annotations

import pytest
from drawcheck import svg_page

from printkit.draw.output import write_document
from printkit.render.survey import CELL_STROKE, HEAT, ROCK, survey_document
from printkit.sinpin.level import Level
from printkit.sinpin.generate.surveyrange import expressive_range

LEVEL = Level(("######", "#....#", "#A.^Z#", "######"), name="Tiny Den")
METRICS = [
    {"least_turns": 2, "leniency": -2, "feature_density": 12.5, "linearity": 0.4},
    {"least_turns": 2, "leniency": -2, "feature_density": 13.0, "linearity": 0.45},
    {"least_turns": 4, "leniency": 0, "feature_density": 25.0, "linearity": 0.9},
]
EXAMPLES = [{"least_turns": 3, "leniency": 0, "feature_density": 14.0, "linearity": 0.6}]


def drawn(tmp_path_factory, examples: list[dict]):
    path = tmp_path_factory.mktemp("survey") / "survey.svg"
    figures = expressive_range(METRICS, examples)
    write_document(survey_document(figures, [LEVEL], [METRICS[0]], "three levels", "Cells filled: 2 %",
                                   ["Little Example"] if examples else []), path)
    return svg_page(path)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    return drawn(tmp_path_factory, EXAMPLES)


def test_every_cell_of_the_two_heatmaps_is_drawn_and_filled_cells_are_shaded(page) -> None:
    cells = [r for r in page.rects if r.stroke == CELL_STROKE and r.h > 4]
    # turns 1-2, 3-4 (and 5-6 to show three) x leniency 0, -1, -2 = 9 cells;
    # features 12-16 .. 24-28 (4 columns) x linearity 40 % .. 90 % (6 rows) = 24 cells
    assert len(cells) == 9 + 24
    shaded = [r for r in cells if r.fill not in (None, "#ffffff")]
    assert len(shaded) == 2 + 2  # (2 turns, -2) twice, (4, 0) once; two feature cells... and (25, 0.9)
    assert any(r.fill == HEAT for r in shaded)  # the fullest cell is the full colour


def test_the_examples_are_ringed_and_named_and_there_is_a_colour_key(page, tmp_path_factory) -> None:
    without = drawn(tmp_path_factory, [])
    assert len(page.circles) == len(without.circles) + 2  # the example ringed on each heatmap
    text = " ".join(page.labels)
    assert "Little Example" in text and "levels a cell:" in text and "Cells filled: 2 %" in text


def test_bars_are_as_tall_as_their_counts(page) -> None:
    bars = sorted((r for r in page.rects if r.fill == HEAT and r.stroke is None), key=lambda r: r.x)
    assert len(bars) == 2  # turns 2 (two levels) and 4 (one); 3 has none
    assert bars[0].h == pytest.approx(2 * bars[1].h, rel=1e-3)


def test_the_thumbnail_draws_each_rock_field_as_a_square(page) -> None:
    rocks = [r for r in page.rects if r.fill == ROCK]
    assert len(rocks) == len(LEVEL.positions[next(t for t in LEVEL.positions if t.char == "#")])
    sizes = {round(r.w, 3) for r in rocks} | {round(r.h, 3) for r in rocks}
    assert len(sizes) == 1
    assert "Tiny Den" in " ".join(page.labels)


def test_the_colour_key_s_words_stand_apart(tmp_path) -> None:
    """The last count under the shades and the "example" under the ring ran together
    ("25example") when the fullest cell held ten levels or more."""
    import pdfplumber

    crowded = [METRICS[0]] * 25 + METRICS[1:]
    path = tmp_path / "survey.pdf"
    write_document(survey_document(expressive_range(crowded, EXAMPLES), [LEVEL], [crowded[0]], "many levels", "",
                                   ["Little Example"]), path)
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_words(keep_blank_chars=False, x_tolerance=0.5)
    keys = [w for w in words if w["text"] == "example"]
    assert len(keys) == 2 and any(w["text"] == "26" for w in words)  # one key a heatmap; the fullest cell
    for key in keys:
        beside = [w for w in words if w is not key and abs(w["top"] - key["top"]) < 1]
        assert beside and all(w["x1"] < key["x0"] - 3 or w["x0"] > key["x1"] + 3 for w in beside)  # 3 pt apart
