"""`printkit render --overlay`: the validator's verdict drawn on the map.

Reachable rest positions are shaded, soft-locks crossed, unreachable items ringed, errors
framed and numbered, and one shortest route from α to Ω drawn turn by turn with the card
played. Findings are listed below the map; what does not fit there continues on further
pages. Marks differ in shape, not only in colour, so a black-and-white print still tells
them apart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.draw import (
    A4_LANDSCAPE, A4_PORTRAIT, Circle, Document, Group, Item, Line, Page, PageSize, Polygon, Polyline, Rect, Style,
    Symbol, Text, Use, scale, translate,
)
from printkit.draw.fonts import ascent, text_width, wrap
from printkit.render.sinpin.icons import tile_symbols
from printkit.render.sinpin.map_page import level_details, map_layers
from printkit.render.sinpin.sheet import (
    SAFE_MARGIN, TITLE_SIZE, Block, Sheet, calibration_block, flow, rows_block, title_line,
)
from printkit.sinpin.level import Level, Position, fits_paper
from printkit.sinpin.rules import FIELD_MM, MAX_LONG_SIDE, MAX_SHORT_SIDE
from printkit.sinpin.tiles import field_name
from printkit.sinpin.moves.validator import RouteStep, Verdict

MARK = "#c00000"
ROUTE = "#0047b3"
REACHABLE_FILL = "#cfe0f7"
PAPER = "#ffffff"
LIST_SIZE = 2.8
FOOTER_WIDTH = 180.0  # room for the legend and the findings under a narrow map
_F = FIELD_MM

_ROUTE_LINE = Style(stroke=ROUTE, width=0.7, cap="round", join="round")
_ROUTE_CASING = Style(stroke=PAPER, width=1.7, cap="round", join="round")
_TELEPORT_LINE = Style(stroke=ROUTE, width=0.5, dash=(1.2, 0.9))


def _mark_symbols() -> tuple[Symbol, ...]:
    inset = 2.2
    return (
        Symbol("mark-reachable", (Rect(0, 0, _F, _F, Style(stroke=None, fill=REACHABLE_FILL)),)),
        Symbol("mark-soft-lock", (
            Line(inset, inset, _F - inset, _F - inset, Style(stroke=MARK, width=1.1, cap="round")),
            Line(_F - inset, inset, inset, _F - inset, Style(stroke=MARK, width=1.1, cap="round")),
        )),
        Symbol("mark-unreachable", (Circle(_F / 2, _F / 2, 6.9, Style(stroke=MARK, width=0.8, dash=(1.4, 0.9))),)),
        Symbol("mark-error", (Rect(0.7, 0.7, _F - 1.4, _F - 1.4, Style(stroke=MARK, width=1.2)),)),
    )


def _mark(name: str, x: float, y: float, size: float = _F) -> Use:
    placement = translate(x, y)
    return Use(name, placement if size == _F else placement @ scale(size / _F))


def number_badge(number: int, cx: float, cy: float, colour: str = MARK, radius: float = 1.9) -> Group:
    """A filled disc with a white number: error numbers, and turn numbers on the route."""
    size = radius * (1.15 if number < 10 else 0.9)
    return Group((
        Circle(cx, cy, radius, Style(stroke=PAPER, width=0.3, fill=colour)),
        Text(cx, cy + ascent(size, True) * 0.48, str(number), size, fill=PAPER, anchor="middle", bold=True),
    ))


def turn_badge(turn: int, card: int, x: float, y: float) -> Group:
    """The turn number (disc) beside the card played (a little card), top-left at (x, y)."""
    radius, card_w, card_h = 1.7, 3.0, 4.0
    card_x = x + 2 * radius + 0.4
    return Group((
        number_badge(turn, x + radius, y + card_h / 2, ROUTE, radius),
        Rect(card_x, y, card_w, card_h, Style(stroke=ROUTE, width=0.35, fill=PAPER), radius=0.5),
        Text(card_x + card_w / 2, y + card_h / 2 + ascent(3.0, True) * 0.48, str(card), 3.0, anchor="middle", bold=True),
    ))


TURN_BADGE_WIDTH = 2 * 1.7 + 0.4 + 3.0
TURN_BADGE_HEIGHT = 4.0


def _arrowhead(tip: tuple[float, float], towards: tuple[float, float], length: float = 2.6) -> Polygon:
    (tx, ty), (fx, fy) = tip, towards
    distance = math.hypot(tx - fx, ty - fy)
    ux, uy = (tx - fx) / distance, (ty - fy) / distance
    half = length * 0.55
    base_x, base_y = tx - ux * length, ty - uy * length
    return Polygon(
        [(tx, ty), (base_x - uy * half, base_y + ux * half), (base_x + uy * half, base_y - ux * half)],
        Style(stroke=PAPER, width=0.25, fill=ROUTE, join="miter"),
    )


def _legs(fields: Sequence[Position]) -> tuple[list[list[Position]], list[tuple[Position, Position]]]:
    """A turn's fields cut into stretches moved field by field and teleport hops (S20):
    a teleport is the only way to enter a field that is not a neighbour."""
    legs: list[list[Position]] = [[fields[0]]]
    hops: list[tuple[Position, Position]] = []
    for previous, field in zip(fields, fields[1:]):
        if abs(previous[0] - field[0]) + abs(previous[1] - field[1]) == 1:
            legs[-1].append(field)
        else:
            hops.append((previous, field))
            legs.append([field])
    return [leg for leg in legs if len(leg) > 1], hops


def route_items(sheet: Sheet, route: Sequence[RouteStep]) -> list[Item]:
    """Each turn as lines through the centres of the fields it enters, in order.

    A white casing under the lines keeps them readable over icons and hatching; teleport
    hops are dashed. Each turn ends in an arrowhead and starts with its badge (turn, card).
    """
    casings: list[Item] = []
    lines: list[Item] = []
    heads: list[Item] = []
    badges: list[Item] = []
    corners: dict[Position, int] = {}
    for step in route:
        fields = [step.start, *step.trail]
        legs, hops = _legs(fields)
        final = (fields[-2], fields[-1]) if len(fields) > 1 else None
        for leg in legs:
            points = [sheet.centre(*field) for field in leg]
            casings.append(Polyline(points, _ROUTE_CASING))
            lines.append(Polyline(points, _ROUTE_LINE))
            # small heads along the way show the direction where a turn doubles back (a
            # jump, a spring); the turn's last step gets the big head instead
            for (a, b), ((ax, ay), (bx, by)) in zip(zip(leg, leg[1:]), zip(points, points[1:])):
                if (a, b) != final:
                    heads.append(_arrowhead((ax + (bx - ax) * 0.6, ay + (by - ay) * 0.6), (ax, ay), 1.8))
        lines += [Polyline([sheet.centre(*a), sheet.centre(*b)], _TELEPORT_LINE) for a, b in hops]
        if final is not None:
            heads.append(_arrowhead(sheet.centre(*final[1]), sheet.centre(*final[0])))
        # a field the route rests on more than once gets its badges in different corners
        slot = corners.get(step.start, 0)
        corners[step.start] = slot + 1
        x, y = sheet.corner(*step.start)
        x += 0.6 if slot % 2 == 0 else _F - 0.6 - TURN_BADGE_WIDTH
        y += 0.6 if slot % 4 < 2 else _F - 0.6 - TURN_BADGE_HEIGHT
        badges.append(turn_badge(step.turn, step.card, x, y))
    return [*casings, *lines, *heads, *badges]


def _legend(sample: Item, label: str) -> Block:
    width = 6.0 + 1.5 + text_width(label, LIST_SIZE)

    def draw(x: float, y: float) -> Group:
        return Group((Group((sample,), translate(x, y)),
                      Text(x + 7.5, y + 3.0 + ascent(LIST_SIZE) * 0.45, label, LIST_SIZE)))
    return Block(width, 6.0, draw)


def _route_sample() -> Group:
    points = [(0.3, 3.0), (5.4, 3.0)]
    return Group((Polyline(points, _ROUTE_CASING), Polyline(points, _ROUTE_LINE), _arrowhead((5.8, 3.0), (0.0, 3.0), 2.2)))


def legend_blocks(verdict: Verdict) -> list[Block]:
    """An entry for each kind of mark the map shows, and none for marks it does not."""
    blocks = []
    if verdict.reachable:
        blocks.append(_legend(_mark("mark-reachable", 0, 0, 6.0), "reachable rest position"))
    if verdict.soft_locks:
        blocks.append(_legend(_mark("mark-soft-lock", 0, 0, 6.0), "soft-lock: the exit is lost from here"))
    if verdict.unreachable_items:
        blocks.append(_legend(_mark("mark-unreachable", 0, 0, 6.0), "item no move reaches"))
    if verdict.route:
        blocks.append(_legend(_route_sample(), "shortest route"))
        blocks.append(_legend(turn_badge(1, 3, 0, 1.0), "turn 1, card 3 played"))
    if any(finding.x is not None for finding in verdict.errors):
        blocks.append(_legend(Group((_mark("mark-error", 0, 0, 6.0), number_badge(1, 1.0, 1.0, radius=1.3))),
                              "error at this field"))
    return blocks


def _paragraph_block(text: str, width: float, badge: int | None = None, bold: bool = False) -> Block:
    indent = 5.0 if badge is not None else 0.0
    lines = wrap(text, width - indent, LIST_SIZE, bold)
    leading = LIST_SIZE * 1.3

    def draw(x: float, y: float) -> Group:
        first = y + ascent(LIST_SIZE, bold) + 0.2
        items: list[Item] = [
            Text(x + indent, first + index * leading, line, LIST_SIZE, bold=bold) for index, line in enumerate(lines) if line
        ]
        if badge is not None:
            items.append(number_badge(badge, x + 1.8, first - ascent(LIST_SIZE) * 0.4, radius=1.6))
        return Group(tuple(items))
    return Block(width, leading * len(lines), draw, space=1.2)


def verdict_line(verdict: Verdict) -> str:
    if not verdict.valid:
        count = len(verdict.errors)
        return f"✗ invalid: {count} error{'s' * (count != 1)}"
    turns = verdict.min_turns
    return f"✓ solvable in {turns} turn{'s' * (turns != 1)}"


def finding_blocks(verdict: Verdict, width: float) -> list[Block]:
    """The summary, the route as text and every finding, numbered as the error marks are."""
    summary = verdict_line(verdict)
    if verdict.reachable:  # an unsound grid is not searched: no counts to report
        summary += (f" · {verdict.rest_positions} rest positions · {len(verdict.soft_locks)} soft-locks"
                    f" · {len(verdict.unreachable_items)} unreachable items")
    blocks = [_paragraph_block(summary, width, bold=True)]
    if verdict.route:
        steps = " · ".join(f"{step.turn}: card {step.card} → {'Ω' if step.exited else field_name(*step.end)}"
                           for step in verdict.route)
        blocks.append(_paragraph_block(f"Route: {steps}", width))
    for number, finding in enumerate(verdict.errors, start=1):
        blocks.append(_paragraph_block(f"{finding.rule}: {finding.message}", width, badge=number))
    for finding in verdict.warnings:
        blocks.append(_paragraph_block(f"warning {finding.rule}: {finding.message}", width))
    return blocks


def mark_items(sheet: Sheet, verdict: Verdict) -> list[Item]:
    marks: list[Item] = [_mark("mark-soft-lock", *sheet.corner(*field)) for field in verdict.soft_locks]
    marks += [_mark("mark-unreachable", *sheet.corner(*field)) for field in verdict.unreachable_items]
    for number, finding in enumerate(verdict.errors, start=1):
        if finding.x is None or finding.y is None:
            continue  # a whole-level error (S26, a missing door): listed, not marked
        x, y = sheet.corner(finding.x, finding.y)
        marks += [_mark("mark-error", x, y), number_badge(number, x + _F - 2.6, y + 2.6)]
    return marks


def overlay_sheet(columns: int, rows: int) -> tuple[Sheet, float]:
    """The sheet the overlay is laid out on and the scale it is printed at: 1 within S2;
    a map beyond S2 is laid out on a page 1/scale times A4 and shrunk onto A4, so that its
    errors can still be seen (it is then no map to play on)."""
    if fits_paper(columns, rows):
        return Sheet.centred(columns, rows), 1.0
    page = A4_LANDSCAPE if columns > rows else A4_PORTRAIT
    across, down = (MAX_LONG_SIDE, MAX_SHORT_SIDE) if columns > rows else (MAX_SHORT_SIDE, MAX_LONG_SIDE)
    factor = min(across / columns, down / rows)
    virtual = PageSize(page.width / factor, page.height / factor)
    return Sheet(columns, rows, virtual, (virtual.width - columns * _F) / 2, (virtual.height - rows * _F) / 2), factor


def _scaled_page(sheet: Sheet, factor: float, items: Sequence[Item]) -> Page:
    if factor == 1.0:
        return Page(*sheet.page, tuple(items))
    return Page(sheet.page.width * factor, sheet.page.height * factor, (Group(tuple(items), scale(factor)),))


def overlay_document(level: Level, verdict: Verdict, title: str = "") -> Document:
    """The map with `verdict` drawn on it; more pages when the findings do not fit below it.

    `level` may be a sketch of a broken grid (sketch_rows) and larger than S2 allows: it is
    then drawn shrunk, without the calibration bar, and says so."""
    sheet, factor = overlay_sheet(level.width, level.height)
    name = level.name or title
    shading = [_mark("mark-reachable", *sheet.corner(*field)) for field in sorted(verdict.reachable)]
    scaled = f"shrunk to {factor:.0%}, not to scale (S2) · " if factor != 1.0 else ""
    header = sheet.header(name, f"{scaled}{level_details(level)} · {verdict_line(verdict)}")
    area = sheet.footer_area(FOOTER_WIDTH)
    x, _, width, _ = area
    if factor == 1.0:
        bar = calibration_block()
        legend = rows_block(legend_blocks(verdict), width - bar.width - bar.space)
        blocks = [bar, legend, *finding_blocks(verdict, width)]
    else:  # a shrunk page has no calibration bar: it would not measure 50 mm
        note = _paragraph_block(f"Shrunk to {factor:.0%} to show the whole map: at most {MAX_SHORT_SIDE} x"
                                f" {MAX_LONG_SIDE} fields fit one A4 sheet at 15 mm a field (S2).", width, bold=True)
        blocks = [note, rows_block(legend_blocks(verdict), width), *finding_blocks(verdict, width)]
    footer, rest = flow(blocks, area, sheet.room_above(area))
    first = _scaled_page(sheet, factor, (
        *map_layers(level, sheet, shading), *mark_items(sheet, verdict), *route_items(sheet, verdict.route), header, footer,
    ))
    pages = [first]
    # further pages carry the list from the top, under a title line of the list's width
    baseline = SAFE_MARGIN + 2.0 + ascent(TITLE_SIZE, True)
    area = (x, baseline + 4.0, width, sheet.page.height - SAFE_MARGIN - baseline - 4.0)
    while rest:
        placed, after = flow(rest, area)
        if len(after) == len(rest):
            raise ValueError("a finding is too long for a whole page")
        continued = title_line(x, x + width, baseline, f"{name} (continued)", f"page {len(pages) + 1}")
        pages.append(_scaled_page(sheet, factor, (continued, placed)))
        rest = after
    return Document(pages, (*tile_symbols(), *_mark_symbols()), title=f"Sinpin: {name} (checked)",
                    author=level.author, subject="Sinpin map with validator overlay")
