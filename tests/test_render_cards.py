"""Card sheets read back from the written PDF: card size, 9-up, crop marks, duplex backs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from drawcheck import Box, PageGeometry, pdf_fonts, pdf_pages, svg_page

from printkit.cards import load_deck
from printkit.cards.sheet import SheetOptions
from printkit.draw import write_document
from printkit.render.cards import deck_document
from printkit.sourceproblems import SpecError

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "sinpin-deck.yaml"
W, H = 63.0, 88.0


def _numbered_deck(tmp_path: Path, cards: int = 9, design: str = "plain") -> Path:
    """Card i has the title Fi on its front and the back Bi, so each face's back can be found."""
    backs = "\n".join(f"  b{i}: {{design: {design}, title: B{i}}}" for i in range(cards))
    faces = "\n".join(f"  - {{title: F{i}, value: {i % 7}, back: b{i}}}" for i in range(cards))
    path = tmp_path / "numbered.yaml"
    path.write_text(f"deck: Numbered\nbacks:\n{backs}\ncards:\n{faces}\n", encoding="utf-8")
    return path


def _write(deck_path: Path, tmp_path: Path, name: str = "out.pdf", **options) -> Path:
    (path,) = write_document(deck_document(load_deck(str(deck_path)), SheetOptions(**options)), tmp_path / name)
    return path


def _cards(page: PageGeometry) -> list[Box]:
    return [rect for rect in page.rects if rect.w == pytest.approx(W, abs=0.01) and rect.h == pytest.approx(H, abs=0.01)]


def _labels(page: PageGeometry, letter: str) -> dict[str, tuple[float, float]]:
    """Where each upright label such as F3 or B3 starts: its first character's left and baseline."""
    found: dict[str, tuple[float, float]] = {}
    chars = page.chars
    for index, char in enumerate(chars[:-1]):
        following = chars[index + 1]
        if char.text == letter and following.text.isdigit() and abs(following.baseline - char.baseline) < 0.01:
            found[letter + following.text] = (char.x, char.baseline)
    return found


def _containing(boxes: list[Box], point: tuple[float, float]) -> Box:
    (box,) = [b for b in boxes if b.x < point[0] < b.x + b.w and b.y < point[1] < b.y + b.h]
    return box


def test_cards_measure_63_by_88_nine_to_a_page(tmp_path: Path) -> None:
    pages = pdf_pages(_write(TEMPLATE, tmp_path))
    assert len(pages) == 14  # 59 cards: 7 sheets, each a front and a back page
    for front in pages[0::2]:
        assert front.width_mm == pytest.approx(210, abs=0.01) and front.height_mm == pytest.approx(297, abs=0.01)
    assert [len(_cards(front)) for front in pages[0::2]] == [9, 9, 9, 9, 9, 9, 5]
    cards = _cards(pages[0])
    # the nine touch in a centred 3 x 3 block: cut lines every 63 and 88 mm
    xs = sorted({round(card.x, 3) for card in cards})
    ys = sorted({round(card.y, 3) for card in cards})
    assert xs == [10.5, 73.5, 136.5] and ys == [16.5, 104.5, 192.5]


