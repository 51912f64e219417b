"""The play page at a phone's width (390 x 844) in a real browser: the board takes the width
and the panel goes below it, for each game's view; at a desk's width (1280 x 800) the panel
stays beside the board. Screenshots go to output/test-results/play/. Skipped without
/usr/bin/chromium, except in CI (CI=true).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from chromium import need_chromium

from printkit.cli.levelcheck import check_level

pytestmark = pytest.mark.browser  # one worker runs this file, with one browser (conftest.py)

need_chromium()

from playwright.sync_api import expect  # noqa: E402

from playserved import open_page, served  # noqa: E402,F401
from printkit.play.matches import sinoda_match, sinpin_match, yinsh_match  # noqa: E402
from printkit.play.session import Session  # noqa: E402

expect.set_options(timeout=10_000)

ROOT = Path(__file__).resolve().parent.parent
PHONE, DESK = (390, 844), (1280, 800)
BOARD = {"sinpin": "#map", "sinoda": ".pk-svg svg", "yinsh": ".pk-svg svg"}


def session_of(game: str) -> Session:
    if game == "sinpin":
        level = check_level(str(ROOT / "levels" / "01-first-steps.yaml")).level
        return Session(sinpin_match(level, "first-steps", ["human", "greedy"], 0))
    if game == "sinoda":
        from printkit.sinoda.game import make_game

        return Session(sinoda_match(make_game(2), "sinoda-2", ["human", "greedy"], 0))
    from printkit.yinsh.game import YinshGame

    return Session(yinsh_match(YinshGame(), ["human", "greedy"], 0))


@pytest.mark.parametrize("game", ["sinpin", "sinoda", "yinsh"])
def test_at_phone_width_the_board_takes_the_width_and_the_panel_goes_below(open_page, game):
    page = open_page(PHONE, phone=True, session=session_of(game))
    board = page.locator(BOARD[game]).bounding_box()
    panel = page.locator("#view aside").bounding_box()
    assert board["width"] >= 0.9 * PHONE[0], board
    assert board["height"] <= board["width"] * 1.5, board  # its own shape, not the window's height with the board lost in it
    assert panel["y"] >= board["y"] + board["height"] - 1 and panel["width"] >= 0.9 * PHONE[0], (board, panel)
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE[0]  # nothing to scroll sideways
    assert page.locator("#status").bounding_box()["width"] >= 0.8 * PHONE[0]  # whose turn on a line of its own


@pytest.mark.parametrize("game", ["sinpin", "sinoda", "yinsh"])
def test_at_desk_width_the_panel_stays_beside_the_board(open_page, game):
    page = open_page(DESK, session=session_of(game))
    board = page.locator(BOARD[game]).bounding_box()
    panel = page.locator("#view aside").bounding_box()
    assert panel["x"] >= board["x"] + board["width"] and panel["y"] < board["y"] + 50, (board, panel)
    assert board["y"] + board["height"] <= DESK[1]  # the whole board in the window, as before


@pytest.mark.parametrize("width, beside", [(700, True), (699, False)])
def test_the_phone_layout_begins_under_700_pixels_as_the_docs_say(open_page, width, beside):
    """docs/play.md: "below 700 pixels of width" the board takes the width; max-width: 700px
    gave 700 itself the phone's layout."""
    page = open_page((width, 800), session=session_of("sinpin"))
    board = page.locator(BOARD["sinpin"]).bounding_box()
    panel = page.locator("#view aside").bounding_box()
    assert (panel["x"] >= board["x"] + board["width"]) == beside, (board, panel)
