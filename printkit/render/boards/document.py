"""A board spec as a printable Document: the board page, then the pieces pages."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from printkit.boards.layout import SinodaLayout
from printkit.boards.pieces import DUPLEX_EDGES, SinodaPieces, YinshPieces
from printkit.boards.layout import PAPER_MM
from printkit.boards.spec import BoardSpec, YinshOptions
from printkit.draw import Document, Page
from printkit.draw.output import document_outputs, write_document
from printkit.draw.tiling import tile_page
from printkit.render.boards import pieces, sinoda, sinoda_rules, yinsh, yinsh_rules


class TilingError(ValueError):
    """--tiles asked of a board that one sheet of its paper holds."""


def board_document(spec: BoardSpec, duplex: str = "long", tiles: bool = False, rules: bool = True) -> Document:
    """Sinoda: board, pieces (capture discs and d4 nets; more than one page for 4 or 6
    players); YINSH: board, pieces front, pieces back (mirrored for turning over the `duplex`
    edge). Then the game's rules sheet, in a player's words, unless `rules` is false.

    With `tiles`, a board on A3 is printed on A4 sheets to tape together
    (printkit.draw.tiling), and its pieces, which are cut out one by one, on A4 pages."""
    if duplex not in DUPLEX_EDGES:
        raise ValueError(f"duplex must be one of {', '.join(DUPLEX_EDGES)}, not {duplex!r}")
    if tiles and spec.page.paper != "A3":
        raise TilingError(f"the board fits one {spec.page.paper} sheet; --tiles prints an A3 board (paper: A3) on A4 sheets")
    lay = spec.layout()
    pieces_spec = replace(spec, page=replace(spec.page, paper="A4")) if tiles else spec
    found = pieces_spec.pieces(duplex)
    pages: list[Page]
    if isinstance(lay, SinodaLayout):
        assert isinstance(found, SinodaPieces)
        board, rest = sinoda.board_page(spec, lay), pieces.sinoda_pages(pieces_spec, found)
        if rules:
            rest.append(sinoda_rules.rules_page(pieces_spec))  # with --tiles, on A4 as the pieces
        title = f"Sinoda board, {lay.setup.players} players"
    else:
        assert isinstance(found, YinshPieces)
        board, rest = yinsh.board_page(spec, lay), pieces.yinsh_pages(pieces_spec, found)
        if rules:
            assert isinstance(spec.options, YinshOptions)
            # portrait, whatever the board's orientation; the win (Y7) as the spec's knobs say
            rest.append(yinsh_rules.rules_page(spec.options.rules, paper=PAPER_MM[pieces_spec.page.paper]))
        title = "YINSH board"
    if tiles:
        margin = spec.page.margin_mm
        area = (margin, margin, board.width - 2 * margin, board.height - 2 * margin)
        pages = [*tile_page(board, area, title), *rest]
    else:
        pages = [board, *rest]
    return Document(tuple(pages), title=title, author="printkit", subject="print-and-play board")


def board_outputs(spec: BoardSpec, path: str | os.PathLike[str], duplex: str = "long",
                  tiles: bool = False, rules: bool = True) -> list[tuple[Path, bytes]]:
    """The files the board becomes at `path` (.pdf: one file; .svg: one file per page),
    rendered but not written, for commands that publish many boards at once."""
    return document_outputs(board_document(spec, duplex, tiles, rules), path)


def write_board(spec: BoardSpec, path: str | os.PathLike[str], duplex: str = "long", tiles: bool = False,
                rules: bool = True) -> list[Path]:
    """Render and write the board atomically; returns the files written."""
    return write_document(board_document(spec, duplex, tiles, rules), path)
