"""The editor page in a real browser: Debian's Chromium driven by Playwright.

Painting a level from a blank grid to solvable, a soft-lock when a pit is dug, a move
preview, save and reload, undo and redo. Each test leaves a screenshot in
output/test-results/editor/ to look at. Skipped when /usr/bin/chromium is missing, except
in CI (CI=true), where a missing browser is a failure: .ci/run installs it.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromium import need_chromium

from click.testing import CliRunner

from printkit.cli import main
from printkit.cli.levelcheck import check_level

pytestmark = pytest.mark.browser  # one worker runs this file, with one browser (conftest.py)

need_chromium()

from playwright.sync_api import Browser, Page, expect  # noqa: E402

from heldfetch import hold_fetches, let_go, wait_for_held  # noqa: E402

from editorserved import (ROOT, Served, editor_page, field, folder, open_level, rows,  # noqa: E402,F401
                          served)  # (fixtures shared with the editor's other browser tests)

expect.set_options(timeout=10_000)  # a loaded CI machine may validate slower than a desk


@pytest.fixture
def page(browser: Browser, served: Served, folder: Path, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from editor_page(browser, served, folder, request, 1400, 900)


def drag(page: Page, cells: list[tuple[int, int]], button: str = "left") -> None:
    page.mouse.move(*field(page, *cells[0]))
    page.mouse.down(button=button)
    for cell in cells[1:]:
        page.mouse.move(*field(page, *cell), steps=3)
    page.mouse.up(button=button)


PAINTED = ["########", "#.....Z#", "#.H#####", "#AH....#", "########"]


def paint_ladder_level(page: Page) -> None:
    page.fill("#new-width", "8")
    page.fill("#new-height", "5")
    page.click("#new")
    # the page opened with a blank 12 x 8 map: wait for the new one, not that one's verdict
    expect(page.locator("#grid")).to_have_attribute("data-width", "8")
    expect(page.locator("#grid")).to_have_attribute("data-height", "5")
    expect(page.locator("#verdict")).to_have_text("✗ invalid: 2 errors")  # no door, no exit (S3)
    assert rows(page) == ["########"] + ["#......#"] * 3 + ["########"]
    # a new level is for every player count, 2, 3 and 4 (level-format.md's default)
    assert page.eval_on_selector_all("input[name=players]:checked", "boxes => boxes.map(b => b.value)") == ["2", "3", "4"]
    page.keyboard.press("Shift+H")  # the ladder (the map's H); H alone is the heart (h)
    drag(page, [(2, 2), (2, 3)])
    drag(page, [(3, 2), (4, 2), (5, 2), (6, 2)], button="right")  # the right button paints rock
    page.keyboard.press("A")
    page.mouse.click(*field(page, 4, 3))
    page.mouse.click(*field(page, 1, 3))  # a level has one door (S3): painting it again moves it
    assert rows(page)[3] == "#AH....#"
    expect(page.locator("#verdict")).to_have_text("✗ invalid: 1 error")
    expect(page.locator("#findings .error .rule")).to_have_text("S3")
    page.keyboard.press("Z")
    page.mouse.click(*field(page, 6, 1))


def test_a_level_painted_from_blank_turns_from_invalid_to_solvable(page: Page, folder: Path) -> None:
    paint_ladder_level(page)
    assert rows(page) == PAINTED
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 2 turns")
    expect(page.locator("#verdict")).to_have_attribute("data-state", "valid")
    expect(page.locator(".route .turn-badge")).to_have_count(2)  # the shortest route, turn by turn
    expect(page.locator("#route-text")).to_contain_text("2: card")
    # the page's verdict is the one printkit validate gives the same map
    (folder / "same.yaml").write_text("map: |\n" + "".join(f"  {row}\n" for row in PAINTED))
    assert check_level(str(folder / "same.yaml")).verdict.min_turns == 2


def test_a_pit_dug_under_a_walk_shows_a_soft_lock(page: Page) -> None:
    open_level(page, "ledge.yaml")
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 1 turn")
    expect(page.locator(".marks .soft-lock")).to_have_count(0)
    page.keyboard.press(".")
    drag(page, [(1, 2), (1, 3)])  # dig B3 and B4 below B2
    expect(page.locator(".marks .soft-lock")).to_have_count(1)
    expect(page.locator(".marks .warning-mark")).to_have_count(0)  # the cross is its mark
    lock = page.locator(".marks .soft-lock")
    assert (lock.get_attribute("data-x"), lock.get_attribute("data-y")) == ("1", "3")
    expect(page.locator("#findings .warning")).to_contain_text("soft-lock at B4")
    expect(page.locator("#counts")).to_contain_text("1 soft-lock")
    page.keyboard.press("O")  # a lone teleporter does nothing (S20): a warning framed on its field
    page.mouse.click(*field(page, 2, 1))
    expect(page.locator(".marks .warning-mark[data-x='2'][data-y='1']")).to_have_count(1)
    expect(page.locator("#findings .warning[data-rule='S20']")).to_contain_text("the only teleporter, at C2")


def test_a_move_preview_shows_every_outcome_of_a_card(page: Page) -> None:
    open_level(page, "ledge.yaml")
    page.keyboard.press("m")
    page.mouse.click(*field(page, 3, 1))  # the door, D2
    page.keyboard.press("2")
    expect(page.locator("#preview-text")).to_contain_text("From D2 with a 2 (health 3)")
    expect(page.locator("#preview-text")).to_contain_text("reach the exit Ω")
    ends = {(end.get_attribute("data-x"), end.get_attribute("data-y")) for end in page.locator(".preview-end").all()}
    assert ends == {("5", "1"), ("1", "1")}  # right into the exit, or left to B2 and back
    expect(page.locator("#outcomes li").first).to_have_text("→ B2 · damage 0 · gems 0 · passes B2 C2")
    expect(page.locator("#outcomes")).to_contain_text("→ the exit Ω · damage 0 · gems 0 · passes E2 F2")
    page.click("#cards button[data-card='1']")
    expect(page.locator("#preview-text")).to_contain_text("with a 1")
    ends = {(end.get_attribute("data-x"), end.get_attribute("data-y")) for end in page.locator(".preview-end").all()}
    assert ends == {("2", "1"), ("4", "1")}


def test_a_preview_cleared_while_its_moves_are_on_their_way_stays_cleared(page: Page) -> None:
    open_level(page, "ledge.yaml")
    page.keyboard.press("m")
    page.mouse.click(*field(page, 3, 1))
    hold_fetches(page)  # every answer waits until let go: Esc lands while the moves are on their way
    page.keyboard.press("2")
    wait_for_held(page)
    page.keyboard.press("Escape")
    let_go(page)
    page.wait_for_timeout(500)
    expect(page.locator("#preview-text")).to_have_text("")
    expect(page.locator(".preview-end")).to_have_count(0)


def test_saving_twice_before_the_first_answer_saves_once_and_asks_nothing(page: Page, folder: Path) -> None:
    open_level(page, "ledge.yaml")
    page.keyboard.press("#")
    page.mouse.click(*field(page, 1, 2))
    hold_fetches(page)  # both presses land while the first save is on its way
    page.keyboard.press("Control+s")
    wait_for_held(page)
    page.keyboard.press("Control+s")
    let_go(page)
    expect(page.locator("#file-state")).to_have_text("saved ledge.yaml")
    page.wait_for_timeout(600)
    expect(page.locator("#ask")).not_to_be_visible()  # no "changed by something else" for its own write
    expect(page.locator("#file-state")).to_have_text("saved ledge.yaml")

def test_save_then_reload_gives_back_the_level_and_validate_agrees(page: Page, folder: Path) -> None:
    paint_ladder_level(page)
    page.fill("#level-name", "Painted")
    page.locator("#knobs input[data-knob='blade_points']").fill("4")
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 2 turns")
    page.click("#save-as")  # the page's own dialog, not the browser's prompt
    page.fill("#ask-name", "painted")
    page.click("#ask-yes")
    expect(page.locator("#file-state")).to_have_text("saved painted.yaml")
    validated = CliRunner().invoke(main, ["validate", "--json", str(folder / "painted.yaml")])
    assert validated.exit_code == 0  # printkit validate accepts it, with the page's verdict
    assert json.loads(validated.output) | {"file": None} == {
        "file": None, "valid": True, "solvable": True, "min_turns": 2, "rest_positions": 12,
        "soft_locks": [], "unreachable_items": [], "errors": [], "warnings": []}
    expect(page.locator("#counts")).to_contain_text("12 rest positions")
    checked = check_level(str(folder / "painted.yaml"))
    assert checked.level.name == "Painted" and checked.level.rules.blade_points == 4
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    open_level(page, "painted.yaml")
    assert rows(page) == PAINTED
    assert page.input_value("#level-name") == "Painted"
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 2 turns")
    # changed on disk meanwhile: the page asks before saving over it, and a "no" keeps the file
    (folder / "painted.yaml").write_text((folder / "painted.yaml").read_text() + "# edited elsewhere\n")
    page.keyboard.press("#")
    page.mouse.click(*field(page, 4, 3))
    page.click("#save")
    expect(page.locator("#ask-text")).to_have_text("'painted.yaml' was changed by something else since it was opened. Save over it?")
    page.click("#ask-no")
    expect(page.locator("#file-state")).to_have_text("not saved: 'painted.yaml' was changed by something else since it was opened")
    assert (folder / "painted.yaml").read_text().endswith("# edited elsewhere\n")


def test_undo_and_redo_a_stroke(page: Page) -> None:
    open_level(page, "01-first-steps.yaml")
    before = rows(page)
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 2 turns")
    page.keyboard.press("#")
    drag(page, [(1, 2), (2, 2), (3, 2)])  # wall in the gem's corridor: one stroke
    assert rows(page)[2] == "####.#"
    expect(page.locator("#file-state")).to_have_class("unsaved")
    page.keyboard.press("Control+z")
    assert rows(page) == before
    expect(page.locator("#file-state")).not_to_have_class("unsaved")  # back as opened
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 2 turns")
    page.keyboard.press("Control+Shift+z")
    assert rows(page)[2] == "####.#"
    page.click("#undo")
    assert rows(page) == before
    expect(page.locator("#undo")).to_be_disabled()


def test_a_new_stroke_after_undo_leaves_nothing_to_redo(page: Page) -> None:
    open_level(page, "01-first-steps.yaml")
    before = rows(page)
    page.keyboard.press("#")
    page.mouse.click(*field(page, 1, 3))  # stroke one: rock on (1, 3)
    assert rows(page)[3] == "###.A#"
    page.keyboard.press("Control+z")
    assert rows(page) == before
    expect(page.locator("#redo")).to_be_enabled()
    page.mouse.click(*field(page, 3, 3))  # stroke two, a new edit: the undone stroke is gone for good
    painted = rows(page)
    assert painted[3] == "#.##A#"
    expect(page.locator("#redo")).to_be_disabled()
    page.keyboard.press("Control+Shift+z")
    assert rows(page) == painted
    expect(page.locator("#undo")).to_be_enabled()  # stroke two can still be undone, to the level as opened
    page.keyboard.press("Control+z")
    assert rows(page) == before


# -- issue 21: the editor as map makers' tools are ---------------------------------------

@pytest.fixture
def small(browser: Browser, served: Served, folder: Path, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The page in a 1000 x 700 window with the bundled 12 x 18 and 18 x 12 levels."""
    for name in ("07-the-chimney.yaml", "08-long-gallery.yaml"):
        shutil.copy(ROOT / "levels" / name, folder)
    yield from editor_page(browser, served, folder, request, 1000, 700)


