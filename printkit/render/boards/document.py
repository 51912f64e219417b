"""A board spec as a printable Document: the board page, then the pieces pages."""

from __future__ import annotations

import os
from pathlib import Path

from printkit.boards.layout import SinodaLayout
from printkit.boards.pieces import DUPLEX_EDGES, SinodaPieces, YinshPieces
from printkit.boards.spec import BoardSpec, YinshOptions
from printkit.draw import Document, Page
from printkit.draw.output import document_outputs, write_document
from printkit.render.boards import pieces, sinoda, yinsh


def board_document(spec: BoardSpec, duplex: str = "long") -> Document:
    """Sinoda: board, pieces (capture discs and d4 nets; more than one page for 6 players).
    YINSH: board, pieces front, pieces back (mirrored for turning over the `duplex` edge),
    and the rules on one sheet when the spec asks (`rules_sheet: true`)."""
    if duplex not in DUPLEX_EDGES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_EDGES)}, not {duplex!r}")
    lay = spec.layout()
    found = spec.pieces(duplex)
    pages: list[Page]
    if isinstance(lay, SinodaLayout):
        assert isinstance(found, SinodaPieces)
        pages = [sinoda.board_page(spec, lay), *pieces.sinoda_pages(spec, found)]
        title = f"Sinoda board, {lay.setup.players} players"
    else:
        assert isinstance(found, YinshPieces)
        pages = [yinsh.board_page(spec, lay), *pieces.yinsh_pages(spec, found)]
        if isinstance(spec.options, YinshOptions) and spec.options.rules_sheet:
            from printkit.boards.layout import PAPER_MM
            from printkit.render.boards.yinsh_rules import rules_page

            pages.append(rules_page(paper=PAPER_MM[spec.page.paper]))  # portrait, whatever the board's orientation
        title = "YINSH board"
    return Document(tuple(pages), title=title, author="printkit", subject="print-and-play board")


def board_outputs(spec: BoardSpec, path: str | os.PathLike[str], duplex: str = "long") -> list[tuple[Path, bytes]]:
    """The files the board becomes at `path` (.pdf: one file; .svg: one file per page),
    rendered but not written, for commands that publish many boards at once."""
    return document_outputs(board_document(spec, duplex), path)


def write_board(spec: BoardSpec, path: str | os.PathLike[str], duplex: str = "long") -> list[Path]:
    """Render and write the board atomically; returns the files written."""
    return write_document(board_document(spec, duplex), path)
