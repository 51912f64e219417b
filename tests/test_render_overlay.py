"""The validator overlay (printkit/render/sinpin/overlay.py), read back from written files."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from drawcheck import pdf_pages, svg_page
from test_render_samples import EVERY_TILE, FLOATING_DOOR, PITS, TALL, TWO_EXITS, load, map_frame

from printkit.draw import write_document
from printkit.render.sinpin.overlay import REACHABLE_FILL, ROUTE, overlay_document
from printkit.sinpin.moves.validator import validate


def _overlay(tmp_path, text: str, suffix: str, name: str = "checked"):
    level = load(tmp_path, name, text)
    verdict = validate(level)
    paths = write_document(overlay_document(level, verdict, name), tmp_path / f"{name}{suffix}")
    return level, verdict, paths


def _route_strokes(page, suffix: str) -> list[list[tuple[float, float]]]:
    """Every stroke in the route's colour, as its list of points (arrowheads are filled)."""
    strokes = [[(line.x1, line.y1), (line.x2, line.y2)] for line in page.lines if line.stroke == ROUTE]
    if suffix == ".pdf":
        strokes += [list(curve.points) for curve in page.curves if curve.stroke == ROUTE and curve.fill is None]
    return strokes


def _key(point: tuple[float, float]) -> tuple[float, float]:
    return round(point[0], 2), round(point[1], 2)


def _connected(strokes, start, end) -> bool:
    neighbours = defaultdict(set)
    for points in strokes:
        for a, b in zip(points, points[1:]):
            neighbours[_key(a)].add(_key(b))
            neighbours[_key(b)].add(_key(a))
    seen, todo = {_key(start)}, [_key(start)]
    while todo:
        for following in neighbours[todo.pop()] - seen:
            seen.add(following)
            todo.append(following)
    return _key(end) in seen


def _on_map(uses, frame):
    """The uses placed on the map, not the legend's samples below it."""
    return [use for use in uses if frame.x <= use.x < frame.x + frame.w and frame.y <= use.y < frame.y + frame.h]


def _field_centre(frame, x: int, y: int) -> tuple[float, float]:
    return frame.x + 15 * (x + 0.5), frame.y + 15 * (y + 0.5)


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_the_route_runs_from_the_door_to_the_exit(tmp_path, suffix):
    level, verdict, paths = _overlay(tmp_path, EVERY_TILE, suffix)
    page = pdf_pages(paths[0])[0] if suffix == ".pdf" else svg_page(paths[0])
    frame = map_frame(page, level.width, level.height)
    door, exit_ = _field_centre(frame, *level.door), _field_centre(frame, *level.exit)
    strokes = _route_strokes(page, suffix)
    ends = [_key(points[0]) for points in strokes] + [_key(points[-1]) for points in strokes]
    assert _key(door) in ends and _key(exit_) in ends
    assert _connected(strokes, door, exit_)
    # every field a turn enters is on the drawn route
    on_route = {_key(point) for points in strokes for point in points}
    for step in verdict.route:
        for field in step.trail:
            assert _key(_field_centre(frame, *field)) in on_route


def test_the_route_ends_in_an_arrowhead_on_the_exit(tmp_path):
    level, _, (path,) = _overlay(tmp_path, EVERY_TILE, ".pdf")
    page = pdf_pages(path)[0]
    exit_ = _key(_field_centre(map_frame(page, level.width, level.height), *level.exit))
    heads = [curve for curve in page.curves if curve.fill == ROUTE]
    assert any(_key(point) == exit_ for head in heads for point in head.points)


def test_each_turn_is_labelled_with_its_number_and_card_at_its_start(tmp_path):
    level, verdict, (path,) = _overlay(tmp_path, EVERY_TILE, ".pdf")
    page = pdf_pages(path)[0]
    frame = map_frame(page, level.width, level.height)
    assert len(verdict.route) >= 2
    for step in verdict.route:
        left, top = frame.x + 15 * step.start[0], frame.y + 15 * step.start[1]
        inside = [char.text for char in page.chars if left <= char.x <= left + 15 and top <= char.baseline <= top + 15]
        assert str(step.turn) in inside and str(step.card) in inside, step
    assert "Route: 1: card" in page.text


