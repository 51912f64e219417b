"""The survey page of `printkit survey`: the generator's expressive range on one A4 sheet.

Two 2-D histograms on axes a designer reads (least turns x leniency; density of features x
linearity), each with its colour key and the examples' own cells ringed and numbered; a
histogram of least turns; one line of the figures that compare the batch with its examples;
thumbnails of levels far apart in the range, drawn with the map's own tile icons.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.draw import A4_PORTRAIT, Circle, Document, Group, Item, Line, Page, Rect, Style, Text
from printkit.draw.colours import WHITE, mix
from printkit.draw.fonts import right_to_left, unprintable
from printkit.render.sinpin.icons import icon, tile_symbols
from printkit.sinpin.level import Level
from printkit.sinpin.tiles import Tile

INK = "#000000"
HEAT = "#1f4e79"  # the fullest cell; empty cells are white
MARK = "#c0392b"  # the examples' rings
ROCK = "#9a9a9a"
MARGIN = 12.0
CELL_STROKE = "#cccccc"
_AXIS = Style(stroke=INK, width=0.3)


def _label(x: float, y: float, text: str, size: float = 2.6, anchor: str = "middle", bold: bool = False,
           rotate: float = 0.0, fill: str = INK) -> Text:
    return Text(x, y, text, size, fill=fill, anchor=anchor, bold=bold, rotate=rotate)


def _shade(count: int, most: int) -> str:
    return mix(WHITE, HEAT, count / most) if count else WHITE


def heatmap(x: float, y: float, width: float, height: float, title: str, grid: dict, x_name: str, y_name: str) -> Group:
    """A 2-D histogram in a `width` x `height` mm box at (x, y): grid["counts"][row][column],
    row 0 at the top, each cell shaded by its count and labelled with it; the examples' cells
    ringed in red with their numbers; a colour key below."""
    counts, x_labels, y_labels = grid["counts"], grid["x_labels"], grid["y_labels"]
    items: list[Item] = [_label(x + width / 2, y - 3, title, 3.2, bold=True)]
    rows, columns = len(counts), len(counts[0]) if counts else 0
    most = max((c for row in counts for c in row), default=0) or 1
    cell_w, cell_h = width / max(1, columns), height / max(1, rows)
    marked = {tuple(cell) for cell in grid["examples"]}
    for r, row in enumerate(counts):
        for c, count in enumerate(row):
            left, top = x + c * cell_w, y + r * cell_h
            items.append(Rect(left, top, cell_w, cell_h, Style(stroke=CELL_STROKE, width=0.15, fill=_shade(count, most))))
            if count:
                colour = WHITE if count / most > 0.55 else INK
                # beside the rings when the cell has some: lower right
                at_x, at_y = (0.72, 0.78) if (c, r) in marked else (0.5, 0.5)
                items.append(_label(left + at_x * cell_w, top + at_y * cell_h + 0.8, str(count), 2.2, fill=colour))
    ringed: dict[tuple[int, int], int] = {}
    for number, (c, r) in enumerate(grid["examples"], start=1):
        slot = ringed.get((c, r), 0)
        ringed[(c, r)] = slot + 1
        cx, cy = x + (c + 0.22 + 0.28 * (slot % 3)) * cell_w, y + (r + 0.25 + 0.5 * (slot // 3 % 2)) * cell_h
        items.append(Circle(cx, cy, min(cell_w, cell_h) * 0.17, Style(stroke=MARK, width=0.3, fill=WHITE)))
        items.append(_label(cx, cy + 0.6, str(number), 1.7, fill=MARK, bold=True))
    for c, text in enumerate(x_labels):
        items.append(_label(x + (c + 0.5) * cell_w, y + height + 3.5, text, 2.1))
    for r, text in enumerate(y_labels):
        items.append(_label(x - 1.5, y + (r + 0.5) * cell_h + 0.8, text, 2.1, anchor="end"))
    items.append(Rect(x, y, width, height, _AXIS))
    items.append(_label(x + width / 2, y + height + 8, x_name, 2.6))
    items.append(_label(x - 14, y + height / 2, y_name, 2.6, rotate=-90))
    items.append(colour_key(x, y + height + 11, width, most))
    return Group(tuple(items))


def colour_key(x: float, y: float, width: float, most: int) -> Group:
    """The shades from one level to the fullest cell's count, with the words for them."""
    items: list[Item] = [_label(x, y + 2.4, "levels a cell:", 2.2, anchor="start")]
    steps = min(most, 8)
    # the shades end 14 mm short of the right edge: the last count under them and the
    # "example" under the ring must not run together
    left, slot = x + 17, (width - 31) / max(1, steps)
    for step in range(steps):
        count = 1 + round(step * (most - 1) / max(1, steps - 1))
        items.append(Rect(left + step * slot, y, slot, 3, Style(stroke=CELL_STROKE, width=0.15, fill=_shade(count, most))))
        if step in (0, steps - 1):
            items.append(_label(left + (step + 0.5) * slot, y + 6, str(count), 2.0))
    items.append(Circle(x + width - 3.5, y + 1.5, 1.2, Style(stroke=MARK, width=0.3, fill=WHITE)))
    items.append(_label(x + width, y + 6, "example", 2.0, anchor="end", fill=MARK))
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


