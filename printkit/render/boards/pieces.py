"""The pieces pages: Sinoda capture discs and paper d4s, YINSH rings and duplex markers,
painted from printkit.boards.pieces. Solid lines are cut, dashed lines are folded."""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.boards import pieces as model
from printkit.boards.d4 import Face, Net
from printkit.boards.layout import Page as Paper
from printkit.boards.pieces import Disc, PlayerNet, SinodaPieces, YinshPieces
from printkit.boards.spec import BoardSpec, Player
from printkit.draw import Circle, Command, Group, Item, Page, Path, Polygon, Style, Text, fonts, translate
from printkit.draw.furniture import paragraph
from printkit.render.boards import paint
from printkit.draw.colours import BLACK, WHITE, pattern_ink, text_on, tint
from printkit.render.boards.paint import CUT, FOLD, INK, XY, Keepout

TAB_FILL = "#e4e0d8"
DISC_BAND_MM = 4.0  # the patterned rim of a capture disc
NUMBER_SIZE = 0.24  # of the die edge
NUMBER_REACH = 0.30  # of the die edge: from a face's corner to its number's centre
MOTIF_RADIUS = 0.1  # of the die edge: the player's pattern in the middle of each face
FACE_INSET_MM = 1.2  # ink saving: the face's colour as a frame this far inside its edges
MARK_RADIUS_MM = 2.0

SINODA_HOWTO = (
    "Cut along the solid lines, fold along the dashed ones, glue each grey tab under its"
    " neighbouring face. A die's value is the number at its top vertex; start with 1 on top."
    " Captured dice go on your capture disc: your score is the sum of their top numbers."
)
YINSH_HOWTO = (
    "Print this page and the next double-sided, turning over the {edge} edge, at actual size."
    " Cut each ring along both circles and each marker along its outline (glued on card first,"
    " they last longer). Markers are {front} on one side and {back} on the other."
)


def _numbered(title: str, number: int, sheets: int) -> str:
    """"Sinoda pieces (1/2)" when the pieces take more than one sheet."""
    return f"{title} ({number}/{sheets})" if sheets > 1 else title


# -- Sinoda -------------------------------------------------------------------------------
def sinoda_pages(spec: BoardSpec, found: SinodaPieces) -> list[Page]:
    pages = []
    for number, sheet in enumerate(found.sheets, start=1):
        items = _header(found.page, _numbered("Sinoda pieces", number, len(found.sheets)), SINODA_HOWTO)
        for item in sheet.items:
            if isinstance(item, Disc):
                items.append(_capture_disc(item, spec.players[item.player - 1], spec.ink_saving))
            elif isinstance(item, PlayerNet):
                items.append(_net(item.net, spec.players[item.player - 1], spec.ink_saving))
        items.append(paint.Furniture(found.page, []).calibration())
        pages.append(_page(found.page, items))
    return pages


def _capture_disc(disc: Disc, player: Player, ink_saving: bool) -> Group:
    centre, radius = disc.centre, disc.radius
    inner = radius - DISC_BAND_MM
    items: list[Item] = []
    if not ink_saving:
        band = tint(player.colour, 0.45)
        items.append(paint.annulus(centre, radius, inner, Style(stroke=None, fill=band)))
    ring = _ring_outline(centre, radius, inner)
    items.append(paint.pattern(player.pattern, ring, pattern_ink(player.colour), 1.6, 0.3))
    items += [
        Circle(*centre, inner, Style(stroke=pattern_ink(player.colour), width=0.4)),
        Circle(*centre, radius, CUT),
        paint.centred_text((centre[0], centre[1] - 0.12 * radius), str(player.number), 0.55 * radius, fill=pattern_ink(player.colour), bold=True),
        paint.centred_text((centre[0], centre[1] + 0.42 * radius), "captures", 0.14 * radius),
    ]
    return Group(tuple(items))


def _ring_outline(centre: XY, outer: float, inner: float) -> list[XY]:
    """An annulus as one polygon (outer circle, then inner circle backwards, joined by a
    seam) so patterns that fill polygons can fill it."""
    outside = paint.circle_points(centre, outer, 72)
    inside = paint.circle_points(centre, inner, 72)
    return [*outside, outside[0], inside[0], *inside[::-1]]


def _net(net: Net, player: Player, ink_saving: bool) -> Group:
    edge = net.edge
    items: list[Item] = []
    face_fill = None if ink_saving else player.colour
    if not ink_saving:
        items += [Polygon(tab, Style(stroke=None, fill=TAB_FILL)) for tab in net.tabs]
    for face in net.faces:
        if face_fill:
            items.append(Polygon(face.corners, Style(stroke=None, fill=face_fill)))
        else:
            items.append(Polygon(_inset(face, FACE_INSET_MM), Style(stroke=player.colour, width=0.8, join="round")))
        items += _face_marks(face, edge, player, INK if ink_saving else text_on(player.colour))
    folds: list[Command] = []
    for a, b in net.folds:
        folds += [("M", *a), ("L", *b)]
    items.append(Path(tuple(folds), FOLD))
    items.append(Polygon(net.outline, Style(stroke=CUT.stroke, width=CUT.width, join="round")))
    return Group(tuple(items))


