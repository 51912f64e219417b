"""The bundled font: files and licence, glyph coverage, metrics, line breaking, outlines."""

from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont
from hypothesis import given
from hypothesis import strategies as st

from printkit.draw import fonts

CLEF = "\U0001d11e"  # MUSICAL SYMBOL G CLEF: not in DejaVu Sans


def test_font_files_and_licence_are_bundled_and_small():
    for bold in (False, True):
        path = fonts.font_path(bold)
        assert path.is_file() and path.parent.name == "fonts"
        assert path.stat().st_size < 2_000_000
    licence = (fonts.FONT_DIR / "DejaVu-LICENSE.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence


def test_alpha_and_omega_are_covered_in_both_weights():
    for bold in (False, True):
        fonts.check_glyphs("α Ω — αβγ ΑΩ äöü ß € ° × ½ 100 % ", bold)


def test_missing_glyphs_are_refused_loudly():
    assert fonts.missing_glyphs(f"a{CLEF}b{CLEF}\uffff") == [CLEF, "\uffff"]
    with pytest.raises(fonts.MissingGlyphError) as caught:
        fonts.check_glyphs(f"key {CLEF}")
    message = str(caught.value)
    assert "U+1D11E MUSICAL SYMBOL G CLEF" in message and "DejaVu Sans" in message
    assert caught.value.missing == [CLEF]
    assert isinstance(caught.value, ValueError)
    with pytest.raises(fonts.MissingGlyphError, match="single line"):
        fonts.check_glyphs("two\nlines")


def test_right_to_left_text_is_refused_though_the_font_has_its_glyphs():
    """A review: Hebrew and Arabic passed the glyph check (DejaVu Sans draws them) but print
    reversed and, Arabic, unjoined: printkit sets every line left to right, unshaped."""
    hebrew, arabic = "\u05e9\u05dc\u05d5\u05dd", "\u0633\u0644\u0627\u0645"  # shalom, salam
    assert fonts.missing_glyphs(hebrew + arabic) == []
    with pytest.raises(fonts.RightToLeftError) as caught:
        fonts.check_glyphs(f"Cave {hebrew}")
    message = str(caught.value)
    assert "Hebrew text, written right to left (U+05E9 HEBREW LETTER SHIN" in message
    assert message.endswith("printkit prints left-to-right text only")
    with pytest.raises(fonts.RightToLeftError, match="Arabic text"):
        fonts.check_glyphs(arabic, bold=True)
    with pytest.raises(fonts.RightToLeftError, match="a right-to-left control character \\(U\\+202E"):
        fonts.check_glyphs("abc\u202edef")
    assert fonts.right_to_left("α Ω — äöü 100 % \u0660") == []  # left to right, Arabic-Indic digits too
    assert fonts.right_to_left_words(["\u05d0", "\u0627"], names=False) == "Hebrew and Arabic text, written right to left (U+05D0, U+0627)"


def test_text_width_matches_the_font_advances():
    font = TTFont(str(fonts.font_path()))
    cmap, hmtx, units = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
    expected = sum(hmtx[cmap[ord(char)]][0] for char in "α Ω") / units * 8
    assert fonts.text_width("α Ω", 8) == pytest.approx(expected, abs=1e-9)
    assert fonts.text_width("α Ω", 16) == pytest.approx(2 * expected)
    assert fonts.text_width("Hello", 5, bold=True) > fonts.text_width("Hello", 5)
    assert fonts.text_width("", 5) == 0


def test_vertical_metrics():
    above, below = fonts.ink_extent(10)
    assert 10 < above < 13 and 4 < below < 5
    assert fonts.ascent(10) == pytest.approx(7.6, abs=0.01)


def test_wrap_fills_lines_up_to_the_width():
    text = "Move the hero one field; climb a ladder, jump over spikes and reach the exit Ω before the web."
    lines = fonts.wrap(text, 40, 3.5)
    assert len(lines) > 2
    assert all(fonts.text_width(line, 3.5) <= 40 for line in lines)
    assert " ".join(lines) == text
    # greedy: the next word would not have fitted on the line before
    for line, following in zip(lines, lines[1:]):
        assert fonts.text_width(f"{line} {following.split()[0]}", 3.5) > 40


def test_wrap_paragraphs_no_break_spaces_and_long_words():
    assert fonts.wrap("one\n\ntwo", 50, 3) == ["one", "", "two"]
    assert fonts.wrap("", 50, 3) == [""]
    assert fonts.wrap("a   b", 50, 3) == ["a b"]
    kept = fonts.wrap("print at 100\u202f% please", fonts.text_width("print at 100", 3), 3)
    assert "100\u202f%" in " ".join(kept)
    pieces = fonts.wrap("Ωmega" * 8, 10, 3)
    assert "".join(pieces) == "Ωmega" * 8 and len(pieces) > 1
    assert all(fonts.text_width(piece, 3) <= 10 for piece in pieces)


def test_glyph_outlines_for_the_svg():
    alpha = fonts.glyph("α")
    assert alpha.outline.startswith("M") and alpha.outline.endswith("Z")
    # in font units, the advance is the width of the character set at one em per unit
    assert alpha.advance == pytest.approx(fonts.text_width("α", fonts.units_per_em()))
    assert fonts.glyph("α", bold=True).outline != alpha.outline
    assert fonts.glyph(" ").outline == ""
    assert fonts.units_per_em() == 2048


def test_long_titles_shrink_then_shorten() -> None:
    title = "The Very Long Cave of Many Winding Tunnels"
    size = fonts.fitted_size(title, 90.0, 4.2, True)
    assert 2.4 < size < 4.2 and fonts.text_width(title, size, True) == pytest.approx(90.0)
    assert fonts.fitted_size(title, 30.0, 4.2, True) == 2.4  # no smaller: shortened() cuts it instead
    short = fonts.shortened(title * 3, 60.0, 2.4, True)
    assert short.endswith("…") and fonts.text_width(short, 2.4, True) <= 60.0
    assert fonts.shortened("Pits", 60.0, 4.2) == "Pits"


def _shortened_by_trimming(text: str, width: float, size: float, bold: bool) -> str:
    """The obvious (quadratic) definition: trim characters until the text with "…" fits."""
    if fonts.text_width(text, size, bold) <= width:
        return text
    while text and fonts.text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@given(st.text(st.characters(codec="latin-1", exclude_categories=("Cc",)), max_size=80), st.floats(0.0, 120.0), st.booleans())
def test_shortened_is_the_longest_prefix_that_fits_with_an_ellipsis(text: str, width: float, bold: bool) -> None:
    assert fonts.shortened(text, width, 3.0, bold) == _shortened_by_trimming(text, width, 3.0, bold)


@given(st.text("ilmW .", min_size=1, max_size=60), st.floats(0.5, 40.0))
def test_a_long_word_is_split_into_pieces_that_each_fit(word: str, width: float) -> None:
    pieces = fonts._split_long_word(word, width, 3.0, False)
    assert "".join(pieces) == word
    for piece, following in zip(pieces, pieces[1:]):
        assert fonts.text_width(piece, 3.0, False) <= width or len(piece) == 1
        assert fonts.text_width(piece + following[0], 3.0, False) > width  # each piece as long as it can be


def test_fitting_and_shortening_a_headline_measure_each_character_a_few_times(monkeypatch: pytest.MonkeyPatch) -> None:
    measured = []
    real = fonts.text_width
    monkeypatch.setattr(fonts, "text_width", lambda text, *args, **kwargs: measured.append(len(text)) or real(text, *args, **kwargs))
    title = "A level name nobody would type " * 100  # 3,100 characters
    size = fonts.fitted_size(title, 150.0, 6.0, True, smallest=4.0)
    fonts.shortened(title, 150.0, size, True)
    fonts.wrap(title.replace(" ", ""), 50.0, 3.0)  # one word: split between characters
    assert sum(measured) <= 4 * len(title)  # the quadratic trimming measured ~ n * n / 2 characters
