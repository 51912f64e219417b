"""A finger on the Sinoda and YINSH boards at a phone's width (390 x 844) in a real browser:
every target a person must tap (a die to choose, a space to move it to, a point to place or
move a ring on) chooses itself for a tap anywhere within TAP_REACH px of its centre that is
nearer to it than to any other target, the prompt's buttons are a finger high, and a real
tap beside a target, off its drawing, chooses it (printkit/play/static/games/taps.js).
Sinpin's map has its own tests (test_play_browser_phone.py). Skipped without
/usr/bin/chromium, except in CI (CI=true).
"""

from __future__ import annotations

import time

import pytest
from chromium import need_chromium

pytestmark = pytest.mark.browser  # one worker runs this file, with one browser (conftest.py)

need_chromium()

from playwright.sync_api import Page, expect  # noqa: E402

from playserved import open_page, served  # noqa: E402,F401
from printkit.play.matches import sinoda_match, yinsh_match  # noqa: E402
from printkit.play.session import Session  # noqa: E402
from printkit.sinoda.game import make_game  # noqa: E402
from printkit.yinsh.game import YinshGame  # noqa: E402

expect.set_options(timeout=10_000)

PHONE = (390, 844)
TAP_REACH = 22  # px from a target's centre: a disc of 44 px, a finger's (Apple's 44 pt, Material's 48 dp)
BUTTON_PX = 44
# Neighbouring YINSH points on a phone: with every neighbour a target (placing rings, Y2) a
# tap chooses the nearest centre, so a tap SPACING_PX / 2 off still chooses right. Beside the
# landscape board's slots they were 27.7 px apart (a tap 14 px off); the portrait board takes
# the width: 37.4 px (games/yinsh.js, yinsh_view.py `portrait`).
SPACING_PX = 35

# Where a tap at each of `rings` x 16 directions about each target lands: the target drawn
# there, or for a tap area (games/taps.js) the target whose centre is nearest, as the page
# says it chooses; a point nearer to another target's centre is no tap for this one. The
# targets' centres are the game's (the geometry's points and spaces, in the board's units).
MISSES = """([targets, rings]) => {
  const svg = document.querySelector('.pk-svg svg');
  const ctm = svg.getScreenCTM();
  const screen = targets.map(([key, x, y]) => { const p = new DOMPoint(x, y).matrixTransform(ctm); return [key, p.x, p.y]; });
  const nearest = (x, y) => screen.reduce((a, b) => ((a[1] - x) ** 2 + (a[2] - y) ** 2 <= (b[1] - x) ** 2 + (b[2] - y) ** 2 ? a : b));
  const keyOf = (node) => { const t = node?.closest('.pk-pick'); return t ? (t.dataset.die ?? t.dataset.space ?? t.dataset.point) : null; };
  const misses = [];
  for (const [key, cx, cy] of screen) {
    for (const r of rings) {
      for (let k = 0; k < 16; k++) {
        const x = cx + r * Math.cos(k * Math.PI / 8), y = cy + r * Math.sin(k * Math.PI / 8);
        const others = screen.filter((o) => o[0] !== key).map((o) => Math.hypot(o[1] - x, o[2] - y));
        if (Math.min(...others) < Math.hypot(cx - x, cy - y) + 1) continue; // another's (or a tie)
        const hit = document.elementFromPoint(x, y);
        const chosen = hit?.classList.contains('tap-area') ? nearest(x, y)[0] : keyOf(hit);
        if (chosen !== key) misses.push({key, r, x: Math.round(x), y: Math.round(y), chosen, hit: hit?.tagName + '.' + (hit?.getAttribute('class') ?? '')});
      }
    }
  }
  return misses;
}"""

RINGS = [4, 8, 12, 16, 19, TAP_REACH]


def misses(page: Page, targets: list[tuple[str, float, float]]) -> list[dict]:
    assert targets
    return page.evaluate(MISSES, [targets, RINGS])


def beside(page: Page, targets: list[tuple[str, float, float]], keys: list[str]) -> tuple[str, float, float]:
    """The first of `keys` with a point TAP_REACH - 2 px from it, nearer to it than to any
    other target, on a tap area (not on its drawing): (key, x, y)."""
    found = page.evaluate("""([targets, keys, r]) => {
      const ctm = document.querySelector('.pk-svg svg').getScreenCTM();
      const screen = targets.map(([k, x, y]) => { const p = new DOMPoint(x, y).matrixTransform(ctm); return [k, p.x, p.y]; });
      for (const key of keys) {
        const [, cx, cy] = screen.find((t) => t[0] === key);
        for (let k = 0; k < 16; k++) {
          const x = cx + r * Math.cos(k * Math.PI / 8), y = cy + r * Math.sin(k * Math.PI / 8);
          const near = screen.every((o) => o[0] === key || Math.hypot(o[1] - x, o[2] - y) > r + 2);
          if (near && document.elementFromPoint(x, y)?.classList.contains('tap-area')) return [key, x, y];
        }
      }
      return null;
    }""", [targets, keys, TAP_REACH - 2])
    assert found, keys
    return found[0], found[1], found[2]


def button_sizes(page: Page) -> list[tuple[str, float, float]]:
    return page.eval_on_selector_all(".pk-prompt button", "els => els.map((e) => { const b = e.getBoundingClientRect(); return [e.textContent, b.width, b.height]; })")


def acted(session: Session, turn: int) -> dict:
    deadline = time.monotonic() + 10
    while len(session.turns) <= turn:
        assert time.monotonic() < deadline, "no action sent"
        time.sleep(0.02)
    return session.turns[turn]["action"]


