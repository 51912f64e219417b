"""The one-page rules summary: every part of a turn on one A4 page, in words a family reads
(no rule ids on the page, no text under 8 pt); each section knows the rules it words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from drawcheck import pdf_fonts, pdf_pages

from printkit.draw import bounding_box, write_document
from printkit.render.rules_sheet import rules_document, rules_page
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules


def _level(rules: Rules = Rules()) -> Level:
    """A corridor with room for everything set-up places (28 vacant fields): its box after
    set-up is the knobs' own (16 gems less setup_gems, 8 webs less setup_webs)."""
    return Level(("#" * 32, "#A" + "." * 28 + "Z#", "#" * 32), rules=rules)


def _text(tmp_path: Path, rules: Rules = Rules()) -> str:
    (path,) = write_document(rules_document(_level(rules)), tmp_path / "rules.pdf")
    (page,) = pdf_pages(path)
    assert (page.width_mm, page.height_mm) == (pytest.approx(210, abs=0.01), pytest.approx(297, abs=0.01))
    assert all(font.embedded for font in pdf_fonts(path))
    return page.text


def test_every_section_and_every_rule_a_player_uses_without_ids_on_the_page(tmp_path: Path) -> None:
    """Issue 19: "(S6, S7)" everywhere at 6-7 pt; ids are for designers (validator, overlay,
    docs). The sections still word every rule a player uses, and say which in `cites`."""
    from printkit.render.rules_sheet import _sections

    text = _text(tmp_path)
    for heading in ("Goal", "turn", "Moving", "Special", "Health", "ghost", "scoring"):
        assert heading in text
    assert not re.search(r"\bS\d", text), re.search(r".{20}\bS\d+.{5}", text)
    cites = " ".join(section.cites for section in _sections(_level()))
    cited = {int(number) for number in re.findall(r"S(\d+)", cites)}
    for first, last in re.findall(r"S(\d+)-S(\d+)", cites):
        cited |= set(range(int(first), int(last) + 1))
    # S26-S27a are the validator's, S1-S4 the map's; everything a player does is worded
    assert set(range(5, 26)) | {28, 29, 30, 31, 32, 33} <= cited


def test_no_text_is_smaller_than_8_pt(tmp_path: Path) -> None:
    import pdfplumber

    (path,) = write_document(rules_document(_level()), tmp_path / "rules.pdf")
    with pdfplumber.open(path) as pdf:
        sizes = {round(char["size"], 2) for char in pdf.pages[0].chars}
    assert min(sizes) >= 8.0, sorted(sizes)


def test_the_knobs_are_printed_as_the_level_sets_them(tmp_path: Path) -> None:
    text = _text(tmp_path, Rules(blade_points=4, start_health=5, max_health=6, box_hearts=2, max_rounds=50))
    for phrase in ("fewerthan4points", "with5health", "upto6", "2hearts", "after50rounds"):
        assert phrase in text.replace(" ", "")


def test_the_page_stays_inside_its_margins() -> None:
    page = rules_page(_level())
    x0, y0, x1, y1 = bounding_box(page.items, {symbol.name: symbol for symbol in rules_document(_level()).symbols})
    assert x0 >= 10 and y0 >= 10 and x1 <= 200 and y1 <= 287


def test_a_long_level_name_stays_on_the_page() -> None:
    from printkit.render.sinpin.icons import tile_symbols

    page = rules_page(_level(), title="The Teleport Tangle Deluxe of the Long Winding Caves")
    left, top, right, bottom = bounding_box(page.items, {symbol.name: symbol for symbol in tile_symbols()})
    assert left >= 0 and right <= page.width and bottom <= page.height


def test_the_sheet_says_where_the_full_rules_are(tmp_path: Path) -> None:
    """The corner note names what a reader has: the `printkit rules` command (not a file
    outside the project)."""
    text = re.sub(r"\s+", " ", _text(tmp_path))
    assert "The full rules: printkit rules" in text
    assert "sinpin.md" not in text


