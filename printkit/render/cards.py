"""Card sheets: a deck laid out 9-up on A4, each front page followed by its duplex back page.

`deck_document(deck, options)` returns the whole deck as a draw-layer Document (the `cards`
command writes it; the kit will merge its pages). Every distinct face and back is drawn once
as a Symbol and placed per copy (printing.md: forms make big decks fast and small). Art that
depends on where a card sits - the bleed beyond the block's outer cuts - is drawn per slot.

Faces are designed for black-and-white printers: black text and outlines on white or on a
light tint of the card's colour; colour only ever adds, it never carries meaning alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.cards.emblems import emblem
from printkit.draw.colours import tint
from printkit.cards.model import Back, Card, Deck
from printkit.cards.sheet import SheetLayout, SheetOptions, layout_sheet
from printkit.draw import Circle, Document, Group, Item, Page, Path, Rect, Style, Symbol, Text, Use, rotate, translate
from printkit.draw import fonts
from printkit.draw.furniture import crop_marks, hatch, paragraph
from printkit.render.sinpin.icons import icon, tile_symbols
from printkit.sinpin.tiles import Tile
from printkit.wording import counted
from printkit.sourceproblems import SourceProblem, SpecError
from printkit.quote import excerpt

INK = "#000000"
WHITE = "#ffffff"
CUT_GUIDE = Style(stroke="#a0a0a0", width=0.1)  # where scissors go when there is no bleed
POKER_WIDTH = 63.0  # the card every length below is designed for; others scale

# Map icons fill about this share of their 15 mm field box; scaled up to match the emblems.
_ICON_FILL = 0.72
_ICON_TILES = {"gem": Tile.GEM, "heart": Tile.HEART, "web": Tile.WEB, "chest": Tile.CHEST, "question": Tile.QUESTION}


def emblem_art(name: str, size: float, cx: float, cy: float, fill: str | None) -> Item:
    """Any deck emblem centred on (cx, cy) in a `size` mm square: the avatars and the ghost
    from printkit.cards.emblems, the items as the map's own icons (one gem in the project)."""
    if name in _ICON_TILES:
        box = size / _ICON_FILL
        return icon(_ICON_TILES[name], cx - box / 2, cy - box / 2, box)
    return emblem(name, size, fill, cx, cy)


@dataclass(frozen=True)
class _Frame:
    """The zones of one card face, scaled from the poker design by `k`."""

    width: float
    height: float

    @property
    def k(self) -> float:
        return min(self.width / POKER_WIDTH, self.height / 88.0)

    @property
    def safe(self) -> float:
        return 3.5 * self.k  # a cut 2-3 mm off still leaves text whole

    @property
    def header(self) -> float:
        return 14.0 * self.k

    @property
    def footer(self) -> float:
        return 9.0 * self.k

    @property
    def corner(self) -> float:
        return 11.0 * self.k  # the square a corner index sits in


def _smallest(size: float, k: float) -> float:
    """A card's smallest text size: the design's, never under 8 pt (fonts.SMALLEST_PRINTED)
    on a poker card (the kit's) or larger. A smaller card (bridge, mini) is the poker card
    scaled down by `k`, its 8 pt floor too: the player aid's six lines of rules cannot be
    8 pt on a 41 x 63 mm card, and a user who asks for mini cards asks for small print."""
    return max(size, fonts.SMALLEST_PRINTED * min(k, 1.0))


class CardFitError(ValueError):
    """A card's title or text does not fit the card at the smallest readable size."""


# -- faces -------------------------------------------------------------------------------
def _band(x: float, y: float, w: float, h: float, colour: str, stripe_at: float, k: float) -> Group:
    """A tinted band with a stripe of the full colour along one edge (`stripe_at` its top)."""
    return Group((
        Rect(x, y, w, h, Style(stroke=None, fill=tint(colour, 0.62))),
        Rect(x, stripe_at, w, 1.1 * k, Style(stroke=None, fill=colour)),
    ))


def _centred(text: str, cx: float, cy: float, size: float) -> Text:
    # digits and capitals sit on the baseline: half their height below the centre centres them
    return Text(cx, cy + fonts.ascent(size, True) * 0.48, text, size, anchor="middle", bold=True)


def _title_size(text: str, width: float, largest: float, smallest: float) -> float:
    size = largest
    while fonts.text_width(text, size, True) > width:
        size = round(size - 0.1, 2)
        if size < smallest:
            raise CardFitError(f"the title is too long for the card ({fonts.text_width(text, smallest, True):.0f} mm at the smallest size, {width:.0f} mm free)")
    return size


