"""Sinoda actions (N4) as small ints, so that bots and searches handle them fast.

An action is `space << 6 | target`: the piece on `space` either moves to the space
`target` (N6; target < 60), or is changed to the value `target − 59` (N5; target 60 … 63).
Boards have at most 54 spaces, so the two never meet.
"""

from __future__ import annotations

CHANGE_BASE = 60  # targets from here on are changes: 60 + value − 1
SPACE_BITS = 6
TARGET_MASK = (1 << SPACE_BITS) - 1


def move(space: int, to: int) -> int:
    return space << SPACE_BITS | to


def change(space: int, value: int) -> int:
    return space << SPACE_BITS | (CHANGE_BASE + value - 1)


def source(action: int) -> int:
    """The space of the piece that acts."""
    return action >> SPACE_BITS


def is_change(action: int) -> bool:
    return action & TARGET_MASK >= CHANGE_BASE


def destination(action: int) -> int:
    """Where a move ends (meaningless for a change)."""
    return action & TARGET_MASK


def new_value(action: int) -> int:
    """The value a change turns the piece to (meaningless for a move)."""
    return (action & TARGET_MASK) - CHANGE_BASE + 1
