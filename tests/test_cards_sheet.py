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
