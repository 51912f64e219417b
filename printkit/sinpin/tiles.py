"""The tiles of a Sinpin map (S3) and the coordinates families read off a printed map."""

from __future__ import annotations

import re
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


_FIELD_NAME = re.compile(r"\s*([A-Za-z]{1,3})\s*(\d{1,4})\s*")
_XY = re.compile(r"\s*(\d{1,4})\s*,\s*(\d{1,4})\s*")


def parse_field(text: str) -> tuple[int, int] | None:
    """(x, y) from a printed field name ("E4", "e4", "AA12") or 0-based "X,Y" ("4,3");
    None when the text is neither (row 0 does not exist: rows are named from 1)."""
    named = _FIELD_NAME.fullmatch(text)
    if named:
        x = 0
        for letter in named.group(1).upper():
            x = x * 26 + ord(letter) - ord("A") + 1
        row = int(named.group(2))
        return (x - 1, row - 1) if row >= 1 else None
    pair = _XY.fullmatch(text)
    return (int(pair.group(1)), int(pair.group(2))) if pair else None