def _corner_index(card: Card, frame: _Frame, show_emblem: bool, size: float) -> Item | None:
    """What a fanned hand shows, centred on the origin and `size` mm tall at most: the value,
    else the item's icon, else the emblem when the face has no big one."""
    if card.value is not None:
        digits = str(card.value)
        return _centred(digits, 0.0, 0.0, size * (1.1 if len(digits) == 1 else 0.85))  # caps are 0.73 em
    name = card.item or (card.emblem if show_emblem else None)
    return emblem_art(name, size, 0.0, 0.0, card.colour) if name else None


def _text_block(text: str, x: float, top: float, width: float, height: float, *, centred: bool,
                largest: float, smallest: float) -> Group:
    """`text` (paragraphs split at newlines) in the largest size that fits the box."""
    paragraphs = [part for part in text.split("\n") if part.strip()]
    leading, gap = 1.22, 0.45  # line pitch and the extra space between paragraphs, in ems
    size = largest
    while True:
        counts = [len(fonts.wrap(part, width, size)) for part in paragraphs]
        needed = size * (leading * sum(counts) + gap * (len(paragraphs) - 1))
        if needed <= height:
            break
        size = round(size - 0.1, 2)
        if size < smallest:
            raise CardFitError(f"the text does not fit the card even at {smallest:.1f} mm ({len(text)} characters)")
    baseline = top + (height - needed) / 2 * centred + fonts.ascent(size)
    anchor_x = x + width / 2 if centred else x
    items: list[Item] = []
    for part, count in zip(paragraphs, counts):
        items.append(paragraph(anchor_x, baseline, width, part, size, leading=leading, anchor="middle" if centred else "start"))
        baseline += size * (leading * count + gap)
    return Group(tuple(items))


def card_face(card: Card, width: float, height: float) -> tuple[Item, ...]:
    """The front of `card` in card space: (0, 0) its top-left cut corner, y down."""
    frame = _Frame(width, height)
    k, safe, header, footer, corner = frame.k, frame.safe, frame.header, frame.footer, frame.corner
    items: list[Item] = [
        _band(0, 0, width, header, card.colour, header - 1.1 * k, k),
        _band(0, height - footer, width, footer, card.colour, height - footer, k),
    ]
    zone_top, zone_bottom = header + 2.0 * k, height - footer - 2.0 * k
    big_emblem = card.emblem is not None and (card.value is not None or _short(card, frame))
    index = _corner_index(card, frame, not big_emblem, 8.5 * k)
    # the footer is lower than the header: its index a size smaller, clear of the cut
    footer_index = _corner_index(card, frame, not big_emblem, footer - 2.6 * k)
    title_left = safe + (corner if index is not None else 0.0)
    title_size = _title_size(card.title, width - 2 * title_left, 6.2 * k, _smallest(2.6 * k, k))
    items.append(_centred(card.title, width / 2, header / 2 - 0.5 * k, title_size))
    if index is not None:
        items.append(Group((index,), translate(safe + corner / 2, header / 2 - 0.5 * k)))
        # the same index upside down in the footer, for a hand held either way round
        items.append(Group((footer_index,), translate(width - safe - corner / 2, height - footer / 2 + 0.3 * k) @ rotate(180.0)))
    if card.value is not None:
        if card.text:
            raise CardFitError("a movement card (with a 'value') has no room for 'text'")
        numeral = (40.0 if card.value < 10 else 30.0) * k
        baseline = zone_top + 1.0 * k + fonts.ascent(numeral, True) * 0.96
        items.append(Text(width / 2, baseline, str(card.value), numeral, anchor="middle", bold=True))
        if card.emblem:
            space = zone_bottom - baseline - 2.0 * k
            items.append(emblem_art(card.emblem, min(space, 0.42 * width), width / 2, baseline + 2.0 * k + space / 2, card.colour))
    elif big_emblem:
        size = min((zone_bottom - zone_top) * (0.52 if card.text else 0.8), 0.62 * width)
        items.append(emblem_art(card.emblem or "", size, width / 2, zone_top + size / 2 + 2.0 * k, card.colour))
        if card.text:
            text_top = zone_top + size + 4.0 * k
            items.append(_text_block(card.text, safe, text_top, width - 2 * safe, zone_bottom - text_top,
                                     centred=True, largest=3.4 * k, smallest=_smallest(2.6 * k, k)))
    elif card.text:
        items.append(_text_block(card.text, safe, zone_top, width - 2 * safe, zone_bottom - zone_top,
                                 centred=False, largest=3.4 * k, smallest=_smallest(1.9 * k, k)))
    return tuple(items)


def _short(card: Card, frame: _Frame) -> bool:
    """Whether the text leaves room for a big emblem above it (item cards), at a good size."""
    if not card.text:
        return True
    room = (frame.height - frame.header - frame.footer - 4.0 * frame.k) * 0.44 - 1.5 * frame.k
    size = _smallest(2.6 * frame.k, frame.k)
    lines = sum(len(fonts.wrap(part, frame.width - 2 * frame.safe, size)) for part in card.text.split("\n") if part.strip())
    return lines * 1.22 * size <= room


