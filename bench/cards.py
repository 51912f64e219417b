"""Timings of the card and token sheets: `python bench/cards.py`.

Lays out and renders the Sinpin deck (templates/sinpin-deck.yaml) as PDF and as SVG, a
900-card deck (the size printing.md's form XObject advice was measured on), the token sheet
and the rules page; prints the best of a few runs and the output sizes.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.cards import load_deck  # noqa: E402
from timing import timed  # noqa: E402
from printkit.cards.model import Deck  # noqa: E402
from printkit.draw.output import document_outputs  # noqa: E402
from printkit.render.cards import deck_document  # noqa: E402
from printkit.render.rules_sheet import rules_document  # noqa: E402
from printkit.render.tokens import token_document  # noqa: E402
from printkit.sinpin.level import Level  # noqa: E402

RUNS = 3


def measure(name: str, make: Callable[[], list[tuple[Path, bytes]]]) -> None:
    best, median, outputs = timed(make, RUNS)
    size = sum(len(data) for _, data in outputs)
    print(f"{name:<34} best {best * 1000:8.1f} ms  median {median * 1000:8.1f} ms"
          f"  {len(outputs):3d} file{'s' if len(outputs) != 1 else ' '}  {size / 1024:8.1f} KiB")


def main() -> None:
    deck = load_deck(str(ROOT / "templates" / "sinpin-deck.yaml"))
    big = Deck(deck.name, deck.size, deck.backs, tuple(replace(card, count=card.count * 15) for card in deck.cards), deck.source)
    level = Level.from_text("#######\n#A...Z#\n#######", name="Bench", players=(2, 3, 4))
    print(f"Sinpin deck: {deck.total} cards; big deck: {big.total} cards")
    measure("deck layout (no rendering)", lambda: [] if deck_document(deck) else [])
    measure("deck → PDF", lambda: document_outputs(deck_document(deck), "cards.pdf"))
    measure("deck → SVG (one file a page)", lambda: document_outputs(deck_document(deck), "cards.svg"))
    measure(f"{big.total}-card deck → PDF", lambda: document_outputs(deck_document(big), "big.pdf"))
    measure("tokens, 4 players → PDF", lambda: document_outputs(token_document(level, 4), "tokens.pdf"))
    measure("tokens, 4 players → SVG", lambda: document_outputs(token_document(level, 4), "tokens.svg"))
    measure("rules page → PDF", lambda: document_outputs(rules_document(), "rules.pdf"))


if __name__ == "__main__":
    main()