def sinoda_page(open_page) -> tuple[Page, Session, dict]:
    session = Session(sinoda_match(make_game(2), "sinoda-2", ["human", "greedy"], 0))
    page = open_page(PHONE, phone=True, session=session)
    deadline = time.monotonic() + 10
    while not session.view()["human"]:  # the bot may play first
        assert time.monotonic() < deadline, "the bot did not answer"
        time.sleep(0.02)
    expect(page.locator("body")).to_have_attribute("data-turn", str(session.turn))
    spaces = {s["name"]: s["centre"] for s in session.info()["geometry"]["spaces"]}
    return page, session, spaces


def test_sinodas_dice_and_spaces_are_a_fingers_size_on_a_phone(open_page):
    page, session, spaces = sinoda_page(open_page)
    legal = session.view()["legal"]
    dice = [(name, *spaces[name]) for name in sorted({a["piece"] for a in legal})]
    expect(page.locator("[data-die].pk-pick")).to_have_count(len(dice))
    assert misses(page, dice) == []
    # a tap beside a die, off its triangle, chooses it (N6)
    die, x, y = beside(page, dice, [d[0] for d in dice])
    page.touchscreen.tap(x, y)
    expect(page.locator(".pk-say")).to_contain_text(f"Die on {die}:")
    # its spaces to move to (N6), and the other dice (to choose another), are targets now
    targets = [(a["to"], *spaces[a["to"]]) for a in legal if a["piece"] == die and a.get("to")]
    targets += [t for t in dice if t[0] != die]
    assert len(targets) > len(dice) - 1
    assert misses(page, targets) == []
    small = [b for b in button_sizes(page) if b[2] < BUTTON_PX]  # "Turn to …" (N5), "Another die"
    assert small == [], small
    turn = session.turn
    to, x, y = beside(page, targets, [t[0] for t in targets if t[0] in spaces and t not in dice])
    page.touchscreen.tap(x, y)
    action = acted(session, turn)
    assert (action["piece"], action["to"]) == (die, to), action


def yinsh_session(phase: str) -> Session:
    """A YINSH game against a bot, at seat 0's first decision in `phase` (seat 0 places its
    rings on the first free points)."""
    session = Session(yinsh_match(YinshGame(), ["human", "greedy"], 0))
    while not (session.state.to_act() == 0 and session.view()["state"]["phase"] == phase):
        if session.state.to_act() != 0:
            session.bot_turn(session.turn)
        else:
            session.act(session.turn, session.view()["legal"][0])
    return session


def points_of(session: Session) -> dict:
    """The points where a phone's page draws them: the portrait board's (games/yinsh.js)."""
    return {p["name"]: p["at"] for p in session.info()["geometry"]["portrait"]["points"]}


# The nearest two of the points drawn as targets, in screen px (their centres as drawn).
NEAREST = """() => {
  const ctm = document.querySelector('.pk-svg svg').getScreenCTM();
  const at = [...document.querySelectorAll('[data-point].pk-pick')].map((n) => new DOMPoint(+n.getAttribute('cx'), +n.getAttribute('cy')).matrixTransform(ctm));
  let nearest = Infinity;
  at.forEach((a, i) => at.slice(i + 1).forEach((b) => { nearest = Math.min(nearest, Math.hypot(a.x - b.x, a.y - b.y)); }));
  return [at.length, nearest];
}"""


def test_yinshs_points_to_place_a_ring_on_are_a_fingers_size_on_a_phone(open_page):
    session = yinsh_session("place")
    page = open_page(PHONE, phone=True, session=session)
    expect(page.locator("[data-point].pk-pick")).to_have_count(85)
    count, spacing = page.evaluate(NEAREST)
    assert count == 85 and spacing >= SPACING_PX, spacing  # the board takes the phone's width
    at = points_of(session)
    targets = [(name, *at[name]) for name in session.view()["legal"]]
    expect(page.locator("[data-point].pk-pick")).to_have_count(len(targets))  # Y2: every free point
    assert misses(page, targets) == []
    turn = session.turn
    point, x, y = beside(page, targets, [t[0] for t in targets])  # one at the edge: inside, every neighbour is a target too
    page.touchscreen.tap(x, y)
    assert acted(session, turn) == point


def test_yinshs_rings_and_where_they_go_are_a_fingers_size_on_a_phone(open_page):
    session = yinsh_session("move")
    page = open_page(PHONE, phone=True, session=session)
    at = points_of(session)
    moves = [text for text in session.view()["legal"] if "-" in text]
    rings = [(name, *at[name]) for name in sorted({m.split("-")[0] for m in moves})]
    assert misses(page, rings) == []  # Y3: one of your rings
    ring, x, y = beside(page, rings, [r[0] for r in rings])
    page.touchscreen.tap(x, y)
    expect(page.locator(".pk-say")).to_contain_text(f"Ring {ring.upper()}:")
    targets = [(m.split("-")[1], *at[m.split("-")[1]]) for m in moves if m.startswith(f"{ring}-")]
    targets += [r for r in rings]  # the chosen ring again (none chosen), another ring
    assert misses(page, targets) == []
    small = [b for b in button_sizes(page) if b[2] < BUTTON_PX]  # "Another ring"
    assert small == [], small
    turn = session.turn
    to, x, y = beside(page, targets, [t[0] for t in targets if t not in rings])
    page.touchscreen.tap(x, y)
    assert acted(session, turn) == f"{ring}-{to}"
