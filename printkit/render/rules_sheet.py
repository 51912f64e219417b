"""The Sinpin rules on one A4 page, for the kit: turn, move, special fields, health, ghost,
scoring, in words a family reads at the table: no rule ids on the page (they are for
designers: the validator, the overlay and docs/rules.md cite them; the comments here say
which rule each section words). The note in the corner tells where the full rules are.

`rules_page(level)` returns a Page that places the map's tile icons, so the Document it goes
into needs `tile_symbols()` (`rules_document` adds them). The knob values printed (blade
points, health, box hearts, rounds) are the level's, so a level's variant is explained with
its own numbers, and the box is the level's after set-up: the Box cards the kit prints. Where
the map's vacant fields run out, the set-up sentence says what set-up places there (S28).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from printkit.draw import A4_PORTRAIT, Document, Group, Item, Line, Page, Style, Text
from printkit.draw import fonts
from printkit.draw.furniture import paragraph
from printkit.render.sinpin.icons import icon, tile_symbols
from printkit.sinpin.level import Level
from printkit.sinpin.rules import SETUP_KNOBS, SETUP_LIMITS, blades_rule
from printkit.wording import counted, listed, plural
from printkit.sinpin.tiles import Tile

MARGIN = 14.0
LEADING = 1.25
RULE_LINE = Style(stroke="#000000", width=0.3)
# Where a reader finds the rules in full: a command an installed printkit has.
RULES_NOTE = "The full rules: printkit rules"


@dataclass(frozen=True)
class _Section:
    heading: str
    cites: str  # the rules the section words, for designers and tests: never printed
    lines: tuple[str, ...] = ()
    fields: tuple[tuple[Tile, str], ...] = ()  # (icon, what it does) rows


SETUP_NOUNS = (("web", Tile.WEB, "web"), ("gem", Tile.GEM, "gem"), ("question", Tile.QUESTION, "question mark"))


def _set_up(level: Level) -> str:
    """S28 with this level's knobs: only what is placed is named, each count worded. Where the
    vacant fields run out first ("fewer only when no vacant field is left"), the counts set-up
    places on this map (Level.setup_placed: the box and the token sheet count the same)."""
    placed = level.setup_placed
    wanted = [(getattr(level.rules, SETUP_KNOBS[kind]), kind, tile, noun) for kind, tile, noun in SETUP_NOUNS]
    counts = [counted(count, noun) for count, _, _, noun in wanted if count]
    short = any(len(level.positions[tile]) + placed[kind] < count for count, kind, tile, _ in wanted)
    if not short:
        if counts:
            kinds = [plural(noun) for count, _, _, noun in wanted if count]
            return (f"Take turns placing {', then '.join(kinds)}, one a turn, each on a vacant open field, until the map"
                    f" holds {listed(counts)} in all, its own included.")
        return "Nothing is placed at set-up: the map is played as drawn."
    room = f"no vacant field is left for the rest of the {listed(counts)} the map would hold in all, its own included"
    kinds = [plural(noun) for _, kind, _, noun in wanted if placed[kind]]
    if not kinds:
        return f"Nothing is placed at set-up: {room}. The map is played as drawn."
    done = listed([counted(placed[kind], noun) for _, kind, _, noun in wanted if placed[kind]])
    verb = "is" if sum(placed.values()) == 1 else "are"
    return (f"Take turns placing {', then '.join(kinds)}, one a turn, each on a vacant open field: {done} {verb} placed,"
            f" and then {room}.")


BOX_NOUNS = (("gem", "gem"), ("web", "web"), ("heart", "heart"), ("chest", "chest"), ("ghost", "ghost card"))


def _box(box: Mapping[str, int], drawn: bool = True) -> str:
    """S29 with S34 (b): the box after set-up, as the kit prints it (render.kit: exactly these
    cards), so a family shuffles every Box card it has; why its gems and webs are so few. The
    kit prints the box even where nothing can draw from it (no question mark on the map or
    placed at set-up, S23: Level.box_drawn), and the sheet then says so: the token sheet has
    no web or chest waiting for a draw."""
    cards = [counted(box[kind], noun) for kind, noun in BOX_NOUNS if box[kind]]
    none = [plural(kind) for kind in ("gem", "web") if not box[kind]]
    why = (f"of {SETUP_LIMITS['gem']} gems and {SETUP_LIMITS['web']} webs, those not on the map after set-up"
           + (f": no {' or '.join(none)}" if none else ""))
    shut = "" if drawn else (" Only a question mark draws from it, and none is on this map or placed at set-up:"
                             " on this level the box is never drawn from.")
    return f"The box is this kit's cards with the Box back, shuffled face down: {listed(cards)} ({why}).{shut}"


def _sections(level: Level) -> list[_Section]:
    rules, box = level.rules, level.box_after_setup
    return [
        _Section("Goal and set-up", "S33; S28, S29; S5, S25, S30", (
            "Reach the exit Ω and collect as many gems as you can on the way: most gems wins.",
            f"{_set_up(level)} {_box(box, level.box_drawn)}",
            f"Each player takes an avatar and its cards 1–6 and starts on the door α with {rules.start_health} health, held as heart tokens."
            " The ghost starts on the 2 × 2 squares at the bottom left of the door's field.",
        )),
        _Section("A turn", "S5; S6, S7; S30", (
            "Play one of your cards 1–6. A played card comes back only when all six were played.",
            "Choose left or right, then move exactly the card's points: while a step is possible you must take it.",
            "Then move the ghost.",
        )),
        _Section("Moving", "S8, S9; S10; S11-S13; S14; S15", (
            "Walk: one field in your direction, 1 point. Rock ahead turns you round for free.",
            "Jump: standing on ground, not on a ladder, go up one field for 1 point; at the top you may take one side step"
            " for 1 point. A jump as the first step chooses its side.",
            "Ladders: climb up, down, left or right, 1 point a field; entering a ladder stops a fall.",
            "Falling: with no rock or ladder below, drop one field for free, then one field sideways while points"
            " are left.",
            "A special field acts every time you enter it – by a step, a fall, a jump – but not where you start.",
        )),
        _Section("Special fields", "S16-S24", fields=(
            (Tile.SPIKES, "Spikes: lose 1 health; the move ends."),
            (Tile.BLADES, f"Blades: {blades_rule(rules.blade_points)}."),
            (Tile.WEB, "Web: costs 1 extra point; removed once an avatar has passed."),
            (Tile.SPRING, "Spring: bounces you up a field for free; then rise (1 point) or step aside."),
            (Tile.TELEPORTER, "Teleporter: go to any other teleporter for free, once a move."),
            (Tile.CHEST, "Chest: every point left becomes a gem; the move ends."),
            (Tile.GEM, "Gem: take it, 1 gem."),
            (Tile.HEART, f"Heart: take it, 1 health back, up to {rules.max_health}."),
            (Tile.QUESTION, "Question mark: draw from the box – keep a gem or heart, place a web or chest, a ghost"
                            " moves the ghost."),
            (Tile.EXIT, "Exit Ω: you leave the board. The first out gets as many gems as there are players, the next one"
                        " fewer, and so on; everyone out also gets a gem per health left."),
        )),
        _Section("Health", "S25", (
            "At 0 health the move ends: pay 3 gems to go on with 1 health, or go back to the door α with full"
            " health.",
        )),
        # S30 with S29a; S31; S32 with S34 (c). The door's exception matters most: everyone starts
        # on the door under the ghost, so without it every avatar is caught before the first move.
        _Section("The ghost", "S30, S29a; S31; S32, S34", (
            "After your move, move the ghost exactly as many squares as your card: each square left, right or down,"
            " never up, through rock, never off the map; it may go back and forth. It steps down only as far as the"
            " bottom row of the exit's field, left and right always. Players out of the game still move it.",
            "A ghost card from the box, or reaching the exit, moves it at once by your card; its move at the end of"
            " your turn still follows.",
            "After every move of an avatar or of the ghost (where it stops, not the squares it passes), every avatar"
            " whose field the ghost's 2 × 2 squares overlap is caught, except on the door α: the ghost never catches"
            " there. A caught avatar loses all health and leaves the game, keeping its gems but getting no exit gems.",
        )),
        _Section("End and scoring", "S33", (
            f"The game ends when no avatar is left on the board, or after {counted(rules.max_rounds, 'round')}; avatars still inside"
            " get no exit bonus. Most gems wins; ties share the win.",
        )),
    ]


def _layout(sections: Sequence[_Section], top: float, size: float) -> tuple[list[Item], float]:
    """The sections set at text size `size` from `top` down, and where they end."""
    page_width = A4_PORTRAIT.width
    width = page_width - 2 * MARGIN
    icon_mm = 2.9 * size
    items: list[Item] = []
    y = top
    for section in sections:
        y += fonts.ascent(size * 1.35, True)
        items.append(Text(MARGIN, y, section.heading, size * 1.35, bold=True))
        y += size * 0.5
        items.append(Line(MARGIN, y, MARGIN + width, y, RULE_LINE))
        y += size * 0.6
        for line in section.lines:
            items.append(paragraph(MARGIN, y + fonts.ascent(size), width, line, size, leading=LEADING))
            y += len(fonts.wrap(line, width, size)) * LEADING * size + size * 0.35
        # the special fields two to a row, each text beside its icon
        column_width = (width - 6.0) / 2
        text_width = column_width - icon_mm - 2.5
        fields = list(section.fields)
        for pair in (fields[i:i + 2] for i in range(0, len(fields), 2)):
            counts = [len(fonts.wrap(text, text_width, size)) for _, text in pair]
            row = max(icon_mm, max(counts) * LEADING * size)
            for column, ((tile, text), lines) in enumerate(zip(pair, counts)):
                x = MARGIN + column * (column_width + 6.0)
                items.append(icon(tile, x, y + (row - icon_mm) / 2, icon_mm))
                # text centred on the icon: its first baseline half the block below the row's middle
                first = y + (row - lines * LEADING * size) / 2 + fonts.ascent(size)
                items.append(paragraph(x + icon_mm + 2.5, first, text_width, text, size, leading=LEADING))
            y += row + size * 0.5
        y += size * 0.6
    return items, y


def rules_page(level: Level, title: str = "Sinpin") -> Page:
    """One A4 page summarising S5-S33 for `level` (its knobs, its box after set-up) without
    rule ids, the special fields beside their icons, no text smaller than fonts.SMALLEST_PRINTED."""
    page_width, page_height = A4_PORTRAIT
    sections = _sections(level)
    top = MARGIN + 12.0
    # the largest text that fits the page, from 4 mm down in 0.1 mm steps
    size = 4.0
    items, bottom = _layout(sections, top, size)
    while bottom > page_height - MARGIN and size > fonts.SMALLEST_PRINTED:
        size = round(size - 0.1, 2)
        items, bottom = _layout(sections, top, size)
    heading = fonts.ascent(7.0, True) + MARGIN
    width = page_width - 2 * MARGIN
    headline = f"{title}: the rules on one page"
    size = fonts.fitted_size(headline, width, 7.0, True, smallest=4.5)
    note, note_size = RULES_NOTE, fonts.SMALLEST_PRINTED
    # A long level name leaves no room beside it for the note: the note then goes below.
    beside = fonts.text_width(headline, size, True) + fonts.text_width(note, note_size) + 6.0 <= width
    items += [
        Text(MARGIN, heading, fonts.shortened(headline, width, size, True), size, bold=True),
        Text(page_width - MARGIN, heading if beside else page_height - MARGIN / 2, note, note_size, anchor="end"),
    ]
    return Page(page_width, page_height, (Group(tuple(items)),))


def rules_document(level: Level, title: str = "Sinpin") -> Document:
    return Document([rules_page(level, title)], tile_symbols(), title=f"{title}: rules", author="printkit",
                    subject="Sinpin rules summary")