def inside(inner: dict, outer: dict) -> bool:
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def test_both_orientations_are_wholly_visible_at_1000_by_700_with_the_verdict_beside(small: Page) -> None:
    window = {"x": 0, "y": 0, "width": 1000, "height": 700}
    for name, size in (("07-the-chimney.yaml", ("12", "18")), ("08-long-gallery.yaml", ("18", "12"))):
        open_level(small, name)
        expect(small.locator("#grid")).to_have_attribute("data-width", size[0])
        expect(small.locator("#grid")).to_have_attribute("data-height", size[1])
        grid, view, verdict = (small.locator(s).bounding_box() for s in ("#grid", "#view", "#verdict"))
        assert inside(grid, view) and inside(grid, window), (name, grid, view)
        # every field's box (the last one too) lies in the window
        corner = small.locator(f".cell[data-x='{int(size[0]) - 1}'][data-y='{int(size[1]) - 1}']")
        assert corner.count() == 1
        assert inside(verdict, window) and verdict["x"] >= grid["x"] + grid["width"]  # beside, not under
        # route badges readable: their numbers at least 12 px high on screen
        heights = small.eval_on_selector_all(".turn-badge text", "texts => texts.map(t => t.getBoundingClientRect().height)")
        assert heights and min(heights) >= 12, heights
    # a move's outcomes are listed beside the map too
    small.keyboard.press("m")
    small.mouse.click(*field(small, 1, 2))  # B3, the door of the long gallery
    small.keyboard.press("1")
    expect(small.locator("#preview-text")).to_contain_text("From B3 with a 1")
    assert inside(small.locator("#preview-text").bounding_box(), window)
    # zoom in (the map grows and scrolls), then fit again
    fitted = small.locator("#grid").bounding_box()["width"]
    small.click("#zoom-in")
    assert small.locator("#grid").bounding_box()["width"] > fitted * 1.2
    small.click("#zoom-fit")
    assert abs(small.locator("#grid").bounding_box()["width"] - fitted) < 2


