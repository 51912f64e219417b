"""Deck files: the Sinpin template's contents, and every problem of a bad deck as FILE:LINE:COL."""

from __future__ import annotations

import re

from collections import Counter
from pathlib import Path

import pytest

from printkit.cards import AVATARS, load_deck
from printkit.cards.loader import MAX_BACKS, MAX_CARD_TEXT_CHARS, MAX_CARDS
from printkit.sinpin.rules import SETUP_LIMITS, Rules
from printkit.sourceproblems import SpecError, UnreadableSource

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "sinpin-deck.yaml"


def _problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "deck.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_deck(str(path))
    return [str(problem).replace(str(path), "deck.yaml") for problem in caught.value.problems]


GOOD = """\
deck: Test
backs:
  plain: {design: plain, title: Test}
cards:
  - {title: One, value: 1}
"""


def test_the_sinpin_deck_has_movement_cards_for_every_avatar() -> None:
    deck = load_deck(str(TEMPLATE))
    assert deck.name == "Sinpin" and deck.size == (63.0, 88.0)
    for avatar in AVATARS:
        movement = [card for card in deck.sheet_order() if card.value is not None and card.emblem == avatar]
        assert sorted(card.value for card in movement) == [1, 2, 3, 4, 5, 6]
        assert {card.back for card in movement} == {avatar}
        assert len({card.colour for card in movement}) == 1
    colours = {card.colour for card in deck.cards if card.value is not None}
    assert len(colours) == len(AVATARS)  # each avatar its own colour


def test_the_box_cards_follow_s29() -> None:
    deck = load_deck(str(TEMPLATE))
    box = Counter(card.item for card in deck.sheet_order() if card.back == "box")
    # the most the box can hold: every gem and web unplaced, the default box hearts
    assert box == {"gem": SETUP_LIMITS["gem"], "web": SETUP_LIMITS["web"], "heart": Rules().box_hearts,
                   "chest": 1, "ghost": 2}
    assert all(card.emblem == card.item for card in deck.cards if card.item)


def test_one_player_aid_per_avatar() -> None:
    deck = load_deck(str(TEMPLATE))
    aids = [card for card in deck.sheet_order() if card.value is None and card.item is None]
    assert sorted(card.emblem for card in aids) == sorted(AVATARS)
    # S5, S14, S16, S23, S24, S25 in words, without their ids (issue 19: ids are for designers)
    for words in ("comes back once all six", "No ground below", "spikes −1 health", "draw from the box",
                  "Ω: bonus gems", "Health 0: pay 3 gems"):
        assert all(words in card.text for card in aids)
    assert not any(re.search(r"\bS\d", card.text) for card in deck.cards)
    assert deck.total == 24 + 31 + 4


