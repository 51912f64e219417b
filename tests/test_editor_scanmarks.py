"""The editor's marks for the fields `printkit scan` was unsure of (static/scanmarks.js), in
a real browser: a dashed ring on each while it holds the tile the scan read."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_editor_browser import field, open_level, page, served  # noqa: F401  (its fixtures; skips without chromium)

from playwright.sync_api import Page, expect  # noqa: E402

SCANNED = """sinpin: 1
x-scan-unsure:
- {x: 2, y: 1, tile: H, text: "C2: ladder or web? 62 %"}
- {x: 3, y: 1, tile: ".", text: "D2: open cave or gem? 71 %"}
map: |
  #######
  #AH.Z.#
  #######
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The folder the editor serves (test_editor_browser's `page` fixture opens it)."""
    (tmp_path / "scanned.yaml").write_text(SCANNED, encoding="utf-8")
    return tmp_path


def test_unsure_fields_are_ringed_until_painted(page: Page) -> None:
    open_level(page, "scanned.yaml")
    marks = page.locator(".scan-unsure .scan-mark")
    expect(marks).to_have_count(2)
    assert marks.first.get_attribute("data-x") == "2"
    expect(page.locator(".scan-unsure .scan-mark title").first).to_have_text("scan: C2: ladder or web? 62 %")
    expect(page.locator("#scan-note")).to_contain_text("2 fields to check")
    page.keyboard.press("w")  # the user decides C2 is a web
    page.mouse.click(*field(page, 2, 1))
    expect(marks).to_have_count(1)
    expect(page.locator("#scan-note")).to_contain_text("1 field to check")
    assert marks.first.get_attribute("data-x") == "3"
