"""The PDFs the page offers for the level it holds, made by the same renderers as
`printkit render` and `printkit kit` (so a download is the file those commands write)."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.editor.drafts import Checked

KINDS = ("map", "checked", "kit")


class NotPrintable(ValueError):
    """The level cannot be printed as asked; the message says why (a 422 for the page)."""


@dataclass(frozen=True)
class Download:
    filename: str
    data: bytes


def _stem(file: str | None, title: str) -> str:
    """A file name for the download: the level file's, else the level's name, made safe
    for a Content-Disposition header."""
    base = file.removesuffix(".yaml") if file else title.lower()
    cleaned = "".join(char if char.isascii() and (char.isalnum() or char in "-_.") else "-" for char in base)
    return cleaned.strip("-.") or "level"


def make(kind: str, checked: Checked, file: str | None = None) -> Download:
    """`kind` is "map" (the exact-scale map), "checked" (the map with the validator's
    overlay) or "kit" (kit.pdf: map, rules, cards and tokens)."""
    from printkit.draw.pdf import pdf_bytes  # the drawing stack loads when something is printed
    from printkit.render.sinpin.map_page import map_document
    from printkit.render.sinpin.overlay import overlay_document
    from printkit.sinpin.level import fits_paper

    if kind not in KINDS:
        raise NotPrintable(f"unknown download '{kind}' (one of {', '.join(KINDS)})")
    level = checked.level
    if level is None or not fits_paper(level.width, level.height):
        raise NotPrintable("the map is too broken to draw (S1, S2, S3, or a format error)")
    if checked.printing:
        raise NotPrintable("; ".join(checked.printing))
    stem = _stem(file, level.name)
    title = level.name or stem
    if kind == "checked":
        return Download(f"{stem}-checked.pdf", pdf_bytes(overlay_document(level, checked.verdict, title)))
    if not checked.verdict.valid:
        raise NotPrintable(f"an invalid level gets no {kind} (S27a); the checked map shows its errors")
    if kind == "map":
        return Download(f"{stem}.pdf", pdf_bytes(map_document(level, title)))
    from printkit.bundled import template_path
    from printkit.cards.loader import load_deck
    from printkit.render.kit import combined, kit_parts

    deck = load_deck(str(template_path("sinpin-deck.yaml")))
    parts = kit_parts(level, max(level.players), deck)
    return Download(f"{stem}-kit.pdf", pdf_bytes(combined(parts, title)))