# -- backs -------------------------------------------------------------------------------
def card_back(back: Back, width: float, height: float) -> tuple[Item, ...]:
    """The parts of a back that lie inside the card: frame, medallion, emblem, title label."""
    k = _Frame(width, height).k
    cx, cy = width / 2, height * 0.44
    radius = 0.3 * width
    items: list[Item] = []
    if back.design == "plain":
        inset = 5.0 * k  # far from the cut: a duplex shift of 1-2 mm must not show
        items.append(Rect(inset, inset, width - 2 * inset, height - 2 * inset, Style(width=0.5 * k), radius=3.0 * k))
    items.append(Circle(cx, cy, radius, Style(stroke=INK, width=0.8 * k, fill=WHITE)))
    if back.emblem:
        items.append(emblem_art(back.emblem, radius * 1.4, cx, cy, back.colour))
    if back.title:
        size = _title_size(back.title, width - 2 * 8.0 * k, 5.0 * k, _smallest(2.6 * k, k))
        label_w = fonts.text_width(back.title, size, True) + 6.0 * k
        label_h = size * 1.6
        top = cy + radius + 4.0 * k
        items.append(Rect(cx - label_w / 2, top, label_w, label_h, Style(stroke=INK, width=0.5 * k, fill=WHITE), radius=label_h / 2))
        items.append(_centred(back.title, cx, top + label_h / 2, size))
    return tuple(items)


def _back_ground(back: Back, x: float, y: float, w: float, h: float) -> tuple[Item, ...]:
    """The patterned ground of a back, over the card and its outer bleed (page space)."""
    if back.design != "pattern":
        return ()
    # stripes anchored to the page, so they run on across neighbouring cards of the block
    return (
        Rect(x, y, w, h, Style(stroke=None, fill=back.colour)),
        hatch(Rect(x, y, w, h), spacing=3.2, angle=45.0, style=Style(stroke=tint(back.colour, 0.3), width=1.0)),
    )


# -- sheets ------------------------------------------------------------------------------
def _face_symbols(deck: Deck, width: float, height: float) -> tuple[dict[int, Symbol], dict[str, Symbol]]:
    """One Symbol per distinct face and back; every card that does not fit is reported."""
    problems: list[SourceProblem] = []
    faces: dict[int, Symbol] = {}
    backs: dict[str, Symbol] = {}
    for number, card in enumerate(deck.cards):
        try:
            faces[number] = Symbol(f"card-face-{number}", card_face(card, width, height))
        except CardFitError as error:
            problems.append(SourceProblem(deck.source, *card.position, "format", f"card '{excerpt(card.title)}': {error}"))
    for number, back in enumerate(deck.backs.values()):
        try:
            backs[back.name] = Symbol(f"card-back-{number}", card_back(back, width, height))
        except CardFitError as error:
            problems.append(SourceProblem(deck.source, *back.position, "format", f"back '{back.name}': {error}"))
    if problems:
        raise SpecError(problems)
    return faces, backs


