"""`printkit paper`: a blank Sinpin level design sheet to draw a level on by hand.

The same page as a map (squared paper, fields, coordinates), with blanks for the name,
author and players, and a legend pairing every tile's hand-drawn form (the drawing
alphabet) with the character to type for it in the level file, so that a drawn level can
be typed in. Four scan markers outside the grid's corners carry the sheet's size and
orientation, so that `printkit scan` can read a photo of it; a second page shows the
drawing alphabet at actual size. Nothing is printed under 8 pt.
"""

from __future__ import annotations

from printkit.draw import Document, Group, Item, Line, Page, Rect, Style, Text
from printkit.draw.fonts import ascent, text_width
from printkit.render.sinpin.alphabet_page import MIN_TEXT, alphabet_page, drawn_form
from printkit.render.sinpin.icons import tile_symbols
from printkit.render.sinpin.scan_marks import quiet_zones, scan_markers
from printkit.render.sinpin.sheet import (
    DETAIL_SIZE, SAFE_MARGIN, TITLE_SIZE, Block, Sheet, calibration_block, flow, rows_block,
)
from printkit.scan.layout import MARKER_GAP, SheetCode
from printkit.sinpin.tiles import Tile

FRAME = Style(stroke="#000000", width=0.25, fill="#ffffff")
RULE = Style(stroke="#000000", width=0.3)
LABEL_SIZE = MIN_TEXT
FOOTER_WIDTH = 180.0  # room for the legend under a narrow grid


def legend_entry(tile: Tile, icon_size: float, with_label: bool) -> Block:
    """The tile's drawn form in a field-like frame, its map character, and (optionally) its name."""
    char_size = max(icon_size * 0.55, MIN_TEXT)
    char_box = char_size * 1.25
    label = f"{tile.label} (. or space)" if tile is Tile.OPEN else tile.label
    gap = icon_size * 0.13
    width = icon_size + gap + char_box + (1.5 + text_width(label, LABEL_SIZE) if with_label else 0.0)

    def draw(x: float, y: float) -> Group:
        box_x, box_y = x + icon_size + gap, y + (icon_size - char_box) / 2
        items: list[Item] = [
            Rect(x, y, icon_size, icon_size, FRAME),
            drawn_form(tile, x, y, icon_size),
            Rect(box_x, box_y, char_box, char_box, FRAME, radius=0.6),
            Text(box_x + char_box / 2, box_y + char_box / 2 + ascent(char_size, True) * 0.45, tile.char,
                 char_size, anchor="middle", bold=True),
        ]
        if with_label:
            items.append(Text(box_x + char_box + 1.5, y + icon_size / 2 + ascent(LABEL_SIZE) * 0.45, label, LABEL_SIZE))
        return Group(tuple(items))
    return Block(width, icon_size, draw, space=2.5 if with_label else 1.6)


def tile_legend(width: float, height: float) -> Block:
    """All tiles of S3 with their characters: named when there is room, else icons only."""
    for icon_size, with_label in ((9.0, True), (6.0, True), (6.0, False)):
        legend = rows_block([legend_entry(tile, icon_size, with_label) for tile in Tile], width)
        if legend.height <= height:
            return legend
    raise ValueError(f"the tile legend does not fit in {width:g} x {height:g} mm")


