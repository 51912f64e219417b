"""The editor's marks for the fields `printkit scan` was unsure of (static/scanmarks.js), in
a real browser: a dashed ring on each while it holds the tile the scan read, and the list
that settles each in a click (keep the tile read, or take the other)."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_editor_browser import field, open_level, page, rows, served  # noqa: F401  (its fixtures; skips without chromium)

from playwright.sync_api import Page, expect  # noqa: E402

SCANNED = """sinpin: 1
x-scan-unsure:
- {x: 2, y: 1, tile: H, other: w, text: "C2: ladder or web? 62 %"}
- {x: 3, y: 1, tile: ".", other: "*", text: "D2: open cave or gem? 71 %"}
- {x: 5, y: 1, tile: ".", other: "#", text: "F2: open cave or rock? 90 %"}
map: |
  #######
  #AH.Z.#
  #######
"""


# written before the scan kept each question's other tile: only its text names it
LEGACY = """sinpin: 1
x-scan-unsure:
- {x: 2, y: 1, tile: H, text: "C2: ladder or web? 62 %"}
- {x: 3, y: 1, tile: ".", text: "D2: open cave or entry door α? 71 %"}
map: |
  #######
  #AH.Z.#
  #######
"""


# written in field order, as the scan writes them: listed least sure first
UNSORTED = """sinpin: 1
x-scan-unsure:
- {x: 2, y: 1, tile: H, other: w, text: "C2: ladder or web? 90 %"}
- {x: 3, y: 1, tile: ".", other: "*", text: "D2: open cave or gem? 40 %"}
- {x: 5, y: 1, tile: ".", other: "#", text: "F2: open cave or rock? 71 %"}
- {x: 1, y: 2, tile: ".", other: "#", text: "B3: open cave or rock? 99 % (washed out in the photo: a glare?)"}
map: |
  #######
  #AH.Z.#
  #.#####
