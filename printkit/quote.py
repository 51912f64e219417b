"""Quoting user text in messages: a short excerpt, never the whole of a 100,000-character title."""

from __future__ import annotations

EXCERPT = 40  # characters of a user's text that a message quotes
MESSAGE_LINE = 1000  # no message line is longer; no real message comes near it


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """`text` as a message quotes it: whole when short, else its start and '…'."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bounded(line: str, limit: int = MESSAGE_LINE) -> str:
    """A message line cut to `limit` characters, saying how much was left out: the safety
    net under every message, whatever text it quotes."""
    if len(line) <= limit:
        return line
    return f"{line[:limit]}… ({len(line) - limit} more characters left out)"
