"""Sentences that read right for every number: "1 card", "2 cards", "no hearts"; and the one
wording of how to install an optional extra (install_hint).

Everything printkit words from a count (a rule knob, a number of files or sheets) goes
through here, so that no knob value gives "1 rounds" or "fewer than 0 points".
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence


def plural(singular: str) -> str:
    """The plural of the nouns printkit counts (regular English ones)."""
    if singular.endswith(("s", "x", "ch", "sh")):
        return singular + "es"
    return singular + "s"


def counted(count: int, singular: str, plural_form: str | None = None, *, zero: str | None = None) -> str:
    """"1 card", "3 cards"; `zero` words 0 (e.g. "no"), else it is "0 cards"."""
    noun = singular if count == 1 else (plural_form or plural(singular))
    if count == 0 and zero is not None:
        return f"{zero} {noun}"
    return f"{count} {noun}"


def listed(parts: Sequence[str], conjunction: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {conjunction} {parts[-1]}"


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to a mistyped `word`, or None when none is close (difflib's ratio
    of at least 0.6: a letter or two wrong or missing)."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str], shown: Callable[[str], str] = str) -> str:
    """"; did you mean 'players'?" for the closest choice (closest), or ""."""
    close = closest(word, choices)
    return f"; did you mean '{shown(close)}'?" if close is not None else ""


def numbered(numbers: Iterable[int], singular: str, shown: int = 10) -> str:
    """Which numbers there are, never cut short unsaid: "games 0 to 99" when they run on
    without a gap, else every one up to `shown` of them ("games 0, 2 and 5"), else the first
    `shown` and how many in all ("games 0, 2, 5, … (100 games)"); "none" for none."""
    ordered = sorted(set(numbers))
    if not ordered:
        return "none"
    if len(ordered) == 1:
        return f"{singular} {ordered[0]}"
    if len(ordered) > 2 and ordered[-1] - ordered[0] == len(ordered) - 1:
        return f"{plural(singular)} {ordered[0]} to {ordered[-1]}"
    if len(ordered) <= shown:
        return f"{plural(singular)} {listed([str(number) for number in ordered])}"
    return f"{plural(singular)} {', '.join(str(number) for number in ordered[:shown])}, … ({counted(len(ordered), singular)})"


def install_hint(extra: str) -> str:
    """How to install an optional extra, as every message and page says it: from printkit's
    own folder, the clone the README installs from. printkit is not on PyPI, and the PyPI
    package called `printkit` is another project's: an extra asked of it by that name
    installs the wrong thing or nothing."""
    return f"pip install '.[{extra}]' in printkit's folder (the {extra} extra)"
