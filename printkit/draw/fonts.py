"""The one typeface printkit prints with: DejaVu Sans (regular and bold), bundled in printkit/fonts.

Both backends take everything from the same TTF files: the PDF embeds a subset of them, the SVG
draws their glyph outlines. Metrics come from the very parser reportlab uses, so widths measured
here are exactly the advances the PDF viewer applies.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont as ToolsFont
from reportlab.pdfbase.ttfonts import TTFont as ReportlabFont

from printkit.quote import excerpt

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
# Text sizes are in mm (the em). No text on a printed page a family reads is smaller than
# 8 pt (2.822 mm): 2.85 mm, 8.08 pt, keeps rounding in a PDF reader's figures above it.
SMALLEST_PRINTED = 2.85


class MissingGlyphError(ValueError):
    """Text uses characters the bundled font cannot draw."""

    def __init__(self, text: str, bold: bool, missing: list[str]) -> None:
        self.text = text
        self.bold = bold
        self.missing = missing
        listed = ", ".join(f"{_describe(char)}" for char in missing)
        hint = ""
        if any(unicodedata.category(char) == "Cc" for char in missing):
            hint = " (a Text is a single line: split lines with fonts.wrap or furniture.paragraph)"
        face = "DejaVu Sans Bold" if bold else "DejaVu Sans"
        super().__init__(f"{face} has no glyph for {listed} in {excerpt(text)!r}{hint}")


# Bidirectional classes of text written right to left: Hebrew (R), Arabic and its kin (AL),
# and the controls that embed, override or isolate text right to left.
RIGHT_TO_LEFT_CLASSES = frozenset({"R", "AL", "RLE", "RLO", "RLI"})
LEFT_TO_RIGHT_ONLY = "printkit prints left-to-right text only"


class RightToLeftError(ValueError):
    """Text written right to left: the font has glyphs for Hebrew and Arabic, but printkit
    sets every line left to right, unshaped, so it would print reversed (and unjoined)."""

    def __init__(self, text: str, found: list[str]) -> None:
        self.text = text
        self.found = found
        super().__init__(f"{excerpt(text)!r} has {right_to_left_words(found)}: {LEFT_TO_RIGHT_ONLY}")


def right_to_left(text: str) -> list[str]:
    """The distinct characters of `text` written right to left, in order of first appearance."""
    found: list[str] = []
    for char in text:
        if unicodedata.bidirectional(char) in RIGHT_TO_LEFT_CLASSES and char not in found:
            found.append(char)
    return found


def right_to_left_words(found: list[str], *, names: bool = True) -> str:
    """What right_to_left found, for a message: "Hebrew text, written right to left
    (U+05E9 HEBREW LETTER SHIN ('ש'), …)"; `names` False lists code points only."""
    scripts: list[str] = []
    for char in found:
        name = unicodedata.name(char, "")
        script = "right-to-left control" if name.startswith("RIGHT-TO-LEFT") or not name else name.split()[0].title()
        if script not in scripts:
            scripts.append(script)
    shown = ", ".join(_describe(char) if names else f"U+{ord(char):04X}" for char in found)
    texts = [s for s in scripts if s != "right-to-left control"]
    kinds = [f"{' and '.join(texts)} text, written right to left"] if texts else []
    if len(texts) < len(scripts):
        kinds.append("a right-to-left control character")
    return f"{' and '.join(kinds)} ({shown})"


def unprintable(text: str) -> list[str]:
    """The distinct characters of `text` that regular or bold DejaVu Sans cannot draw."""
    missing = missing_glyphs(text)
    missing += [char for char in missing_glyphs(text, bold=True) if char not in missing]
    return missing


def describe(char: str) -> str:
    """A character as messages name it: code point, Unicode name, and the character."""
    return _describe(char)


def _describe(char: str) -> str:
    name = unicodedata.name(char, "control character" if unicodedata.category(char) == "Cc" else "unnamed")
    return f"U+{ord(char):04X} {name} ({char!r})"


def font_name(bold: bool = False) -> str:
    """The name the font is registered under (reportlab) and embedded as (PDF)."""
    return BOLD if bold else REGULAR


def font_path(bold: bool = False) -> Path:
    return FONT_DIR / f"{font_name(bold)}.ttf"


@lru_cache(maxsize=None)
def reportlab_font(bold: bool = False) -> ReportlabFont:
    """The parsed font as reportlab sees it; shared by metrics and the PDF backend."""
    return ReportlabFont(font_name(bold), str(font_path(bold)))


def missing_glyphs(text: str, bold: bool = False) -> list[str]:
    """The distinct characters of `text` the font lacks, in order of first appearance."""
    char_to_glyph = reportlab_font(bold).face.charToGlyph
    missing: list[str] = []
    for char in text:
        # glyph 0 is .notdef: a cmap pointing there would still print a box
        if not char_to_glyph.get(ord(char)) and char not in missing:
            missing.append(char)
    return missing


