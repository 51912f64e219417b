"""The survey page, read back from the SVG: cells shaded where levels fell, bars as tall as
their counts, thumbnails as big as their maps."""

from __future__ import annotations


import pytest
from drawcheck import svg_page

from printkit.draw.output import write_document
from printkit.render.survey import HEAT, ROCK, survey_document
from printkit.sinpin.level import Level
from printkit.sinpin.generate.metrics import expressive_range

LEVEL = Level(("######", "#....#", "#A.^Z#", "######"), name="Tiny Den")
METRICS = [
    {"least_turns": 2, "route_hazards": 1, "rock_share": 0.5, "branching": 3.0},
    {"least_turns": 2, "route_hazards": 1, "rock_share": 0.6, "branching": 4.0},
    {"least_turns": 4, "route_hazards": 0, "rock_share": 0.7, "branching": 5.0},
]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path = tmp_path_factory.mktemp("survey") / "survey.svg"
    figures = expressive_range(METRICS, bins=4)
    write_document(survey_document(figures, [LEVEL], [METRICS[0]], "three levels"), path)
    return svg_page(path)


def test_every_cell_of_the_two_heatmaps_is_drawn_and_filled_cells_are_shaded(page) -> None:
    cells = [r for r in page.rects if r.stroke == "#cccccc"]
    # turns 2..4 x hazards 0..1 = 6 cells; rock share x branching 4 x 4 = 16 cells
    assert len(cells) == 6 + 16
    shaded = [r for r in cells if r.fill not in (None, "#ffffff")]
    assert len(shaded) == 2 + 3  # (2 turns, 1 hazard) twice, (4, 0) once; three distinct rock/branching cells
    assert any(r.fill == HEAT for r in shaded)  # the fullest cell is the full colour


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
