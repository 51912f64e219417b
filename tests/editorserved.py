"""The editor app served in a thread of the test process, and what the editor page's browser
tests share: a folder of levels, the page in a window of a given size, a field's place on the
screen, the map's rows, opening a level (import the fixtures `served` and `folder` into a
test module; `browser` comes from tests/conftest.py). Import this only after the module has
skipped when /usr/bin/chromium is missing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from threadserved import ThreadServed

from printkit.editor.app import create_app

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "output" / "test-results" / "editor"
FIELD_MM = 15


class Served(ThreadServed):
    """The editor app on a free 127.0.0.1 port, in a thread of the test process."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.start_file: str | None = None
        super().__init__()

    def serve(self, folder: Path, start_file: str | None = None) -> None:
        # a new app per test folder: the tests share one server
        self.current = create_app(folder, self.hosts, start_file)


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    server = Served(tmp_path_factory.mktemp("served"))
    server.serve(server.folder)
    server.wait_started()
    yield server
    server.close()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "levels" / "01-first-steps.yaml", tmp_path)
    (tmp_path / "ledge.yaml").write_text("name: Ledge\nmap: |\n  #######\n  #..A.Z#\n  #######\n  #######\n  #######\n")
    return tmp_path


def editor_page(browser: Browser, served: Served, folder: Path, request: pytest.FixtureRequest,
                width: int, height: int) -> Iterator[Page]:
    """The editor on `folder` in a window of width x height; a screenshot left afterwards."""
    served.serve(folder)
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(served.url)
    expect(tab.locator("body")).to_have_attribute("data-ready", "true")
    yield tab
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"{request.node.name}.png"))
    context.close()
    assert errors == []


def field(page: Page, x: int, y: int) -> tuple[float, float]:
    """The page coordinates of the centre of map field (x, y), by the map's own transform
    (the map is fitted to the window and zoomed, so its scale is not fixed)."""
    return tuple(page.evaluate("""([x, y]) => {
        const svg = document.querySelector('#grid');
        const point = svg.createSVGPoint();
        point.x = (x + 0.5) * %d; point.y = (y + 0.5) * %d;
        const at = point.matrixTransform(svg.getScreenCTM());
        return [at.x, at.y];
    }""" % (FIELD_MM, FIELD_MM), [x, y]))


def rows(page: Page) -> list[str]:
    return page.evaluate("""() => {
        const svg = document.querySelector('#grid');
        const out = Array.from({length: +svg.dataset.height}, () => Array(+svg.dataset.width).fill('?'));
        for (const cell of svg.querySelectorAll('.cell')) out[+cell.dataset.y][+cell.dataset.x] = cell.dataset.tile;
        return out.map(r => r.join(''));
    }""")


def open_level(page: Page, name: str) -> None:
    page.select_option("#file-list", name)
    page.click("#open")
    expect(page.locator("#file-state")).to_have_text(name)
