"""The tile icons (printkit/render/sinpin/icons.py): one symbol per tile, black and white, in the field."""

from __future__ import annotations

import pytest

from printkit.draw import Group, Path, Style, Symbol, Text, Use, bounding_box
from printkit.render.sinpin.icons import has_icon, icon, symbol_name, tile_symbols
from printkit.sinpin.tiles import Tile


def _walk(items):
    for item in items:
        if isinstance(item, Group):
            yield from _walk(item.items)
        else:
            yield item


def _symbols() -> dict[str, Symbol]:
    return {symbol.name: symbol for symbol in tile_symbols()}


def test_every_tile_but_open_cave_has_its_own_symbol():
    symbols = _symbols()
    assert set(symbols) == {symbol_name(tile) for tile in Tile if tile is not Tile.OPEN}
    assert not has_icon(Tile.OPEN) and all(has_icon(tile) for tile in Tile if tile is not Tile.OPEN)
    art = [symbol.items for symbol in symbols.values()]
    assert len({repr(items) for items in art}) == len(art)  # no two tiles share their art


def test_icons_are_black_white_and_grey_only():
    # colour must not carry meaning: families print in black and white
    for symbol in tile_symbols():
        for item in _walk(symbol.items):
            colours = [item.fill] if isinstance(item, Text) else [item.style.stroke, item.style.fill]
            for colour in filter(None, colours):
                assert colour[1:3] == colour[3:5] == colour[5:7], (symbol.name, colour)


def test_icons_stay_inside_their_field():
    symbols = _symbols()
    for name, symbol in symbols.items():
        x0, y0, x1, y1 = bounding_box(symbol.items, symbols)
        # bounding_box pads every stroke generously (mitre joins): allow for that pad
        pad = 5 * max((item.style.width for item in _walk(symbol.items) if not isinstance(item, Text)), default=0.0)
        assert -pad <= x0 and -pad <= y0 and x1 <= 15 + pad and y1 <= 15 + pad, name


def test_door_and_exit_carry_real_alpha_and_omega_glyphs():
    symbols = _symbols()
    for tile, glyph in ((Tile.DOOR, "α"), (Tile.EXIT, "Ω")):
        texts = [item.text for item in _walk(symbols[symbol_name(tile)].items) if isinstance(item, Text)]
        assert texts == [glyph]


def test_the_rock_hatch_continues_across_neighbouring_fields():
    (hatch,) = [item for item in _walk(_symbols()[symbol_name(Tile.ROCK)].items) if isinstance(item, Path)]
    starts, ends = hatch.commands[0::2], hatch.commands[1::2]
    assert len(starts) >= 10
    for (_, x1, y1), (_, x2, y2) in zip(starts, ends):
        assert abs(x2 - x1) == pytest.approx(abs(y2 - y1))  # 45°
        # every line lies on y - x = k * 2.5 mm: moved by a whole field (15 mm), the family
        # of lines maps onto itself, so neighbouring rock fields join without a seam
        assert (y1 - x1) / 2.5 == pytest.approx(round((y1 - x1) / 2.5), abs=1e-6)


def test_an_icon_is_a_use_scaled_to_its_box():
    placed = icon(Tile.GEM, 10.0, 20.0)
    assert isinstance(placed, Use) and placed.name == symbol_name(Tile.GEM)
    assert placed.transform.apply(0, 0) == (10.0, 20.0) and placed.transform.apply(15, 15) == (25.0, 35.0)
    small = icon(Tile.GEM, 0.0, 0.0, 6.0)
    assert small.transform.apply(15, 15) == pytest.approx((6.0, 6.0))
    assert icon(Tile.OPEN, 0.0, 0.0) == Group(())


def test_styles_are_valid_draw_styles():
    for symbol in tile_symbols():
        for item in _walk(symbol.items):
            assert isinstance(item, Text) or isinstance(item.style, Style)
