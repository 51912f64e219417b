"""The editor page's files in a real browser: an Open (or New) that fails leaves the level
being edited as it was; Save As keeps the x- values the file had. Screenshots go to
output/test-results/editor/. Skipped without /usr/bin/chromium, except in CI (CI=true).
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
ODD_X = "x-value: .nan\nx-when: 2024-05-01  # drawn\n"  # x- values JSON carries to the page as text


@pytest.fixture
def page(browser: Browser, served: Served, folder: Path, request: pytest.FixtureRequest) -> Iterator[Page]:
    (folder / "tabs.yaml").write_text("name: tabs\nmap:\n\t- x\n")  # a tab: not YAML
    (folder / "odd.yaml").write_text(ODD_X + "name: Odd\nmap: |\n  #####\n  #A.Z#\n  #####\n")
    yield from editor_page(browser, served, folder, request, 1400, 900)


def edit_a_gem_into(page: Page) -> list[str]:
    open_level(page, "01-first-steps.yaml")
    page.keyboard.press("*")
    page.mouse.click(*field(page, 2, 2))
    expect(page.locator("#file-state")).to_have_class("unsaved")
    return rows(page)


def test_a_failed_open_keeps_the_level_its_file_and_its_edits_and_says_why(page: Page, folder: Path) -> None:
    on_disk = (folder / "01-first-steps.yaml").read_bytes()
    edited = edit_a_gem_into(page)
    page.select_option("#file-list", "tabs.yaml")
    page.click("#open")
    # no discard question for a file that could not be read: nothing was discarded
    status = page.locator("#file-state")
    expect(status).to_contain_text("tabs.yaml not opened: tabs.yaml:3:1")
    expect(status).to_contain_text("still editing 01-first-steps.yaml")
    expect(status).to_have_class("error unsaved")
    assert not page.locator("#ask").is_visible()
    expect(page.locator("#file-list")).to_have_value("01-first-steps.yaml")
    expect(page.locator("#level-name")).to_have_value("First Steps")
    assert rows(page) == edited
    assert (folder / "01-first-steps.yaml").read_bytes() == on_disk
    # a save now is a save of the edits kept, into the file still being edited
    page.keyboard.press("Control+s")
    expect(status).to_have_text("saved 01-first-steps.yaml")
    expect(status).not_to_have_class("unsaved")
    assert (folder / "tabs.yaml").read_text() == "name: tabs\nmap:\n\t- x\n"


def test_the_discard_question_comes_after_the_file_is_read_and_keep_editing_keeps_all(page: Page) -> None:
    edited = edit_a_gem_into(page)
    page.select_option("#file-list", "ledge.yaml")
    page.click("#open")
    expect(page.locator("#ask-text")).to_have_text("Discard the changes to this level?")
    page.click("#ask-no")
    expect(page.locator("#file-list")).to_have_value("01-first-steps.yaml")
    assert rows(page) == edited
    page.click("#open")  # the list is back on the file being edited: opening it asks again
    page.click("#ask-yes")
    expect(page.locator("#file-state")).to_have_text("01-first-steps.yaml")
    assert rows(page) != edited


def test_a_new_level_of_a_refused_size_keeps_the_level_and_asks_nothing(page: Page) -> None:
    edited = edit_a_gem_into(page)
    page.fill("#new-width", "40")
    page.click("#new")
    expect(page.locator("#file-state")).to_contain_text("no new level: a new map is from 3 x 3")
    expect(page.locator("#file-state")).to_contain_text("still editing 01-first-steps.yaml")
    assert not page.locator("#ask").is_visible()
    assert rows(page) == edited


def test_save_as_from_the_page_keeps_the_x_values_the_file_had(page: Page, folder: Path) -> None:
    """A review: Save As wrote `x-value: '.nan'` (text) for the file's `.nan`: the page sends
    the version its level came from ('opened') and the server puts the x- entries back."""
    open_level(page, "odd.yaml")
    page.fill("#level-name", "Even")
    page.click("#save-as")
    page.fill("#ask-name", "even")
    page.click("#ask-yes")
    expect(page.locator("#file-state")).to_have_text("saved even.yaml")
    assert ODD_X in (folder / "even.yaml").read_text()
