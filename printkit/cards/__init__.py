"""Decks as data: the deck model and the deck file loader (templates/*-deck.yaml)."""

from printkit.cards.loader import load_deck, read_deck
from printkit.cards.model import AVATARS, EMBLEMS, ITEMS, SIZES, Back, Card, Deck, parse_size

__all__ = ["AVATARS", "EMBLEMS", "ITEMS", "SIZES", "Back", "Card", "Deck", "load_deck", "parse_size", "read_deck"]