def test_crop_marks_lie_outside_the_cards_on_the_cut_lines(tmp_path: Path) -> None:
    """Inside the 5 mm safe margin too (printing.md #4; a review: they ran to 3 mm from the
    edge). The cards stay where they were; beside A4's 3 × 63 mm only 3.5 mm of mark fits,
    and beside the bleed none (the command says so: test_cli_cards)."""
    for bleed, horizontal in ((0.0, 3.5), (3.0, None)):
        front = pdf_pages(_write(TEMPLATE, tmp_path, bleed=bleed))[0]
        marks = [line for line in front.lines
                 if (line.is_vertical or line.is_horizontal) and line.width == pytest.approx(0.25, abs=0.005)]
        assert marks, "no crop marks"
        block = (10.5 - bleed, 16.5 - bleed, 199.5 + bleed, 280.5 + bleed)  # the cards and their bleed
        for mark in marks:
            for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
                assert not (block[0] - 0.5 < x < block[2] + 0.5 and block[1] - 0.5 < y < block[3] + 0.5)
                assert 5.0 - 1e-3 <= x <= 205.0 + 1e-3 and 5.0 - 1e-3 <= y <= 292.0 + 1e-3  # the safe margin
            assert 2.0 <= mark.length <= 5.0 + 1e-3
        cut_xs = {round(mark.x1, 3) for mark in marks if mark.is_vertical}
        cut_ys = {round(mark.y1, 3) for mark in marks if mark.is_horizontal}
        assert cut_xs == {10.5, 73.5, 136.5, 199.5}
        assert {round(mark.length, 3) for mark in marks if mark.is_vertical} == {5.0}
        if horizontal is None:
            assert cut_ys == set()
        else:
            assert cut_ys == {16.5, 104.5, 192.5, 280.5}
            assert {round(mark.length, 3) for mark in marks if mark.is_horizontal} == {horizontal}


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("design", ["plain", "pattern"])
def test_each_back_meets_its_front_when_the_sheet_is_turned(tmp_path: Path, duplex: str, design: str) -> None:
    front, back = pdf_pages(_write(_numbered_deck(tmp_path, design=design), tmp_path, duplex=duplex))
    fronts, backs = _labels(front, "F"), _labels(back, "B")
    assert len(fronts) == len(backs) == 9
    front_cards = _cards(front)
    # the back page's cards: the pattern's ground, or the plain design's frame around the label
    back_cards = _cards(back) if design == "pattern" else None
    for index in range(9):
        card = _containing(front_cards, fronts[f"F{index}"])
        column, row = round((card.x - 10.5) / W), round((card.y - 16.5) / H)
        assert (column, row) == (index % 3, index // 3)  # fronts in reading order
        # turned about the long edge x -> 210 - x; about the short edge y -> 297 - y
        if duplex == "long":
            expected = (210.0 - card.x - W, card.y)
        else:
            expected = (card.x, 297.0 - card.y - H)
        label_x, label_y = backs[f"B{index}"]
        assert expected[0] < label_x < expected[0] + W and expected[1] < label_y < expected[1] + H
        if back_cards is not None:
            meeting = _containing(back_cards, (label_x, label_y))
            assert (meeting.x, meeting.y) == (pytest.approx(expected[0], abs=0.01), pytest.approx(expected[1], abs=0.01))


def test_back_offset_moves_only_the_backs(tmp_path: Path) -> None:
    plain = pdf_pages(_write(_numbered_deck(tmp_path, design="pattern"), tmp_path, name="a.pdf"))
    moved = pdf_pages(_write(_numbered_deck(tmp_path, design="pattern"), tmp_path, name="b.pdf", back_offset=(1.5, -0.5)))
    assert [(c.x, c.y) for c in _cards(moved[0])] == [(c.x, c.y) for c in _cards(plain[0])]
    for before, after in zip(sorted(_cards(plain[1]), key=lambda c: (c.y, c.x)), sorted(_cards(moved[1]), key=lambda c: (c.y, c.x))):
        assert after.x - before.x == pytest.approx(1.5, abs=0.01) and after.y - before.y == pytest.approx(-0.5, abs=0.01)


def test_no_backs_gives_only_fronts(tmp_path: Path) -> None:
    pages = pdf_pages(_write(TEMPLATE, tmp_path, backs=False))
    assert len(pages) == 7
    assert all(len(_cards(page)) >= 5 and re.search(r"Fox|Goat|Mouse|Penguin|Gem|Web|Ghost", page.text) for page in pages)
    assert "Box" not in "".join(page.text for page in pages)  # the backs' labels


def test_bleed_runs_the_bands_past_the_outer_cuts_only(tmp_path: Path) -> None:
    front = pdf_pages(_write(TEMPLATE, tmp_path, bleed=3.0))[0]
    tinted = [rect for rect in front.rects if rect.fill and rect.fill != "#ffffff" and rect.stroke is None]
    assert min(rect.x for rect in tinted) == pytest.approx(7.5, abs=0.01)
    assert max(rect.x + rect.w for rect in tinted) == pytest.approx(202.5, abs=0.01)
    assert min(rect.y for rect in tinted) == pytest.approx(13.5, abs=0.01)
    assert max(rect.y + rect.h for rect in tinted) == pytest.approx(283.5, abs=0.01)
    assert not _cards(front) or all(card.stroke is None for card in _cards(front))  # no cut guides with bleed


def test_output_is_byte_identical_and_fonts_embedded(tmp_path: Path) -> None:
    first = _write(TEMPLATE, tmp_path, name="1.pdf")
    second = _write(TEMPLATE, tmp_path, name="2.pdf")
    assert first.read_bytes() == second.read_bytes()
    assert all(font.embedded for font in pdf_fonts(first))


def test_svg_pages(tmp_path: Path) -> None:
    paths = write_document(deck_document(load_deck(str(_numbered_deck(tmp_path)))), tmp_path / "cards.svg")
    assert len(paths) == 2
    front = svg_page(paths[0])
    assert front.width_mm == pytest.approx(210) and len(_cards(front)) == 9
    assert len(front.uses_of("sym-card-face")) == 9


def test_other_sizes_and_too_long_titles(tmp_path: Path) -> None:
    deck = load_deck(str(TEMPLATE))
    tarot = deck_document(deck, size=(70.0, 120.0))
    assert len(tarot.pages) == 2 * 15  # 4 to an A4 sheet
    mini = deck_document(deck, size=(44.0, 68.0))
    assert len(mini.pages) == 2 * 4  # 16 to a sheet
    path = tmp_path / "long.yaml"
    path.write_text("deck: L\nbacks: {b: {}}\ncards:\n  - {title: An exceedingly long title for a card, value: 1}\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        deck_document(load_deck(str(path)))
    (problem,) = caught.value.problems
    assert str(problem).startswith(f"{path}:4:5: format: card 'An exceedingly long title for a card': the title")