def test_value_lists_make_one_card_per_value(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(GOOD.replace("value: 1", "value: [3, 1, 2], count: 2"), encoding="utf-8")
    deck = load_deck(str(path))
    assert [card.value for card in deck.sheet_order()] == [3, 3, 1, 1, 2, 2]
    assert all(card.back == "plain" for card in deck.cards)  # the first back is the default


def test_unknown_key_negative_count_and_missing_title_are_all_reported(tmp_path: Path) -> None:
    text = """\
deck: Test
backs:
  plain: {design: plain}
cards:
  - {title: One, value: 1, colour: red, shape: round}
  - {title: Two, count: -1}
  - {value: 3}
"""
    assert _problems(tmp_path, text) == [
        "deck.yaml:5:41: format: unknown key 'shape' in card 1 (known keys: back, colour, count, emblem, item, text, title, value)",
        "deck.yaml:6:25: format: 'count' must be from 0 to 200, not -1",
        "deck.yaml:7:5: format: card 3 has no 'title'",
    ]


@pytest.mark.parametrize(("card", "at", "message"), [
    ("{title: A, value: 1, item: gem}", "gem", "a card has a 'value' (a movement card) or an 'item' (a box card), not both"),
    ("{title: A, back: missing}", "missing", "no back design 'missing' in 'backs' (backs: plain)"),
    ("{title: A, colour: chartreuse-ish}", "chartreuse", "'colour' must be #rrggbb, #rgb or a name (black, "),
    ("{title: A, emblem: dragon}", "dragon",
     "'emblem' must be one of fox, goat, mouse, penguin, gem, heart, web, chest, ghost, question, not 'dragon'"),
    ("{title: A, value: [1, 100]}", "100", "'value' must be from 0 to 99, not 100"),
    ("{title: A, value: two}", "two", "'value' must be a whole number or a list of them, not text"),
    ('{title: "A \\u4E2D"}', '"A', "'title' has characters the card font (DejaVu Sans) cannot print: U+4E2D"),
    ('{title: A, text: "\\u05E9\\u05DC"}', '"\\u05E9', "'text' has Hebrew text, written right to left (U+05E9, U+05DC):"
     " printkit prints left-to-right text only"),
    ("{title: '  '}", "'  '", "'title' must not be blank"),
])
def test_card_problems_point_at_the_value(tmp_path: Path, card: str, at: str, message: str) -> None:
    line = f"  - {card}"
    problems = _problems(tmp_path, f"deck: T\nbacks: {{plain: {{design: plain}}}}\ncards:\n{line}\n")
    assert len(problems) == 1
    assert problems[0].startswith(f"deck.yaml:4:{line.index(at) + 1}: format: {message}")


def test_deck_level_problems(tmp_path: Path) -> None:
    assert _problems(tmp_path, "deck: T\nsize: huge\nbacks: {}\ncards: []\nextra: 1\n") == [
        "deck.yaml:2:7: format: 'size' must be poker (63 × 88), bridge (56 × 87), tarot (70 × 120), mini-euro (44 × 68),"
        " mini-american (41 × 63) or WxH in mm (each side 30-140 mm), not 'huge'",
        "deck.yaml:3:8: format: 'backs' must name at least one back design",
        "deck.yaml:4:8: format: 'cards' is empty: list at least one card",
        "deck.yaml:5:1: format: unknown key 'extra' in a deck file (known keys: backs, cards, deck, size)",
    ]
    assert _problems(tmp_path, "") == ["deck.yaml:1:1: format: the file is empty: a deck needs 'deck', 'backs' and 'cards'"]
    assert _problems(tmp_path, GOOD.replace("value: 1", "value: 1, count: 0")) == [
        "deck.yaml:5:3: format: the deck has no card to print (every 'count' is 0)"]


def test_custom_sizes(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(GOOD.replace("backs:", "size: 70x70\nbacks:"), encoding="utf-8")
    assert load_deck(str(path)).size == (70.0, 70.0)


def test_unreadable_deck(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("deck: [unclosed\n", encoding="utf-8")
    with pytest.raises(UnreadableSource):
        load_deck(str(path))


def test_a_misspelled_placeholder_is_a_located_error(tmp_path):
    # Issue 12 item 14: {blade_pointz} printed as typed.
    from printkit.cards.loader import load_deck
    from printkit.sourceproblems import SpecError

    path = tmp_path / "deck.yaml"
    path.write_text('deck: X\nbacks:\n  b: {title: B}\ncards:\n  - {title: A, text: "under {blade_pointz} points {blades}"}\n',
                    encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_deck(str(path))
    (problem,) = caught.value.problems
    assert (problem.line, problem.column) == (5, 22)
    assert problem.message.startswith("unknown placeholder {blade_pointz} in 'text' (placeholders: {blade_points},")


def test_placeholders_fill_in_worded_for_every_blade_points():
    import dataclasses

    from printkit.cards.model import PLACEHOLDER, fill_knobs
    from printkit.sinpin.rules import Rules
    from printkit.bundled import template_path
    from printkit.cards.loader import load_deck

    deck = load_deck(str(template_path("sinpin-deck.yaml")))
    for points in range(0, 7):
        texts = " ".join(card.text for card in fill_knobs(deck, Rules(blade_points=points)).cards)
        assert not PLACEHOLDER.search(texts)
        assert "under 0" not in texts and "under 1 " not in texts
    assert "blades harmless;" in " ".join(c.text for c in fill_knobs(deck, Rules(blade_points=0)).cards)
    assert "blades −1 health if under 3 points are left;" in " ".join(c.text for c in fill_knobs(deck, Rules()).cards)
    assert dataclasses.fields(Rules)  # every knob is a placeholder too


@pytest.mark.parametrize("cards, at", [
    ("  - &gem {title: Gem, item: gem, count: 200}\n" + "  - *gem\n" * 5, "deck.yaml:5:5"),  # 1,200 printed
    ("  - {title: Fox, count: 200, value: [1, 2, 3, 4, 5, 6]}\n", "deck.yaml:5:5"),  # 6 values x 200
    ("  - &none {title: Gem, count: 0}\n" + "  - *none\n" * 1000, "deck.yaml:5:5"),  # 1,001 faces, none printed
])
def test_a_deck_of_more_than_max_cards_stops_at_the_card_past_the_limit(tmp_path: Path, cards: str, at: str) -> None:
    problems = _problems(tmp_path, GOOD.replace("  - {title: One, value: 1}\n", cards))
    assert len(problems) == 1 and problems[0].startswith(f"{at}: format: with card ")
    assert f"more than {MAX_CARDS:,} cards" in problems[0]


def test_the_limits_are_reached_exactly(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(GOOD.replace("value: 1}", f"count: 200, text: {'x' * MAX_CARD_TEXT_CHARS}}}") + "  - {title: Gem, count: 200}\n" * 4)
    deck = load_deck(str(path))
    assert deck.total == MAX_CARDS and len(deck.cards[0].text) == MAX_CARD_TEXT_CHARS


@pytest.mark.parametrize("text, at, message", [
    ('deck: "A\\nB"\nbacks: {b: {title: B}}\ncards: [{title: T}]\n', "1:7", "'deck' must be one line"),
    ('deck: D\nbacks: {b: {title: "B\\nC"}}\ncards: [{title: T}]\n', "2:20", "'title' must be one line"),
    ('deck: D\nbacks: {b: {title: B}}\ncards: [{title: "T\\nU"}]\n', "3:17", "'title' must be one line"),
    (f"deck: D\nbacks: {{b: {{title: {'B' * 201}}}}}\ncards: [{{title: T}}]\n", "2:20", "'title' is 201 characters long; printkit takes at most 200"),
    (f"deck: D\nbacks: {{b: {{title: B}}}}\ncards: [{{title: T, text: {'t' * 2001}}}]\n", "3:26", "'text' is 2,001 characters long; printkit takes at most 2,000"),
    ("deck: D\nx: &b {title: B}\nbacks: {" + ", ".join(f"b{i}: *b" for i in range(101)) + "}\ncards: [{title: T}]\n", "3:8",
     f"'backs' names 101 back designs; a deck has at most {MAX_BACKS}"),
])
def test_titles_are_one_line_and_texts_and_backs_are_bounded(tmp_path: Path, text: str, at: str, message: str) -> None:
    problems = [p for p in _problems(tmp_path, text) if "unknown key 'x'" not in p]
    assert problems == [f"deck.yaml:{at}: format: {message}" + ("" if "one line" not in message else
                                                               ": it is printed on one line, and this one has a line break")]


def test_a_text_keeps_its_line_breaks_as_paragraphs(tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(GOOD.replace("value: 1}", 'item: gem, text: "One.\\nTwo."}'))
    assert load_deck(str(path)).cards[0].text == "One.\nTwo."
