"""Colours as '#rrggbb': the names spec and deck files may use, and mixing them."""

from __future__ import annotations

import re

BLACK = "#000000"
WHITE = "#ffffff"

NAMED_COLOURS: dict[str, str] = {
    "white": "#ffffff", "black": "#000000", "grey": "#808080", "gray": "#808080",
    "silver": "#c0c0c0", "red": "#d62728", "orange": "#e69f00", "yellow": "#f0e442",
    "gold": "#ffd700", "green": "#009e73", "lime": "#7fcc2e", "olive": "#808000",
    "teal": "#008080", "cyan": "#56b4e9", "blue": "#0072b2", "navy": "#000080",
    "purple": "#7b3294", "magenta": "#cc79a7", "pink": "#f4a6c0", "brown": "#8c564b",
    "maroon": "#800000", "vermillion": "#d55e00",
}  # fmt: skip

_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def parse_colour(value: object) -> str | None:
    """#rrggbb for a colour name or a #rgb / #rrggbb code; None when it is neither."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text.lower() in NAMED_COLOURS:
        return NAMED_COLOURS[text.lower()]
    if _HEX.fullmatch(text):
        digits = text[1:].lower()
        return "#" + (digits if len(digits) == 6 else "".join(c * 2 for c in digits))
    return None


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def mix(colour: str, other: str, amount: float) -> str:
    """`colour` moved `amount` (0..1) of the way towards `other`."""
    a, b = _rgb(colour), _rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


def tint(colour: str, amount: float) -> str:
    """`colour` mixed with white: 0 keeps it, 1 is white (light grounds black ink reads on)."""
    return mix(colour, WHITE, amount)


def luminance(colour: str) -> float:
    red, green, blue = (value / 255 for value in _rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    return BLACK if luminance(colour) > 0.5 else WHITE


def pattern_ink(colour: str) -> str:
    """A pattern colour that stands out on both white paper and the colour's own tint (a
    board's start areas, a disc's ring); here beside text_on so the play page's seats take
    both from the one rule the print has (printkit.play.sinoda_view)."""
    return mix(colour, BLACK, 0.25) if luminance(colour) > 0.35 else colour