def bresenham(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    error, out = dx + dy, []
    while True:
        out.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return out
        twice = 2 * error
        if twice >= dy:
            error, x0 = error + dy, x0 + sx
        if twice <= dx:
            error, y0 = error + dx, y0 + sy


def test_a_fast_drag_paints_every_field_it_crosses(page: Page) -> None:
    expect(page.locator("#grid")).to_have_attribute("data-width", "12")  # the blank 12 x 8
    page.keyboard.press("*")
    page.mouse.move(*field(page, 1, 1))
    page.mouse.down()
    page.mouse.move(*field(page, 10, 5))  # one mouse sample for ten fields across
    page.mouse.move(*field(page, 2, 6))
    page.mouse.up()
    painted = {(x, y) for y, row in enumerate(rows(page)) for x, char in enumerate(row) if char == "*"}
    assert painted == set(bresenham((1, 1), (10, 5))) | set(bresenham((10, 5), (2, 6)))
    page.keyboard.press("Control+z")  # the stroke is one undo step
    assert "*" not in "".join(rows(page))


def test_a_sealed_exit_gives_one_soft_lock_line_and_explains_s26(page: Page) -> None:
    open_level(page, "01-first-steps.yaml")
    grid = rows(page)
    exit_y = next(y for y, row in enumerate(grid) if "Z" in row)
    exit_x = grid[exit_y].index("Z")
    page.keyboard.press("#")
    for x, y in ((exit_x - 1, exit_y), (exit_x + 1, exit_y), (exit_x, exit_y - 1), (exit_x, exit_y + 1)):
        if grid[y][x] != "#":
            page.mouse.click(*field(page, x, y))  # wall the exit in
    expect(page.locator("#findings .error[data-rule='S26']")).to_have_count(1)
    group = page.locator("#findings details.finding-group[data-kind='soft-lock']")
    expect(group.locator("summary")).to_have_text(re.compile(r"^\d+ soft-locks \(S27\)$"))
    expect(group.locator("li").first).to_be_hidden()  # one line until asked
    group.locator("summary").click()
    expect(group.locator("li").first).to_be_visible()
    # S26 explained: what α reaches shaded, the nearest rest position to Ω framed and named
    assert page.locator(".reach rect").count() >= 1
    nearest = page.locator(".nearest")
    expect(nearest).to_have_count(1)
    name = "ABCDEFGHIJKLMNOPQR"[int(nearest.get_attribute("data-x"))] + str(int(nearest.get_attribute("data-y")) + 1)
    expect(page.locator("#findings .reach-note")).to_have_text(f"On the map: what α reaches is shaded green, {name} framed.")
    expect(page.locator("#findings .error[data-rule='S26']")).to_contain_text(f"the nearest to Ω is {name}")


def test_esc_leaves_move_mode_and_right_click_never_paints_there(page: Page) -> None:
    open_level(page, "ledge.yaml")
    before = rows(page)
    page.keyboard.press("m")
    page.mouse.click(*field(page, 3, 1))
    page.keyboard.press("2")
    expect(page.locator("#preview-text")).to_contain_text("From D2 with a 2")
    page.mouse.click(*field(page, 2, 1), button="right")
    assert rows(page) == before  # no rock painted by the right button in move mode
    page.keyboard.press("Escape")
    expect(page.locator("body")).to_have_attribute("data-tool", "brush")
    expect(page.locator("#preview-text")).to_have_text("")
    expect(page.locator(".preview")).to_have_count(0)


def test_letter_keys_ignore_case_except_h_where_shift_decides(page: Page) -> None:
    selected = page.locator("#tiles .tool.selected")
    for key, tile in (("a", "A"), ("A", "A"), ("z", "Z"), ("W", "w"), ("w", "w"), ("Shift+H", "H"), ("h", "h"),
                      ("H", "h")):  # "H" without Shift is what Caps Lock types: still the heart
        page.keyboard.press(key)
        expect(selected).to_have_attribute("data-tile", tile)
    assert "Shift+H" in page.get_attribute("#tiles .tool[data-tile='H']", "title")
    page.keyboard.press("r")
    expect(page.locator("body")).to_have_attribute("data-tool", "rect")
    page.keyboard.press("Escape")
    expect(page.locator("body")).to_have_attribute("data-tool", "brush")


def test_undo_takes_back_a_form_field_and_a_change_shows_checking(page: Page) -> None:
    open_level(page, "ledge.yaml")
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 1 turn")
    page.route("**/api/validate", lambda route: (time.sleep(0.4), route.continue_()))
    page.fill("#level-name", "Renamed")
    expect(page.locator("#verdict")).to_have_text("checking…")  # at once, before the answer
    expect(page.locator("#verdict")).to_have_text("✓ solvable in 1 turn")
    page.unroute("**/api/validate")
    page.locator("#knobs input[data-knob='blade_points']").fill("4")
    page.keyboard.press("Control+z")
    assert page.input_value("#knobs input[data-knob='blade_points']") == "3"
    assert page.input_value("#level-name") == "Renamed"
    page.keyboard.press("Control+z")
    assert page.input_value("#level-name") == "Ledge"
    page.keyboard.press("Control+y")
    assert page.input_value("#level-name") == "Renamed"


def test_save_as_refuses_names_some_system_cannot_hold(page: Page, folder: Path) -> None:
    page.click("#save-as")
    expect(page.locator("#ask")).to_be_visible()
    for name, why in (("CON", "reserves"), ("lpt1.level", "reserves"), ("a:b", "no :"), ("what?", "no ?"),
                      ("x" * 101, "at most 100"), ("LEDGE", "same file")):
        page.fill("#ask-name", name)
        expect(page.locator("#ask-error")).to_contain_text(why)
        expect(page.locator("#ask-yes")).to_be_disabled()
    page.fill("#ask-name", "fine name")
    expect(page.locator("#ask-error")).to_have_text("")
    page.click("#ask-yes")
    expect(page.locator("#file-state")).to_contain_text("saved fine name.yaml")
    assert (folder / "fine name.yaml").exists()


def test_rectangle_fill_and_eyedropper(page: Page) -> None:
    expect(page.locator("#grid")).to_have_attribute("data-width", "12")  # the blank 12 x 8: open inside rock
    page.keyboard.press("r")
    page.keyboard.press("w")
    drag(page, [(2, 2), (4, 3)])  # a box of webs, painted on release
    assert [row[2:5] for row in rows(page)[2:4]] == ["www", "www"]
    page.keyboard.press("f")
    page.keyboard.press("*")
    page.mouse.click(*field(page, 3, 2))  # the webs touching C3's: all six, nothing else
    assert [row[2:5] for row in rows(page)[2:4]] == ["***", "***"] and "".join(rows(page)).count("*") == 6
    page.keyboard.press("i")
    page.mouse.click(*field(page, 0, 0))  # takes rock, back to the brush
    expect(page.locator("#tiles .tool.selected")).to_have_attribute("data-tile", "#")
    expect(page.locator("body")).to_have_attribute("data-tool", "brush")
    page.keyboard.down("Alt")
    page.mouse.click(*field(page, 2, 2))  # Alt+click takes a tile with any tool
    page.keyboard.up("Alt")
    expect(page.locator("#tiles .tool.selected")).to_have_attribute("data-tile", "*")
    expect(page.locator("#hover-name")).to_have_text("C3 · gem")
    width = page.locator("#grid").bounding_box()["width"]
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)  # Ctrl+wheel zooms in
    page.keyboard.up("Control")
    expect(page.locator("#zoom-level")).to_have_text("125 %")
    assert page.locator("#grid").bounding_box()["width"] > width * 1.2
