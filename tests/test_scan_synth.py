"""The project's synthetic sheets and photos (printkit.scan.synth): from a seed, the same
bytes; styles held out of training stay out of it."""

from __future__ import annotations

import cv2
import numpy as np

from printkit.scan.layout import SheetCode
from printkit.scan.synth.page import printed_sheet, random_rows
from printkit.scan.synth.photo import Shadow, photograph
from printkit.scan.synth.sheets import make_sheet
from printkit.scan.synth.styles import HELD_OUT_STYLES, TRAINING_STYLES
from printkit.scan.train import INDEX, fit_temperature, train_network


def test_the_same_seed_makes_the_same_photo():
    one = make_sheet(9, TRAINING_STYLES, code=SheetCode(4, 3, False), px_per_mm=5.0, size=(800, 600))
    two = make_sheet(9, TRAINING_STYLES, code=SheetCode(4, 3, False), px_per_mm=5.0, size=(800, 600))
    assert one.photo.jpeg == two.photo.jpeg and one.rows == two.rows
    other = make_sheet(10, TRAINING_STYLES, code=SheetCode(4, 3, False), px_per_mm=5.0, size=(800, 600))
    assert other.photo.jpeg != one.photo.jpeg


def test_a_shadow_laid_on_the_page_leaves_its_share_of_the_light_and_nothing_else_changes():
    """bench/scan_shadows.py lays a shadow where it wants one (page mm) instead of the random
    one: under it the paper keeps `light` of its brightness, beside it all of it, and the
    photo is otherwise the one the same seed makes with no shadow laid (light 1)."""
    page = np.full((300, 210, 3), 230, np.uint8)  # a blank A4 page at 1 px a mm
    shadow = Shadow(((0.0, 0.0), (105.0, 0.0), (105.0, 297.0), (0.0, 297.0)), 0.3, 1.0)  # the left half
    photos = [photograph(page, 1.0, np.random.default_rng(4), size=(800, 600), max_tilt=0.0, curl=0.0, quality=95,
                         shadow_on_page=Shadow(shadow.polygon_mm, light, 1.0)) for light in (0.3, 1.0)]
    shaded, lit = (cv2.imdecode(np.frombuffer(p.jpeg, np.uint8), cv2.IMREAD_GRAYSCALE).astype(float) for p in photos)
    points = cv2.perspectiveTransform(np.array([[[30.0, 150.0]], [[180.0, 150.0]]]), photos[0].page_to_photo)
    (xa, ya), (xb, yb) = (np.round(points.reshape(2, 2)).astype(int))
    assert abs(shaded[ya - 3:ya + 4, xa - 3:xa + 4].mean() / lit[ya - 3:ya + 4, xa - 3:xa + 4].mean() - 0.3) < 0.05
    assert abs(shaded[yb - 3:yb + 4, xb - 3:xb + 4].mean() - lit[yb - 3:yb + 4, xb - 3:xb + 4].mean()) < 3


def test_training_and_held_out_styles_share_no_pen():
    assert not {s.pen for s in HELD_OUT_STYLES if s.pen != "pencil"} & {s.pen for s in TRAINING_STYLES}
    assert all(s.held_out for s in HELD_OUT_STYLES) and not any(s.held_out for s in TRAINING_STYLES)


def test_random_maps_have_one_door_and_one_exit_and_training_maps_many():
    rng = np.random.default_rng(2)
    code = SheetCode(12, 18, False)
    rows = random_rows(code, rng)
    text = "".join(rows)
    assert text.count("A") == 1 and text.count("Z") == 1 and len(rows) == 18 and len(rows[0]) == 12
    many = "".join("".join(random_rows(code, rng, training=True)) for _ in range(5))
    assert many.count("A") > 5 and many.count("Z") > 5


def test_the_printed_sheet_has_its_markers_where_the_layout_says():
    code = SheetCode(8, 8, False)
    image = printed_sheet(code, 6.0)
    corners, ids, _ = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)).detectMarkers(image)
    assert sorted(ids.flatten()) == sorted(code.marker_ids())


def test_training_learns_a_toy_problem_and_fits_a_temperature():
    rng = np.random.default_rng(0)
    k = len(INDEX)
    y = rng.integers(0, k, 1400)
    x = rng.normal(0, 1, (1400, 20)).astype(np.float32)
    x[np.arange(1400), y] += 4.0  # each class has its own feature
    model = train_network(x[:1000], y[:1000], seed=1, hidden=16, epochs=100)
    assert (model.probabilities(x[1000:]).argmax(axis=1) == y[1000:]).mean() > 0.85
    assert 0.3 < fit_temperature(model, x[1000:], y[1000:]) < 9


def test_training_is_reproducible_from_its_seed():
    rng = np.random.default_rng(3)
    x = rng.normal(0, 1, (300, 12)).astype(np.float32)
    y = rng.integers(0, len(INDEX), 300)
    one, two = (train_network(x, y, seed=4, hidden=8, epochs=3) for _ in range(2))
    assert (one.w1 == two.w1).all() and (one.w2 == two.w2).all()


