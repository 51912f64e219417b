"""The card grid of a sheet: how many fit, where each back goes, room for crop marks."""

from __future__ import annotations

import pytest

from printkit.cards.sheet import SheetOptions, layout_sheet
from printkit.draw import LETTER_PORTRAIT


def test_nine_poker_cards_fit_a4_with_or_without_bleed() -> None:
    for bleed in (0.0, 3.0):
        layout = layout_sheet((63.0, 88.0), SheetOptions(bleed=bleed))
        assert (layout.columns, layout.rows, layout.per_page) == (3, 3, 9)
        assert layout.origin == (10.5, 16.5)
        assert layout.crop_offset() > bleed  # marks start clear of the bleed
    assert layout_sheet((63.0, 88.0), SheetOptions(bleed=3.0, paper=LETTER_PORTRAIT)).per_page == 6


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_mirror_the_fronts(duplex: str) -> None:
    layout = layout_sheet((63.0, 88.0), SheetOptions(duplex=duplex))
    for slot in range(9):
        x, y, w, h = layout.front(slot)
        bx, by, _, _ = layout.back(slot)
        if duplex == "long":
            assert (bx, by) == (pytest.approx(210 - x - w), pytest.approx(y))
        else:
            assert (bx, by) == (pytest.approx(x), pytest.approx(297 - y - h))


def test_outer_bleed_only_on_the_block_edges() -> None:
    layout = layout_sheet((63.0, 88.0), SheetOptions(bleed=3.0))
    assert layout.outer_bleed(0, 0) == (3.0, 3.0, 0.0, 0.0)
    assert layout.outer_bleed(1, 1) == (0.0, 0.0, 0.0, 0.0)
    assert layout.outer_bleed(2, 2) == (0.0, 0.0, 3.0, 3.0)


def test_a_card_too_big_for_the_paper() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        layout_sheet((205.0, 100.0))
    with pytest.raises(ValueError, match="duplex"):
        SheetOptions(duplex="sideways")


def test_crop_marks_stay_inside_the_safe_margin_and_are_never_dropped_silently() -> None:
    """printing.md #4: nothing needed closer than 5 mm to the edge, crop marks included (a
    review: they could reach 3 mm, and a 100 × 140 mm card got none without a word)."""
    poker = layout_sheet((63.0, 88.0))
    assert poker.origin == (10.5, 16.5)  # the cards have not moved
    assert poker.crop_lengths() == (pytest.approx(3.5), 5.0)  # 10.5 - 2 (offset) - 5 (margin)
    assert poker.crop_note() is None
    big = layout_sheet((100.0, 140.0))
    assert big.crop_lengths() == (0.0, 0.0)
    note = big.crop_note()
    assert note is not None and "left and right of the cards (0.0 mm would fit)" in note
    assert "above and below the cards (1.5 mm would fit)" in note and "5 mm from the paper's edge" in note
    bleed = layout_sheet((63.0, 88.0), SheetOptions(bleed=3.0))
    assert bleed.crop_lengths() == (0.0, 5.0)
    assert "left and right of the cards (1.0 mm would fit)" in (bleed.crop_note() or "")
    assert layout_sheet((100.0, 140.0), SheetOptions(crop_length=0.0)).crop_note() is None  # none asked for
    short = layout_sheet((63.0, 88.0), SheetOptions(crop_length=1.5))
    assert short.crop_lengths() == (1.5, 1.5)  # shorter than 2 mm when asked
