"""What a generated level aims at: a cell of the survey's range (least turns x leniency).

`printkit generate --target long,hazardous` names a cell in words a designer uses, or in
numbers (`--target 9..12,-4..-3`); either part may be left out. Turn words split the asked
turn range in thirds; leniency words are fixed, since harm does not grow with the map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Span = tuple[int, int]  # inclusive

TURN_WORDS = ("short", "medium", "long")
LENIENCY_WORDS: dict[str, Span] = {"harmless": (0, 0), "lenient": (-2, -1), "hazardous": (-5, -3), "brutal": (-9, -6)}
_RANGE = re.compile(r"\s*(-?\d+)\s*(?:\.\.\s*(-?\d+)\s*)?")
LARGEST_SIDE = 60  # of a cave --any-size makes: a search on a bigger map takes minutes per level
# The most least turns a level may be asked for: the fields inside the border of the biggest
# cave (58 x 58). A route is planned at a field walked a turn or more and never walks a field
# twice (route.py), so no cave is planned for more turns; a bigger number is a slip, and
# the aims (generator._aim) would list a cell for every two turns of it.
MAX_TURNS = (LARGEST_SIDE - 2) ** 2


@dataclass(frozen=True)
class Target:
    """Least turns and leniency wanted (None: any), and how the user said it."""

    turns: Span | None = None
    leniency: Span | None = None
    words: str = ""

    def holds(self, turns: int, leniency: int) -> bool:
        return (self.turns is None or self.turns[0] <= turns <= self.turns[1]) and (
            self.leniency is None or self.leniency[0] <= leniency <= self.leniency[1])

    def describe(self) -> str:
        parts = []
        if self.turns is not None:
            parts.append(f"least turns {self.turns[0]}..{self.turns[1]}")
        if self.leniency is not None:
            parts.append(f"leniency {self.leniency[0]}..{self.leniency[1]}")
        said = f"{self.words}: " if self.words else ""
        return said + ", ".join(parts)


def turn_thirds(turns: Span) -> dict[str, Span]:
    """short, medium and long: the turn range cut in three (as even as whole turns allow)."""
    low, high = turns
    size = high - low + 1
    cuts = [low + round(size * k / 3) for k in range(4)]
    return {word: (cuts[k], max(cuts[k], cuts[k + 1] - 1)) for k, word in enumerate(TURN_WORDS)}


def parse_target(text: str, turns: Span) -> Target:
    """A Target from `--target` text: comma-separated parts, each a turn word (short, medium,
    long), a leniency word (harmless, lenient, hazardous, brutal) or a range; a range of
    numbers at or below 0 is leniency, above 0 least turns. ValueError names what is wrong."""
    turn_span: Span | None = None
    leniency: Span | None = None
    words = []
    for part in (piece.strip().lower() for piece in text.split(",")):
        if not part:
            continue
        if part in TURN_WORDS:
            found, is_turns = turn_thirds(turns)[part], True
        elif part in LENIENCY_WORDS:
            found, is_turns = LENIENCY_WORDS[part], False
        else:
            match = _RANGE.fullmatch(part)
            if not match:
                raise ValueError(f"'{part}' is neither a word ({', '.join(TURN_WORDS + tuple(LENIENCY_WORDS))}) nor a range such as 9..12 or -4..-3")
            if any(len(number.lstrip("-")) > len(str(MAX_TURNS)) for number in match.groups() if number):
                # no cave holds more least turns (or as much leniency): said before int() is
                # given thousands of digits (Python refuses over 4,300, in words of its own)
                shown = part if len(part) <= 20 else part[:20] + "…"
                raise ValueError(f"'{shown}' is beyond any cave: least turns are at most {MAX_TURNS}")
            low, high = int(match[1]), int(match[2] if match[2] is not None else match[1])
            if low > high:
                raise ValueError(f"'{part}': {low} is above {high}")
            if (low > 0) != (high > 0):
                raise ValueError(f"'{part}' mixes least turns (above 0) and leniency (0 and below)")
            found, is_turns = (low, high), low > 0
        if (turn_span if is_turns else leniency) is not None:
            raise ValueError(f"'{text}' names {'least turns' if is_turns else 'leniency'} twice")
        if is_turns:
            turn_span = found
        else:
            leniency = found
        words.append(part)
    if turn_span is None and leniency is None:
        raise ValueError("no target named: write for example long,hazardous or 9..12,-4..-3")
    return Target(turn_span, leniency, ",".join(words))