"""


# the scan unsure where the door is: taking it at D2 answers B2's question too (S3: one α)
DOOR = """sinpin: 1
x-scan-unsure:
- {x: 1, y: 1, tile: A, other: "#", text: "B2: entry door α or rock? 60 %"}
- {x: 3, y: 1, tile: ".", other: A, text: "D2: open cave or entry door α? 55 %"}
map: |
  #######
  #A..Z.#
  #######
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The folder the editor serves (test_editor_browser's `page` fixture opens it)."""
    (tmp_path / "scanned.yaml").write_text(SCANNED, encoding="utf-8")
    (tmp_path / "legacy.yaml").write_text(LEGACY, encoding="utf-8")
    (tmp_path / "door.yaml").write_text(DOOR, encoding="utf-8")
    (tmp_path / "unsorted.yaml").write_text(UNSORTED, encoding="utf-8")
    tall = ["#" * 12] + ["#" + "." * 10 + "#"] * 16 + ["#" * 12]
    tall[1] = "#A........Z#"
    (tmp_path / "tall.yaml").write_text("sinpin: 1\nmap: |\n" + "".join(f"  {row}\n" for row in tall),
                                        encoding="utf-8")
    return tmp_path


def test_unsure_fields_are_ringed_until_painted(page: Page) -> None:
    open_level(page, "scanned.yaml")
    marks = page.locator(".scan-unsure .scan-mark")
    expect(marks).to_have_count(3)
    assert marks.first.get_attribute("data-x") == "2"
    expect(page.locator(".scan-unsure .scan-mark title").first).to_have_text("scan: C2: ladder or web? 62 %")
    expect(page.locator("#scan-note")).to_contain_text("3 fields to check")
    page.keyboard.press("w")  # the user decides C2 is a web
    page.mouse.click(*field(page, 2, 1))
    expect(marks).to_have_count(2)
    expect(page.locator("#scan-note")).to_contain_text("2 fields to check")
    assert marks.first.get_attribute("data-x") == "3"


def test_each_listed_field_is_kept_or_changed_in_a_click_and_saved_without_its_mark(page: Page, folder: Path) -> None:
    open_level(page, "scanned.yaml")
    items = page.locator("#scan-review li")
    expect(items).to_have_count(3)
    expect(items.first.locator(".scan-question")).to_have_text("C2: ladder or web? 62 %")
    expect(items.first.locator(".scan-keep")).to_have_text("✓ ladder")
    expect(items.first.locator(".scan-take")).to_have_text("web")
    items.first.locator(".scan-take").click()  # C2 was a web after all
    expect(items).to_have_count(2)
    assert rows(page)[1] == "#Aw.Z.#"
    items.first.locator(".scan-keep").click()  # D2 was open cave, as read
    expect(items).to_have_count(1)
    assert rows(page)[1] == "#Aw.Z.#"
    expect(page.locator(".scan-unsure .scan-mark")).to_have_count(1)
    page.keyboard.press("Control+z")  # undo brings D2's question back
    expect(items).to_have_count(2)
    page.keyboard.press("Control+y")
    expect(items).to_have_count(1)
    page.keyboard.press("Control+s")
    expect(page.locator("#file-state")).to_contain_text("saved scanned.yaml")
    saved = (folder / "scanned.yaml").read_text(encoding="utf-8")
    assert "#Aw.Z.#" in saved and "F2: open cave or rock" in saved and "C2:" not in saved and "D2:" not in saved


def test_keep_all_settles_every_question_and_the_level_is_saved_without_the_key(page: Page, folder: Path) -> None:
    open_level(page, "scanned.yaml")
    page.locator("#scan-review .scan-keep-all").click()
    expect(page.locator("#scan-review li")).to_have_count(0)
    expect(page.locator(".scan-unsure .scan-mark")).to_have_count(0)
    expect(page.locator("#scan-note")).to_have_count(0)
    assert rows(page)[1] == "#AH.Z.#"  # nothing painted
    page.keyboard.press("Control+s")
    expect(page.locator("#file-state")).to_contain_text("saved scanned.yaml")
    assert "x-scan-unsure" not in (folder / "scanned.yaml").read_text(encoding="utf-8")


def test_the_kept_keys_line_follows_the_questions_settled(page: Page) -> None:
    # the line said "Kept when saving: x-scan-unsure" after every question was settled
    open_level(page, "scanned.yaml")
    expect(page.locator("#extras")).to_contain_text("x-scan-unsure")
    page.locator("#scan-review .scan-keep-all").click()
    expect(page.locator("#scan-review li")).to_have_count(0)
    expect(page.locator("#extras")).not_to_contain_text("x-scan-unsure")
    expect(page.locator("#scan-review")).to_be_hidden()  # no stray rule left above the verdict
    page.keyboard.press("Control+z")
    expect(page.locator("#extras")).to_contain_text("x-scan-unsure")


def test_the_least_sure_questions_are_listed_first(page: Page) -> None:
    """A sheet drawn unlike the training drawings leaves dozens of questions, in field order:
    the likely misreads (the least sure) lead the list; keeping one leaves the order. A field
    a glare washed out leads whatever its odds (it read surely open, with nothing to see)."""
    open_level(page, "unsorted.yaml")
    questions = page.locator("#scan-review .scan-question")
    expect(questions).to_have_count(4)
    assert [text.split(":")[0] for text in questions.all_text_contents()] == ["B3", "D2", "F2", "C2"]
    expect(page.locator("#scan-note")).to_contain_text("least sure first")
    page.locator("#scan-review li").nth(1).locator(".scan-keep").click()
    expect(questions).to_have_count(3)
    assert [text.split(":")[0] for text in questions.all_text_contents()] == ["B3", "F2", "C2"]


def test_a_percent_stays_with_its_number(page: Page) -> None:
    # a narrow panel wrapped "62 %" as "62" and a "%" on a line of its own
    open_level(page, "scanned.yaml")
    question = page.locator("#scan-review .scan-question").first
    expect(question).to_contain_text("C2: ladder or web?")
    assert question.evaluate("(span) => span.textContent") == "C2: ladder or web? 62\u00a0%"  # (to_have_text folds spaces)


def test_a_question_written_without_its_other_tile_offers_the_one_its_text_names(page: Page) -> None:
    # files scanned before `other` was kept showed only the keep button
    open_level(page, "legacy.yaml")
    items = page.locator("#scan-review li")
    expect(items).to_have_count(2)
    expect(items.nth(1).locator(".scan-take")).to_have_text("entry door α")
    items.first.locator(".scan-take").click()
    expect(items).to_have_count(1)
    assert rows(page)[1] == "#Aw.Z.#"


def test_taking_the_door_elsewhere_answers_the_question_of_the_field_it_left(page: Page) -> None:
    # the door moved off B2 left it open cave, and B2's question ("α or rock?") silently gone
    open_level(page, "door.yaml")
    items = page.locator("#scan-review li")
    items.filter(has_text="D2:").locator(".scan-take").click()  # the door is at D2
    expect(items).to_have_count(0)
    assert rows(page)[1] == "##.AZ.#"  # B2 the rock its question offered
    page.keyboard.press("Control+z")  # one step
    expect(items).to_have_count(2)
    assert rows(page)[1] == "#A..Z.#"


def test_undoing_a_resize_fits_the_map_again(page: Page) -> None:
    # shrunk to 12 x 8 the map was fitted larger; undone, its 18 rows ran off the window's foot
    open_level(page, "tall.yaml")
    fits = "() => { const v = document.querySelector('#view'); return v.scrollHeight <= v.clientHeight + 1; }"
    assert page.evaluate(fits)
    page.fill("#size-height", "8")
    page.click("#resize")
    expect(page.locator("#undo")).to_be_enabled()
    page.keyboard.press("Control+z")
    expect(page.locator("#size-height")).to_have_value("18")
    assert page.evaluate(fits)
