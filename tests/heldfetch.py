"""A page's fetches held until the test lets them go, for the browser tests of what a page does
while an answer is on its way: the test acts surely while the request waits, however slow the
machine (a fixed delay raced a busy CI machine: the click came after the answer)."""

from __future__ import annotations

from playwright.sync_api import Page

HOLD = ("() => { const fetched = window.fetch; window.held = []; window.holding = true;"
        " window.fetch = (...args) => window.holding"
        " ? new Promise((go) => window.held.push(go)).then(() => fetched(...args)) : fetched(...args); }")


def hold_fetches(page: Page) -> None:
    """From now on every fetch waits in `window.held` until let_go()."""
    page.evaluate(HOLD)


def wait_for_held(page: Page) -> None:
    """Until a fetch is waiting: the request is on its way."""
    page.wait_for_function("() => window.held.length > 0")


def let_go(page: Page) -> None:
    """Every fetch waiting goes on, and those made later are not held."""
    page.evaluate("() => { window.holding = false; window.held.splice(0).forEach((go) => go()); }")