def _face_marks(face: Face, edge: float, player: Player, ink: str) -> list[Item]:
    """The three numbers, each standing with its top towards its corner (so the value
    reads at the top vertex), and the player's pattern in the middle."""
    g = face.centroid
    items: list[Item] = []
    motif = paint.circle_points(g, MOTIF_RADIUS * edge, 36)
    items.append(Polygon(motif, Style(stroke=ink, width=0.25, fill=WHITE)))
    items.append(paint.pattern(player.pattern, motif, INK, 0.9, 0.22))
    for corner, number in zip(face.corners, face.numbers):
        reach = NUMBER_REACH * edge / math.dist(corner, g)
        at = (corner[0] + (g[0] - corner[0]) * reach, corner[1] + (g[1] - corner[1]) * reach)
        items.append(paint.centred_text(at, str(number), NUMBER_SIZE * edge, fill=ink, bold=True, rotate=paint.facing(at, corner)))
    return items


def _inset(face: Face, distance: float) -> list[XY]:
    # An equilateral triangle shrinks about its centroid: the inradius loses `distance`.
    g = face.centroid
    inradius = math.dist(face.corners[0], g) / 2
    k = (inradius - distance) / inradius
    return [(g[0] + (c[0] - g[0]) * k, g[1] + (c[1] - g[1]) * k) for c in face.corners]


# -- YINSH --------------------------------------------------------------------------------
def yinsh_pages(spec: BoardSpec, found: YinshPieces) -> list[Page]:
    """Each sheet's front, then its back: the order a duplex printer prints them in."""
    front_colour, back_colour = (player.colour for player in spec.players)
    names = {WHITE: "white", BLACK: "black"}
    howto = YINSH_HOWTO.format(
        edge=found.duplex,
        front=names.get(front_colour, "player 1's colour"),
        back=names.get(back_colour, "player 2's colour"),
    )
    marks = found.registration()
    width, _ = found.page.size
    pages = []
    for number, sheet in enumerate(found.sheets, start=1):
        front = _header(found.page, _numbered("YINSH pieces", number, len(found.sheets)), howto)
        for disc in sheet.items:
            if isinstance(disc, Disc):
                colour = front_colour if disc.player == 0 else spec.players[disc.player - 1].colour
                front.append(paint.annulus(disc.centre, disc.radius, disc.hole, Style(stroke=CUT.stroke, width=CUT.width, fill=colour)))
        front += [_registration_mark(at) for at in marks]
        furniture = paint.Furniture(found.page, [Keepout(at, 2 * MARK_RADIUS_MM) for at in marks])
        front.append(furniture.calibration())
        pages.append(_page(found.page, front))

        back: list[Item] = []
        for disc in found.backs(sheet):
            colour = back_colour if disc.player == 0 else spec.players[disc.player - 1].colour
            if colour != WHITE:  # a white back is the paper itself
                back.append(paint.annulus(disc.centre, disc.radius, disc.hole, Style(stroke=None, fill=colour)))
        back += [_registration_mark(model.mirror(at, found.page, found.duplex)) for at in marks]
        note = f"{_numbered('YINSH pieces', number, len(found.sheets))}, backs: print double-sided, turning over the {found.duplex} edge"
        back.append(Text(width / 2, found.page.margin_mm + 4.0, note, 3.0, fill=INK, anchor="middle"))
        pages.append(_page(found.page, back))
    return pages


def _registration_mark(at: XY) -> Group:
    """A circle and cross: held against the light, front and back marks should coincide."""
    x, y = at
    reach = 2 * MARK_RADIUS_MM
    style = Style(stroke=INK, width=0.2)
    return Group((
        Circle(x, y, MARK_RADIUS_MM, style),
        Path((("M", x - reach, y), ("L", x + reach, y), ("M", x, y - reach), ("L", x, y + reach)), style),
    ))


# -- shared -------------------------------------------------------------------------------
def _page(paper: Paper, items: Sequence[Item]) -> Page:
    width, height = paper.size
    return Page(width, height, tuple(items))


def _header(paper: Paper, title: str, howto: str) -> list[Item]:
    """Title and instructions in the header band that printkit.boards.pieces keeps free."""
    margin = paper.margin_mm
    width, _ = paper.size
    title_size = 6.0
    # Narrower than the page, to keep clear of the registration mark in the top-right corner.
    measure = width - 2 * margin - 3 * (model.REGISTRATION_INSET_MM + MARK_RADIUS_MM)
    block = paint.lines_block([(title, title_size, True)])
    return [
        Group(block.items, translate(margin, margin)),
        paragraph(margin, margin + title_size * paint.CAP_HEIGHT + 4.5, measure, howto, fonts.SMALLEST_PRINTED, fill=INK),
    ]
