"""`printkit render --overlay`: the validator's verdict drawn on the map.

Reachable rest positions are shaded, soft-locks crossed, unreachable items ringed, errors
framed and numbered, and one shortest route from α to Ω drawn turn by turn with the card
played. When no move reaches Ω (S26) every rest position is a soft-lock: then none is
crossed (crosses on the door and all around it say nothing the shading does not); the
shading shows where the avatar can get, and the one nearest Ω is bracketed, named and tied
to Ω by a dashed line. Findings are listed below the map, two or more soft-locks as one line
with a count; what does not fit there continues on further pages. Marks differ in shape,
not only in colour, so a black-and-white print still tells them apart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.draw import (
    A4_LANDSCAPE, A4_PORTRAIT, Circle, Document, Group, Item, Line, Page, PageSize, Polygon, Polyline, Rect, Style,
    Symbol, Text, Use, scale, translate,
)
from printkit.draw.fonts import ascent, text_width, wrap
from printkit.render.sinpin.icons import tile_symbols
from printkit.render.sinpin.map_page import level_details, map_layers
from printkit.render.sinpin.reach_marks import brackets, nearest_items
from printkit.render.sinpin.sheet import (
    SAFE_MARGIN, TITLE_SIZE, Block, Sheet, calibration_block, flow, rows_block, title_line,
)
from printkit.sinpin.level import Level, Position, fits_paper
from printkit.sinpin.rules import FIELD_MM, MAX_LONG_SIDE, MAX_SHORT_SIDE
from printkit.sinpin.tiles import field_name
from printkit.sinpin.moves.validator import SOFT_LOCK, RouteStep, Verdict, soft_lock_summary

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
        Symbol("mark-nearest", tuple(brackets(MARK))),
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


def _legend(sample: Item, label: str, size: float = LIST_SIZE) -> Block:
    width = 6.0 + 1.5 + text_width(label, size)

    def draw(x: float, y: float) -> Group:
        return Group((Group((sample,), translate(x, y)),
                      Text(x + 7.5, y + 3.0 + ascent(size) * 0.45, label, size)))
    return Block(width, 6.0, draw)


def _route_sample() -> Group:
    points = [(0.3, 3.0), (5.4, 3.0)]
    return Group((Polyline(points, _ROUTE_CASING), Polyline(points, _ROUTE_LINE), _arrowhead((5.8, 3.0), (0.0, 3.0), 2.2)))


def legend_blocks(verdict: Verdict, size: float = LIST_SIZE) -> list[Block]:
    """An entry for each kind of mark the map shows, and none for marks it does not."""
    blocks = []
    if verdict.reachable:
        blocks.append(_legend(_mark("mark-reachable", 0, 0, 6.0), "reachable rest position", size))
    if crossed(verdict):
        blocks.append(_legend(_mark("mark-soft-lock", 0, 0, 6.0), "soft-lock: the exit is lost from here", size))
    if verdict.reach is not None:
        blocks.append(_legend(_mark("mark-nearest", 0, 0, 6.0), "the rest position nearest Ω", size))
    if verdict.unreachable_items:
        blocks.append(_legend(_mark("mark-unreachable", 0, 0, 6.0), "item no move reaches", size))
    if verdict.route:
        blocks.append(_legend(_route_sample(), "shortest route", size))
        blocks.append(_legend(turn_badge(1, 3, 0, 1.0), "turn 1, card 3 played", size))
    if any(finding.x is not None for finding in verdict.errors):
        blocks.append(_legend(Group((_mark("mark-error", 0, 0, 6.0), number_badge(1, 1.0, 1.0, radius=1.3))),
                              "error at this field", size))
    return blocks


def _paragraph_block(text: str, width: float, badge: int | None = None, bold: bool = False,
                     size: float = LIST_SIZE) -> Block:
    indent = 5.0 if badge is not None else 0.0
    lines = wrap(text, width - indent, size, bold)
    leading = size * 1.3

    def draw(x: float, y: float) -> Group:
        first = y + ascent(size, bold) + 0.2
        items: list[Item] = [
            Text(x + indent, first + index * leading, line, size, bold=bold) for index, line in enumerate(lines) if line
        ]
        if badge is not None:
            items.append(number_badge(badge, x + 1.8, first - ascent(size) * 0.4, radius=1.6))
        return Group(tuple(items))
    return Block(width, leading * len(lines), draw, space=1.2)


def verdict_line(verdict: Verdict) -> str:
    if not verdict.valid:
        count = verdict.error_count
        return f"✗ invalid: {count} error{'s' * (count != 1)}"
    turns = verdict.min_turns
    return f"✓ solvable in {turns} turn{'s' * (turns != 1)}"


def finding_blocks(verdict: Verdict, width: float, size: float = LIST_SIZE) -> list[Block]:
    """The summary, the route as text and every finding, numbered as the error marks are."""
    summary = verdict_line(verdict)
    if verdict.reachable:  # an unsound grid is not searched: no counts to report
        summary += (f" · {verdict.rest_positions} rest positions · {len(verdict.soft_locks)} soft-locks"
                    f" · {len(verdict.unreachable_items)} unreachable items")
    blocks = [_paragraph_block(summary, width, bold=True, size=size)]
    if verdict.route:
        steps = " · ".join(f"{step.turn}: card {step.card} → {'Ω' if step.exited else field_name(*step.end)}"
                           for step in verdict.route)
        blocks.append(_paragraph_block(f"Route: {steps}", width, size=size))
    for number, finding in enumerate(verdict.errors, start=1):
        blocks.append(_paragraph_block(f"{finding.rule}: {finding.message}", width, badge=number, size=size))
    soft_locks = [finding for finding in verdict.warnings if finding.kind == SOFT_LOCK]
    for finding in verdict.warnings:
        if finding.kind == SOFT_LOCK and len(soft_locks) > 1:
            if finding is soft_locks[0]:  # one line with a count where the first was
                summary = soft_lock_summary(len(soft_locks), len(soft_locks) == verdict.rest_positions)
                shown = "" if verdict.reach is not None else ", crossed on the map"
                blocks.append(_paragraph_block(f"warning S27: {summary}{shown}", width, size=size))
            continue
        blocks.append(_paragraph_block(f"warning {finding.rule}: {finding.message}", width, size=size))
    return blocks


def crossed(verdict: Verdict) -> tuple[Position, ...]:
    """The soft-locks crossed on the map: none when no move reaches Ω, as then they are
    every rest position α reaches (the door among them) and the shading shows them."""
    return () if verdict.reach is not None else verdict.soft_locks


def mark_items(sheet: Sheet, verdict: Verdict) -> list[Item]:
    marks: list[Item] = [_mark("mark-soft-lock", *sheet.corner(*field)) for field in crossed(verdict)]
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
    across, down = (MAX_LONG_SIDE, MAX_SHORT_SIDE) if columns > rows else (MAX_SHORT_SIDE, MAX_LONG_SIDE)
    factor = min(across / columns, down / rows)
    return _shrunk_sheet(columns, rows, A4_LANDSCAPE if columns > rows else A4_PORTRAIT, factor), factor


def _shrunk_sheet(columns: int, rows: int, page: PageSize, factor: float) -> Sheet:
    """The map centred on a page 1/factor times `page`, to be drawn shrunk by `factor`."""
    virtual = PageSize(page.width / factor, page.height / factor)
    # its margins grow as it shrinks: SAFE_MARGIN on paper
    return Sheet(columns, rows, virtual, (virtual.width - columns * _F) / 2, (virtual.height - rows * _F) / 2,
                 SAFE_MARGIN / factor)


def _scaled_page(sheet: Sheet, factor: float, items: Sequence[Item]) -> Page:
    if factor == 1.0:
        return Page(*sheet.page, tuple(items))
    return Page(sheet.page.width * factor, sheet.page.height * factor, (Group(tuple(items), scale(factor)),))


# An invalid level is no map to play on (S27a), so rather than a second page its overlay
# may shrink to these scales to keep its findings on its page (text keeps its size).
FIT_SCALES = (0.95, 0.9, 0.85, 0.8, 0.75, 0.7)


@dataclass(frozen=True)
class _Layout:
    sheet: Sheet
    factor: float
    size: float  # the footer's text size before the page is shrunk by `factor`
    area: tuple[float, float, float, float]
    footer: Group
    rest: list[Block]
    scaled: str  # said in the header when shrunk: "shrunk to 90% ... · "


def _layout(verdict: Verdict, sheet: Sheet, factor: float, size: float, scaled: str = "", note: str = "") -> _Layout:
    """The footer under the map: what fits, and the blocks left over; the map moves up,
    still to scale, when that keeps more of the findings on the page."""
    for placed in (sheet, sheet.raised()):
        area = placed.footer_area(FOOTER_WIDTH)
        width = area[2]
        legend = legend_blocks(verdict, size)
        if factor == 1.0:
            bar = calibration_block()
            blocks = [bar, rows_block(legend, width - bar.width - bar.space), *finding_blocks(verdict, width, size)]
        else:  # a shrunk page has no calibration bar: it would not measure 50 mm
            said = [_paragraph_block(note, width, bold=True, size=size)] if note else []
            blocks = [*said, rows_block(legend, width), *finding_blocks(verdict, width, size)]
        footer, rest = flow(blocks, area, placed.room_above(area))
        if not rest or placed == placed.raised():
            break
    return _Layout(placed, factor, size, area, footer, rest, scaled)


def _fitted(level: Level, verdict: Verdict) -> _Layout:
    sheet, factor = overlay_sheet(level.width, level.height)
    if factor != 1.0:
        note = (f"Shrunk to {factor:.0%} to show the whole map: at most {MAX_SHORT_SIDE} x {MAX_LONG_SIDE}"
                f" fields fit one A4 sheet at 15 mm a field (S2).")
        return _layout(verdict, sheet, factor, LIST_SIZE, f"shrunk to {factor:.0%}, not to scale (S2) · ", note)
    layout = _layout(verdict, sheet, 1.0, LIST_SIZE)
    if not layout.rest or verdict.valid:
        return layout
    for shrink in FIT_SCALES:
        smaller = _layout(verdict, _shrunk_sheet(level.width, level.height, sheet.page, shrink), shrink,
                          LIST_SIZE / shrink, f"shrunk to {shrink:.0%} to fit its findings, not to scale · ")
        if not smaller.rest:
            return smaller
    return layout


def overlay_document(level: Level, verdict: Verdict, title: str = "") -> Document:
    """The map with `verdict` drawn on it; more pages when the findings do not fit below it.

    `level` may be a sketch of a broken grid (sketch_rows) and larger than S2 allows: it is
    then drawn shrunk, without the calibration bar, and says so. An invalid level whose
    findings do not fit under its map is shrunk a little (FIT_SCALES) to keep them on
    one page, and says so."""
    name = level.name or title
    layout = _fitted(level, verdict)
    sheet, factor, size = layout.sheet, layout.factor, layout.size
    shading = [_mark("mark-reachable", *sheet.corner(*field)) for field in sorted(verdict.reachable)]
    header = sheet.header(name, f"{layout.scaled}{level_details(level)} · {verdict_line(verdict)}")
    first = _scaled_page(sheet, factor, (
        *map_layers(level, sheet, shading), *mark_items(sheet, verdict), *route_items(sheet, verdict.route),
        *nearest_items(sheet, verdict.reach, lambda x, y: _mark("mark-nearest", x, y), MARK, size), header,
        layout.footer,
    ))
    pages = [first]
    # further pages carry the list from the top, under a title line of the list's width
    x, _, width, _ = layout.area
    rest = layout.rest
    baseline = sheet.margin + 2.0 + ascent(TITLE_SIZE, True)
    area = (x, baseline + 4.0, width, sheet.page.height - sheet.margin - baseline - 4.0)
    while rest:
        placed, after = flow(rest, area)
        if len(after) == len(rest):
            raise ValueError("a finding is too long for a whole page")
        continued = title_line(x, x + width, baseline, f"{name} (continued)", f"page {len(pages) + 1}")
        pages.append(_scaled_page(sheet, factor, (continued, placed)))
        rest = after
    return Document(pages, (*tile_symbols(), *_mark_symbols()), title=f"Sinpin: {name} (checked)",
                    author=level.author, subject="Sinpin map with validator overlay")