# Issue 12 item 7: every generated sentence worded right for every knob value.
MISWORDED = re.compile(r"\b1 (rounds|hearts|points|webs|gems|question marks|turns|cards)\b|fewer than [01] point|"
                       r"under [01] point|\b0 (hearts|webs|gems|question marks)\b|at most 0")


def _all_text(rules: Rules, level: Level | None = None) -> str:
    from printkit.render.rules_sheet import _sections

    sections = _sections(level or _level(rules))
    return " ".join([*(line for s in sections for line in s.lines), *(t for s in sections for _, t in s.fields)])


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from printkit.sinpin.rules import KNOB_RANGES, knob_conflicts  # noqa: E402

every_rules = st.builds(Rules, **{name: st.integers(low, high) for name, (low, high) in KNOB_RANGES.items()}).filter(
    lambda rules: not knob_conflicts(rules))


@given(every_rules)
@settings(max_examples=300)
def test_no_knob_value_gives_a_misworded_sentence(rules: Rules) -> None:
    text = _all_text(rules)
    assert not MISWORDED.search(text), MISWORDED.search(text).group(0)
    assert f"{rules.start_health} health" in text and f"up to {rules.max_health}" in text


def test_the_sheet_follows_the_set_up_knobs_and_edge_values() -> None:
    text = _all_text(Rules(setup_webs=0, setup_gems=5, setup_marks=1, box_hearts=1, max_rounds=1, blade_points=0))
    assert "placing gems, then question marks" in text and "holds 5 gems and 1 question mark in all" in text
    assert "web" not in text.split("its own included.")[0].split("Take turns")[1]  # no webs placed, none named
    assert "11 gems, 8 webs, 1 heart, 1 chest and 2 ghost cards (" in text and "after 1 round;" in text
    assert "Blades: harmless in this level, as blade_points is 0." in text
    assert "Blades: lose 1 health if no point is left." in _all_text(Rules(blade_points=1))
    nothing = _all_text(Rules(setup_webs=0, setup_gems=0, setup_marks=0, box_hearts=0))
    assert "Nothing is placed at set-up" in nothing and "16 gems, 8 webs, 1 chest and 2 ghost cards (" in nothing


def test_the_ghost_paragraph_words_all_of_s30_to_s32(tmp_path: Path) -> None:
    """Review: the sheet left out S32's exception at the door, so read as printed every avatar,
    starting on the door under the ghost (S30), was caught before the first move. Also worded
    now: S30's exact count and the grid's edge, S31's ordinary move still following, S32's
    check where the ghost stops (not each square), for every avatar, with no exit gems."""
    # pdf text joins wrapped lines without a space: compare with no spaces at all
    text = re.sub(r"\s+", "", _text(tmp_path))
    ghost = text.split("TheghostAfteryourmove", 1)[1].split("Endandscoring")[0]
    for phrase in ("except on the door α: the ghost never catches there",  # S32
                   "where it stops, not the squares it passes",  # S32: its end, not each square
                   "every avatar whose field the ghost's 2 × 2 squares overlap is caught",  # S32: not only yours
                   "keeping its gems but getting no exit gems",  # S32
                   "exactly as many squares as your card", "never off the map",  # S30
                   "its move at the end of your turn still follows"):  # S31
        assert re.sub(r"\s+", "", phrase) in ghost, phrase


