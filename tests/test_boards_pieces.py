"""The pieces as models: d4 nets that fold into a true d4, pieces packed on the page, and
the duplex mirror (printkit.boards.d4, printkit.boards.pieces)."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from printkit.boards import d4, pieces
from printkit.boards.layout import Page
from printkit.boards.pieces import Disc, PlayerNet
from printkit.boards.spec import load_spec

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def _key(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 6) + 0.0, round(p[1], 6) + 0.0)


def vertex_numbers(net: d4.Net) -> dict[str, set[int]]:
    """The numbers printed in the corners that meet at each vertex of the folded die.

    Points shared by three faces are the base vertices; the three big corners (each in one
    face only) fold together into the apex."""
    at_point: dict[tuple[float, float], list[int]] = {}
    for face in net.faces:
        for corner, number in zip(face.corners, face.numbers):
            at_point.setdefault(_key(corner), []).append(number)
    groups: dict[str, set[int]] = {}
    apex: list[int] = []
    for index, (point, numbers) in enumerate(sorted(at_point.items())):
        if len(numbers) == 1:
            apex += numbers
        else:
            assert len(numbers) == 3
            groups[f"base {index}"] = set(numbers)
    assert len(apex) == 3
    groups["apex"] = set(apex)
    return groups


@pytest.mark.parametrize("up", [True, False])
@pytest.mark.parametrize("edge", [16.0, 18.5, 20.0])
def test_net_is_four_equilateral_faces_numbered_like_a_d4(edge: float, up: bool) -> None:
    net = d4.net((40.0, 60.0), edge, up)
    assert len(net.faces) == 4
    for face in net.faces:
        for p, q in itertools.combinations(face.corners, 2):
            assert math.dist(p, q) == pytest.approx(edge, abs=1e-9)
        assert len(set(face.numbers)) == 3  # a face shows three different numbers
    groups = vertex_numbers(net)
    assert len(groups) == 4
    assert all(len(numbers) == 1 for numbers in groups.values())  # one number per vertex
    assert {n for numbers in groups.values() for n in numbers} == {1, 2, 3, 4}
    # The face a die rests on lacks exactly the number at the top vertex.
    for face in net.faces:
        assert len({1, 2, 3, 4} - set(face.numbers)) == 1


def test_net_has_one_tab_per_glued_pair_outside_the_faces() -> None:
    net = d4.net((0.0, 0.0), 20.0)
    apex_corners = {_key(c) for face in net.faces[1:] for c in face.corners[:1]}
    assert len(net.tabs) == 3 and len(net.folds) == 6
    for tab in net.tabs:
        base = {_key(tab[0]), _key(tab[3])}
        assert len(base & apex_corners) == 1  # each tab hangs on a half side at a big corner
        assert math.dist(tab[0], tab[3]) == pytest.approx(20.0)
        depth = d4.TAB_DEPTH * 20.0
        centroid = net.faces[0].centroid
        for outer in tab[1:3]:
            # on the far side of the base from the net's middle
            assert _side(outer, tab[0], tab[3]) * _side(centroid, tab[0], tab[3]) < 0
            assert _distance_to_line(outer, tab[0], tab[3]) == pytest.approx(depth)
    assert {_key(tab[0]) for tab in net.tabs} == apex_corners  # one tab at each big corner
    assert len(net.outline) == 12


def _side(p, a, b) -> float:
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _distance_to_line(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / math.dist(a, b)


def _segments(polygon):
    return list(zip(polygon, [*polygon[1:], polygon[0]]))


def _point_segment(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _polygon_gap(first, second) -> float:
    """The clear distance between two polygons whose outlines do not cross."""
    return min(
        min(_point_segment(p, a, b) for p in first for a, b in _segments(second)),
        min(_point_segment(p, a, b) for p in second for a, b in _segments(first)),
    )


def test_nested_nets_in_a_strip_keep_apart() -> None:
    nets = d4.strip(20.0, 6, pieces.SCISSORS_MM)
    assert min(n.box[0] for n in nets) == pytest.approx(0.0)
    assert min(n.box[1] for n in nets) == pytest.approx(0.0)
    gaps = [_polygon_gap(first.outline, second.outline) for first, second in itertools.combinations(nets, 2)]
    # issue 19: room for scissors, 4 mm, tabs included (it was 2 mm); and no more than needed
    assert min(gaps) >= pieces.SCISSORS_MM - 1e-6 and min(gaps) < pieces.SCISSORS_MM + 0.5


def test_die_edge_fits_the_board() -> None:
    assert d4.die_edge(39.0) == 20.0 and d4.die_edge(27.5) == 20.0
    assert d4.die_edge(21.0) == 16.0  # 21 / 1.3 = 16.15, in half millimetres
    for r in (21.0, 24.0, 26.0, 27.5, 39.0):
        assert d4.DIE_FIT * d4.die_edge(r) <= r


def _inside(page: Page, box: tuple[float, float, float, float]) -> bool:
    width, height = page.size
    m = page.margin_mm
    return m - 1e-6 <= box[0] and m - 1e-6 <= box[1] and box[2] <= width - m + 1e-6 and box[3] <= height - m + 1e-6


def _disc_box(disc: Disc) -> tuple[float, float, float, float]:
    (x, y), r = disc.centre, disc.radius
    return (x - r, y - r, x + r, y + r)


@pytest.mark.parametrize("template", sorted(p.name for p in TEMPLATES.glob("sinoda-*.yaml")))
def test_sinoda_pieces_one_disc_and_six_dice_per_player(template: str) -> None:
    spec = load_spec(str(TEMPLATES / template))
    found = spec.pieces()
    players = len(spec.players)
    assert found.die_edge == 20.0
    discs, nets = found.discs(), found.nets()
    assert sorted(d.player for d in discs) == list(range(1, players + 1))
    assert sorted(n.player for n in nets) == sorted(list(range(1, players + 1)) * 6)
    left, top, right, bottom = pieces.area(spec.page)
    for sheet in found.sheets:
        boxes = [_disc_box(i) if isinstance(i, Disc) else i.net.box for i in sheet.items]
        for box in boxes:
            assert left - 1e-6 <= box[0] and box[2] <= right + 1e-6
            assert top - 1e-6 <= box[1] and box[3] <= bottom + 1e-6
        sheet_discs = [i for i in sheet.items if isinstance(i, Disc)]
        for a, b in itertools.combinations(sheet_discs, 2):
            assert math.dist(a.centre, b.centre) >= a.radius + b.radius + pieces.SCISSORS_MM - 1e-6
        sheet_nets = [i.net for i in sheet.items if isinstance(i, PlayerNet)]
        for a, b in itertools.combinations(sheet_nets, 2):
            if _boxes_meet(a.box, b.box):
                assert _polygon_gap(a.outline, b.outline) >= pieces.SCISSORS_MM - 1e-6
            assert not any(_boxes_meet(a.box, _disc_box(d)) for d in sheet_discs)
    # a family of 2 or 3 prints one sheet; 4 mm between pieces for scissors (issue 19) takes
    # a second for 4 players' 24 nets and 4 capture discs
    assert len(found.sheets) == (1 if players <= 3 else 2)


def _boxes_meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_yinsh_pieces_rings_and_markers() -> None:
    found = load_spec(str(TEMPLATES / "yinsh.yaml")).pieces()
    discs = [d for sheet in found.sheets for d in sheet.items]
    rings = [d for d in discs if d.player]
    markers = [d for d in discs if not d.player]
    assert len(found.sheets) == 1 and len(markers) == 51
    assert sorted(d.player for d in rings) == [1] * 5 + [2] * 5
    assert found.ring_mm == 18.0 and found.hole_mm == 13.0 and found.marker_mm == 12.0
    assert all(2 * r.hole > 2 * m.radius for r in rings for m in markers[:1])  # a marker fits in a ring
    for a, b in itertools.combinations(discs, 2):
        # backs bleed past the cut line; neighbours' bleeds must not touch
        assert math.dist(a.centre, b.centre) >= a.radius + b.radius + 2 * pieces.BACK_BLEED_MM
    for disc in discs:
        assert _inside(found.page, _disc_box(disc))


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_mirror_turns_the_sheet_over_its_long_or_short_edge(orientation: str) -> None:
    page = Page("A4", orientation)
    width, height = page.size
    long_vertical = orientation == "portrait"
    assert pieces.mirror((10.0, 20.0), page, "long") == ((width - 10.0, 20.0) if long_vertical else (10.0, height - 20.0))
    assert pieces.mirror((10.0, 20.0), page, "short") == ((10.0, height - 20.0) if long_vertical else (width - 10.0, 20.0))
    for edge in pieces.DUPLEX_EDGES:
        assert pieces.mirror(pieces.mirror((3.0, 4.0), page, edge), page, edge) == pytest.approx((3.0, 4.0))


def test_backs_are_mirrored_with_bleed() -> None:
    found = pieces.yinsh_pieces(Page(), 20.0, 18.0, 5, "short")
    (sheet,) = found.sheets
    for front, back in zip(sheet.items, found.backs(sheet)):
        assert back.centre == pytest.approx(pieces.mirror(front.centre, found.page, "short"))
        assert back.radius == pytest.approx(front.radius + pieces.BACK_BLEED_MM)
    with pytest.raises(ValueError, match="duplex"):
        pieces.yinsh_pieces(Page(), 20.0, 18.0, 5, "sideways")


def test_rows_that_cannot_fit_are_an_error() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        pieces.paginate([pieces.Shelf(500.0, 10.0, ())], Page())
