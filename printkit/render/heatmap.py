"""`printkit simulate --heatmap`: where simulated games went, drawn on the exact-scale map.

Read as game analytics are: every figure is per game, not a total over the run. Each field
is shaded by its traffic, how often a move passed it (S27: entered or ended on), light to
deep blue on a square-root scale the key spells out; an open field no move ever passed is
hatched, so a zero differs from rock (not shown) and from a field merely off the scale. The
number in a field's bottom-right corner is how many moves a game ended there (S27 rest
positions); red badges the health lost there, ghost marks the avatars caught there, each a
game. The findings (printkit.sinpin.game.findings) and a histogram of game length (rounds)
go below the map when there is room, otherwise on a second A4 page: under a full-size map
(12 x 18 or 18 x 12 fields, S2) only the calibration bar and the key fit. Marks differ in
shape as well as colour, so a black-and-white print still tells them apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from printkit.draw import Circle, Document, Group, Item, Line, Page, Path, Rect, Style, Symbol, Text, Use, translate
from printkit.draw.colours import NAMED_COLOURS, WHITE, mix, text_on
from printkit.draw.fonts import ascent, fitted_size, text_width, wrap
from printkit.render.histogram import Histogram, bins, draw_histogram
from printkit.render.sinpin.icons import tile_symbols
from printkit.render.sinpin.map_page import map_layers
from printkit.render.sinpin.sheet import (
    SAFE_MARGIN, TITLE_SIZE, Block, Sheet, calibration_block, flow, rows_block, title_line,
)
from printkit.sinpin.level import Level, Position
from printkit.sinpin.rules import FIELD_MM, MAX_LONG_SIDE, MAX_SHORT_SIDE
from printkit.sinpin.game.findings import Finding
from printkit.sinpin.game.stats import SimStats

# the darkest shade stays light enough for the black tile icons drawn over it
DARKEST = NAMED_COLOURS["blue"]
HURT = NAMED_COLOURS["red"]
GHOST = NAMED_COLOURS["purple"]
LEGEND_SIZE = 2.5
COUNT_SIZE = 2.0
BADGE_SIZE = 2.2
FOOTER_WIDTH = 180.0
HISTOGRAM_LEAST = 40.0  # below this height a histogram is not worth reading: next page
HISTOGRAM_MOST = 85.0
SCALE_STEPS = (0.25, 0.5, 0.75, 1.0)
_F = FIELD_MM
_GHOST_W, _GHOST_H = 4.0, 4.6
_PLATE = Style(stroke=None, fill=WHITE)
LIGHTEST = 0.12  # the lightest shade of a field some move passed: never white, which is no traffic
NEVER = Style(stroke="#8a8a8a", width=0.3)  # the hatch of an open field no move passed


def per_game(count: float, games: int) -> str:
    """A count over the run as a figure per game: "12", "1.5", "0.05", "<0.01"."""
    value = count / games if games else 0.0
    if value <= 0:
        return "0"
    if value >= 9.95:
        return f"{value:.0f}"
    if value >= 0.995:
        return f"{value:.1f}"
    return f"{value:.2f}" if value >= 0.005 else "<0.01"


def shade(count: float, most: float) -> str:
    """The fill for a field that `count` of at most `most` moves passed.

    The square root spreads the scale: a few fields (the door, a ledge every route passes)
    collect most traffic, and a linear scale would leave every other field nearly white. It
    starts at a light tint, so that white means no traffic at all.
    """
    if count <= 0 or most <= 0:
        return WHITE
    return mix(WHITE, DARKEST, LIGHTEST + (1 - LIGHTEST) * math.sqrt(min(count, most) / most))


def _hatch(x: float, y: float, size: float = _F) -> Group:
    """Two grey diagonals: an open field no move passed (zero, not "not shown")."""
    inset = size * 0.3
    return Group((Line(x + inset, y + inset, x + size - inset, y + size - inset, NEVER),
                  Line(x + size - inset, y + inset, x + inset, y + size - inset, NEVER)))


def _ghost_symbol() -> Symbol:
    """A ghost (dome, ragged hem, two eyes), 4 x 4.6 mm, its top-left at the origin."""
    w, h, r = _GHOST_W, _GHOST_H, _GHOST_W / 2
    k = 0.5523 * r  # the Bézier handle of a quarter circle
    outline = (
        ("M", 0, h), ("L", 0, r), ("C", 0, r - k, r - k, 0, r, 0), ("C", r + k, 0, w, r - k, w, r), ("L", w, h),
        ("L", w * 0.75, h - 0.9), ("L", w * 0.5, h), ("L", w * 0.25, h - 0.9), ("Z",),
    )
    eye = Style(stroke=None, fill=WHITE)
    return Symbol("mark-ghost", (
        Path(outline, Style(stroke=WHITE, width=0.25, fill=GHOST, join="round")),
        Circle(w * 0.33, r * 0.95, 0.45, eye), Circle(w * 0.67, r * 0.95, 0.45, eye),
    ))


def _badge(label: str, right: float, top: float) -> Group:
    """A red pill with the figure in white, its top-right corner at (right, top)."""
    height = 3.4
    width = max(height, text_width(label, BADGE_SIZE, True) + 1.4)
    return Group((
        Rect(right - width, top, width, height, Style(stroke=WHITE, width=0.25, fill=HURT), radius=height / 2),
        Text(right - width / 2, top + height / 2 + ascent(BADGE_SIZE, True) * 0.48, label, BADGE_SIZE,
             fill=WHITE, anchor="middle", bold=True),
    ))


def _ghost_mark(label: str, left: float, top: float) -> Group:
    """The ghost with the figure beside it, top-left corner at (left, top)."""
    return Group((
        Use("mark-ghost", translate(left, top)),
        Rect(left + _GHOST_W + 0.2, top + 0.6, text_width(label, BADGE_SIZE, True) + 0.6, 3.2, _PLATE, radius=0.6),
        Text(left + _GHOST_W + 0.5, top + _GHOST_H - 0.9, label, BADGE_SIZE, fill=GHOST, bold=True),
    ))


def _rest_count(label: str, fill: str, right: float, bottom: float) -> Group:
    """The figure in the field's bottom-right corner, on a plate of the field's own shade
    so that it reads over a tile icon too."""
    size = fitted_size(label, _F / 2 - 1.0, COUNT_SIZE, smallest=1.4)
    width, height = text_width(label, size) + 0.8, ascent(size) + 0.9
    return Group((
        Rect(right - width - 0.3, bottom - height - 0.3, width, height, Style(stroke=None, fill=fill)),
        Text(right - 0.7, bottom - 0.75, label, size, fill=text_on(fill), anchor="end"),
    ))


def _traffic(stats: SimStats) -> Mapping[Position, int]:
    """How often moves passed each field; the rests where a run counted no traffic (old
    statistics), since a move passes the field it ends on."""
    return stats.passed if any(stats.passed.values()) else stats.rests


def shading_items(sheet: Sheet, level: Level, stats: SimStats) -> list[Item]:
    """A filled square per field moves passed, a hatch on each open field none passed (drawn
    under the map's paper and icons; rock is not shown)."""
    traffic = _traffic(stats)
    most = max(traffic.values(), default=0)
    items: list[Item] = []
    for x, y, _ in sorted(level.cells(), key=lambda cell: (cell[1], cell[0])):
        if level.is_rock(x, y):
            continue
        if traffic.get((x, y), 0) > 0:
            items.append(Rect(*sheet.corner(x, y), _F, _F, Style(stroke=None, fill=shade(traffic[(x, y)], most))))
        elif stats.games:
            items.append(_hatch(*sheet.corner(x, y)))
    return items


def mark_items(sheet: Sheet, stats: SimStats) -> list[Item]:
    """Per game: rests (bottom-right of each field), health losses (top-right), catches
    (top-left): the three corners tile icons leave most free."""
    traffic = _traffic(stats)
    most = max(traffic.values(), default=0)
    games = stats.games
    items: list[Item] = []
    for field in sorted(stats.rests):
        if stats.rests[field] > 0:
            x, y = sheet.corner(*field)
            items.append(_rest_count(per_game(stats.rests[field], games), shade(traffic.get(field, 0), most), x + _F, y + _F))
    for field in sorted(stats.hurts):
        if stats.hurts[field] > 0:
            x, y = sheet.corner(*field)
            items.append(_badge(per_game(stats.hurts[field], games), x + _F - 0.5, y + 0.5))
    for field in sorted(stats.caught_at):
        if stats.caught_at[field] > 0:
            x, y = sheet.corner(*field)
            items.append(_ghost_mark(per_game(stats.caught_at[field], games), x + 0.6, y + 0.6))
    return items


def _legend_entry(sample: Item, sample_width: float, label: str) -> Block:
    width = sample_width + 1.5 + text_width(label, LEGEND_SIZE)

    def draw(x: float, y: float) -> Group:
        return Group((Group((sample,), translate(x, y)),
                      Text(x + sample_width + 1.5, y + 3.0 + ascent(LEGEND_SIZE) * 0.45, label, LEGEND_SIZE)))
    return Block(width, 6.0, draw)


def scale_sample(most: int, games: int) -> tuple[Group, float]:
    """The key of the shading: a hatched swatch for no traffic, then swatches at a quarter,
    half, three quarters and all of the scale (`most` passes in the run), each labelled
    with the passes per game it stands for; and its width."""
    swatch = 8.0
    items: list[Item] = [Rect(0, 0.5, swatch, 5.0, Style(stroke="#000000", width=0.2, fill=WHITE)),
                         _hatch(swatch / 2 - 2.5, 0.5, 5.0)]
    # the inverse of shade's square root; a small `most` has fewer distinct steps
    counts = sorted({math.ceil(most * share * share) for share in SCALE_STEPS}) if most else []
    for index, count in enumerate(counts, start=1):
        fill = shade(count, most)
        label = per_game(count, games)
        size = fitted_size(label, swatch - 1.0, 2.2, True, smallest=1.4)
        items += [Rect(index * swatch, 0.5, swatch, 5.0, Style(stroke="#000000", width=0.2, fill=fill)),
                  Text(index * swatch + swatch / 2, 3.0 + ascent(size, True) * 0.48, label, size, fill=text_on(fill),
                       anchor="middle", bold=True)]
    return Group(tuple(items)), swatch * (len(counts) + 1)


def legend_blocks(stats: SimStats) -> list[Block]:
    """The shading's key always (even with nothing counted); the marks when the map shows them."""
    traffic = _traffic(stats)
    sample, width = scale_sample(max(traffic.values(), default=0), stats.games)
    blocks = [_legend_entry(sample, width, "moves passing, per game (square-root scale; crossed: none)")]
    if any(stats.rests.values()):
        blocks.append(_legend_entry(_rest_count("1.5", WHITE, 6.0, 5.5), 6.0, "moves ended here, per game"))
    if any(stats.hurts.values()):
        blocks.append(_legend_entry(_badge("0.3", 7.0, 1.3), 7.0, "health lost here, per game"))
    if any(stats.caught_at.values()):
        blocks.append(_legend_entry(Group((Use("mark-ghost", translate(0, 0.7)),)), _GHOST_W, "caught here, per game"))
    return blocks


def findings_block(found: list[Finding], width: float) -> Block | None:
    """The run's findings, each with what a designer could change, wrapped to `width`."""
    if not found:
        return None
    size = LEGEND_SIZE
    lines: list[tuple[str, bool]] = [("Findings", True)]
    for finding in found:
        lines += [(line, False) for line in wrap(f"{finding.code}: {finding.text}.", width, size)]
        lines += [(line, False) for line in wrap(f"    what to change: {finding.change}.", width, size)]
    leading = size * 1.35

    def draw(x: float, y: float) -> Group:
        return Group((Rect(x, y, width, leading * len(lines) + 1.0, Style(stroke=None, fill=WHITE)),
                      *(Text(x, y + ascent(size) + index * leading, line, size, bold=bold)
                        for index, (line, bold) in enumerate(lines))))
    return Block(width, leading * len(lines) + 1.0, draw)


def mean_rounds(stats: SimStats) -> float:
    return sum(rounds * games for rounds, games in stats.rounds.items()) / stats.games if stats.games else 0.0


def length_histogram(level: Level, stats: SimStats) -> Histogram:
    """Game lengths; games stopped at `max_rounds` (S33) get their own bar rather than
    stretching the axis out to the limit."""
    limit = level.rules.max_rounds
    stopped = stats.ended["max_rounds"]
    counts = dict(stats.rounds)
    overflow = None
    if stopped and counts.get(limit, 0) >= stopped:
        counts[limit] -= stopped
        overflow = (str(limit), stopped)
    x_title = "rounds per game" + (f" · grey: stopped at max_rounds = {limit} (S33)" if overflow else "")
    return Histogram(tuple(bins(counts)), x_title, "games", overflow, empty_note="no games simulated")


def summary_line(level: Level, stats: SimStats) -> str:
    if not stats.games:
        return "No games were simulated."
    words = (f"{stats.games} games · rounds: mean {mean_rounds(stats):.1f}, median {stats.median():g}, "
             f"90th percentile {stats.percentile(0.9)} · health lost {stats.health_losses} times · "
             f"{stats.catches} caught by the ghost")
    stopped = stats.ended["max_rounds"]
    if stopped:
        words += f" · {stopped} stopped at max_rounds ({level.rules.max_rounds})"
    return words


def histogram_block(level: Level, stats: SimStats, width: float, height: float) -> Block:
    """The histogram with the summary line above it, `width` x `height` mm."""
    summary = summary_line(level, stats)
    size = fitted_size(summary, width, LEGEND_SIZE, smallest=1.8)
    histogram = length_histogram(level, stats)

    def draw(x: float, y: float) -> Group:
        # a white ground: below a small map the chart would otherwise sit on squared paper
        return Group((Rect(x, y, width, height, Style(stroke=None, fill=WHITE)), Text(x, y + ascent(size), summary, size),
                      draw_histogram(histogram, x, y + size * 1.6, width, height - size * 1.6)))
    return Block(width, height, draw)


def heatmap_document(level: Level, stats: SimStats, title: str = "", subtitle: str = "",
                     findings: list[Finding] | None = None) -> Document:
    """The level with `stats` drawn on it and the run's `findings`; `title` names a level
    without a name, `subtitle` (such as '1000 simulated games, bots greedy, rusher') goes on
    the right of the header."""
    name = level.name or title
    details = subtitle or f"{stats.games} simulated game{'s' * (stats.games != 1)}"
    centred = Sheet.centred(level.width, level.height)
    # a smaller map moves up to where a full-size one starts, when that makes room for the
    # histogram below it (the header fits there, as it does over a full-size map)
    rows_most = MAX_SHORT_SIDE if centred.page.width > centred.page.height else MAX_LONG_SIDE
    raised = replace(centred, top=min(centred.top, (centred.page.height - rows_most * _F) / 2))
    bar = calibration_block()

    def footer_blocks(width: float) -> tuple[list[Block], Block | None]:
        # the colour key beside the bar; the marks' key after it (under a full-size map the
        # footer holds one row: the marks' key goes to the second page, with the findings)
        scale, *marks = legend_blocks(stats)
        legend = [rows_block([scale], width - bar.width - bar.space)]
        if marks:
            legend.append(rows_block(marks, width))
        noted = findings_block(findings or [], width)
        return [bar, *legend, *([noted] if noted else [])], noted
    for sheet in (centred, raised):
        area = sheet.footer_area(FOOTER_WIDTH)
        _, _, width, height = area
        blocks, noted = footer_blocks(width)
        room = height - rows_block(blocks, width).height - bar.space
        on_first = room >= HISTOGRAM_LEAST
        if on_first:
            blocks.append(histogram_block(level, stats, width, min(room, HISTOGRAM_MOST)))
            break
    sheet = sheet if on_first else centred
    area = sheet.footer_area(FOOTER_WIDTH)
    if not on_first:
        blocks, noted = footer_blocks(area[2])
    footer, rest = flow(blocks, area, sheet.room_above(area))
    first = Page(*sheet.page, (
        *map_layers(level, sheet, shading_items(sheet, level, stats)), *mark_items(sheet, stats),
        sheet.header(name, details), footer,
    ))
    pages = [first]
    if not on_first:
        # the second page: what did not fit, then the histogram, under a title line
        page_w, page_h = sheet.page.width, sheet.page.height
        left, right = SAFE_MARGIN + 10.0, page_w - SAFE_MARGIN - 10.0
        baseline = SAFE_MARGIN + 8.0 + ascent(TITLE_SIZE, True)
        top = baseline + 6.0
        wide = findings_block(findings or [], right - left)  # the findings as wide as this page allows
        rest = [wide if block is noted and wide else block for block in rest]
        above = [rows_block(rest, right - left)] if rest else []  # kept together, its height known
        room = page_h - SAFE_MARGIN - top - sum(block.height + block.space for block in above) - 0.5
        chart_h = min(120.0, room)
        blocks = [*above, histogram_block(level, stats, right - left, chart_h)]
        placed, after = flow(blocks, (left, top, right - left, page_h - SAFE_MARGIN - top))
        if after:
            raise ValueError("the heatmap's legend, findings and histogram do not fit a second page")
        heading = f"{name}: findings" if findings else f"{name}: game length"
        pages.append(Page(*sheet.page, (title_line(left, right, baseline, heading, details), placed)))
    return Document(pages, (*tile_symbols(), _ghost_symbol()), title=f"Sinpin: {name} (simulated)",
                    author=level.author, subject="Sinpin map with simulated games")
