"""The play app served in a thread of the test process, for the play page's browser tests
(import the fixtures `served` and `open_page` into a test module; `browser` comes from
tests/conftest.py). Import this only after the module has skipped when /usr/bin/chromium is
missing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from threadserved import ThreadServed

from printkit.play.app import create_app

SHOTS = Path(__file__).resolve().parent.parent / "output" / "test-results" / "play"


class Served(ThreadServed):
    """One play app at a time on a free 127.0.0.1 port, in a thread of the test process."""

    def serve(self, **what) -> None:
        """Serve a new app: `session=` a game being played, or `replay=` a record's game."""
        self.current = create_app(self.hosts, **what)


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    server = Served()
    server.wait_started()
    yield server
    server.close()




@pytest.fixture
def open_page(browser: Browser, served: Served, request: pytest.FixtureRequest) -> Iterator:
    """open_page(viewport=(w, h), query="", phone=False, **what): the page on a new app
    serving `what` (session= or replay=), ready; a screenshot of each page left afterwards
    (named after the test), and no script error allowed."""
    contexts = []
    errors: list[str] = []

    def opened(viewport=(1400, 900), query="", phone=False, **what) -> Page:
        served.serve(**what)
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, is_mobile=phone,
                                      has_touch=phone)
        contexts.append(context)
        tab = context.new_page()
        tab.set_default_timeout(60_000)  # a whole game's clicks wait on bots and a loaded machine
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(served.url + query)
        expect(tab.locator("body")).to_have_attribute("data-ready", "true")
        return tab

    yield opened
    SHOTS.mkdir(parents=True, exist_ok=True)
    for number, context in enumerate(contexts):
        for tab in context.pages:
            tab.screenshot(path=str(SHOTS / f"{request.node.name}-{number}.png"), full_page=True)
        context.close()
    assert errors == []
