"""The drawing alphabet (printkit.scan.alphabet) and its synthetic variants (synth.forms)."""

from __future__ import annotations

import numpy as np
import pytest

from printkit.scan.alphabet import FORMS, HOW_TO_DRAW, circle, hatch, spline
from printkit.scan.synth.forms import VARIANTS, variants
from printkit.sinpin.tiles import Tile


def test_every_tile_has_a_form_and_a_hint_inside_its_field() -> None:
    assert set(FORMS) == set(Tile) == set(HOW_TO_DRAW)
    for tile, form in FORMS.items():
        assert bool(form) == (tile is not Tile.OPEN), tile  # open cave is left blank
        points = np.array([point for stroke in form for point in stroke]) if form else np.zeros((0, 2))
        assert ((points >= 0.5) & (points <= 14.5)).all(), tile


def test_no_two_tiles_share_a_form() -> None:
    shapes = {tuple(np.round(np.array([p for s in form for p in s]), 1).ravel()) for form in FORMS.values()}
    assert len(shapes) == len(FORMS)


def test_spline_passes_through_its_points() -> None:
    points = ((0.0, 0.0), (5.0, 3.0), (9.0, 0.0))
    curve = spline(points, steps=4)
    assert curve[0] == points[0] and curve[-1] == points[-1] and points[1] in curve


def test_every_tile_but_open_cave_is_drawn_for_training_in_several_forms_and_each_held_out_set_has_new_ones() -> None:
    for tile in Tile:
        if tile is not Tile.OPEN:
            assert len(variants(tile, 0)) >= 2, tile
    names = {held_out: {(t, v.name) for t, vs in VARIANTS.items() for v in vs if v.held_out == held_out} for held_out in (1, 2)}
    assert len(names[1]) >= 10 and len(names[2]) >= 10 and not names[1] & names[2]


def test_hatch_lines_are_spaced_and_inside() -> None:
    lines = hatch(0, 0, 10, 10, 2.0, 0.0)  # horizontal lines 2 mm apart
    assert sorted(round(a[1], 6) for a, _ in lines) == [1.0, 3.0, 5.0, 7.0, 9.0]
    assert all(len(circle(0, 0, 1, 12)) == 13 for _ in range(1))


@pytest.mark.parametrize("tile", list(Tile))
def test_variants_stay_near_their_field_and_training_never_draws_a_held_out_one(tile) -> None:
    rng = np.random.default_rng(5)
    assert not any(v.held_out for v in variants(tile, held_out=0))
    for held_out in (1, 2):  # each held-out set draws the training forms and its own held-out ones, no others
        drawn = variants(tile, held_out)
        own = {v for v in VARIANTS[tile] if v.held_out == held_out}
        assert set(drawn) == ({v for v in VARIANTS[tile] if v.held_out in (0, held_out)} if own else {VARIANTS[tile][0]})
        assert [v.held_out for v in drawn] == sorted(v.held_out for v in drawn)  # training forms first (synth.page)
    for variant in VARIANTS[tile]:
        for _ in range(5):
            form = variant.make(rng)
            for stroke in form:
                points = np.asarray(stroke)
                assert ((points > -1.5) & (points < 16.5)).all(), (tile, variant.name)


def test_a_rectangle_is_hatched_as_its_four_corners_are():
    from printkit.scan.alphabet import hatch, hatch_inside

    assert hatch(1.0, 2.0, 9.0, 7.0, 1.1, 30.0) == hatch_inside(((1.0, 2.0), (9.0, 2.0), (9.0, 7.0), (1.0, 7.0)), 1.1, 30.0)
    triangle = hatch_inside(((5.0, 1.0), (9.0, 9.0), (1.0, 9.0)), 1.0, 0.0)
    assert len(triangle) == 8 and all(abs(a[0] - 5.0) == abs(b[0] - 5.0) for a, b in triangle)  # symmetric lines
