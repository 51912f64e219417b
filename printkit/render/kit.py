"""The print-and-play kit: map, rules, cards and tokens for one level and player count.

Each part is a Document of its own (one file each); the combined kit is all their pages in
one Document. Laid out for duplex printing (the default), every sheet of the combined file
belongs to one part: pages meant to be printed on one side get a blank back, so card backs
land behind their fronts and tokens are never printed on the back of something else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.cards.model import AVATARS, Deck, for_level
from printkit.cards.sheet import SheetOptions
from printkit.draw import Document, Page, Symbol
from printkit.render.cards import deck_document
from printkit.render.rules_sheet import rules_document
from printkit.render.sinpin.map_page import map_document
from printkit.render.tokens import token_document
from printkit.sinpin.level import Level
from printkit.sourceproblems import SourceProblem, SpecError

PART_NAMES = ("map", "rules", "cards", "tokens")


@dataclass(frozen=True)
class KitPart:
    name: str  # one of PART_NAMES: also the file name of the part
    document: Document
    double_sided: bool  # its pages come in front/back pairs


def deck_for_players(deck: Deck, players: int) -> Deck:
    """The deck without the cards of avatars nobody plays: the first `players` avatars sit."""
    seated = set(AVATARS[:players])
    unseated = set(AVATARS) - seated
    return replace(
        deck,
        cards=tuple(card for card in deck.cards if card.back not in unseated),
        backs={name: back for name, back in deck.backs.items() if name not in unseated},
    )


def _why_no_cards(deck: Deck, players: int) -> str:
    seated = ", ".join(AVATARS[:players])
    if not deck.cards:
        return ("no card of the deck is printed: every 'count' is 0 (box cards: as many as the level's box holds after"
                " set-up)")
    avatars = ", ".join(sorted({card.back for card in deck.cards}))
    return (f"no card of the deck is for {players} players: its cards have the backs of {avatars}, and a card with an"
            f" avatar's back is printed only when that avatar plays ({players} players: {seated})")


def kit_parts(
    level: Level, players: int, deck: Deck, *, duplex: str = "long", single_sided: bool = False, ink_saving: bool = False
) -> list[KitPart]:
    """Every part of the kit, in the order they are printed; SpecError (naming the deck file)
    when no card of the deck is for these players, as a deck of only Penguin cards for two."""
    title = level.name or "Sinpin"
    for_game = for_level(deck, level)  # the level's knobs and its box after set-up, not the defaults
    deck = deck_for_players(for_game, players)
    if not deck.cards:
        raise SpecError([SourceProblem(deck.source or "the deck", None, None, "format", _why_no_cards(for_game, players))])
    cards = deck_document(deck, SheetOptions(duplex=duplex, backs=not single_sided))
    return [
        KitPart("map", map_document(level, title), False),
        KitPart("rules", rules_document(level, title), False),
        KitPart("cards", cards, not single_sided),
        KitPart("tokens", token_document(level, players, ink_saving=ink_saving), False),
    ]


def combined(parts: list[KitPart], title: str, *, duplex_ready: bool = True) -> Document:
    """All parts in one Document; with `duplex_ready`, single-sided pages get a blank back."""
    pages: list[Page] = []
    for part in parts:
        for page in part.document.pages:
            pages.append(page)
            if duplex_ready and not part.double_sided:
                pages.append(Page(page.width, page.height, ()))
    return Document(pages, _merged_symbols(parts), title=f"{title}: print-and-play kit", author="printkit",
                    subject="Sinpin map, rules, cards and tokens")


def _merged_symbols(parts: list[KitPart]) -> tuple[Symbol, ...]:
    """Each part brings the map's tile icons; a Document holds each symbol name once."""
    symbols: dict[str, Symbol] = {}
    for part in parts:
        for symbol in part.document.symbols:
            known = symbols.setdefault(symbol.name, symbol)
            if known != symbol:
                raise ValueError(f"two different drawings are both called '{symbol.name}'")
    return tuple(symbols.values())
