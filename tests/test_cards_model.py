"""The deck model: a deck made ready for one level's game (`for_level`): its knobs filled in
and exactly the box cards the level's box holds after set-up (S29, S34 (b))."""

from __future__ import annotations

from printkit.bundled import template_path
from printkit.cards.loader import load_deck
from printkit.cards.model import Card, Deck, for_level
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules

ROOM = ("#" * 32, "#A" + "." * 28 + "Z#", "#" * 32)  # room for all set-up places (28 vacant fields)


def _printed(deck: Deck) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in deck.cards:
        if card.item is not None:
            counts[card.item] = counts.get(card.item, 0) + card.count
    return counts


def test_the_bundled_deck_prints_the_box_after_set_up() -> None:
    deck = load_deck(str(template_path("sinpin-deck.yaml")))
    full = for_level(deck, Level(ROOM, rules=Rules(setup_gems=0, setup_webs=0, box_hearts=7)))
    assert _printed(full) == {"gem": 16, "heart": 7, "web": 8, "chest": 1, "ghost": 2}
    level = Level(ROOM, rules=Rules(max_health=5))  # set-up fills the map with 16 gems and 8 webs
    ready = for_level(deck, level)
    assert _printed(ready) == {"heart": 4, "chest": 1, "ghost": 2} == {k: n for k, n in level.box_after_setup.items() if n}
    assert all(card.item not in ("gem", "web") for card in ready.cards)  # a card printed 0 times is left out
    assert any("up to 5" in card.text for card in ready.cards)  # the level's knobs filled in
    assert sum(card.count for card in ready.cards if card.value is not None) == 24  # movement cards untouched


def test_cards_of_one_item_share_its_count_in_order_and_the_last_takes_the_rest() -> None:
    """A deck of its own may draw one item on several faces: the box's count is spread over
    them, each at most its own count, the last one the rest (hearts beyond the deck's too)."""
    cards = (Card("Big gem", "box", item="gem", count=4), Card("Gem", "box", item="gem", count=20),
             Card("Heart", "box", item="heart", count=1), Card("Fox", "fox", value=1, count=3))
    deck = Deck("Own", (63.0, 88.0), {}, cards)
    ready = for_level(deck, Level(ROOM, rules=Rules(setup_gems=10, box_hearts=3)))
    assert [(card.title, card.count) for card in ready.cards] == [("Big gem", 4), ("Gem", 2), ("Heart", 3), ("Fox", 3)]
    few = for_level(deck, Level(ROOM, rules=Rules(setup_gems=13, box_hearts=0)))
    assert [(card.title, card.count) for card in few.cards] == [("Big gem", 3), ("Fox", 3)]