def test_the_box_is_the_cards_the_kit_prints_after_set_up(tmp_path: Path) -> None:
    """A newcomer's review: the sheet said only "the box holds the gems and webs not on the
    map (of 16 and 8 in all)" while the kit printed all 16 gem and 8 web cards with the Box
    back, so a family shuffling them all played another game. The kit prints the box after
    set-up (S29, S34 (b)); the sheet names it, card by card. The Chimney's holds no gems or
    webs: set-up fills the map with all of them."""
    from printkit.bundled import resolve
    from printkit.sinpin.loader import read_level

    chimney = read_level(resolve("the-chimney", "level")).level()
    (path,) = write_document(rules_document(chimney), tmp_path / "rules.pdf")
    (page,) = pdf_pages(path)
    text = re.sub(r"\s+", "", page.text)  # wrapped lines joined without a space
    assert re.sub(r"\s+", "", "The box is this kit's cards with the Box back, shuffled face down: 4 hearts, 1 chest and 2"
                  " ghost cards (of 16 gems and 8 webs, those not on the map after set-up: no gems or webs).") in text
    some = _all_text(Rules(setup_gems=3, setup_webs=8))
    assert "Box back, shuffled face down: 13 gems, 4 hearts, 1 chest and 2 ghost cards (of 16 gems and 8 webs, those not" \
           " on the map after set-up: no webs)." in some
    # a map too small for the set-up: fewer placed (S28), so more left in the box
    small = Level(("#####", "#A.Z#", "#####"), rules=Rules(setup_gems=3, setup_webs=0))
    assert ": 15 gems, 8 webs, 4 hearts, 1 chest and 2 ghost cards (of 16 gems" in _all_text(small.rules, small)


def test_the_set_up_sentence_says_what_a_map_short_of_vacant_fields_gets() -> None:
    """A review: on a map with one vacant field the sheet said set-up places "until the map
    holds 8 webs, 16 gems and 4 question marks in all" while its box (7 webs) and the token
    sheet (1 web placed) counted what S28 places there: fewer, as no vacant field is left."""
    tiny = Level(("#####", "#A.Z#", "#####"))
    text = _all_text(tiny.rules, tiny)
    assert ("Take turns placing webs, one a turn, each on a vacant open field: 1 web is placed, and then no vacant"
            " field is left for the rest of the 8 webs, 16 gems and 4 question marks the map would hold in all, its own"
            " included.") in text
    assert "until the map holds" not in text and ": 16 gems, 7 webs, 4 hearts" in text
    # room for the webs and two gems: both named, with the counts placed
    ten = Level(("#" * 14, "#A" + "." * 10 + "Z#", "#" * 14))
    assert "placing webs, then gems, one a turn, each on a vacant open field: 8 webs and 2 gems are placed, and then" \
           " no vacant field is left for the rest of the 8 webs, 16 gems and 4 question marks" in _all_text(ten.rules, ten)
    # no vacant field at all: nothing placed
    full = Level(("#####", "#A*Z#", "#####"))
    assert "Nothing is placed at set-up: no vacant field is left for the rest of the 8 webs, 16 gems and 4 question" \
           " marks the map would hold in all, its own included. The map is played as drawn." in _all_text(full.rules, full)
    # room for everything: the knobs' counts, as before
    assert "until the map holds 8 webs, 16 gems and 4 question marks in all, its own included." in _all_text(Rules())


def test_a_box_nothing_draws_from_is_printed_and_said_so() -> None:
    """A review: with no question mark on the map and none placed at set-up (setup_marks 0)
    nothing ever draws from the box (S23, S29). The kit still prints its Box cards (for_level:
    the box after set-up, S34 (b)), so the sheet names them and says nothing draws them; a
    level whose map or set-up has a question mark says no such thing."""
    from printkit.bundled import template_path
    from printkit.cards.loader import load_deck
    from printkit.cards.model import for_level

    rules = Rules(setup_gems=3, setup_webs=2, setup_marks=0)
    text = _all_text(rules)
    assert "13 gems, 6 webs, 4 hearts, 1 chest and 2 ghost cards (" in text
    assert "none is on this map or placed at set-up: on this level the box is never drawn from." in text
    deck = for_level(load_deck(str(template_path("sinpin-deck.yaml"))), _level(rules))
    assert sum(card.count for card in deck.cards if card.item == "web") == 6  # printed all the same
    assert "never drawn from" not in _all_text(Rules(setup_marks=1))
    marked = Level(("#" * 8, "#A..?.Z#", "#" * 8), rules=rules)
    assert "never drawn from" not in _all_text(rules, marked)
