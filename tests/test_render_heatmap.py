"""The simulation heatmap (printkit/render/heatmap.py), read back from written PDFs and SVGs."""

from __future__ import annotations

from collections import Counter

import pytest
from drawcheck import pdf_pages, spacings, svg_page
from test_render_samples import EVERY_TILE, TALL, WIDE, assert_on_squares, field_lines, load, map_frame, paper_lines

from printkit.batch import Chunk
from printkit.draw import write_document
from printkit.draw.fonts import ascent
from printkit.draw.colours import WHITE, luminance
from printkit.render.heatmap import DARKEST, HURT, NEVER, heatmap_document, per_game, shade
from printkit.render.histogram import BAR, OVERFLOW_BAR
from printkit.render.sinpin.sheet import SAFE_MARGIN
from printkit.games.stats import GameStats
from printkit.sinpin.game.stats import SimStats
from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk
from printkit.sinpin.tiles import Tile

SUBTITLE = "40 simulated games, bots greedy, rusher, seed 7"


def made_up_stats(level) -> SimStats:
    """Counts on the level's open fields that rise from the top-left, a few hurts and
    catches, and game lengths with two games stopped at max_rounds."""
    open_fields = [(x, y) for x, y, tile in level.cells() if tile is not Tile.ROCK]
    stats = SimStats(GameStats(games=40, ended=Counter({"out": 38, "max_rounds": 2})))
    stats.rests = Counter({field: 3 * index + 1 for index, field in enumerate(open_fields[:20])})
    stats.hurts = Counter({open_fields[2]: 7, open_fields[5]: 12})
    stats.caught_at = Counter({open_fields[3]: 2, open_fields[6]: 31})
    stats.rounds = Counter({12: 5, 13: 9, 14: 14, 15: 6, 17: 4, level.rules.max_rounds: 2})
    stats.health_losses, stats.catches = 19, 33
    return stats


_WRITTEN: dict[tuple[str, str], tuple] = {}
_READ: dict[tuple, list] = {}


def _write(tmp_path, text: str, suffix: str, stats: SimStats | None = None, name: str = "level"):
    """The heatmap of `text` with made-up statistics is written once for the file (most
    tests read the same few files; they never change them), others each time."""
    if stats is None and name == "level":
        if (text, suffix) not in _WRITTEN:
            _WRITTEN[text, suffix] = _write(tmp_path, text, suffix, made_up_stats(load(tmp_path, name, text)))
        return _WRITTEN[text, suffix]
    level = load(tmp_path, name, text)
    stats = made_up_stats(level) if stats is None else stats
    paths = write_document(heatmap_document(level, stats, name, SUBTITLE), tmp_path / f"{name}{suffix}")
    return level, stats, paths


def _bars(page, fill: str = BAR) -> list:
    """The histogram's bars (white edges set them apart from field shading and swatches)."""
    return sorted((rect for rect in page.rects if rect.fill == fill and rect.stroke == WHITE), key=lambda rect: rect.x)


def _pages(paths, suffix: str) -> list:
    """Read back once a file written (a written file is never written again)."""
    if tuple(paths) not in _READ:
        _READ[tuple(paths)] = pdf_pages(paths[0]) if suffix == ".pdf" else [svg_page(path) for path in paths]
    return _READ[tuple(paths)]


def _field_fills(page, level) -> dict[tuple[int, int], str]:
    """The fill of each unstroked 15 mm square on a field of the map that is not rock
    (rock is a grey square of its own): the shading."""
    frame = map_frame(page, level.width, level.height)
    fills = {}
    for rect in page.rects:
        if rect.stroke is None and rect.fill and abs(rect.w - 15) < 0.01 and abs(rect.h - 15) < 0.01:
            column, row = (rect.x - frame.x) / 15, (rect.y - frame.y) / 15
            if column == pytest.approx(round(column), abs=1e-3) and row == pytest.approx(round(row), abs=1e-3):
                if level.tile(round(column), round(row)) is not Tile.ROCK:
                    fills[round(column), round(row)] = rect.fill
    return fills


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
@pytest.mark.parametrize(("text", "size"), [(TALL, (210.0, 297.0)), (WIDE, (297.0, 210.0)), (EVERY_TILE, (297.0, 210.0))])
def test_every_page_is_a4_in_the_orientation_the_map_needs(tmp_path, text, size, suffix):
    _, _, paths = _write(tmp_path, text, suffix)
    for page in _pages(paths, suffix):
        assert (page.width_mm, page.height_mm) == pytest.approx(size, abs=0.01)


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
@pytest.mark.parametrize("text", [TALL, WIDE])
def test_fields_are_15mm_on_5mm_squares_at_exact_scale(tmp_path, text, suffix):
    level, _, paths = _write(tmp_path, text, suffix)
    page = _pages(paths, suffix)[0]
    grid_xs, grid_ys = paper_lines(page)
    assert spacings(grid_xs) == [5.0] and spacings(grid_ys) == [5.0]
    xs, ys = field_lines(page)
    frame = map_frame(page, level.width, level.height)
    columns = sorted({*xs, round(frame.x, 3), round(frame.x + frame.w, 3)})
    rows = sorted({*ys, round(frame.y, 3), round(frame.y + frame.h, 3)})
    assert spacings(columns) == [15.0] and spacings(rows) == [15.0]
    assert len(columns) == level.width + 1 and len(rows) == level.height + 1
    assert_on_squares(columns, min(grid_xs))
    assert_on_squares(rows, min(grid_ys))


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_fields_with_more_rests_are_shaded_darker(tmp_path, suffix):
    level, stats, paths = _write(tmp_path, TALL, suffix)
    page = _pages(paths, suffix)[0]
    fills = _field_fills(page, level)
    assert set(fills) == set(stats.rests)  # fields no move ended on stay unshaded
    by_count = sorted(stats.rests, key=stats.rests.__getitem__)
    shades = [luminance(fills[field]) for field in by_count]
    assert shades == sorted(shades, reverse=True) and shades[0] > shades[-1]
    assert fills[by_count[-1]] == DARKEST


