"""Text to read and buttons to tap on the play page at a desk's size (and a phone's, where the
desk's fix could break it), measured in a real browser: the YINSH board's captions and
coordinate labels at least DESK_TEXT CSS px high, Sinpin's card buttons a finger's size
(48 px, as the boards' tap areas, games/taps.js) all in a row in the panel, and on a phone
Sinpin's other panel buttons as high as Sinoda's and YINSH's. Screenshots go
to output/test-results/play/. Skipped without /usr/bin/chromium, except in CI (CI=true).
"""

from __future__ import annotations

import pytest
from chromium import need_chromium

pytestmark = pytest.mark.browser  # one worker runs this file, with one browser (conftest.py)

need_chromium()

from playwright.sync_api import expect  # noqa: E402

from playdriver import at_own_decision  # noqa: E402
from playserved import open_page, served  # noqa: E402,F401
from printkit.play.matches import yinsh_match  # noqa: E402
from printkit.play.session import Session  # noqa: E402
from printkit.yinsh.game import YinshGame  # noqa: E402
from printkit.yinsh.knobs import Knobs  # noqa: E402
from yinshdrawn import caption_problems  # noqa: E402

expect.set_options(timeout=10_000)

DESK, SMALL_DESK, PHONE, NARROW_PHONE = (1280, 800), (1000, 700), (390, 844), (320, 700)
DESK_TEXT = 12  # CSS px: the panel's small print; a phone's captions are as large (test_play_browser_phone.py)
FINGER = 48  # CSS px: games/taps.js TAP_PX, a phone's panel buttons (games/common.js .pk-panel)


@pytest.mark.parametrize("size", [DESK, SMALL_DESK], ids=["1280x800", "1000x700"])
@pytest.mark.parametrize("rows", [1, 3, 5])
def test_at_a_desk_the_yinsh_captions_are_readable_and_clear(open_page, rows, size):
    """Review: at a desk the slot captions were drawn 3.6 and 3.0 mm high: "white: rings off"
    10.6 px at 1280 x 800 and 7.8 px at 1000 x 700 (the README's picture), too small to read.
    Each caption line is now at least DESK_TEXT px at both, clear of the slots, of the other
    lines and of the board's outline, inside the drawing (Y7: one slot a ring to take off);
    at 1280 x 800 the coordinate labels (drawn as printed, 4 mm) are as large."""
    page = open_page(size, session=Session(yinsh_match(YinshGame(Knobs(rows_to_win=rows)), ["human", "human"], 0)))
    expect(page.locator("[data-slot]")).to_have_count(2 * rows)
    drawn, problems = caption_problems(page, DESK_TEXT)
    assert problems == {}
    assert len(drawn["captions"]) == 6  # "Player 1", "white", "rings off" a seat
    if size == DESK:
        assert len(drawn["labels"]) > 20 and {c["text"]: round(c["px"], 1) for c in drawn["labels"] if c["px"] < DESK_TEXT} == {}
    print(size, {c["text"]: round(c["px"], 1) for c in drawn["captions"]}, min(c["px"] for c in drawn["labels"]))


CARDS = """() => { const aside = document.querySelector('.sinpin aside');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return { cards: [...document.querySelectorAll('.cards button')].map(box), panel: box(aside),
           sideways: [document.scrollingElement.scrollWidth, aside.scrollWidth - aside.clientWidth] }; }"""


@pytest.mark.parametrize("size", [DESK, SMALL_DESK, PHONE, NARROW_PHONE], ids=["1280x800", "1000x700", "phone", "narrow-phone"])
def test_sinpins_card_buttons_are_a_fingers_size_in_a_row(open_page, size):
    """Review: the card buttons measured 34 x 45 px, under the 48 px the boards' tap areas keep.
    Each of the six is now at least FINGER px each way, inside the panel, nothing to scroll
    sideways; at a desk and a 390 px phone all six in one row (on a 320 px phone they may wrap)."""
    phone = size[0] < 700
    session = at_own_decision("the-chimney", ["human", "greedy", "greedy"], 7, "move")
    page = open_page(size, phone=phone, session=session)
    expect(page.locator(".cards button")).to_have_count(6)
    drawn = page.evaluate(CARDS)
    sizes = [(round(right - left, 1), round(bottom - top, 1)) for left, top, right, bottom in drawn["cards"]]
    assert all(w >= FINGER and h >= FINGER for w, h in sizes), sizes
    panel = drawn["panel"]
    assert all(panel[0] <= left and right <= panel[2] for left, _, right, _ in drawn["cards"]), (drawn["cards"], panel)
    assert drawn["sideways"][0] <= size[0] and drawn["sideways"][1] <= 0, drawn["sideways"]
    if size != NARROW_PHONE:
        assert len({round(top) for _, top, _, _ in drawn["cards"]}) == 1, drawn["cards"]
    print(size, sizes[0])


BUTTONS = """() => { const aside = document.querySelector('.sinpin aside');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const of = (selector) => [...aside.querySelectorAll(selector)].map(box);
  return { ways: of('.ways button'), prompt: of('.prompt > button'), summary: of('.pk-list summary'),
           list: of('.pk-list button'), panel: box(aside),
           sideways: [document.scrollingElement.scrollWidth, aside.scrollWidth - aside.clientWidth] }; }"""


@pytest.mark.parametrize("size", [PHONE, NARROW_PHONE], ids=["phone", "narrow-phone"])
@pytest.mark.parametrize("kind", ["move", "ghost"])
def test_on_a_phone_sinpins_panel_buttons_are_a_fingers_height(open_page, size, kind):
    """Review: on a phone Sinpin's "way" buttons, the ghost's "start the walk again" and the
    "all legal actions" list (its summary and buttons) were about 22 px high, while Sinoda's
    and YINSH's panels give theirs FINGER px (games/common.js). Each is now at least FINGER
    px high by the same rule (.pk-panel), inside the panel, nothing to scroll sideways."""
    session = at_own_decision("first-steps", ["human", "greedy", "greedy"], 7 if kind == "move" else 1, kind)
    page = open_page(size, phone=True, session=session)
    if kind == "move":
        page.locator(".cards button[data-card='4']").tap()
        page.locator(".choice.end[data-x='3'][data-y='3']").dispatch_event("click")  # two ways lead there
        expect(page.locator(".way")).to_have_count(2)
    else:
        expect(page.locator(".choice.ghost-step").first).to_be_attached()
    page.locator(".pk-list summary").tap()
    expect(page.locator(".pk-list button").first).to_be_visible()
    drawn = page.evaluate(BUTTONS)
    assert (len(drawn["ways"]), len(drawn["prompt"])) == ((2, 0) if kind == "move" else (0, 1))
    assert len(drawn["summary"]) == 1 and len(drawn["list"]) >= 1
    found = [box for name in ("ways", "prompt", "summary", "list") for box in drawn[name]]
    heights = {name: sorted({round(bottom - top, 1) for _, top, _, bottom in drawn[name]}) for name in ("ways", "prompt", "summary", "list")}
    assert all(bottom - top >= FINGER for _, top, _, bottom in found), heights
    panel = drawn["panel"]
    assert all(panel[0] <= left and right <= panel[2] for left, _, right, _ in found), (found, panel)
    assert drawn["sideways"][0] <= size[0] and drawn["sideways"][1] <= 0, drawn["sideways"]
    print(size, kind, heights)