def _free_spans(sheet: Sheet, code: SheetCode, squares: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """The stretches (left, right in mm) of a line across the page, within the safe margin,
    that two markers (their squares' top-left corners) and their white patches leave free."""
    keep_clear = code.quiet_mm + 0.5
    edges = [SAFE_MARGIN]
    for x in sorted(x for x, _ in squares):
        edges += [x - keep_clear, x + code.marker_mm + keep_clear]
    edges.append(sheet.page.width - SAFE_MARGIN)
    return [(edges[k], edges[k + 1]) for k in range(0, len(edges), 2)]


def legend_round_markers(sheet: Sheet, code: SheetCode) -> Group:
    """The tiles' icons and characters in the band under a narrow map of full height, where
    no room is left below the bottom markers: flowed left to right through the stretches of
    the band the markers' white patches leave free (beside and between them), as big as fit."""
    _, top, _, height = sheet.footer_area(0.0)
    spans = _free_spans(sheet, code, code.marker_squares()[2:])
    for icon_size in (6.0, 5.5, 5.0, 4.5, 4.0):
        entries = [legend_entry(tile, icon_size, False) for tile in Tile]
        rows = max(1, int((height + entries[0].space) // (icon_size + entries[0].space)))
        placed: list[Item] = []
        queue = list(entries)
        for left, right in spans:
            for row in range(rows):
                x, y = left, top + row * (icon_size + entries[0].space)
                while queue and x + queue[0].width <= right:
                    placed.append(queue[0].draw(x, y))
                    x += queue.pop(0).width + entries[0].space
        if not queue and icon_size <= height:
            return Group(tuple(placed))
    raise ValueError(f"the tile legend does not fit round the markers of a {code.columns} x {code.rows} sheet")


def blanks(sheet: Sheet, code: SheetCode) -> Group:
    """'Level ____  by ____  players □ 2 □ 3 □ 4' on the header line, to fill in by hand;
    above the scan markers when the header reaches over them (a narrow map)."""
    baseline = sheet.header_baseline
    left, right = sheet.header_span
    if left < sheet.left - MARKER_GAP:
        above = sheet.top - MARKER_GAP - code.marker_mm - code.quiet_mm - 1.0
        if above - ascent(TITLE_SIZE, True) >= SAFE_MARGIN:
            baseline = min(baseline, above)
        else:  # no room above the markers (a narrow map of full height): beside or between them
            left, right = max(_free_spans(sheet, code, code.marker_squares()[:2]), key=lambda span: span[1] - span[0])
    box = DETAIL_SIZE * 0.8
    tick_labels = ("2", "3", "4")
    players_width = text_width("players", DETAIL_SIZE)
    players_width += sum(2.0 + box + 1.0 + text_width(count, DETAIL_SIZE) for count in tick_labels)
    by_width = text_width("by", DETAIL_SIZE)
    name_width = text_width("Level", TITLE_SIZE, True)
    room = right - left - name_width - by_width - players_width - 4 * 2.0 - 4.0
    items: list[Item] = [Text(left, baseline, "Level", TITLE_SIZE, bold=True)]
    x = left + name_width + 2.0
    items.append(Line(x, baseline + 0.6, x + room * 0.6, baseline + 0.6, RULE))
    x += room * 0.6 + 2.0
    items.append(Text(x, baseline, "by", DETAIL_SIZE))
    x += by_width + 2.0
    items.append(Line(x, baseline + 0.6, x + room * 0.4, baseline + 0.6, RULE))
    x = right - players_width
    items.append(Text(x, baseline, "players", DETAIL_SIZE))
    x += text_width("players", DETAIL_SIZE)
    for count in tick_labels:
        x += 2.0
        items.append(Rect(x, baseline - box, box, box, FRAME))
        x += box + 1.0
        items.append(Text(x, baseline, count, DETAIL_SIZE))
        x += text_width(count, DETAIL_SIZE)
    return Group(tuple(items))


def design_sheet_document(columns: int, rows: int, landscape: bool) -> Document:
    """A blank sheet of `columns` x `rows` fields; ValueError when they do not fit (S2)."""
    sheet = Sheet.centred(columns, rows, landscape)
    code = SheetCode(columns, rows, sheet.page.width > sheet.page.height)
    area = sheet.footer_area(FOOTER_WIDTH)
    if area[0] < sheet.left - MARKER_GAP:  # a footer wider than the map starts below the markers
        low = sheet.bottom + MARKER_GAP + code.marker_mm + code.quiet_mm + 1.0
        area = (area[0], max(area[1], low), area[2], area[3] - max(0.0, low - area[1]))
    try:
        legend = tile_legend(area[2], area[3])
    except ValueError:  # a narrow map of full height: the markers leave no room below them
        footer: Item = legend_round_markers(sheet, code)
    else:  # the bar comes second: on a full-size sheet only the legend fits in the margin
        footer, _ = flow([legend, calibration_block(MIN_TEXT)], area)
    items = [sheet.paper(), quiet_zones(code), sheet.fields(), sheet.coordinates(), blanks(sheet, code), footer,
             scan_markers(code)]
    pages = [Page(*sheet.page, items), alphabet_page(*sheet.page)]
    return Document(pages, tile_symbols(), title="Sinpin level design sheet",
                    subject=f"{columns} x {rows} fields")
