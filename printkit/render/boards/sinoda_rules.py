"""Sinoda's rules on one A4 page, in a family's words, for the board spec it is printed with:
the set-up picture for its players and teams, the turn (change or move), the worked example
of a move, capturing, the end and the winner (win by Sinoda for two players; team rules for
team games). No rule ids: docs/sinoda.md has them for designers.

Every text is at least 8 pt (MIN_TEXT_MM); the page is laid out at the largest body size
from BODY_MM down to that which fits.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.boards.spec import BoardSpec, SinodaOptions
from printkit.draw import A4_PORTRAIT, Group, Item, Line, Page, Style, Text, fonts
from printkit.draw.furniture import paragraph
from printkit.render.boards.paint import INK
from printkit.render.boards.sinoda import TEAM_LETTERS
from printkit.render.boards.sinoda_diagrams import example_layout, example_picture, setup_picture, setup_reach
from printkit.sinoda.board import Setup
from printkit.wording import listed

MARGIN = 12.0
GAP = 6.0  # between columns
MIN_TEXT_MM = 8 * 25.4 / 72  # 8 pt
BODY_MM = 3.4
TITLE_MM = 8.0
LEADING = 1.28
RULE = Style(stroke=INK, width=0.3)
SETUP_EDGE_MM = {"small": 21.0, "large": 14.5}  # the set-up picture's lattice edge
EXAMPLE_EDGE_MM = 21.0


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...]


def setup_words(setup: Setup) -> Section:
    lines = [
        "Each player takes six four-sided dice of one colour and a capture disc.",
        "Put your dice on your flower, the six spaces in your colour beside your number, each die with 1 on top.",
    ]
    if setup.players == 4 and not setup.teams:
        lines.append("The four flowers are not quite alike: 1 and 3 sit a little nearer the middle than 2 and 4. "
                     "Draw lots for who sits where.")
    if setup.teams:
        teams = "; ".join(f"team {TEAM_LETTERS[i]}: players {listed([str(p) for p in team])}"
                          for i, team in enumerate(setup.teams))
        where = "opposite each other" if len(setup.teams[0]) == 2 else "at every other flower"
        lines.append(f"Partners sit {where} ({teams}), so turns pass from team to team.")
        if setup.players == 4:
            lines.append("Flowers 1 and 3 sit a little nearer the middle than 2 and 4: draw lots for which team "
                         "takes them.")
    lines.append("Each player rolls a die: the highest number starts (roll again on a tie). Then take turns "
                 "clockwise, in the order of the numbers by the board.")
    return Section("Setting up", tuple(lines))


def goal_words(setup: Setup) -> Section:
    text = "Capture more points than anyone else. A captured die is worth the number on its top."
    if setup.teams:
        text += " You win with your team."
    return Section("The goal", (text,))


TURN = Section("Your turn: change a die or move it", (
    "Do one thing with one of your own dice.",
    "Change: turn the die so the number on top goes one up or one down: 1 to 2, 2 to 1 or 3, 3 to 2 or 4, "
    "4 to 3. Never from 4 to 1 or from 1 to 4. The die stays where it is. You can always change a die.",
    "Move: move the die exactly as many spaces as the number on top. Each step crosses a white petal "
    "into the next space, never across a point.",
    "You may not pass through a space that holds a die, yours or anyone's, and you may not enter a space "
    "twice in one move or come back to where you started.",
    "The last step may land on an empty space or on another player's die: then you capture that die.",
))
EXAMPLE = ("The 2 must move exactly two spaces and may not pass the 1, so it goes round the other way: "
           "through B to A. B is only one space away, C is three, and D lies beyond the 1.")


def capture_words(setup: Setup) -> Section:
    lines = ["Put the captured die on your capture disc without turning it: the number on top is what it "
             "scores. Any die can capture any other; your score is the sum of the numbers on your disc."]
    if setup.teams:
        lines.append("You may never move, change or capture a partner's die, but a partner's die blocks your "
                     "way like any other.")
    return Section("Capturing", tuple(lines))


END = Section("The end", (
    "The game ends at once when every player has only one die left on the board, when a player has lost "
    "their last die, or when a player has captured six dice.",
))


def winner_words(setup: Setup, win_by_sinoda: bool) -> Section:
    lines = ["The most points wins. On a tie, the one with more dice still on the board wins; if still tied, "
             "share the win."]
    if setup.teams:
        lines.append("Partners' points are never added: the team of the player with the most points wins.")
    if setup.players == 2 and win_by_sinoda:
        lines.append("Win by Sinoda: when your lead is bigger than the sum of the numbers on all your dice still "
                     "on the board, the other player can never catch up, so you win at once. With 9 points and "
                     "three dice showing 1 against 5 points: 5 + 3 = 8, less than 9.")
    return Section("Who wins", tuple(lines))


def _set(sections: list[Section], x: float, y: float, width: float, size: float) -> tuple[list[Item], float]:
    """Sections set one under another in a column from `y`; the items and where they end."""
    items: list[Item] = []
    for section in sections:
        heading = size * 1.3
        y += fonts.ascent(heading, True)
        items.append(Text(x, y, fonts.shortened(section.heading, width, heading, True), heading, fill=INK, bold=True))
        y += size * 0.45
        items.append(Line(x, y, x + width, y, RULE))
        y += size * 0.5
        for text in section.paragraphs:
            items.append(paragraph(x, y + fonts.ascent(size), width, text, size, leading=LEADING, fill=INK))
            y += len(fonts.wrap(text, width, size)) * LEADING * size + size * 0.4
        y += size * 0.7
    return items, y


def _layout(spec: BoardSpec, size: float) -> tuple[list[Item], float]:
    options = spec.options
    assert isinstance(options, SinodaOptions)
    setup = options.setup
    page_width = A4_PORTRAIT.width
    width = page_width - 2 * MARGIN
    items: list[Item] = []
    y = MARGIN + fonts.ink_extent(TITLE_MM, True)[0]
    items.append(Text(MARGIN, y, "Sinoda: how to play", TITLE_MM, fill=INK, bold=True))
    about = f"{setup.players} players on the {setup.board} board"
    if setup.teams:
        about += f", {len(setup.teams)} teams of {setup.players // len(setup.teams)}"
    items.append(Text(page_width - MARGIN, y, about, size, fill=INK, anchor="end"))
    y += 5.0
    # The set-up picture on the left, the goal and the set-up beside it.
    edge = SETUP_EDGE_MM[setup.board]
    reach = setup_reach(setup, edge)
    picture_width = 2 * reach
    items.append(setup_picture(spec, (MARGIN + reach, y + reach), edge))
    text_x = MARGIN + picture_width + GAP
    words, words_end = _set([goal_words(setup), setup_words(setup)], text_x, y, page_width - MARGIN - text_x, size)
    items += words
    y = max(y + picture_width, words_end) + 2.0
    # The turn on the left, the worked example on the right.
    example_width = _example_size()[0]
    column = width - example_width - GAP
    turn, turn_end = _set([TURN], MARGIN, y, column, size)
    items += turn
    example_x = MARGIN + column + GAP
    picture, _, picture_height = example_picture((example_x, y + 3.0), EXAMPLE_EDGE_MM, spec.players[0].colour)
    items.append(picture)
    caption_y = y + 3.0 + picture_height + 2.0 + fonts.ascent(size)
    items.append(paragraph(example_x, caption_y, example_width, EXAMPLE, size, leading=LEADING, fill=INK))
    caption_end = caption_y + len(fonts.wrap(EXAMPLE, example_width, size)) * LEADING * size
    y = max(turn_end, caption_end) + 2.0
    # Capturing and the end on the left, the winner on the right.
    half = (width - GAP) / 2
    left, left_end = _set([capture_words(setup), END], MARGIN, y, half, size)
    right, right_end = _set([winner_words(setup, options.rules.win_by_sinoda)], MARGIN + half + GAP, y, half, size)
    items += left + right
    return items, max(left_end, right_end)


def _example_size() -> tuple[float, float]:
    _, (left, top, right, bottom) = example_layout(EXAMPLE_EDGE_MM)
    return right - left, bottom - top


def rules_page(spec: BoardSpec) -> Page:
    """The rules sheet of a Sinoda board spec: A4 portrait, whatever paper the board takes."""
    page_width, page_height = A4_PORTRAIT
    size = BODY_MM
    items, bottom = _layout(spec, size)
    while bottom > page_height - MARGIN and size - 0.1 >= MIN_TEXT_MM:
        size = round(size - 0.1, 2)
        items, bottom = _layout(spec, size)
    return Page(page_width, page_height, (Group(tuple(items)),))
