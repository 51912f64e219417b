"""The survey page of `printkit survey`: the generator's expressive range on one A4 sheet.

Two 2-D histograms (least turns x hazards on the route; rock share x branching), a histogram
of least turns, and thumbnails of levels far apart in the range, drawn with the map's own
tile icons.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.draw import A4_PORTRAIT, Document, Group, Item, Line, Page, Rect, Style, Text
from printkit.draw.colours import WHITE, mix
from printkit.render.sinpin.icons import icon, tile_symbols
from printkit.sinpin.level import Level
from printkit.sinpin.tiles import Tile

INK = "#000000"
HEAT = "#1f4e79"  # the fullest cell; empty cells are white
ROCK = "#9a9a9a"
MARGIN = 12.0
_AXIS = Style(stroke=INK, width=0.3)
_GRID = Style(stroke="#bbbbbb", width=0.15)


def _label(x: float, y: float, text: str, size: float = 2.6, anchor: str = "middle", bold: bool = False,
           rotate: float = 0.0, fill: str = INK) -> Text:
    return Text(x, y, text, size, fill=fill, anchor=anchor, bold=bold, rotate=rotate)


def _number(value: float) -> str:
    return f"{value:g}" if float(value).is_integer() else f"{value:.2f}"


def heatmap(x: float, y: float, size: float, title: str, counts: Sequence[Sequence[int]],
            x_ticks: Sequence[str], y_ticks: Sequence[str], x_name: str, y_name: str) -> Group:
    """A 2-D histogram in a `size` mm square at (x, y): counts[row][column], row 0 at the
    bottom, each cell shaded by its count and labelled with it."""
    items: list[Item] = [_label(x + size / 2, y - 3, title, 3.2, bold=True)]
    rows, columns = len(counts), len(counts[0]) if counts else 0
    most = max((c for row in counts for c in row), default=0) or 1
    if rows and columns:
        cell_w, cell_h = size / columns, size / rows
        for r, row in enumerate(counts):
            for c, count in enumerate(row):
                top = y + size - (r + 1) * cell_h
                fill = mix(WHITE, HEAT, count / most) if count else WHITE
                items.append(Rect(x + c * cell_w, top, cell_w, cell_h, Style(stroke="#cccccc", width=0.15, fill=fill)))
                if count:
                    colour = WHITE if count / most > 0.55 else INK
                    items.append(_label(x + (c + 0.5) * cell_w, top + cell_h / 2 + 0.9, str(count), 2.4, fill=colour))
        step_x = max(1, columns // 10)
        for c, tick in enumerate(x_ticks):
            if c % step_x == 0 or len(x_ticks) == columns + 1:
                at = x + c * cell_w + (cell_w / 2 if len(x_ticks) == columns else 0)
                items.append(_label(at, y + size + 4, tick, 2.2))
        for r, tick in enumerate(y_ticks):
            at = y + size - r * cell_h - (cell_h / 2 if len(y_ticks) == rows else 0)
            items.append(_label(x - 1.5, at + 0.8, tick, 2.2, anchor="end"))
    items.append(Rect(x, y, size, size, _AXIS))
    items.append(_label(x + size / 2, y + size + 9, x_name, 2.6))
    items.append(_label(x - 11, y + size / 2, y_name, 2.6, rotate=-90))
    return Group(tuple(items))


def bar_chart(x: float, y: float, width: float, height: float, title: str, bins: Sequence[int],
              counts: Sequence[int], x_name: str) -> Group:
    """A histogram: one bar per bin, the count above it."""
    items: list[Item] = [_label(x + width / 2, y - 3, title, 3.2, bold=True)]
    most = max(counts, default=0) or 1
    slot = width / max(1, len(bins))
    for index, (value, count) in enumerate(zip(bins, counts)):
        bar = (height - 5) * count / most
        left = x + index * slot + slot * 0.12
        if count:
            items.append(Rect(left, y + height - bar, slot * 0.76, bar, Style(stroke=None, fill=HEAT)))
            items.append(_label(left + slot * 0.38, y + height - bar - 1, str(count), 2.2))
        items.append(_label(left + slot * 0.38, y + height + 4, str(value), 2.2))
    items.append(Line(x, y + height, x + width, y + height, _AXIS))
    items.append(_label(x + width / 2, y + height + 9, x_name, 2.6))
    return Group(tuple(items))


def thumbnail(level: Level, x: float, y: float, field: float, caption: Sequence[str]) -> Group:
    """The level's map at `field` mm a field, rock grey, the other tiles as on the map."""
    items: list[Item] = []
    for fx, fy, tile in level.cells():
        left, top = x + fx * field, y + fy * field
        if tile is Tile.ROCK:
            items.append(Rect(left, top, field, field, Style(stroke=None, fill=ROCK)))
        elif tile is not Tile.OPEN:
            items.append(icon(tile, left, top, field))
    items.append(Rect(x, y, level.width * field, level.height * field, Style(stroke=INK, width=0.25)))
    for line, text in enumerate(caption):
        items.append(_label(x, y + level.height * field + 3.5 + line * 3.2, text, 2.4 if line else 2.7,
                            anchor="start", bold=line == 0))
    return Group(tuple(items))


def survey_document(figures: dict, levels: Sequence[Level], metrics: Sequence[dict], subtitle: str) -> Document:
    """The survey page; `figures` is sinpin.generate.metrics.expressive_range, `levels` the thumbnails'
    levels with their `metrics`."""
    width, height = A4_PORTRAIT
    items: list[Item] = [
        _label(MARGIN, MARGIN + 4, "Expressive range of printkit generate", 5.0, anchor="start", bold=True),
        _label(MARGIN, MARGIN + 9.5, subtitle, 2.8, anchor="start"),
    ]
    first = figures["turns_by_hazards"]
    second = figures["rock_by_branching"]
    size, top = 74.0, MARGIN + 22
    items.append(heatmap(MARGIN + 16, top, size, "Least turns x hazards on the route", first["counts"],
                         [str(v) for v in first["x_bins"]], [str(v) for v in first["y_bins"]],
                         "least turns", "hazards on the route"))
    items.append(heatmap(width / 2 + 16, top, size, "Rock share x branching", second["counts"],
                         [_number(v) for v in second["x_edges"]], [_number(v) for v in second["y_edges"]],
                         "rock share", "branching (moves per rest position)"))
    turns = figures["least_turns"]
    chart_top = top + size + 22
    items.append(bar_chart(MARGIN + 16, chart_top, width - 2 * MARGIN - 16, 38, "Least turns",
                           turns["bins"], turns["counts"], "least turns (levels per value)"))
    if levels:
        shelf = chart_top + 38 + 22
        items.append(_label(MARGIN, shelf - 4, "Levels far apart in the range", 3.2, anchor="start", bold=True))
        per_row = min(len(levels), 5)
        slot = (width - 2 * MARGIN) / per_row
        room = height - MARGIN - shelf - 12
        field = min((slot - 4) / max(level.width for level in levels), room / max(level.height for level in levels))
        for index, (level, figure) in enumerate(zip(levels, metrics)):
            caption = [level.name, f"{figure['least_turns']} turns, {figure['route_hazards']} hazards",
                       f"rock {figure['rock_share']}, branching {figure['branching']}"]
            items.append(thumbnail(level, MARGIN + (index % per_row) * slot, shelf, field, caption))
    return Document([Page(width, height, items)], tile_symbols(), title="printkit survey", subject="Expressive range")