def test_single_fields_are_drawn_as_patches_from_a_seed_in_every_tile():
    from printkit.scan.fields import PATCH
    from printkit.scan.synth.patches import drawn_fields
    from printkit.sinpin.tiles import Tile

    x, y = drawn_fields(2, TRAINING_STYLES, seed=5)
    again, _ = drawn_fields(2, TRAINING_STYLES, seed=5)
    assert x.shape == (2 * len(Tile), PATCH, PATCH) and (x == again).all()
    assert sorted(set(y.tolist())) == list(range(len(Tile))) and 0 <= x.min() and x.max() <= 1
    rock, blank = x[y == list(Tile).index(Tile.ROCK)], x[y == list(Tile).index(Tile.OPEN)]
    assert rock.mean() > 3 * blank.mean()  # a drawn field has ink, a blank one barely any


def test_the_second_held_out_styles_share_no_pen_with_training_and_draw_the_second_held_out_forms():
    from printkit.scan.synth.forms import variants
    from printkit.scan.synth.styles import SECOND_HELD_OUT_STYLES
    from printkit.sinpin.tiles import Tile

    assert not {s.pen for s in SECOND_HELD_OUT_STYLES} & {s.pen for s in TRAINING_STYLES + HELD_OUT_STYLES}
    assert all(s.held_out == 2 for s in SECOND_HELD_OUT_STYLES)
    assert {v.held_out for v in variants(Tile.GEM, 2)} == {0, 2}
    sheet = make_sheet(11, SECOND_HELD_OUT_STYLES, code=SheetCode(4, 3, False), px_per_mm=5.0, size=(800, 600))
    assert sheet.style in SECOND_HELD_OUT_STYLES and len(sheet.photo.jpeg) > 1000


def test_a_field_drawn_otherwise_changes_only_that_field_of_the_page():
    from printkit.scan.synth.page import draw_level
    from printkit.sinpin.rules import FIELD_MM

    code = SheetCode(4, 3, False)
    rows = ("#..#", ".H*.", "#^S#")
    changed = ("#..#", ".HC.", "#^S#")  # the gem at (2, 1) drawn as a chest
    r = 5.0
    one = draw_level(code, rows, TRAINING_STYLES[0], np.random.default_rng(3), px_per_mm=r)
    two = draw_level(code, changed, TRAINING_STYLES[0], np.random.default_rng(3), px_per_mm=r)
    assert one.variants[0] == two.variants[0] and one.variants[2] == two.variants[2]
    assert [v for k, v in enumerate(one.variants[1]) if k != 2] == [v for k, v in enumerate(two.variants[1]) if k != 2]
    ys, xs = np.nonzero((one.image != two.image).any(axis=2))
    assert len(xs) > 100  # the chest is drawn
    left, top = code.grid_origin
    reach = 3.0  # mm: a stroke placed off-centre, or a stray mark, may cross the field's line a little
    assert (left + 2 * FIELD_MM - reach) * r <= xs.min() and xs.max() <= (left + 3 * FIELD_MM + reach) * r
    assert (top + FIELD_MM - reach) * r <= ys.min() and ys.max() <= (top + 2 * FIELD_MM + reach) * r


def test_single_fields_of_a_tile_are_drawn_alike_whichever_other_tiles_are_drawn():
    from printkit.scan.synth.patches import drawn_fields
    from printkit.sinpin.tiles import Tile

    every, labels = drawn_fields(2, TRAINING_STYLES, seed=5)
    rock, _ = drawn_fields(2, TRAINING_STYLES, seed=5, tiles=(Tile.ROCK,))
    assert (every[labels == list(Tile).index(Tile.ROCK)] == rock).all()


def test_a_filled_triangle_head_is_hatched_inside_the_triangle():
    from printkit.scan.synth.cousins import spring_triangle

    filled = 0
    for seed in range(40):
        head, *rest = spring_triangle(np.random.default_rng(seed))
        (tx, ty), (bx, by), (ax, _), _ = head  # tip, base right, base left, back to the tip
        for stroke in rest:
            if len(stroke) == 2 and stroke[0][1] == stroke[1][1] and ty < stroke[0][1] < by:  # a fill line
                filled += 1
                half = (bx - tx) * (stroke[0][1] - ty) / (by - ty)  # the triangle's half width at that height
                assert all(abs(x - tx) <= half + 1e-9 for x, _ in stroke)
    assert filled > 10


def test_a_sheet_drawn_otherwise_is_photographed_the_same_way():
    code = SheetCode(4, 3, False)
    one = make_sheet(9, TRAINING_STYLES, code=code, rows=("#..#", ".H*.", "#^S#"), px_per_mm=5.0, size=(800, 600))
    two = make_sheet(9, TRAINING_STYLES, code=code, rows=("#..#", ".HC.", "#^S#"), px_per_mm=5.0, size=(800, 600))
    assert np.array_equal(one.photo.page_to_photo, two.photo.page_to_photo)
    assert one.photo.jpeg != two.photo.jpeg
