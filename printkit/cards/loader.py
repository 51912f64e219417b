"""Reading deck files (templates/*-deck.yaml): every problem at once, as FILE:LINE:COL.

`load_deck` raises `SpecError` with all problems of a readable file, or `UnreadableSource`
when the bytes are not one YAML document; the CLI maps both to exit status 2.

    deck: Sinpin                    # the deck's name (printed on the sheets' metadata)
    size: poker                     # optional: a named size or WxH in mm
    backs:                          # back designs, by name; the first is the default
      fox: {design: pattern, title: Fox, emblem: fox, colour: vermillion}
    cards:
      - {title: Fox, value: [1, 2, 3, 4, 5, 6], emblem: fox, colour: vermillion, back: fox}
      - {title: Gem, item: gem, text: "Keep it (S22).", count: 16, back: box}
"""

from __future__ import annotations

import yaml

from printkit.draw.colours import NAMED_COLOURS, parse_colour
from printkit.cards.model import (
    BACK_DESIGNS, DEFAULT_SIZE, EMBLEMS, ITEMS, NEUTRAL, PLACEHOLDER, PLACEHOLDERS, SIZES, Back, Card, Deck,
    describe_sizes, parse_size,
)
from printkit.draw import fonts
from printkit.filekinds import DECK, wrong_kind
from printkit.safeyaml import LongNumber
from printkit.sourceproblems import SourceProblem, SpecError
from printkit.specreader import MAX_TEXT_CHARS, SpecReader, node_position, type_name
from printkit.yamlsource import Document, load_document

DECK_KEYS = ("deck", "size", "backs", "cards")
BACK_KEYS = ("design", "title", "emblem", "colour")
CARD_KEYS = ("title", "value", "item", "text", "emblem", "colour", "count", "back")
VALUE_RANGE = (0, 99)  # printed large: two digits at most
COUNT_RANGE = (0, 200)  # 0 keeps a card in the file without printing it
# Limits no real deck reaches (the Sinpin deck has 59 cards and 5 backs; docs/limits.md),
# so that a deck file, aliases and all, can never ask for unbounded work.
MAX_CARDS = 1000  # cards per deck: printed cards (counts included) and faces listed
MAX_BACKS = 100  # back designs per deck
MAX_CARD_TEXT_CHARS = 2000  # a card's 'text'; more never fits even a tarot card


def load_deck(path: str) -> Deck:
    """Read and check a deck file; raise SpecError with every problem, or UnreadableSource."""
    return read_deck(load_document(path))


def read_deck(doc: Document) -> Deck:
    problems: list[SourceProblem] = []
    reader = SpecReader(doc, doc.root, problems, what="a deck file")
    if not reader.ok:
        if doc.root is None:
            problems[-1] = SourceProblem(doc.source.name, 1, 1, "format", "the file is empty: a deck needs 'deck', 'backs' and 'cards'")
        raise SpecError(problems)
    other = wrong_kind(doc, DECK)
    if other is not None:  # a level or board spec: one sentence, not a line per key
        raise SpecError([other])
    reader.check_keys(DECK_KEYS, required=("deck", "backs", "cards"))
    name = _glyph_text(reader, "deck", "", one_line=True) or ""
    size = SIZES[DEFAULT_SIZE]
    if reader.has("size"):
        text = reader.text("size")
        parsed = parse_size(text) if text is not None else None
        if text is not None and parsed is None:
            reader.problem(reader.value_node("size"), f"'size' must be {describe_sizes()} (each side 30-140 mm), not '{text[:40]}'")
        size = parsed or size
    backs = _backs(reader)
    cards = _cards(reader, backs)
    if not problems and cards is not None and sum(card.count for card in cards) == 0:
        reader.problem(reader.value_node("cards"), "the deck has no card to print (every 'count' is 0)")
    if problems or cards is None:
        raise SpecError(sorted(problems, key=lambda p: (p.line or 0, p.column or 0)))
    return Deck(name, size, backs, tuple(cards), doc.source.name)


def _glyph_text(reader: SpecReader, key: str, default: str | None, *, one_line: bool = False,
                longest: int = MAX_TEXT_CHARS) -> str | None:
    """Text the bundled font can print (else a problem here rather than a failed render);
    `one_line` for titles, which are set on one line, where a text's line breaks start paragraphs."""
    value = reader.text(key, default, longest, one_line=one_line)
    if value:
        missing = fonts.unprintable(value.replace("\n", ""))
        if missing:
            shown = ", ".join(f"U+{ord(char):04X}" for char in missing)
            reader.problem(reader.value_node(key), f"'{key}' has characters the card font (DejaVu Sans) cannot print: {shown}")
            return default
        backwards = fonts.right_to_left(value)  # the font draws them, in the wrong order
        if backwards:
            words = fonts.right_to_left_words(backwards, names=False)
            reader.problem(reader.value_node(key), f"'{key}' has {words}: {fonts.LEFT_TO_RIGHT_ONLY}")
            return default
    return value


def _colour(reader: SpecReader, key: str, default: str) -> str:
    if not reader.has(key):
        return default
    value = reader.raw(key)
    colour = parse_colour(value)
    if colour is None:
        if value is None:
            hint = "nothing (null); quote hex codes, '#' starts a YAML comment: \"#d55e00\""
        else:
            hint = f"'{value}'" if isinstance(value, str) and len(value) < 40 else type_name(value)
        reader.problem(reader.value_node(key), f"'{key}' must be #rrggbb, #rgb or a name ({', '.join(sorted(NAMED_COLOURS))}), not {hint}")
        return default
    return colour