def _grown(box: tuple[float, float, float, float], sides: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x, y, w, h = box
    left, top, right, bottom = sides
    return x - left, y - top, w + left + right, h + top + bottom


def _front_page(layout: SheetLayout, slots: list[tuple[Card, Symbol]]) -> Page:
    width, height = layout.card
    frame = _Frame(width, height)
    items: list[Item] = []
    boxes = []
    for slot, (card, face) in enumerate(slots):
        box = layout.front(slot)
        x, y, _, _ = box
        boxes.append(box)
        row, column = divmod(slot, layout.columns)
        left, top, right, bottom = layout.outer_bleed(column, row)
        if left or top or right or bottom:
            # the bands run on past the outer cuts, so a cut a little outside shows no white
            gx, _, gw, _ = _grown(box, (left, 0.0, right, 0.0))
            items.append(Rect(gx, y - top, gw, frame.header + top, Style(stroke=None, fill=tint(card.colour, 0.62))))
            items.append(Rect(gx, y + height - frame.footer, gw, frame.footer + bottom, Style(stroke=None, fill=tint(card.colour, 0.62))))
        items.append(Use(face.name, translate(x, y)))
        if not layout.options.bleed:
            items.append(Rect(*box, CUT_GUIDE))
    lengths = layout.crop_lengths()
    if any(lengths):  # what is left out for want of room, the command says (layout.crop_note)
        items.append(crop_marks(boxes, length=lengths, offset=layout.crop_offset()))
    return Page(layout.paper.width, layout.paper.height, tuple(items))


def _back_page(layout: SheetLayout, slots: list[tuple[Back, Symbol]]) -> Page:
    items: list[Item] = []
    for slot, (back, symbol) in enumerate(slots):
        box = layout.back(slot)
        items.extend(_back_ground(back, *_grown(box, layout.outer_bleed(*layout.back_cell(slot)))))
        items.append(Use(symbol.name, translate(box[0], box[1])))
    return Page(layout.paper.width, layout.paper.height, tuple(items))


def deck_document(deck: Deck, options: SheetOptions = SheetOptions(), size: tuple[float, float] | None = None) -> Document:
    """Every card of `deck` on sheets: front page, then (unless options.backs is False) the
    page of its backs, mirrored for options.duplex. `size` overrides the deck's card size.

    Raises SpecError (a problem per card whose title or text does not fit) and ValueError
    (the card does not fit the paper).
    """
    width, height = size or deck.size
    layout = layout_sheet((width, height), options)
    faces, backs = _face_symbols(deck, width, height)
    numbered = {id(card): number for number, card in enumerate(deck.cards)}
    order = deck.sheet_order()
    pages: list[Page] = []
    for start in range(0, len(order), layout.per_page):
        sheet = order[start:start + layout.per_page]
        pages.append(_front_page(layout, [(card, faces[numbered[id(card)]]) for card in sheet]))
        if options.backs:
            pages.append(_back_page(layout, [(deck.back_of(card), backs[card.back]) for card in sheet]))
    symbols = (*faces.values(), *backs.values(), *tile_symbols())
    return Document(pages, symbols, title=f"{deck.name} cards" if deck.name else "cards", author="printkit",
                    subject=f"{counted(deck.total, 'card')}, {width:g} × {height:g} mm, {layout.per_page} per sheet")


# -- duplex alignment test ------------------------------------------------------------------
LABEL = fonts.SMALLEST_PRINTED  # the rulers' figures


def _cross(cx: float, cy: float, reach: float) -> Group:
    return Group((Path((("M", cx - reach, cy), ("L", cx + reach, cy), ("M", cx, cy - reach), ("L", cx, cy + reach)),
                       Style(width=0.2)),))


def _scale(cx: float, cy: float) -> Group:
    """Two millimetre rulers, ±6 mm: one 10 mm below (cx, cy) that the front cross's vertical
    arm crosses at DX, one 10 mm right of it that the horizontal arm crosses at DY."""
    below, right = cy + 10.0, cx + 10.0
    commands: list[tuple] = [("M", cx - 6.5, below), ("L", cx + 6.5, below), ("M", right, cy - 6.5), ("L", right, cy + 6.5)]
    labels: list[Item] = []
    for step in range(-6, 7):
        tall = 2.0 if step % 5 == 0 else 1.0
        commands += [("M", cx + step, below), ("L", cx + step, below + tall), ("M", right, cy + step), ("L", right + tall, cy + step)]
        if step % 5 == 0:
            labels.append(Text(cx + step, below + 4.6, f"{step:+d}" if step else "0", LABEL, anchor="middle"))
            labels.append(Text(right + 2.8, cy + step + 0.7, f"{step:+d}" if step else "0", LABEL))
    labels.append(Text(cx, below + 8.6, "DX (mm, + right)", LABEL, anchor="middle"))
    labels.append(Text(right + 2.8, cy - 8.0, "DY (+ down)", LABEL))
    return Group((Path(tuple(commands), Style(width=0.12)), *labels))


def alignment_document(card: tuple[float, float], options: SheetOptions = SheetOptions()) -> Document:
    """A sheet to find a printer's back offset (printing.md #1): print it duplex, hold it to
    the light and read where each front cross falls on the back's scale; that reading, right
    and down as seen on the back, is the --back-offset DX,DY to give."""
    layout = layout_sheet(card, options)
    width, height = card
    front: list[Item] = [Text(layout.paper.width / 2, 10.0, "Front: print this sheet duplex as you will print the cards", 3.5, anchor="middle", bold=True)]
    back: list[Item] = [Text(layout.paper.width / 2, 10.0, "Back: read where the front's cross shows through: that is DX,DY", 3.5, anchor="middle", bold=True)]
    boxes = []
    for slot in range(layout.per_page):
        x, y, _, _ = box = layout.front(slot)
        boxes.append(box)
        front += [Rect(*box, CUT_GUIDE), _cross(x + width / 2, y + height / 2, 18.0)]
        bx, by, _, _ = layout.back(slot)
        back.append(_scale(bx + width / 2, by + height / 2))
    if any(layout.crop_lengths()):
        front.append(crop_marks(boxes, length=layout.crop_lengths(), offset=layout.crop_offset()))
    pages = [Page(layout.paper.width, layout.paper.height, tuple(front)), Page(layout.paper.width, layout.paper.height, tuple(back))]
    return Document(pages, title="Duplex alignment test", author="printkit", subject=f"{options.duplex}-edge duplex")
