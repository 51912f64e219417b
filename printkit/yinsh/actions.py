"""YINSH's actions as values, and each one in GIPF notation (Y11) both ways.

An action is a small tuple whose first item says its kind; points are bit indices
(printkit.yinsh.bits):

    ("place", q)                  Y2: put a ring on q                      `e3`
    ("move", p, q)                Y3: marker into the ring on p, ring to q  `a2-h9`
    ("remove", first, last, r)    Y5/Y6: the row first..last back to the   `x a3-e3 r b2`
                                  pool, and the ring on r off the board
    ("pass",)                     Y9: none of the player's rings can move   `pass` (ours)

A row and the ring taken off for it are one action (the player picks both, as a move's ring
and destination are one). `pass` is not in the GIPF notation; printkit writes it so that a
record reads back move by move.
"""

from __future__ import annotations

import re

from printkit.yinsh.bits import BY_NAME, NAME, WINDOW_BY_ENDS

WHITE, BLACK = 0, 1
COLOURS = ("white", "black")

PLACE, MOVE, REMOVE, OVER = range(4)  # what the player to act does now
PHASES = ("place", "move", "remove", "over")

PASS = ("pass",)

# How a game ends (the record's end line) and the rule that ends it that way.
ENDS = {"rings": "Y7", "markers_out": "Y8", "no_move": "Y9", "bound": "Y10"}
# ... in words, with that rule, as Sinoda's and Sinpin's ENDING_WORDS (the play page shows these)
ENDING_WORDS = {"rings": "a player took off the rings to win (Y7)", "markers_out": "the markers ran out (Y8)",
                "no_move": "neither player could move (Y9)", "bound": "the game reached its move bound (Y10)"}
assert ENDING_WORDS.keys() == ENDS.keys()

Action = tuple


class NotationError(ValueError):
    """Text that is not an action in GIPF notation (Y11)."""


def action_text(action: Action) -> str:
    """The action in GIPF notation (Y11), lower-case."""
    kind = action[0]
    if kind == "move":
        return f"{NAME[action[1]]}-{NAME[action[2]]}"
    if kind == "place":
        return NAME[action[1]]
    if kind == "remove":
        return f"x {NAME[action[1]]}-{NAME[action[2]]} r {NAME[action[3]]}"
    if kind == "pass":
        return "pass"
    raise ValueError(f"not a YINSH action: {action!r}")


_POINT = r"[a-k](?:1[01]|[1-9])"
_PLACE = re.compile(rf"({_POINT})")
_MOVE = re.compile(rf"({_POINT})-({_POINT})")
_REMOVE = re.compile(rf"x\s*({_POINT})-({_POINT})\s+r\s*({_POINT})")
# One action at the start of a text, for reading a whole game token by token.
TOKEN = re.compile(rf"x\s*{_POINT}-{_POINT}\s+r\s*{_POINT}|{_POINT}-{_POINT}|{_POINT}|pass", re.IGNORECASE)


def point_index(name: str) -> int:
    """The index of a point named in GIPF notation; NotationError when it is off the board."""
    index = BY_NAME.get(name.lower())
    if index is None:
        raise NotationError(f"Y11: '{name}' is not a point of the board (a2 … k10; a1, a6, f1, f11, k6, k11 are not points)")
    return index


def parse_action(text: str) -> Action:
    """The action `text` writes (Y11); a row's ends may come in either order."""
    words = " ".join(text.lower().split())
    if words == "pass":
        return PASS
    if found := _REMOVE.fullmatch(words):
        a, b, ring = (point_index(found.group(i)) for i in (1, 2, 3))
        first, last = min(a, b), max(a, b)
        if (first, last) not in WINDOW_BY_ENDS:
            raise NotationError(f"Y5: {NAME[first]}-{NAME[last]} is not five points in a line")
        return ("remove", first, last, ring)
    if found := _MOVE.fullmatch(words):
        return ("move", point_index(found.group(1)), point_index(found.group(2)))
    if found := _PLACE.fullmatch(words):
        return ("place", point_index(found.group(1)))
    raise NotationError(f"Y11: '{text}' is not an action (a placement 'e3', a move 'a2-h9', "
                        "a row and ring 'x a3-e3 r b2', or 'pass')")