def test_reachable_fields_are_shaded_and_warnings_marked(tmp_path):
    level, verdict, paths = _overlay(tmp_path, PITS, ".svg")
    page = svg_page(paths[0])
    frame = map_frame(page, level.width, level.height)

    def corners(name: str) -> set[tuple[float, float]]:
        return {(round(use.x, 2), round(use.y, 2)) for use in _on_map(page.uses_of(name), frame)}

    def fields(positions) -> set[tuple[float, float]]:
        return {(round(frame.x + 15 * x, 2), round(frame.y + 15 * y, 2)) for x, y in positions}

    assert corners("sym-mark-reachable") == fields(verdict.reachable)
    assert corners("sym-mark-soft-lock") == fields(verdict.soft_locks)
    assert corners("sym-mark-unreachable") == fields(verdict.unreachable_items)
    assert not page.uses_of("sym-mark-error")


def test_an_invalid_level_has_its_errors_marked_and_listed(tmp_path):
    level, verdict, (path,) = _overlay(tmp_path, FLOATING_DOOR, ".pdf")
    assert not verdict.valid
    pages = pdf_pages(path)
    text = "".join(page.text for page in pages)
    assert "✗ invalid: 1 error" in text
    for finding in verdict.errors:
        assert f"{finding.rule}: {finding.message}" in text
    svg = svg_page(write_document(overlay_document(level, verdict, "x"), tmp_path / "x.svg")[0])
    frame = map_frame(svg, level.width, level.height)
    (error,) = [finding for finding in verdict.errors if finding.x is not None]
    (use,) = _on_map(svg.uses_of("sym-mark-error"), frame)
    assert (use.x, use.y) == pytest.approx((frame.x + 15 * error.x, frame.y + 15 * error.y), abs=0.01)


def test_a_level_too_unsound_to_search_still_shows_its_map_and_errors(tmp_path):
    _, verdict, (path,) = _overlay(tmp_path, TWO_EXITS, ".pdf")
    text = pdf_pages(path)[0].text
    assert not verdict.reachable and not verdict.route
    assert "a second exit Ω ('Z') at G2" in text
    assert "rest positions" not in text  # no search, so no counts to report


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_findings_that_do_not_fit_below_a_full_size_map_continue_on_a_second_page(tmp_path, suffix):
    _, verdict, paths = _overlay(tmp_path, TALL, suffix, "tall")
    if suffix == ".pdf":
        pages = pdf_pages(paths[0])
        texts = [page.text for page in pages]
    else:
        assert [path.name for path in paths] == ["tall.svg", "tall-2.svg"]
        pages = [svg_page(path) for path in paths]
        texts = [" ".join(page.labels) for page in pages]
    assert len(pages) == 2
    assert "print at 100 % / actual size" in texts[0]
    assert "Deep Well (continued)" in texts[1] and "solvable in" in texts[1]


MISSING_RUNG = Path(__file__).resolve().parent / "data" / "missing-rung.yaml"
LEVELS = Path(__file__).resolve().parent.parent / "levels"


def _missing_rung(tmp_path, suffix: str):
    return _overlay(tmp_path, MISSING_RUNG.read_text(encoding="utf-8"), suffix, "rung")


def test_an_unsolvable_level_is_one_page_with_its_reach_shaded_and_the_nearest_named(tmp_path):
    level, verdict, (path,) = _missing_rung(tmp_path, ".pdf")
    pages = pdf_pages(path)
    assert len(pages) == 1
    page = pages[0]
    frame = map_frame(page, level.width, level.height)
    shaded = {(round((rect.x - frame.x) / 15), round((rect.y - frame.y) / 15))
              for rect in page.rects if rect.fill == REACHABLE_FILL and frame.y <= rect.y < frame.y + frame.h}
    assert shaded == set(verdict.reachable) and len(shaded) == 10
    assert "B7: nearest to Ω" in page.text
    label = [char for char in page.chars if char.text == "B" and char.size > 2.5
             and frame.x + 15 * 1 - 8 <= char.x <= frame.x + 15 * 2 and frame.y + 15 * 7 < char.baseline < frame.y + 15 * 8]
    assert label, "the label sits under B7"
    assert page.text.count("soft-locks:") == 1 and "the nearest to Ω is B7, 5 fields below it" in page.text


