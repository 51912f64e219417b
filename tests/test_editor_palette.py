"""printkit.editor.palette: the page's tile icons are the printed map's, from the SVG backend."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from printkit.draw.svg import svg_bytes
from printkit.editor.drafts import MAX_SIDE
from printkit.editor.palette import icons_svg, palette_json
from printkit.render.sinpin.map_page import map_document
from printkit.sinpin.level import Level
from printkit.sinpin.rules import KNOB_RANGES
from printkit.sinpin.tiles import Tile

SVG = "{http://www.w3.org/2000/svg}"


def symbol_groups(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    return {g.get("id"): ET.tostring(g, encoding="unicode") for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("sym-")}


def test_every_tile_but_open_cave_has_the_printed_maps_icon() -> None:
    level = Level.from_text("##########\n#A.Z.H^!w#\n#SOOCh*?.#\n##########")
    printed = symbol_groups(svg_bytes(map_document(level).pages[0], map_document(level).symbol_table()).decode())
    page = symbol_groups(icons_svg())
    assert set(page) == {f"sym-tile-{tile.name.lower()}" for tile in Tile if tile is not Tile.OPEN}
    for name, markup in page.items():
        assert markup == printed[name], name


def test_the_glyphs_the_icons_use_are_defined_too() -> None:
    svg = icons_svg()
    used = set(re.findall(r'href="#(glyph-[^"]+)"', svg))
    assert used and all(f'id="{glyph}"' in svg for glyph in used)  # α, Ω and ? are outlines


def test_palette_names_each_symbol_and_every_knob_with_its_range() -> None:
    palette = palette_json()
    symbols = {tile["char"]: tile["symbol"] for tile in palette["tiles"]}
    assert symbols["."] is None and symbols["A"] == "sym-tile-door"
    assert all(f'id="{s}"' in palette["icons"] for s in symbols.values() if s)
    assert {knob["name"]: (knob["low"], knob["high"]) for knob in palette["knobs"]} == KNOB_RANGES
    assert (palette["short_side"], palette["long_side"]) == (12, 18)
    # a name for every column a draft may have, beyond S2's 18 (a wider file opens, its S2 error shown)
    assert palette["columns"][17] == "R" and palette["columns"][19] == "T" and len(palette["columns"]) == MAX_SIDE


def _printed_avatar_colours() -> dict[str, set[str]]:
    """Each avatar's colours on the printed cards and backs of the bundled deck, and on its
    token (printkit.render.tokens draws a pawn in AVATAR_COLOURS)."""
    from printkit.bundled import template_path
    from printkit.cards import load_deck
    from printkit.cards.model import AVATAR_COLOURS

    deck = load_deck(str(template_path("sinpin-deck.yaml")))
    printed: dict[str, set[str]] = {avatar: {colour} for avatar, colour in AVATAR_COLOURS.items()}
    for card in deck.cards:
        if card.emblem in printed:
            printed[card.emblem] |= {card.colour, deck.back_of(card).colour}
    return printed


def test_the_page_gives_each_avatar_the_colour_it_has_on_the_printed_cards_and_tokens() -> None:
    """Review: Fox was red and Mouse blue on the play page, orange and pink on paper; a
    family playing along with the printed kit must see one colour per avatar."""
    from printkit.sinpin.game.state import AVATARS

    printed = _printed_avatar_colours()
    page = palette_json()["avatars"]
    for avatar in AVATARS:  # the names the game's seats carry ("Fox"), the page keys them so
        assert printed[avatar.lower()] == {page[avatar.lower()]["colour"]}, avatar
    assert len({look["colour"] for look in page.values()}) == len(AVATARS)


def _contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two '#rrggbb' colours."""
    def lum(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_an_avatars_letter_reads_on_its_colour() -> None:
    # the letter tells avatars apart without colour (greyscale print, colour-blind players):
    # bold, at least WCAG's 3:1 for large text on its disc
    for avatar, look in palette_json()["avatars"].items():
        assert _contrast(look["colour"], look["ink"]) >= 3.0, avatar
