"""`printkit render`: a Sinpin level as one exact-scale A4 map to play on."""

from __future__ import annotations

from collections.abc import Sequence

from printkit.draw import Document, Group, Item, Page
from printkit.render.sinpin.icons import icon, tile_symbols
from printkit.render.sinpin.sheet import Sheet, calibration_block, flow
from printkit.sinpin.level import Level
from printkit.sinpin.tiles import Tile


def players_phrase(players: Sequence[int]) -> str:
    """(2, 4) -> '2 or 4 players', (2, 3, 4) -> '2–4 players', (3,) -> '3 players'."""
    counts = [str(count) for count in players]
    if len(counts) == 1:
        return f"{counts[0]} players"
    if len(counts) > 2 and list(players) == list(range(players[0], players[-1] + 1)):
        return f"{counts[0]}–{counts[-1]} players"
    return f"{', '.join(counts[:-1])} or {counts[-1]} players"


def level_details(level: Level) -> str:
    by = f"by {level.author} · " if level.author else ""
    return f"{by}{players_phrase(level.players)}"


def map_layers(level: Level, sheet: Sheet, underlay: Sequence[Item] = ()) -> list[Item]:
    """The map itself, bottom to top: `underlay` (overlay shading), rock, squared paper,
    field outlines, the other tiles' icons, coordinates.

    Rock goes under the paper so the squares stay visible on it: the ghost crosses rock (S30).
    """
    cells = level.cells()
    rock = [icon(tile, *sheet.corner(x, y)) for x, y, tile in cells if tile is Tile.ROCK]
    icons = [icon(tile, *sheet.corner(x, y)) for x, y, tile in cells if tile not in (Tile.ROCK, Tile.OPEN)]
    return [*underlay, Group(tuple(rock)), sheet.paper(), sheet.fields(), Group(tuple(icons)), sheet.coordinates()]


def map_document(level: Level, title: str = "") -> Document:
    """The level on one A4 page; `title` names it when the level has no name."""
    sheet = Sheet.centred(level.width, level.height)
    name = level.name or title
    bar = calibration_block()
    area = sheet.footer_area(bar.width)
    footer, _ = flow([bar], area, sheet.room_above(area))  # the bar fits below every map S2 allows
    items = [*map_layers(level, sheet), sheet.header(name, level_details(level)), footer]
    return Document([Page(*sheet.page, items)], tile_symbols(), title=f"Sinpin: {name}", author=level.author,
                    subject="Sinpin map")

