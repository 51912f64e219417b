"""Writing a Document to disk: the format follows the file name, and nothing is written
unless every page rendered."""

from __future__ import annotations

import os
from pathlib import Path

from printkit.atomicfile import AtomicBatch
from printkit.draw.pdf import pdf_bytes
from printkit.draw.primitives import Document
from printkit.draw.svg import svg_bytes


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


def stale_pages(path: str | os.PathLike[str], pages: int) -> list[Path]:
    """Pages of an older, longer SVG set at `path` beyond page `pages`: NAME-(pages+1).svg
    and on while they exist (a gap ends the set, so an unrelated NAME-2024.svg stays)."""
    stale = []
    number = pages + 1
    while (candidate := svg_page_path(path, number)).exists():
        stale.append(candidate)
        number += 1
    return stale


def add_outputs(batch: AtomicBatch, outputs: list[tuple[Path, bytes]]) -> None:
    """Add a document's files to a batch; an SVG page set replaces the older set whole,
    its stale pages included (found when the batch commits)."""
    for target, data in outputs:
        batch.add(target, data)
    if outputs and outputs[0][0].suffix.lower() == ".svg":
        first, count = outputs[0][0], len(outputs)
        batch.add_stale(lambda: stale_pages(first, count))


def add_document(batch: AtomicBatch, document: Document, path: str | os.PathLike[str]) -> None:
    """Render `document` for `path` and add its files to `batch` (see add_outputs)."""
    add_outputs(batch, document_outputs(document, path))


def write_document(document: Document, path: str | os.PathLike[str]) -> list[Path]:
    """Write `document` as one PDF, or one SVG per page; returns the paths written.

    All pages are rendered before the first file is replaced and the files are replaced
    as one batch (printkit.atomicfile), so a failure or a signal leaves earlier output
    untouched and no partial file behind; an older, longer SVG set loses its extra pages.
    """
    batch = AtomicBatch()
    add_document(batch, document, path)
    return batch.commit()
