"""The YINSH rules on one page, in a player's words: what you need, setting up, a turn, rows,
winning and how to write a game down, with two diagrams (a move and its flips; a row taken
off). No rule ids: the sheet is for the table. No text is smaller than 8 pt.

The rows a player needs to win come from the knobs, so a blitz sheet says "your first ring".
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw import Document, Group, Item, Line, Page, Style, Text, fonts
from printkit.draw.furniture import paragraph
from printkit.render.boards.paint import INK
from printkit.render.boards.yinsh_diagrams import (
    move_panels, panel_pair, row_panels, slots, spacing_for,
)
from printkit.yinsh.knobs import Knobs

MARGIN = 14.0
LEADING = 1.3
PT = 25.4 / 72  # mm
SMALLEST = 8.2 * PT  # body text never shrinks below this (8 pt and a little to spare)
LARGEST = 4.2  # mm
RULE_LINE = Style(stroke=INK, width=0.3)
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@dataclass(frozen=True)
class _Block:
    kind: str  # "heading", "text", "move diagram", "row diagram"
    text: str = ""


def _blocks(knobs: Knobs) -> list[_Block]:
    win = ORDINALS[knobs.rows_to_win]
    blitz = " (the blitz game)" if knobs.blitz else ""
    return [
        _Block("heading", "What you need"),
        _Block("text", "The board with its 85 points, 5 white and 5 black rings, and 51 markers that are white on one side"
                       " and black on the other. The markers are shared: keep them in a pool beside the board."),
        _Block("heading", "Setting up"),
        _Block("text", "The board starts empty. White begins. Take turns to put one of your rings on any free point"
                       " until all ten rings are on the board."),
        _Block("heading", "Your turn"),
        _Block("text", "Take a marker from the pool and put it, your colour up, inside one of your rings. Then move"
                       " that ring in a straight line along a line of the board, in any of its six directions. It may"
                       " pass over free points, then over one unbroken group of markers of any colour, and must stop on"
                       " the first free point right behind them. A ring never passes over another ring and always"
                       " moves at least one point; a ring that cannot move cannot take the marker."),
        _Block("text", "The marker stays where the ring was. Every marker the ring jumped over is turned over; the"
                       " one you just put down is not."),
        _Block("move diagram"),
        _Block("heading", "Rows"),
        _Block("text", "Five markers of your colour next to each other on one line make a row. Take those five"
                       " markers back to the pool and take one of your rings off the board onto one of your slots."
                       " In a longer line you choose which five. When two of your rows cross, choose one: the other"
                       " is broken. Rows that share no marker are both taken, each with a ring."),
        _Block("text", "If your move makes a row of your opponent's colour, they take it off, with one of their rings,"
                       " right after your own rows and before they move."),
        _Block("row diagram"),
        _Block("heading", "Winning"),
        _Block("text", f"Take your {win} ring off{blitz} and you win at once. If one move finishes both players'"
                       " winning rows, the player who moved wins. If a player should move and the pool is empty, the"
                       " game ends: whoever took off more rings wins, and equal is a draw. A player who cannot move"
                       " any ring passes; when neither player can move, the game ends the same way."),
        _Block("heading", "Writing a game down"),
        _Block("text", "Points are named by letter and number, as printed on the board: e3. Putting a ring on e3 is"
                       " written e3; moving a ring from a2 to h9 is a2-h9. A row taken off is x with its two ends,"
                       " then r and the point of the ring taken off with it: x a3-e3 r b2. Each turn is one line,"
                       " such as 23. f6-f9 x a3-e3 r b2. A row your opponent takes off after your move starts their"
                       " next line, before their move: 24. x c4-c8 r d5 e8-e4."),
        _Block("text", "printkit checks a game written this way move by move: printkit moves yinsh --game game.txt"),
    ]


MOVE_CAPTIONS = ("Before: white puts a marker in the ring on e3 and moves it over the free point e4 and the"
                 " markers on e5, e6 and e7 to e8, the first free point behind them.",
                 "After: the new marker stays on e3 and the three markers jumped over are turned over."
                 " Written: e3-e8.")
ROW_CAPTIONS = ("Five white markers from e3 to e7 make a row for white; white chooses the ring on f6 (ringed)"
                " to take off.",
                "White takes the five markers back to the pool and the ring off the board onto a slot."
                " Written: x e3-e7 r f6.")


def _layout(blocks: list[_Block], top: float, width: float, size: float) -> tuple[list[Item], float]:
    items: list[Item] = []
    y = top
    heading = size * 1.3
    s = spacing_for(width)
    for block in blocks:
        if block.kind == "heading":
            y += size * 0.5 + fonts.ascent(heading, True)
            items.append(Text(MARGIN, y, block.text, heading, bold=True, fill=INK))
            y += heading * 0.35
            items.append(Line(MARGIN, y, MARGIN + width, y, RULE_LINE))
            y += size * 0.5
        elif block.kind == "text":
            items.append(paragraph(MARGIN, y + fonts.ascent(size), width, block.text, size, leading=LEADING, fill=INK))
            y += len(fonts.wrap(block.text, width, size)) * LEADING * size + size * 0.4
        else:
            y += size * 0.6
            if block.kind == "move diagram":
                group, height = panel_pair(move_panels(s, size), (MARGIN, y), width, size, MOVE_CAPTIONS)
            else:
                before, after = row_panels(s, size)
                slot = 0.8 * s  # three slots in a column right of the strip
                trailer = slots((after.strip.size[0] + 0.6 * s, after.strip.size[1] / 2 - 0.95 * slot), slot, 1, size)
                group, height = panel_pair((before, after), (MARGIN, y), width, size, ROW_CAPTIONS, trailer, 1.4 * s)
            items.append(group)
            y += height + size * 0.8
    return items, y


def rules_page(knobs: Knobs = Knobs(), paper: tuple[float, float] = (210.0, 297.0)) -> Page:
    """The rules on one portrait page of `paper` (mm): the largest text from 4.2 mm down
    that fits, never below 8 pt; ValueError if even that does not fit."""
    page_width, page_height = paper
    width = page_width - 2 * MARGIN
    title = 8.0
    top = MARGIN + fonts.ascent(title, True) + 5.0
    blocks = _blocks(knobs)
    size = LARGEST
    items, bottom = _layout(blocks, top, width, size)
    while bottom > page_height - MARGIN and size > SMALLEST:
        size = max(SMALLEST, round(size - 0.05, 3))
        items, bottom = _layout(blocks, top, width, size)
    if bottom > page_height - MARGIN:
        raise ValueError(f"the YINSH rules do not fit a {page_width:g} × {page_height:g} mm page at 8 pt")
    headline = "YINSH: how to play" + (" the blitz game" if knobs.blitz else "")
    items.append(Text(MARGIN, MARGIN + fonts.ascent(title, True), headline, title, bold=True, fill=INK))
    subtitle = "2 players · 5 rings each · 51 shared markers"
    items.append(Text(page_width - MARGIN, MARGIN + fonts.ascent(title, True), subtitle, SMALLEST + 0.2,
                      anchor="end", fill=INK))
    return Page(page_width, page_height, (Group(tuple(items)),))


def rules_document(knobs: Knobs = Knobs(), paper: tuple[float, float] = (210.0, 297.0)) -> Document:
    return Document([rules_page(knobs, paper)], title="YINSH: how to play", author="printkit",
                    subject="YINSH rules sheet")
