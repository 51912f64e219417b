"""One move told as a player would: "right → E4 → F4, falls to F5" (S7, S8-S14, S20, S24).

The trail is the engine's: the fields a move entered in order (MoveResult.trail). Only the
wording is made here: a step into the field below that neither leaves nor enters a ladder
is a fall (S14), a jump of more than one field a teleport (S20).
"""

from __future__ import annotations

from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import Tile, field_name

DIRECTION_WORDS = {-1: "left", 1: "right"}


def describe(level: Level, start: Position, direction: int, trail: tuple[Position, ...], exited: bool = False) -> str:
    """The move as one line: the direction chosen, the start, then every field entered."""
    text = f"{DIRECTION_WORDS[direction]} → {field_name(*start)}"
    here, falling = start, False
    for index, there in enumerate(trail):
        dx, dy = there[0] - here[0], there[1] - here[1]
        name = field_name(*there)
        if abs(dx) + abs(dy) != 1:
            text += f", teleports to {name}"
            falling = False
        elif dy == 1 and level.tile(*here) is not Tile.LADDER and level.tile(*there) is not Tile.LADDER:
            # consecutive drops read as one fall: "falls to F7", not "falls to F5, falls to F6"
            if falling:
                text = text[: text.rindex(" ")] + f" {name}"
            else:
                text += f", falls to {name}"
            falling = True
        else:
            text += f" → {name}"
            falling = False
        here = there
    if exited:
        text += " (exit Ω)"
    return text