def _backs(reader: SpecReader) -> dict[str, Back]:
    section = reader.mapping("backs")
    backs: dict[str, Back] = {}
    if section is None or not section.ok:
        return backs
    if not section.entries:
        section.problem(section.node, "'backs' must name at least one back design")
    if len(section.entries) > MAX_BACKS:
        section.problem(section.node, f"'backs' names {len(section.entries):,} back designs; a deck has at most {MAX_BACKS}")
        return backs
    for name, (_, value_node) in section.entries.items():
        back = SpecReader(reader.doc, value_node, reader.problems, f"back '{name}'")
        if not back.ok:
            continue
        back.check_keys(BACK_KEYS)
        backs[name] = Back(
            name,
            design=back.choice("design", BACK_DESIGNS, "pattern") or "pattern",
            title=_glyph_text(back, "title", "", one_line=True) or "",
            emblem=back.choice("emblem", EMBLEMS, None),
            colour=_colour(back, "colour", NEUTRAL),
            position=node_position(value_node),
        )
    return backs


def _cards(reader: SpecReader, backs: dict[str, Back]) -> list[Card] | None:
    nodes = reader.sequence("cards")
    if nodes is None:
        return None
    if not nodes:
        reader.problem(reader.value_node("cards"), "'cards' is empty: list at least one card")
    default_back = next(iter(backs), None)
    cards: list[Card] = []
    printed = 0
    for number, node in enumerate(nodes, start=1):
        entry = SpecReader(reader.doc, node, reader.problems, f"card {number}")
        if not entry.ok:
            continue
        entry.check_keys(CARD_KEYS, required=("title",))
        title = _glyph_text(entry, "title", "", one_line=True) or ""
        raw_title = entry.raw("title")
        if isinstance(raw_title, str) and not raw_title.strip():
            entry.problem(entry.value_node("title"), "'title' must not be blank")
        values = _values(entry)
        item = entry.choice("item", ITEMS, None)
        if values and item:
            entry.problem(entry.value_node("item"), "a card has a 'value' (a movement card) or an 'item' (a box card), not both")
        back = entry.text("back", default_back)
        if entry.has("back") and back is not None and back not in backs and backs:
            entry.problem(entry.value_node("back"), f"no back design '{back}' in 'backs' (backs: {', '.join(backs)})")
        text = _glyph_text(entry, "text", "", longest=MAX_CARD_TEXT_CHARS) or ""
        _check_placeholders(entry, text)
        common = dict(
            title=title,
            back=back or "",
            item=item,
            text=text,
            emblem=entry.choice("emblem", EMBLEMS, item),
            colour=_colour(entry, "colour", NEUTRAL),
            count=entry.integer("count", 1, *COUNT_RANGE),
            position=node_position(node),
        )
        faces = max(1, len(values))
        printed += faces * common["count"]  # type: ignore[operator]
        if len(cards) + faces > MAX_CARDS or printed > MAX_CARDS:
            entry.problem(node, f"with card {number} the deck has more than {MAX_CARDS:,} cards (each 'count' and"
                                f" each 'value' counted); a deck has at most {MAX_CARDS:,}")
            return None  # the rest is not read: an aliased deck could ask for millions
        for value in values or [None]:
            cards.append(Card(value=value, **common))  # type: ignore[arg-type]
    return cards


def _check_placeholders(entry: SpecReader, text: str) -> None:
    """A `{name}` that is no placeholder is a typo ({blade_pointz}): located, not printed as typed."""
    unknown = sorted({name for name in PLACEHOLDER.findall(text) if name not in PLACEHOLDERS})
    if unknown:
        named = ", ".join(f"{{{name}}}" for name in unknown)
        known = ", ".join(f"{{{name}}}" for name in PLACEHOLDERS)
        entry.problem(entry.value_node("text"), f"unknown placeholder {named} in 'text' (placeholders: {known})")


def _values(entry: SpecReader) -> list[int]:
    """`value: 3` or `value: [1, 2, 3, 4, 5, 6]` (one card per value); [] when absent or wrong."""
    if not entry.has("value"):
        return []
    node = entry.value_node("value")
    items = list(node.value) if isinstance(node, yaml.SequenceNode) else [node]
    if len(items) > MAX_CARDS:
        entry.problem(node, f"'value' lists {len(items):,} values, one card each; a deck has at most {MAX_CARDS:,} cards")
        return []
    low, high = VALUE_RANGE
    values: list[int] = []
    for item in items:
        value = entry.doc.value(item)
        if isinstance(value, LongNumber):
            entry.problem(item, f"'value' must be from {low} to {high}, not {type_name(value)}")
        elif isinstance(value, bool) or not isinstance(value, int):
            entry.problem(item, f"'value' must be a whole number or a list of them, not {type_name(value)}")
        elif not low <= value <= high:
            entry.problem(item, f"'value' must be from {low} to {high}, not {value}")
        else:
            values.append(value)
    if isinstance(node, yaml.SequenceNode) and not items:
        entry.problem(node, "'value' is an empty list")
    return values
