"""The tiles of a Sinpin map (S3) and the coordinates families read off a printed map."""

from __future__ import annotations

from enum import Enum


class Tile(str, Enum):
    """One field's content; the value is its character in a level's `map` (S3)."""

    ROCK = "#"
    OPEN = "."
    DOOR = "A"
    EXIT = "Z"
    LADDER = "H"
    SPIKES = "^"
    BLADES = "!"
    WEB = "w"
    SPRING = "S"
    TELEPORTER = "O"
    CHEST = "C"
    HEART = "h"
    GEM = "*"
    QUESTION = "?"

    @property
    def char(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return TILE_LABELS[self]

    @property
    def solid(self) -> bool:
        return self is Tile.ROCK

    @property
    def is_item(self) -> bool:
        """Items in the sense of S27 (webs are not items)."""
        return self in ITEM_TILES


TILE_LABELS: dict[Tile, str] = {
    Tile.ROCK: "rock",
    Tile.OPEN: "open cave",
    Tile.DOOR: "entry door α",
    Tile.EXIT: "exit Ω",
    Tile.LADDER: "ladder",
    Tile.SPIKES: "spikes",
    Tile.BLADES: "blades",
    Tile.WEB: "web",
    Tile.SPRING: "spring board",
    Tile.TELEPORTER: "teleporter",
    Tile.CHEST: "chest",
    Tile.HEART: "heart",
    Tile.GEM: "gem",
    Tile.QUESTION: "question mark",
}

ITEM_TILES = frozenset({Tile.GEM, Tile.HEART, Tile.CHEST, Tile.QUESTION})

# A space in the map text is open cave too (S3); the model stores "." for it.
TILE_BY_CHAR: dict[str, Tile] = {tile.value: tile for tile in Tile} | {" ": Tile.OPEN}


def column_name(x: int) -> str:
    """Column letter as printed in a map's margin: A, B, ..., Z, AA, AB, ..."""
    name = ""
    x += 1
    while x:
        x, remainder = divmod(x - 1, 26)
        name = chr(ord("A") + remainder) + name
    return name


def field_name(x: int, y: int) -> str:
    """The printed name of field (x, y): column letter and row number from 1, e.g. C5."""
    return f"{column_name(x)}{y + 1}"