def test_an_unsolvable_level_crosses_no_soft_lock_and_brackets_the_nearest(tmp_path):
    level, verdict, (path,) = _missing_rung(tmp_path, ".svg")
    page = svg_page(path)
    frame = map_frame(page, level.width, level.height)
    assert len(verdict.soft_locks) == 10 and level.door in verdict.soft_locks
    assert not _on_map(page.uses_of("sym-mark-soft-lock"), frame)  # not over the door, not anywhere
    (bracket,) = _on_map(page.uses_of("sym-mark-nearest"), frame)
    assert (bracket.x, bracket.y) == pytest.approx((frame.x + 15 * 1, frame.y + 15 * 6), abs=0.01)


def test_one_missing_ladder_on_a_full_size_map_stays_on_one_page(tmp_path):
    # the case: 55 soft-locks once ran to 3 pages; the map shrinks a little instead
    text = (LEVELS / "08-long-gallery.yaml").read_text(encoding="utf-8").replace("##########H#####H#", "##########H#######")
    _, verdict, (path,) = _overlay(tmp_path, text, ".pdf", "gallery")
    assert len(verdict.soft_locks) == 55 and not verdict.valid
    (page,) = pdf_pages(path)
    assert "shrunk to" in page.text and "to fit its findings" in page.text
    assert "M6: nearest to Ω" in page.text and "55 soft-locks:" in page.text
    texts = [char.size for char in page.chars if char.baseline > page.height_mm - 40 and char.text.isalpha()]
    assert min(texts) >= 2.8 - 0.01  # the findings keep their size on the shrunk page


def _beyond_s2(columns: int, rows: int) -> str:
    inner = ["#A" + "." * (columns - 4) + "Z#"] + ["#" + "." * (columns - 2) + "#"] * (rows - 3)
    return "name: Too Big\nmap: |\n" + "".join(f"  {row}\n" for row in ["#" * columns, *inner, "#" * columns])


@pytest.mark.parametrize("size", [(30, 20), (14, 26), "gallery"])
def test_a_shrunk_overlay_keeps_the_safe_margin(tmp_path, size):
    """printing.md #4: nothing closer than 5 mm to the paper's edge. A map beyond S2 (or one
    shrunk to keep its findings on the page) is laid out on a larger page and drawn shrunk;
    its margins shrank with it (a review: the title 3.6 mm from the top, the squared paper
    3 mm). Read back: every stroke, fill and glyph (its ascent and descent) on every page."""
    from printkit.draw import fonts

    if size == "gallery":
        text = (LEVELS / "08-long-gallery.yaml").read_text(encoding="utf-8").replace("##########H#####H#", "##########H#######")
    else:
        text = _beyond_s2(*size)
    _, _, (path,) = _overlay(tmp_path, text, ".pdf", "big")
    for page in pdf_pages(path):
        assert "shrunk to" in page.text or "(continued)" in page.text
        xs = [x for line in page.lines for x in (line.x1, line.x2)]
        ys = [y for line in page.lines for y in (line.y1, line.y2)]
        inked = [rect for rect in page.rects if rect.stroke or rect.fill not in (None, "#ffffff")]
        xs += [x for rect in inked for x in (rect.x, rect.x + rect.w)]
        ys += [y for rect in inked for y in (rect.y, rect.y + rect.h)]
        xs += [x for curve in page.curves for x, _ in curve.points]
        ys += [y for curve in page.curves for _, y in curve.points]
        glyphs = [char for char in page.chars if char.text.strip()]
        xs += [x for char in glyphs for x in (char.x, char.x1)]
        ys += [y for char in glyphs for y in (char.baseline - fonts.ascent(char.size, "Bold" in char.font),
                                              char.baseline + 0.24 * char.size)]
        assert min(xs) >= 5.0 - 1e-3 and max(xs) <= page.width_mm - 5.0 + 1e-3
        assert min(ys) >= 5.0 - 1e-3 and max(ys) <= page.height_mm - 5.0 + 1e-3