def _printable(name: str) -> str:
    """An example's name as the page can print it: a name the font cannot draw, or would draw
    backwards (right-to-left text), is not printed (the examples are files of the user's,
    and the survey is about their maps, not their names)."""
    return "(name not printable)" if unprintable(name) or right_to_left(name) else name


def survey_document(figures: dict, levels: Sequence[Level], metrics: Sequence[dict], subtitle: str,
                    summary: str = "", examples: Sequence[str] = ()) -> Document:
    """The survey page; `figures` is surveyrange.expressive_range, `levels` the thumbnails'
    levels with their `metrics`, `summary` one line of figures, `examples` the examples'
    names in the order their rings are numbered."""
    width, height = A4_PORTRAIT
    items: list[Item] = [
        _label(MARGIN, MARGIN + 4, "Expressive range of printkit generate", 5.0, anchor="start", bold=True),
        _label(MARGIN, MARGIN + 9.5, subtitle, 2.6, anchor="start"),
    ]
    if examples:
        named = ", ".join(f"{number} {_printable(name)}" for number, name in enumerate(examples, start=1))
        items.append(_label(MARGIN, MARGIN + 13.5, f"Examples (ringed): {named}"[:150], 2.2, anchor="start", fill=MARK))
    size, top = 70.0, MARGIN + 25
    items.append(heatmap(MARGIN + 20, top, size, size, "Least turns x leniency", figures["turns_by_leniency"],
                         "least turns", "leniency (0: nothing on the route hurts)"))
    items.append(heatmap(width / 2 + 18, top, size, size, "Features x linearity", figures["density_by_linearity"],
                         "special fields per 100 fields", "share of the cave the route uses"))
    turns = figures["least_turns"]
    chart_top = top + size + 32
    items.append(bar_chart(MARGIN + 16, chart_top, width - 2 * MARGIN - 16, 30, "Least turns",
                           turns["bins"], turns["counts"], "least turns (levels per value)"))
    if summary:
        items.append(_label(MARGIN, chart_top + 30 + 15, summary, 2.4, anchor="start"))
    if levels:
        shelf = chart_top + 30 + 27
        items.append(_label(MARGIN, shelf - 4, "Levels far apart in the range", 3.2, anchor="start", bold=True))
        per_row = min(len(levels), 5)
        slot = (width - 2 * MARGIN) / per_row
        room = height - MARGIN - shelf - 12
        field = min((slot - 4) / max(level.width for level in levels), room / max(level.height for level in levels))
        for index, (level, figure) in enumerate(zip(levels, metrics)):
            caption = [level.name, f"{figure['least_turns']} turns, leniency {figure['leniency']}",
                       f"{figure['feature_density']:.0f} features/100, route {figure['linearity']:.0%}"]
            items.append(thumbnail(level, MARGIN + (index % per_row) * slot, shelf, field, caption))
    return Document([Page(width, height, items)], tile_symbols(), title="printkit survey", subject="Expressive range")
