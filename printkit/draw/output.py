"""Writing a Document to disk: the format follows the file name, and nothing is written
unless every page rendered."""

from __future__ import annotations

import os
from pathlib import Path

from printkit.atomicfile import AtomicBatch
from printkit.draw.pdf import pdf_bytes
from printkit.draw.primitives import Document
from printkit.draw.svg import svg_bytes

FORMATS = (".pdf", ".svg")


def svg_page_path(path: str | os.PathLike[str], number: int) -> Path:
    """Where page `number` (from 1) of an SVG document goes: `path`, then stem-2.svg, …"""
    target = Path(path)
    return target if number == 1 else target.with_name(f"{target.stem}-{number}{target.suffix}")


def document_outputs(document: Document, path: str | os.PathLike[str]) -> list[tuple[Path, bytes]]:
    """The files `document` becomes at `path`, rendered but not written."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".pdf":
        return [(target, pdf_bytes(document))]
    if suffix == ".svg":
        table = document.symbol_table()
        return [
            (svg_page_path(target, number), svg_bytes(page, table, document.title))
            for number, page in enumerate(document.pages, start=1)
        ]
    raise ValueError(f"cannot tell the output format of '{path}': the file name must end in .pdf or .svg")


def write_document(document: Document, path: str | os.PathLike[str]) -> list[Path]:
    """Write `document` as one PDF, or one SVG per page; returns the paths written.

    All pages are rendered before the first file is replaced, and each file is replaced
    atomically, so a failure leaves earlier output untouched and no partial file behind.
    """
    batch = AtomicBatch()
    for target, data in document_outputs(document, path):
        batch.add(target, data)
    written = batch.paths
    batch.commit()
    return written
