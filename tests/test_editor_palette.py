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
