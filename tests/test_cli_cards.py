"""`printkit cards`: sheets written, problems as FILE:LINE:COL with exit 2 and nothing written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from drawcheck import pdf_pages

from printkit.cli import main

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "sinpin-deck.yaml"
BAD = """\
deck: Bad
backs:
  plain: {design: plain}
cards:
  - {title: One, value: 1, shape: round}
  - {title: Two, count: -2}
  - {value: 3}
"""


def _run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, ["cards", *args], input=stdin)


def test_the_sinpin_deck(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = _run(str(TEMPLATE), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert "59 cards on 7 sheets with long-edge backs" in result.stderr
    assert len(pdf_pages(out)) == 14


def test_the_full_box_says_to_take_out_what_the_map_holds(tmp_path: Path) -> None:
    """A newcomer's review: the box holds only the gems and webs not on the map after set-up
    (S29, S34 (b)), said only in a comment of the deck file. Without a level `cards` prints
    the most the box can hold (16 gems, 8 webs) and says so; `kit` prints a level's box."""
    result = _run("-o", str(tmp_path / "cards.pdf"))
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[-1] == ("note: the gem and web cards are the most the box can hold: before a game take"
                                              " out one for each gem and web on the map after set-up (S29); `printkit kit"
                                              " LEVEL` prints a level's box exactly")
    texts = " ".join(page.text for page in pdf_pages(tmp_path / "cards.pdf"))
    assert len(re.findall(r"Gem(?=Keep it)", texts)) == 16 and len(re.findall(r"Web(?=Place it)", texts)) == 8
    plain = tmp_path / "plain.yaml"
    plain.write_text("deck: Plain\nbacks:\n  plain: {design: plain}\ncards:\n  - {title: A, value: 1}\n", encoding="utf-8")
    result = _run(str(plain), "-o", str(tmp_path / "plain.pdf"))
    assert result.exit_code == 0 and "take out" not in result.stderr  # no box cards, no note


