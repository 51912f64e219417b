"""Colour names and codes as spec and deck files write them, and mixing."""

from printkit.draw.colours import BLACK, WHITE, mix, parse_colour, text_on, tint


def test_names_and_codes_become_rrggbb() -> None:
    assert parse_colour("Vermillion") == "#d55e00"
    assert parse_colour(" #ABC ") == "#aabbcc"
    assert parse_colour("#0072b2") == "#0072b2"
    assert parse_colour("#12345") is None and parse_colour("sky") is None and parse_colour(3) is None


def test_mixing_goes_the_given_way_between_two_colours() -> None:
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert tint("#d55e00", 0.0) == "#d55e00" and tint("#d55e00", 1.0) == WHITE
    assert text_on("#f0e442") == BLACK and text_on("#000080") == WHITE
