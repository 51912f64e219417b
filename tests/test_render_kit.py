"""The kit's parts and their combination into one duplex-ready document."""

from __future__ import annotations

from dataclasses import replace

import pytest

from printkit.bundled import template_path
from printkit.cards.loader import load_deck
from printkit.draw import Circle, Document, Page, Symbol
from printkit.render.kit import KitPart, combined, deck_for_players, kit_parts
from printkit.sinpin.level import Level
from printkit.sourceproblems import SpecError

LEVEL = Level(("#####", "#A.Z#", "#####"), name="Tiny", players=(2, 3, 4))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deck_keeps_the_seated_avatars_and_the_box(players: int) -> None:
    deck = deck_for_players(load_deck(str(template_path("sinpin-deck.yaml"))), players)
    movement = [card for card in deck.cards if card.value is not None]
    assert len(movement) == 6 * players
    assert {card.back for card in deck.cards} == {"box", *("fox", "goat", "mouse", "penguin")[:players]}
    assert sum(card.count for card in deck.cards if card.item is not None) == 31  # the box (S29)


def test_parts_come_in_print_order_and_only_cards_are_double_sided() -> None:
    parts = kit_parts(LEVEL, 2, load_deck(str(template_path("sinpin-deck.yaml"))))
    assert [(part.name, part.double_sided) for part in parts] == [
        ("map", False), ("rules", False), ("cards", True), ("tokens", False)]
    single = kit_parts(LEVEL, 2, load_deck(str(template_path("sinpin-deck.yaml"))), single_sided=True)
    assert len(single[2].document.pages) * 2 == len(parts[2].document.pages)


def test_combining_shares_symbols_by_name_and_refuses_two_drawings_with_one_name() -> None:
    page = Page(210.0, 297.0, ())
    a = Symbol("mark", ())
    parts = [KitPart("one", Document([page], (a,)), False), KitPart("two", Document([page, page], (a,)), True)]
    document = combined(parts, "x")
    assert len(document.pages) == 4 and document.symbols == (a,)
    assert len(combined(parts, "x", duplex_ready=False).pages) == 3
    clash = KitPart("three", Document([page], (Symbol("mark", (Circle(0.0, 0.0, 1.0),)),)), False)
    with pytest.raises(ValueError, match="mark"):
        combined([*parts, clash], "x")


def test_a_deck_with_no_card_for_the_seated_avatars_is_a_problem_of_the_deck_file() -> None:
    deck = load_deck(str(template_path("sinpin-deck.yaml")))
    penguins = replace(deck, cards=tuple(card for card in deck.cards if card.back == "penguin"), source="penguins.yaml")
    with pytest.raises(SpecError) as caught:
        kit_parts(LEVEL, 2, penguins)
    [problem] = caught.value.problems
    assert problem.file == "penguins.yaml"
    assert "no card of the deck is for 2 players" in problem.message and "penguin" in problem.message and "fox, goat" in problem.message
    assert len(kit_parts(LEVEL, 4, penguins)[2].document.pages) == 2  # with four players the penguin plays


def test_every_page_of_a_family_s_kit_is_8_pt_or_more_without_rule_ids(tmp_path) -> None:
    """Issue 19: the rules sheet, the cards and player aids and the token sheet cited rule
    ids ("(S6, S7)") at 6-7 pt. The whole kit of the largest bundled level, read back."""
    import re

    from drawcheck import MM_PER_PT, pdf_pages
    from printkit.draw import write_document
    from printkit.sinpin.loader import read_level

    level = read_level(str(template_path("sinpin-deck.yaml").parent.parent / "levels" / "07-the-chimney.yaml")).level()
    parts = kit_parts(level, 4, load_deck(str(template_path("sinpin-deck.yaml"))))
    (path,) = write_document(combined(parts, "kit"), tmp_path / "kit.pdf")
    for number, page in enumerate(pdf_pages(path), start=1):
        sizes = [char.size / MM_PER_PT for char in page.chars]
        assert not sizes or min(sizes) >= 8.0 - 1e-9, (number, min(sizes))
        text = ""  # the page's text, a space where one string of text ends and another begins
        for before, char in zip([None, *page.chars], page.chars):
            apart = before is None or abs(char.x - before.x1) > 0.3 or abs(char.baseline - before.baseline) > 0.5
            text += (" " if apart else "") + char.text
        assert not re.search(r"\bS\d{1,2}\b", text), (number, re.search(r".{20}\bS\d{1,2}\b.{10}", text))