def test_options(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = _run(str(TEMPLATE), "-o", str(out), "--no-backs", "--size", "mini-euro", "--bleed", "--crop-marks", "0")
    assert result.exit_code == 0, result.stderr
    pages = pdf_pages(out)
    assert len(pages) == 4  # 16 mini cards a sheet, fronts only
    assert not any(line.is_vertical and line.y2 < 10 for line in pages[0].lines)  # no crop marks
    result = _run(str(TEMPLATE), "-o", str(tmp_path / "short.pdf"), "--duplex", "short", "--back-offset", "0.5,-1", "--paper", "letter")
    assert result.exit_code == 0, result.stderr
    assert pdf_pages(tmp_path / "short.pdf")[0].width_mm == pytest.approx(215.9, abs=0.01)


@pytest.mark.parametrize("length", ["nan", "-nan", "inf", "11", "-1"])
def test_crop_marks_not_a_length_from_0_to_10_mm_are_refused_and_nothing_written(tmp_path: Path, length: str) -> None:
    """nan passed FloatRange(0, 10) (every comparison with it false) and drew no marks."""
    out = tmp_path / "cards.pdf"
    result = _run(str(TEMPLATE), "-o", str(out), "--crop-marks", length)
    assert result.exit_code == 2 and "'--crop-marks'" in result.stderr and not out.exists()


def test_crop_marks_without_room_are_a_note(tmp_path: Path) -> None:
    """A review: 100 × 140 mm cards on A4 leave no room for crop marks inside the 5 mm safe
    margin, and they were left out without a word. Now a note says so (exit 0)."""
    out = tmp_path / "big.pdf"
    result = _run(str(TEMPLATE), "-o", str(out), "--size", "100x140", "--no-backs")
    assert result.exit_code == 0, result.stderr
    assert "note: crop marks left out left and right of the cards (0.0 mm would fit) and above and below" in result.stderr
    marks = [line for line in pdf_pages(out)[0].lines if line.width == pytest.approx(0.25, abs=0.005)]
    assert marks == []
    result = _run(str(TEMPLATE), "-o", str(tmp_path / "poker.pdf"), "--no-backs")
    assert "crop marks" not in result.stderr  # the default sheet has room for them
    assert "crop marks" not in _run(str(TEMPLATE), "-o", str(out), "--size", "100x140", "--crop-marks", "0").stderr


def test_a_deck_with_errors_writes_nothing(tmp_path: Path) -> None:
    deck = tmp_path / "bad.yaml"
    deck.write_text(BAD, encoding="utf-8")
    out = tmp_path / "cards.pdf"
    result = _run(str(deck), "-o", str(out))
    assert result.exit_code == 1  # a readable deck with problems is a finding, as for levels
    assert result.stderr.splitlines() == [
        f"{deck}:5:28: format: unknown key 'shape' in card 1 (known keys: back, colour, count, emblem, item, text, title, value)",
        f"{deck}:6:25: format: 'count' must be from 0 to 200, not -2",
        f"{deck}:7:5: format: card 3 has no 'title'",
    ]
    assert not out.exists() and list(tmp_path.iterdir()) == [deck]
    out.write_bytes(b"old")
    assert _run(str(deck), "-o", str(out)).exit_code == 1
    assert out.read_bytes() == b"old"  # an earlier file is left alone


def test_stdin_unreadable_and_usage_errors(tmp_path: Path) -> None:
    out = tmp_path / "c.svg"
    result = _run("-", "-o", str(out), stdin="deck: S\nbacks: {b: {}}\ncards: [{title: A, value: 2}]\n")
    assert result.exit_code == 0, result.stderr
    assert out.exists() and (tmp_path / "c-2.svg").exists()
    result = _run(str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and "missing.yaml: format: no such file" in result.stderr
    assert _run(str(TEMPLATE), "-o", str(tmp_path / "x.png")).exit_code == 2
    assert _run(str(TEMPLATE), "-o", str(tmp_path / "x.pdf"), "--size", "huge").exit_code == 2
    assert _run(str(TEMPLATE), "-o", str(tmp_path / "x.pdf"), "--back-offset", "1").exit_code == 2
    assert not (tmp_path / "x.pdf").exists()


def test_alignment_test_sheet(tmp_path: Path) -> None:
    out = tmp_path / "align.pdf"
    result = _run("--alignment-test", "--duplex", "short", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    front, back = pdf_pages(out)
    # each front cross's centre lands on the zero of its back's rulers' axes when the sheet is turned
    crosses = sorted({(round(line.x1, 2), round(line.y1 + 18.0, 2)) for line in front.lines if line.is_vertical and line.length > 30})
    assert len(crosses) == 9
    rulers = {(round(line.x1, 2), round(line.y1 + 6.5, 2)) for line in back.lines if line.is_vertical and line.length == pytest.approx(13.0)}
    assert {(x, round(297.0 - y, 2)) for x, y in crosses} == {(round(x - 10.0, 2), y) for x, y in rulers}
    assert _run(str(TEMPLATE), "--alignment-test", "-o", str(out)).exit_code == 2
    bundled = _run("-o", str(out))  # no deck: the bundled Sinpin deck
    assert bundled.exit_code == 0 and "59 cards" in bundled.stderr


def test_a_back_offset_must_be_finite_numbers(tmp_path: Path) -> None:
    for offset in ("nan,0", "0,inf"):
        result = CliRunner().invoke(main, ["cards", "--alignment-test", "--back-offset", offset, "-o", str(tmp_path / "a.pdf")])
        assert result.exit_code == 2 and "is not DX,DY in mm" in result.output
    assert not (tmp_path / "a.pdf").exists()


def test_knobs_in_card_texts_print_sinpin_md_values(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = CliRunner().invoke(main, ["cards", str(TEMPLATE), "--no-backs", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(page.text for page in pdf_pages(out))
    assert "{" not in text and re.search(r"up\s*to\s*3", text)


def test_one_card_is_worded_as_one(tmp_path: Path) -> None:
    deck = tmp_path / "one.yaml"
    deck.write_text("deck: One\nbacks:\n  b: {title: B}\ncards:\n  - {title: A}\n", encoding="utf-8")
    result = _run(str(deck), "-o", str(tmp_path / "one.pdf"))
    assert result.exit_code == 0 and "1 card on 1 sheet with long-edge backs" in result.output