def check_glyphs(text: str, bold: bool = False) -> None:
    """Raise MissingGlyphError naming every character of `text` the font cannot draw, or
    RightToLeftError naming those it would draw in the wrong order."""
    missing = missing_glyphs(text, bold)
    if missing:
        raise MissingGlyphError(text, bold, missing)
    backwards = right_to_left(text)
    if backwards:
        raise RightToLeftError(text, backwards)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Advance width in mm of `text` set at em size `size` mm (no kerning, as in the PDF)."""
    widths, default = _advances(bold)
    return sum(widths.get(ord(char), default) for char in text) * size / 1000.0


def ink_extent(size: float, bold: bool = False) -> tuple[float, float]:
    """How far any glyph can reach above and below the baseline, in mm at em size `size`."""
    _, y_min, _, y_max = reportlab_font(bold).face.bbox
    return y_max * size / 1000.0, -y_min * size / 1000.0


def ascent(size: float, bold: bool = False) -> float:
    """The typographic ascent (capitals and ascenders, about 0.76 em) in mm."""
    return reportlab_font(bold).face.ascent * size / 1000.0


# Break at ordinary spaces and tabs only, so no-break spaces (U+00A0, U+202F) keep "50 mm" whole.
_BREAKABLE = re.compile(r"[ \t]+")


def wrap(text: str, width_mm: float, size: float, bold: bool = False) -> list[str]:
    """Greedy line breaking of `text` into lines no wider than `width_mm`.

    Newlines start a new paragraph (an empty paragraph gives an empty line); a word wider
    than the measure is split between characters rather than overflowing the card.
    """
    lines: list[str] = []
    space = text_width(" ", size, bold)
    for paragraph in text.split("\n"):
        words = [word for word in _BREAKABLE.split(paragraph) if word]
        if not words:
            lines.append("")
            continue
        line, line_width = "", 0.0
        for word in words:
            for piece in _split_long_word(word, width_mm, size, bold):
                piece_width = text_width(piece, size, bold)
                if line and line_width + space + piece_width <= width_mm:
                    line, line_width = f"{line} {piece}", line_width + space + piece_width
                else:
                    if line:
                        lines.append(line)
                    line, line_width = piece, piece_width
        lines.append(line)
    return lines


def _split_long_word(word: str, width_mm: float, size: float, bold: bool) -> list[str]:
    if text_width(word, size, bold) <= width_mm:
        return [word]
    # one pass, each piece's width kept as a running sum in font units: linear in the word
    widths, default = _advances(bold)
    pieces: list[str] = []
    start, units = 0, 0
    for index, char in enumerate(word):
        advance = widths.get(ord(char), default)
        if index > start and (units + advance) * size / 1000.0 > width_mm:
            pieces.append(word[start:index])
            start, units = index, 0
        units += advance
    pieces.append(word[start:])
    return pieces


def _advances(bold: bool) -> tuple[dict[int, float], float]:
    face = reportlab_font(bold).face
    return face.charWidths, face.defaultWidth


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph for the SVG backend; lengths in font units, y up, as in the font."""

    gid: int
    advance: int
    outline: str  # SVG path data; empty for blank glyphs such as the space


@lru_cache(maxsize=None)
def _tools_font(bold: bool) -> ToolsFont:
    return ToolsFont(str(font_path(bold)), lazy=True)


@lru_cache(maxsize=None)
def units_per_em(bold: bool = False) -> int:
    return int(_tools_font(bold)["head"].unitsPerEm)


@lru_cache(maxsize=None)
def glyph(char: str, bold: bool = False) -> Glyph:
    """The glyph drawing `char`; call check_glyphs first, a missing character raises KeyError."""
    font = _tools_font(bold)
    name = font.getBestCmap()[ord(char)]
    glyph_set = font.getGlyphSet()
    pen = SVGPathPen(glyph_set, ntos=lambda value: f"{value:g}")
    glyph_set[name].draw(pen)
    return Glyph(font.getGlyphID(name), glyph_set[name].width, pen.getCommands())


def fitted_size(text: str, width: float, size: float, bold: bool = False, smallest: float = 2.4) -> float:
    """The largest size up to `size` (but not below `smallest`) at which `text` fits `width`."""
    measured = text_width(text, size, bold)
    return size if measured <= width else max(smallest, size * width / measured)


def shortened(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text`, cut with an ellipsis if needed so that it is at most `width` mm wide: the
    longest prefix that fits with "…", found in one pass (linear in the text)."""
    if text_width(text, size, bold) <= width:
        return text
    widths, default = _advances(bold)
    ellipsis = widths.get(ord("…"), default)
    units, keep = 0, 0
    for index, char in enumerate(text):
        units += widths.get(ord(char), default)
        if (units + ellipsis) * size / 1000.0 > width:
            break
        keep = index + 1
    return text[:keep].rstrip() + "…"
