"""Token sheets for a Sinpin level: what players place on the map, at set-up or when a box
card says so, and what they move.

`token_pages(level, players)` lays out, on one A4 page, the tokens the level's game needs:
the gems, webs and question marks S28 places at set-up (until the map, its printed items
included, holds the level's `setup_*` knobs' numbers), the webs and the chest the box's web
and chest cards put on the map during play (S23, S29, S29b; none when no question mark is
ever on the map to draw them, Level.box_drawn), a flat disc pawn per player and
the ghost, exactly 2 × 2 squares (10 × 10 mm, S30), and hearts to keep each player's health
(S25: `max_health` a player, so that health is counted in hand and a caught avatar's hearts
are handed back, as the game's first description had it). The box itself is the deck's box
cards (S29): a gem or heart card drawn is kept (S23), so neither needs a token. Square
tokens touch in rows so that straight cuts separate them; every token fits inside a 15 mm
field (S2). The pages place the map's tile icons, so a Document holding them needs
`tile_symbols()` (`token_document` adds them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.draw.colours import tint
from printkit.cards.model import AVATAR_COLOURS, AVATARS
from printkit.draw import A4_PORTRAIT, Circle, Document, Group, Item, Page, Rect, Style, Text
from printkit.draw.fonts import SMALLEST_PRINTED, ascent, fitted_size, shortened
from printkit.draw.furniture import calibration_bar, paragraph
from printkit.render.cards import emblem_art
from printkit.render.sinpin.icons import tile_symbols
from printkit.sinpin.level import Level
from printkit.sinpin.rules import SQUARE_MM
from printkit.wording import counted

TOKEN_MM = 14.0  # 0.5 mm clear of a 15 mm field's lines on every side
PAWN_MM = 13.0  # disc diameter
GHOST_MM = 2 * SQUARE_MM  # S30: the ghost covers 2 × 2 squares
PER_ROW = 8
MARGIN = 15.0
CUT = Style(stroke="#000000", width=0.25)
ITEM_COLOURS = {"gem": "#0072b2", "web": "#8c8c8c", "question": "#e69f00", "chest": "#8c564b", "heart": "#d62728"}
GHOST_FILL = "#d9d9d9"


@dataclass(frozen=True)
class TokenCounts:
    gems: int  # placed at set-up (S28); a gem drawn from the box is its card, kept
    webs: int  # in all: placed at set-up, and one for each web card the box still holds if it is ever drawn from
    webs_placed: int  # of `webs`, placed at set-up
    questions: int  # placed at set-up (S28)
    chests: int  # the box's chest card, placed when drawn (S23, S29b), if ever (Level.box_drawn)
    pawns: tuple[str, ...]  # the avatars in play, one pawn each
    hearts: int = 0  # health kept in hand: max_health for each player (S22, S25)
    max_health: int = 3
    start_health: int = 3

    def rows(self) -> list[tuple[str, int, str]]:
        """(kind, how many, why) for every kind of square token, in the order printed."""
        return [
            ("gem", self.gems, "placed at set-up"),  # S28
            ("web", self.webs, _web_use(self.webs_placed, self.webs)),  # S28, S23
            ("question", self.questions, "placed at set-up"),
            ("chest", self.chests, _when_drawn("the chest")),  # S29: one chest card; S23
            ("heart", self.hearts, _health_use(self.start_health, self.max_health)),  # S22, S25
        ]


def _health_use(start: int, most: int) -> str:
    # S25 starts each avatar at start_health; S22 heals up to max_health, so each player needs
    # max_health hearts within reach, holding as many as its health
    return f"health: each player holds {start} to start, at most {most}"


def _when_drawn(card: str) -> str:
    return f"placed when {card} card is drawn from the box"  # S23, S29b: on a vacant field


def _web_use(placed: int, total: int) -> str:
    later = _when_drawn("a web")
    if placed == total:
        return "placed at set-up"
    if placed == 0:
        return later
    return f"{placed} placed at set-up, {total - placed} {later}"


def token_counts(level: Level, players: int) -> TokenCounts:
    if not 1 <= players <= len(AVATARS):
        raise ValueError(f"Sinpin has {len(AVATARS)} avatars; {players} players cannot each have one")
    placed = level.setup_placed
    # S29 (S34 (b)): a web card drawn from the box is placed on the map (S23), so each web
    # the box holds after set-up needs a token too; so does its chest. With no question mark
    # on the map or placed at set-up nothing is ever drawn (S23), so none is needed.
    box = level.box_after_setup if level.box_drawn else {"web": 0, "chest": 0}
    rules = level.rules
    return TokenCounts(
        gems=placed["gem"], webs=placed["web"] + box["web"], webs_placed=placed["web"],
        questions=placed["question"], chests=box["chest"], pawns=AVATARS[:players],
        hearts=players * rules.max_health, max_health=rules.max_health, start_health=rules.start_health,
    )


_NAMES = {"gem": ("gem", "gems"), "web": ("web", "webs"), "question": ("question mark", "question marks"),
          "chest": ("chest", "chests"), "heart": ("heart", "hearts")}


def _square_token(kind: str, x: float, y: float, ink_saving: bool) -> Group:
    fill = None if ink_saving else tint(ITEM_COLOURS[kind], 0.75)
    centre = TOKEN_MM / 2
    return Group((
        Rect(x, y, TOKEN_MM, TOKEN_MM, Style(stroke=None, fill=fill)) if fill else Group(()),
        emblem_art(kind, 10.5, x + centre, y + centre, None),
        Rect(x, y, TOKEN_MM, TOKEN_MM, CUT),
    ))


def _pawn(avatar: str, cx: float, cy: float, ink_saving: bool) -> Group:
    colour = AVATAR_COLOURS[avatar]
    background = Style(stroke=None, fill=tint(colour, 0.7)) if not ink_saving else None
    return Group((
        Circle(cx, cy, PAWN_MM / 2, background) if background else Group(()),
        emblem_art(avatar, 10.4, cx, cy + 0.2, None if ink_saving else colour),
        Circle(cx, cy, PAWN_MM / 2, CUT),
    ))


def _ghost(x: float, y: float, ink_saving: bool) -> Group:
    return Group((
        Rect(x, y, GHOST_MM, GHOST_MM, Style(stroke=None, fill=GHOST_FILL)) if not ink_saving else Group(()),
        emblem_art("ghost", 8.4, x + GHOST_MM / 2, y + GHOST_MM / 2, None),
        Rect(x, y, GHOST_MM, GHOST_MM, CUT),
    ))


LABEL_GAP = 3.0  # clear space between a label and the tokens right of it


def _label(x: float, y: float, title: str, detail: str, width: float) -> Group:
    """A row's title and, below it, its detail wrapped to `width` mm, so that a long detail
    ("one per player: fox, goat, mouse, penguin") never runs under the tokens."""
    return Group((
        Text(x, y + ascent(4.0, True), shortened(title, width, 4.0, True), 4.0, bold=True),
        paragraph(x, y + ascent(4.0, True) + 4.6, width, detail, SMALLEST_PRINTED),
    ))


def _headline(text: str, width: float) -> Text:
    size = fitted_size(text, width, 6.0, True, smallest=4.0)
    return Text(MARGIN, MARGIN + ascent(6.0, True), shortened(text, width, size, True), size, bold=True)


def token_pages(level: Level, players: int, *, ink_saving: bool = False) -> tuple[Page, ...]:
    """The tokens for `players` players of `level` (a count the level names in `players`)."""
    if players not in level.players:
        counts = ", ".join(str(count) for count in level.players)
        raise ValueError(f"the level is for {counts} players, not {players}")
    counts = token_counts(level, players)
    width, height = A4_PORTRAIT
    name = level.name or "Sinpin"
    items: list[Item] = [
        _headline(f"{name}: tokens for {counted(players, 'player')}", width - 2 * MARGIN),
        Text(MARGIN, MARGIN + ascent(6.0, True) + 6.0,
             "Cut along the lines. Every token fits one 15 mm field; the ghost covers 2 × 2 squares.", 3.2),
    ]
    grid_x = MARGIN + 48.0
    label_width = grid_x - MARGIN - LABEL_GAP
    y = MARGIN + 20.0
    for kind, count, why in counts.rows():
        if count == 0:
            continue
        singular, plural = _NAMES[kind]
        items.append(_label(MARGIN, y, counted(count, singular, plural), why, label_width))
        for index in range(count):
            row, column = divmod(index, PER_ROW)
            items.append(_square_token(kind, grid_x + column * TOKEN_MM, y + row * TOKEN_MM, ink_saving))
        y += math.ceil(count / PER_ROW) * TOKEN_MM + 6.0
    pawns = counts.pawns
    items.append(_label(MARGIN, y, counted(len(pawns), "pawn"), "one per player: " + ", ".join(pawns), label_width))
    for index, avatar in enumerate(pawns):
        # discs apart, not touching: each is cut round on its own
        items.append(_pawn(avatar, grid_x + PAWN_MM / 2 + index * (PAWN_MM + 4.0), y + PAWN_MM / 2, ink_saving))
    y += PAWN_MM + 6.0
    items.append(_label(MARGIN, y, "1 ghost", "2 × 2 squares", label_width))  # S30
    items.append(_ghost(grid_x, y, ink_saving))
    items.append(calibration_bar(MARGIN, height - MARGIN - 8.0))
    return (Page(width, height, tuple(items)),)


def token_document(level: Level, players: int, *, ink_saving: bool = False) -> Document:
    pages = token_pages(level, players, ink_saving=ink_saving)
    name = level.name or "Sinpin"
    return Document(pages, tile_symbols(), title=f"{name}: tokens", author="printkit",
                    subject=f"Sinpin tokens for {players} players{' (ink saving)' if ink_saving else ''}")
