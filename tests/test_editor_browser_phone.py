"""The editor page at a phone's width (390 x 844) in a real browser: the map takes the width,
the verdict and the form go below it; at a desk's width the three columns stay. Screenshots go
to output/test-results/editor/. Skipped without /usr/bin/chromium, except in CI (CI=true).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import need_chromium

pytestmark = pytest.mark.browser  # one worker runs this file, with one browser (conftest.py)

need_chromium()

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from editorserved import Served, editor_page, field, folder, open_level, rows, served  # noqa: E402,F401

expect.set_options(timeout=10_000)


@pytest.fixture
def phone(browser: Browser, served: Served, folder: Path, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from editor_page(browser, served, folder, request, 390, 844)


@pytest.fixture
def desk(browser: Browser, served: Served, folder: Path, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from editor_page(browser, served, folder, request, 1280, 800)


def test_at_phone_width_the_map_takes_the_width_and_the_verdict_goes_below(phone: Page) -> None:
    open_level(phone, "01-first-steps.yaml")
    expect(phone.locator("#verdict")).to_contain_text("solvable")
    grid = phone.locator("#grid").bounding_box()
    side = phone.locator("#side").bounding_box()
    assert grid["width"] >= 0.9 * 390, grid
    assert side["y"] >= grid["y"] + grid["height"], (grid, side)
    assert phone.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    # still paints by a tap on the map
    phone.locator("#tiles .tool[data-tile='*']").click()
    before = rows(phone)
    phone.mouse.click(*field(phone, 3, 2))
    assert rows(phone) != before and rows(phone)[2][3] == "*"


def test_at_desk_width_the_three_columns_stay(desk: Page) -> None:
    open_level(desk, "01-first-steps.yaml")
    palette, grid, side = (desk.locator(s).bounding_box() for s in ("#palette", "#grid", "#side"))
    assert palette["x"] + palette["width"] <= grid["x"] and grid["x"] + grid["width"] <= side["x"]
    assert abs(side["y"] - palette["y"]) < 2  # side by side, one row
