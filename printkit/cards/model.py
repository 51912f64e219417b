"""The deck model: what a deck file describes, independent of how it is printed.

A deck is a list of card faces, each printed `count` times, and the back designs the faces
refer to. Sizes are millimetres; colours '#rrggbb'.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from printkit.draw.colours import NAMED_COLOURS
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules, blades_short

# Card sizes players buy sleeves for (mm, portrait). Poker is the default (issue: 63 × 88).
SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (56.0, 87.0),
    "tarot": (70.0, 120.0),
    "mini-euro": (44.0, 68.0),
    "mini-american": (41.0, 63.0),
}
DEFAULT_SIZE = "poker"
# A card smaller than this cannot hold a title and an emblem; larger does not fit A4 twice.
SIZE_RANGE_MM = (30.0, 140.0)

# Vector emblems printkit can draw on a card (printkit/cards/emblems.py and the map icons).
AVATARS: tuple[str, ...] = ("fox", "goat", "mouse", "penguin")  # in the order players take them
# Each avatar's colour, the one table the printed cards, tokens and the play page use
# (the page gets it from the editor's palette_json). Okabe-Ito hues: told apart by most
# colour-blind players, as Sinoda's seats are; the deck template names them so.
AVATAR_COLOUR_NAMES: dict[str, str] = {"fox": "vermillion", "goat": "green", "mouse": "magenta", "penguin": "blue"}
AVATAR_COLOURS: dict[str, str] = {avatar: NAMED_COLOURS[name] for avatar, name in AVATAR_COLOUR_NAMES.items()}
ITEMS: tuple[str, ...] = ("gem", "heart", "web", "chest", "ghost")  # what the box holds (S29)
EMBLEMS: tuple[str, ...] = AVATARS + ITEMS + ("question",)

# How a back is drawn: `pattern` fills the card (into the bleed) with diagonal stripes behind
# an emblem medallion, `plain` is a frame with the emblem and title, for ink saving.
BACK_DESIGNS: tuple[str, ...] = ("pattern", "plain")

NEUTRAL = "#6e6e6e"  # cards and backs without a colour of their own

_SIZE_TEXT = re.compile(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*")


def parse_size(text: str) -> tuple[float, float] | None:
    """A named size or 'WxH' in mm (e.g. '70x70'); None when it is neither or out of range."""
    named = SIZES.get(text.strip().lower())
    if named:
        return named
    match = _SIZE_TEXT.fullmatch(text)
    if not match:
        return None
    width, height = float(match.group(1)), float(match.group(2))
    low, high = SIZE_RANGE_MM
    if not (low <= width <= high and low <= height <= high):
        return None
    return width, height


def describe_sizes() -> str:
    return ", ".join(f"{name} ({w:g} × {h:g})" for name, (w, h) in SIZES.items()) + " or WxH in mm"


@dataclass(frozen=True)
class Back:
    """A back design cards refer to by name."""

    name: str
    design: str = "pattern"  # one of BACK_DESIGNS
    title: str = ""
    emblem: str | None = None
    colour: str = NEUTRAL
    position: tuple[int | None, int | None] = field(default=(None, None), compare=False)  # in the deck file


@dataclass(frozen=True)
class Card:
    """One card face. `value` (a movement card's number) and `item` (what a box card gives)
    exclude each other; `emblem` defaults to the item's."""

    title: str
    back: str
    value: int | None = None
    item: str | None = None
    text: str = ""
    emblem: str | None = None
    colour: str = NEUTRAL
    count: int = 1
    position: tuple[int | None, int | None] = field(default=(None, None), compare=False)  # in the deck file

    @property
    def corner(self) -> str | int | None:
        """What the card shows in its corners for a fanned hand: the value or the item."""
        return self.value if self.value is not None else self.item


@dataclass(frozen=True)
class Deck:
    name: str
    size: tuple[float, float]  # width, height in mm
    backs: dict[str, Back]
    cards: tuple[Card, ...]
    source: str = ""  # the file as messages name it

    def sheet_order(self) -> list[Card]:
        """Every physical card in print order: each face `count` times, as listed."""
        return [card for card in self.cards for _ in range(card.count)]

    def back_of(self, card: Card) -> Back:
        return self.backs[card.back]

    @property
    def total(self) -> int:
        return sum(card.count for card in self.cards)


# What a card's text may hold in braces: each rule knob's value, and {blades}, S17 worded for
# the level's blade_points ("−1 health if under 3 points are left", "harmless").
PLACEHOLDERS: tuple[str, ...] = (*(f.name for f in dataclasses.fields(Rules)), "blades")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholder_texts(rules: Rules) -> dict[str, str]:
    """What each of PLACEHOLDERS prints for `rules`."""
    return {**{name: str(value) for name, value in dataclasses.asdict(rules).items()}, "blades": blades_short(rules.blade_points)}


def fill_knobs(deck: Deck, rules: Rules) -> Deck:
    """Every `{knob}` in a card's text replaced by that rule knob's value ("up to {max_health}")."""
    knobs = {f"{{{name}}}": value for name, value in placeholder_texts(rules).items()}

    def filled(text: str) -> str:
        for placeholder, value in knobs.items():
            text = text.replace(placeholder, value)
        return text

    return dataclasses.replace(deck, cards=tuple(dataclasses.replace(card, text=filled(card.text)) for card in deck.cards))


def for_level(deck: Deck, level: Level) -> Deck:
    """The deck for a game of `level`: its rule knobs filled in, and exactly the box cards its
    box holds after set-up (S29, S34 (b): Level.box_after_setup), so that a family shuffles
    every box card it printed. The deck's cards of one item, in order, keep at most their own
    count and the last of them takes the rest (so box_hearts heart cards even beyond the
    deck's count); a card printed 0 times is left out."""
    box = dict(level.box_after_setup)
    cards = fill_knobs(deck, level.rules).cards
    last = {card.item: index for index, card in enumerate(cards) if card.item in box}
    kept = []
    for index, card in enumerate(cards):
        if card.item in box:
            count = box[card.item] if index == last[card.item] else min(card.count, box[card.item])
            box[card.item] -= count
            card = dataclasses.replace(card, count=count)
        if card.count > 0:
            kept.append(card)
    return dataclasses.replace(deck, cards=tuple(kept))
