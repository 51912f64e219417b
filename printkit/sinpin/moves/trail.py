"""One move told as a player would: "right → E4 → F4, falls to F5" (S7, S8-S14, S20, S24).

The trail is the engine's: the fields a move entered in order (MoveResult.trail). Only the
wording is made here: a step into the field below that neither leaves nor enters a ladder
is a fall (S14), a jump of more than one field a teleport (S20).
"""

from __future__ import annotations

from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import Tile, field_name

DIRECTION_WORDS = {-1: "left", 1: "right"}

# The fields a path names as it passes them: they hurt (S16 spikes, S17 blades) or slow (S18).
HAZARDS = (Tile.SPIKES, Tile.BLADES, Tile.WEB)


def _named(level: Level, pos: Position) -> str:
    """A field as a path names it: "F4", or "the spikes at F4" for a hazard."""
    tile = level.tile(*pos)
    return f"the {tile.label} at {field_name(*pos)}" if tile in HAZARDS else field_name(*pos)


def _fall(level: Level, fields: list[Position]) -> str:
    """One fall (S14), however many fields: ", falls to F7", ", falls past the spikes at
    F5 to F7", ", falls onto the blades at F6"."""
    passed = [_named(level, pos) for pos in fields[:-1] if level.tile(*pos) in HAZARDS]
    text = ", falls" + (f" past {' and '.join(passed)}" if passed else "")
    last = fields[-1]
    return text + (f" onto {_named(level, last)}" if level.tile(*last) in HAZARDS else f" to {field_name(*last)}")


def describe(level: Level, start: Position, direction: int, trail: tuple[Position, ...], exited: bool = False,
             arrival: int | None = None) -> str:
    """The move as one line: the direction chosen, the start, then every field entered, the
    hazards among them named ("falls past the spikes at G9"). `arrival` is the trail's index
    where the move teleported (MoveResult.arrival): a teleport to the next field is no step;
    without it, a jump of more than one field is taken for the teleport."""
    text = f"{DIRECTION_WORDS[direction]} → {field_name(*start)}"
    here = start
    fall: list[Position] = []  # the fields of a fall under way: consecutive drops read as one
    for index, there in enumerate(trail):
        dx, dy = there[0] - here[0], there[1] - here[1]
        teleport = index == arrival if arrival is not None else abs(dx) + abs(dy) != 1
        if not teleport and dy == 1 and level.tile(*here) is not Tile.LADDER \
                and level.tile(*there) is not Tile.LADDER:
            fall.append(there)
        else:
            if fall:
                text += _fall(level, fall)
                fall = []
            if teleport:
                text += f", teleports to {_named(level, there)}"
            else:
                text += f" → {_named(level, there)}"
        here = there
    if fall:
        text += _fall(level, fall)
    if exited:
        text += " (exit Ω)"
    return text
