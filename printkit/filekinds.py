"""Which kind of printkit YAML a document is: a Sinpin level, a card deck or a board spec.

Every reader asks `wrong_kind` before checking keys, so a file given to the wrong command
gets one sentence naming what it is and which command reads it, instead of one "unknown
key" line per key. A document counts as a kind by the keys only that kind has; one that has
any key of the kind asked for is read as that kind (its typos are then reported as usual).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.sourceproblems import SourceProblem, UnreadableSource
from printkit.yamlsource import Document, load_document


@dataclass(frozen=True)
class Kind:
    name: str  # as a sentence names it: "a Sinpin level"
    keys: frozenset[str]  # keys only this kind of file has
    plural: str  # "Sinpin levels"
    readers: str  # the commands that read it, with an example ({file}: the file)

    def detail(self, values: dict) -> str:
        """What gives the kind away, such as "game: yinsh" or "a 'map'"."""
        for key in sorted(self.keys & set(values)):
            value = values[key]
            if isinstance(value, (str, int)) and not isinstance(value, bool) and len(str(value)) <= 40 and "\n" not in str(value):
                return f"{key}: {value}"
        return f"it has a '{sorted(self.keys & set(values))[0]}'"


LEVEL = Kind("a Sinpin level", frozenset({"map", "sinpin"}), "Sinpin levels",
             "validate, moves, render, tokens and kit read levels, e.g. printkit validate {file}")
DECK = Kind("a card deck", frozenset({"deck", "cards", "backs"}), "card decks",
            "printkit cards reads decks, e.g. printkit cards {file} -o cards.pdf")
BOARD = Kind("a board spec", frozenset({"game"}), "board specs",
             "printkit board reads board specs, e.g. printkit board {file} -o board.pdf")
KINDS: tuple[Kind, ...] = (LEVEL, DECK, BOARD)


def _keys(doc: Document) -> dict | None:
    if doc.root is None:
        return None
    values = doc.values.get(doc.root)
    return values if isinstance(values, dict) else None


def kind_of(doc: Document) -> Kind | None:
    """The one kind whose keys the document has; None when it has none or several's."""
    values = _keys(doc)
    if values is None:
        return None
    found = [kind for kind in KINDS if kind.keys & set(values)]
    return found[0] if len(found) == 1 else None


def game_of(doc: Document) -> str | None:
    """The game a document is for: "sinpin" for a level, a board spec's `game` ("sinoda",
    "yinsh"); None for a deck or a document of no known kind."""
    kind = kind_of(doc)
    if kind is LEVEL:
        return "sinpin"
    if kind is BOARD:
        game = (_keys(doc) or {}).get("game")
        return game if isinstance(game, str) else None
    return None


def kind_of_file(path: str | Path) -> Kind | None:
    """The kind of a YAML file; None when it is unreadable or of no known kind."""
    try:
        return kind_of(load_document(str(path)))
    except UnreadableSource:
        return None


def wrong_kind(doc: Document, expected: Kind) -> SourceProblem | None:
    """One problem saying what the document is, when it is plainly another kind than `expected`."""
    values = _keys(doc)
    if values is None or expected.keys & set(values):
        return None
    found = kind_of(doc)
    if found is None or found is expected:
        return None
    return SourceProblem(doc.source.name, None, None, "format",
                         f"this file is {found.name} ({found.detail(values)}), not {expected.name}:"
                         f" {found.readers.format(file=doc.source.name)}")