def test_the_legend_says_what_the_darkest_shade_means(tmp_path):
    _, stats, paths = _write(tmp_path, TALL, ".pdf")
    first = _pages(paths, ".pdf")[0].text.replace(" ", "")
    # the key beside the calibration bar: the darkest swatch's figure a game, and the scale
    assert f"{per_game(max(stats.rests.values()), stats.games)}movespassing,pergame(square-rootscale" in first
    text = "".join(page.text for page in _pages(paths, ".pdf"))
    assert "health lost here" in text and "caught by the ghost" in text


def test_health_losses_and_catches_are_marked_with_their_counts_on_their_fields(tmp_path):
    level, stats, (path,) = _write(tmp_path, EVERY_TILE, ".svg")
    page = svg_page(path)
    frame = map_frame(page, level.width, level.height)

    def on_field(x: float, y: float) -> tuple[int, int]:
        return int((x - frame.x) // 15), int((y - frame.y) // 15)

    badges = [rect for rect in page.rects if rect.fill == HURT and frame.y <= rect.y < frame.y + frame.h]
    assert sorted(on_field(rect.x, rect.y) for rect in badges) == sorted(stats.hurts)
    ghosts = [use for use in page.uses_of("sym-mark-ghost") if frame.y <= use.y < frame.y + frame.h]
    assert sorted(on_field(use.x, use.y) for use in ghosts) == sorted(stats.caught_at)
    for count in [*stats.hurts.values(), *stats.caught_at.values()]:
        assert per_game(count, stats.games) in page.labels  # a figure a game, not a total


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_histogram_bars_are_proportional_to_the_games(tmp_path, suffix):
    level, stats, paths = _write(tmp_path, TALL, suffix)
    pages = _pages(paths, suffix)
    assert len(pages) == 2  # no room below a 12 x 18 map: the histogram has a page of its own
    bars = _bars(pages[1])
    games = [count for rounds, count in sorted(stats.rounds.items()) if rounds != level.rules.max_rounds]
    assert len(bars) == len(games)
    per_game = bars[0].h / games[0]
    assert [bar.h for bar in bars] == pytest.approx([per_game * count for count in games], abs=0.01)
    # one common baseline, and rounds 16 (no games) leaves its gap
    assert len({round(bar.y + bar.h, 3) for bar in bars}) == 1
    assert bars[4].x - bars[3].x == pytest.approx(2 * (bars[1].x - bars[0].x), abs=0.01)
    (stopped,) = _bars(pages[1], OVERFLOW_BAR)
    assert stopped.h == pytest.approx(per_game * 2, abs=0.01) and stopped.x > bars[-1].x


def test_the_histogram_has_axis_titles_and_a_summary(tmp_path):
    _, _, paths = _write(tmp_path, WIDE, ".pdf")
    text = _pages(paths, ".pdf")[1].text
    assert "rounds per game" in text and "games" in text
    assert "40 games · rounds: mean" in text and "2 stopped at max_rounds (200)" in text


def test_the_histogram_goes_below_a_small_map(tmp_path):
    _, _, paths = _write(tmp_path, EVERY_TILE, ".pdf")
    (page,) = _pages(paths, ".pdf")
    assert "rounds per game" in page.text
    frame_bottom = max(rect.y + rect.h for rect in page.rects if rect.stroke == "#000000" and rect.w > 150)
    assert _bars(page) and min(rect.y for rect in _bars(page)) > frame_bottom


def test_the_header_names_the_level_and_the_run(tmp_path):
    _, _, paths = _write(tmp_path, TALL, ".pdf")
    text = _pages(paths, ".pdf")[0].text
    assert "Deep Well" in text and SUBTITLE in text


@pytest.mark.parametrize("text", [TALL, WIDE, EVERY_TILE])
def test_everything_stays_inside_the_safe_margin(tmp_path, text):
    _, _, (path,) = _write(tmp_path, text, ".pdf")
    for page in pdf_pages(path):
        width, height = page.width_mm, page.height_mm
        low, high_x, high_y = SAFE_MARGIN - 0.3, width - SAFE_MARGIN + 0.3, height - SAFE_MARGIN + 0.3  # half a stroke
        shapes = [((line.x1, line.y1), (line.x2, line.y2)) for line in page.lines]
        shapes += [((r.x, r.y), (r.x + r.w, r.y), (r.x + r.w, r.y + r.h), (r.x, r.y + r.h)) for r in page.rects]
        shapes += [curve.points for curve in page.curves]
        for points in shapes:
            for x, y in points:
                assert low <= x <= high_x and low <= y <= high_y, points
        for char in page.chars:
            assert char.x >= SAFE_MARGIN and char.x1 <= width - SAFE_MARGIN, char.text
            # capitals' height above the baseline, descenders below it
            assert char.baseline - ascent(char.size, True) >= SAFE_MARGIN - 0.01, char.text
            assert char.baseline + 0.24 * char.size <= height - SAFE_MARGIN + 0.01, char.text


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
def test_the_same_statistics_give_byte_identical_files(tmp_path, suffix):
    _, _, first = _write(tmp_path, WIDE, suffix, name="one")
    _, _, second = _write(tmp_path, WIDE, suffix, name="two")
    assert [path.read_bytes() for path in first] == [path.read_bytes() for path in second]


@pytest.mark.parametrize("suffix", [".pdf", ".svg"])
@pytest.mark.parametrize("text", [TALL, EVERY_TILE])
def test_no_games_still_draws_the_map_legend_and_an_empty_histogram(tmp_path, text, suffix):
    level, _, paths = _write(tmp_path, text, suffix, stats=SimStats())
    pages = _pages(paths, suffix)
    assert not _field_fills(pages[0], level)
    assert not [bar for page in pages for bar in [*_bars(page), *_bars(page, OVERFLOW_BAR)]]
    assert not [rect for page in pages for rect in page.rects if rect.fill == HURT]
    if suffix == ".pdf":
        drawn = "".join(page.text for page in pages)
        assert "moves passing, per game" in drawn and "health lost here" not in drawn
        assert "No games were simulated." in drawn and "no games simulated" in drawn


def test_the_subtitle_defaults_to_the_number_of_games(tmp_path):
    level = load(tmp_path, "level", EVERY_TILE)
    (path,) = write_document(heatmap_document(level, SimStats(GameStats(games=1))), tmp_path / "one.pdf")
    text = pdf_pages(path)[0].text
    assert "1 simulated game" in text and "1 simulated games" not in text


def test_the_shade_runs_from_white_to_the_darkest_blue():
    assert shade(0, 10) == "#ffffff" and shade(10, 10) == DARKEST
    assert luminance(shade(1, 100)) > luminance(shade(25, 100)) > luminance(shade(100, 100))
    assert shade(25, 100) == shade(1, 4)  # a share of the most, not a count


def test_real_simulated_games_draw(tmp_path):
    level = load(tmp_path, "level", EVERY_TILE)
    stats = simulate_chunk(SimulationPlan(level, "x", ("greedy", "rusher"), 2, 3), Chunk(0, 0, 3)).stats
    paths = write_document(heatmap_document(level, stats, "level", "3 games"), tmp_path / "real.svg")
    page = svg_page(paths[0])
    fills = _field_fills(page, level)
    assert set(fills) == {field for field, count in stats.passed.items() if count}  # traffic, not only rests
    assert set(stats.passed) >= set(stats.rests)
    catches = sum(1 for count in stats.caught_at.values() if count)
    assert len(page.uses_of("sym-mark-ghost")) == catches + (catches > 0)  # and the legend's


def test_figures_are_per_game() -> None:
    assert [per_game(n, 40) for n in (0, 1, 20, 58, 400, 4000)] == ["0", "0.03", "0.50", "1.4", "10", "100"]
    assert per_game(1, 1000) == "<0.01" and per_game(3, 0) == "0"


def test_an_open_field_no_move_passed_is_crossed_not_left_blank(tmp_path):
    level, stats, (path,) = _write(tmp_path, EVERY_TILE, ".svg")
    page = svg_page(path)
    frame = map_frame(page, level.width, level.height)
    crossed = {(int((line.x1 - frame.x) // 15), int((line.y1 - frame.y) // 15)) for line in page.lines
               if line.stroke == NEVER.stroke and frame.x <= line.x1 < frame.x + frame.w and frame.y <= line.y1 < frame.y + frame.h}
    open_fields = {(x, y) for x, y, tile in level.cells() if tile is not Tile.ROCK}
    assert crossed == open_fields - set(stats.rests)  # zero is drawn; rock is not shown


def test_findings_are_printed_on_the_page(tmp_path):
    from printkit.sinpin.game.findings import Finding

    level = load(tmp_path, "level", EVERY_TILE)
    found = [Finding("most-caught", "30 of 40 avatars were caught (75%)", "print it for fewer players")]
    (path,) = write_document(heatmap_document(level, made_up_stats(level), "level", SUBTITLE, findings=found), tmp_path / "f.pdf")
    text = " ".join(page.text for page in pdf_pages(path))
    assert "Findings" in text and "most-caught: 30 of 40 avatars were caught (75%)." in text
    assert "what to change: print it for fewer players." in text
