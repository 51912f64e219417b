"""What the page needs to draw a map as the printed one looks: the tile icons (the map's own
Symbols, written by the SVG backend), the column names, the size limits and the knobs."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from printkit.editor.drafts import MAX_SIDE
from printkit.sinpin.rules import FIELD_MM, KNOB_RANGES, MAX_LONG_SIDE, MAX_SHORT_SIDE, SQUARE_MM, Rules
from printkit.sinpin.tiles import Tile, column_name

# The rule each knob comes from, for the form's labels (sinpin.md)
KNOB_RULES = {"blade_points": "S17", "start_health": "S25", "max_health": "S22", "box_hearts": "S29",
              "max_rounds": "S33", "setup_webs": "S28", "setup_gems": "S28", "setup_marks": "S28"}


@lru_cache(maxsize=1)
def icons_svg() -> str:
    """One SVG whose <defs> hold every tile's icon as `sym-tile-…` (and the glyphs they use):
    the page places them with <use>, exactly as the printed map does."""
    from printkit.draw import Page
    from printkit.draw.svg import svg_bytes, symbol_id
    from printkit.render.sinpin.icons import has_icon, icon, tile_symbols

    tiles = [tile for tile in Tile if has_icon(tile)]
    page = Page(FIELD_MM * len(tiles), FIELD_MM, tuple(icon(tile, FIELD_MM * i, 0) for i, tile in enumerate(tiles)))
    text = svg_bytes(page, tile_symbols(), "Sinpin tiles").decode("utf-8")
    assert all(f'id="{symbol_id(f"tile-{tile.name.lower()}")}"' in text for tile in tiles)
    return text.split("\n", 1)[1]  # without the XML declaration: it goes inside the page


@lru_cache(maxsize=1)
def palette_json() -> dict[str, Any]:
    from printkit.cards.model import AVATAR_COLOURS
    from printkit.draw.colours import text_on
    from printkit.draw.svg import symbol_id
    from printkit.render.sinpin.icons import has_icon, symbol_name

    defaults = Rules()
    return {
        "tiles": [
            {"char": tile.char, "name": tile.name.lower(), "label": tile.label,
             "symbol": symbol_id(symbol_name(tile)) if has_icon(tile) else None}
            for tile in Tile
        ],
        "icons": icons_svg(),
        # each avatar's colour as the printed cards and tokens have it, and the ink its
        # letter takes on it (the print's rule for text on a colour)
        "avatars": {name: {"colour": colour, "ink": text_on(colour)} for name, colour in AVATAR_COLOURS.items()},
        # every column a draft may have (a level wider than S2 allows opens, its S2 error shown)
        "columns": [column_name(x) for x in range(MAX_SIDE)],
        "field_mm": FIELD_MM,
        "square_mm": SQUARE_MM,
        "short_side": MAX_SHORT_SIDE,
        "long_side": MAX_LONG_SIDE,
        "knobs": [
            {"name": f.name, "low": KNOB_RANGES[f.name][0], "high": KNOB_RANGES[f.name][1],
             "default": getattr(defaults, f.name), "rule": KNOB_RULES[f.name]}
            for f in dataclasses.fields(Rules)
        ],
    }
