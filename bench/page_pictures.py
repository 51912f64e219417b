"""The README's pictures of the browser pages, made again from the pages as they are now:

- docs/editor.png: `printkit editor` on the Long Gallery at 1400 x 900, trying a 4 from the
  door α (key M, a click on the door, key 4);
- docs/play.png: `printkit play the-chimney --seed 7` (you against two greedy bots) at your
  third move, the 5 chosen;
- docs/play-phone.png: the same at a phone's size (390 x 844), the whole page (it scrolls);
- docs/replay.png: `printkit replay` of game 165 of `printkit simulate the-chimney --players 3
  --games 166 --seed 0` at turn 12, the card's other outcomes shown;
- docs/play-sinoda.png: `printkit play sinoda-2 --seats human,search` (seed 0) at your first
  turn where a die of yours on A2 can take one, that die chosen;
- docs/play-yinsh.png: `printkit play yinsh --seats human,alphabeta --seed 1` (you play black)
  at 1000 x 700, at your first move once 15 moves are made where one flips 3 markers or more
  (and white's last was a plain move), its ring chosen and the move flipping most hovered.

    python bench/page_pictures.py [--only NAME ...] [-o docs]

Each game is taken to its picture's moment on the server side (your decisions made by a
greedy bot of the game, the other seats by theirs: the same every run), then served on a
free 127.0.0.1 port in this process (the editor in its own, `--no-browser`) and the page
driven by Playwright as a person would (clicks, keys, hover). Animations are stopped for the
screenshot. Needs Playwright's Python package and Debian's Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn
from PIL import Image
from playwright.sync_api import Browser, Page, sync_playwright

from printkit import bundled
from printkit.boards.spec import load_spec
from printkit.cli.levelcheck import check_level
from printkit.editor.guard import allowed_hosts
from printkit.editor.server import bind
from printkit.games.protocol import take_turn
from printkit.play.app import create_app
from printkit.play.matches import Match, sinoda_match, sinpin_match, yinsh_match
from printkit.play.replay import load_record, replay_of
from printkit.play.session import Session
from printkit.sinoda.game import SinodaGame
from printkit.yinsh.game import YinshGame

ROOT = Path(__file__).resolve().parent.parent
CHIMNEY = ROOT / "levels" / "07-the-chimney.yaml"


# -- serving ---------------------------------------------------------------------------------

@contextmanager
def served(**what) -> Iterator[str]:
    """The play app (`session=` or `replay=`) on a free 127.0.0.1 port in a thread; its address."""
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = create_app(allowed_hosts("127.0.0.1", port), **what)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@contextmanager
def editor_served(level: Path) -> Iterator[str]:
    """`printkit editor` on a copy of `level` (alone in a temporary folder), as a user runs it."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / level.name
        shutil.copyfile(level, copy)
        sock = bind("127.0.0.1", 0)  # a free port, given to the editor
        port = sock.getsockname()[1]
        sock.close()
        editor = subprocess.Popen([sys.executable, "-m", "printkit", "editor", str(copy), "--no-browser", "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        address = f"http://127.0.0.1:{port}/"
        try:
            for _ in range(200):  # until the editor answers
                try:
                    urllib.request.urlopen(address, timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            yield address
        finally:
            editor.terminate()
            editor.wait()


def opened(browser: Browser, address: str, size: tuple[int, int], phone: bool = False) -> Page:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone,
                                  device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(address)
    page.wait_for_selector("body[data-ready=true]", state="attached")
    return page


def save(page: Page, path: Path, full_page: bool = False) -> None:
    """The screenshot, animations stopped, each colour to the nearest multiple of 8, white kept
    (a smaller file, no visible change; pixel by pixel, so a run gives the same file unless the
    browser draws a pixel otherwise)."""
    page.wait_for_timeout(300)  # the last drawing settled
    shot = page.screenshot(animations="disabled", caret="hide", full_page=full_page)
    image = Image.open(io.BytesIO(shot)).convert("RGB").point(lambda value: min(255, (value + 4) // 8 * 8))
    image.save(path, optimize=True)
    print(f"{path}: {image.width} x {image.height}, {path.stat().st_size // 1000} KB", file=sys.stderr)
    page.context.close()


# -- games taken to their moment ----------------------------------------------------------------

def advanced(match: Match, helper_match: Match, stop: Callable[[Session], bool], limit: int = 1000) -> Session:
    """A game played until `stop` says so at a decision of seat 0 (a person): the bots play
    their seats, and seat 0's decisions are made by `helper_match`'s bot for seat 0."""
    session = Session(match)
    helper = helper_match.bots()[0]
    for _ in range(limit):
        assert not session.state.is_terminal(), "the game ended before its picture's moment"
        if session.state.to_act() != 0:
            session.bot_turn(session.turn)
            continue
        if stop(session):
            return session
        action, _ = take_turn(helper, session.state, session.state.legal_actions())
        session.act(session.turn, session.rules.action_json(session.state, action))
    raise AssertionError("no picture's moment within the limit")


def chimney_at_third_move() -> Session:
    """The Chimney, you against two greedy bots (seed 7), at your third move (round 3)."""
    level = check_level(str(CHIMNEY)).level
    moves = []

    def stop(session: Session) -> bool:
        if session.state.decision.kind != "move":
            return False
        moves.append(session.turn)
        return len(moves) == 3

    players = ["human", "greedy", "greedy"]
    return advanced(sinpin_match(level, "the-chimney", players, 7), sinpin_match(level, "the-chimney", ["greedy"] * 3, 7), stop)


# -- the pictures ---------------------------------------------------------------------------------

def editor_picture(browser: Browser, out: Path) -> None:
    with editor_served(ROOT / "levels" / "08-long-gallery.yaml") as address:
        page = opened(browser, address, (1400, 900))
        page.wait_for_selector("#verdict[data-requests]", state="attached")
        page.keyboard.press("m")
        door = page.locator("#grid .cell[data-tile='A']").bounding_box()
        page.mouse.click(door["x"] + door["width"] / 2, door["y"] + door["height"] / 2)
        page.keyboard.press("4")
        page.wait_for_selector(".preview-end")
        page.wait_for_function("() => document.querySelector('#preview-text').textContent.includes('with a 4')")
        page.mouse.move(700, 880)  # the pointer off the map: no field ghosted under it
        save(page, out / "editor.png")


def play_picture(browser: Browser, out: Path, phone: bool = False) -> None:
    with served(session=chimney_at_third_move()) as address:
        page = opened(browser, address, (390, 844) if phone else (1400, 900), phone)
        page.locator(".cards button[data-card='5']").click()
        page.wait_for_selector(".choice.end")
        # a phone's page scrolls: the whole of it, the map above the panel, cards and all
        save(page, out / ("play-phone.png" if phone else "play.png"), full_page=phone)


def replay_picture(browser: Browser, out: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "games.jsonl"
        subprocess.run([sys.executable, "-m", "printkit", "simulate", "the-chimney", "--players", "3", "--games", "166",
                        "--seed", "0", "--record", str(record), "-q"], check=True, stdout=subprocess.DEVNULL)
        game = next(lines for lines in load_record(record.read_text(encoding="utf-8")) if lines[0]["game"] == 165)
    with served(replay=replay_of(game)) as address:
        page = opened(browser, address, (1400, 900))
        page.check("#alternatives")
        page.fill("#jump-turn", "12")
        page.locator("#jump-turn").dispatch_event("change")
        page.wait_for_function("() => document.querySelector('#step-text').textContent.includes('turn 12 (')")
        page.locator("#jump-turn").blur()
        save(page, out / "replay.png")


def sinoda_picture(browser: Browser, out: Path) -> None:
    spec = load_spec(bundled.resolve("sinoda-2", "board"))

    def match(players: list[str]) -> Match:
        return sinoda_match(SinodaGame(spec.options.setup, spec.options.rules), "sinoda-2", players, 0)

    def stop(session: Session) -> bool:  # a die of yours on A2 that can take one
        return any(action.get("piece") == "A2" and action.get("captures") for action in session.view()["legal"])

    session = advanced(match(["human", "search"]), match(["greedy", "greedy"]), stop)
    with served(session=session) as address:
        page = opened(browser, address, (1400, 900))
        page.locator("[data-die='A2']").click()
        page.wait_for_selector(".pk-target")
        page.mouse.move(1390, 890)
        save(page, out / "play-sinoda.png")


def yinsh_picture(browser: Browser, out: Path) -> None:
    def flips(label: str) -> int:
        return int(label.split("flips ")[1].split()[0]) if "flips " in label else 0

    def stop(session: Session) -> bool:
        """15 moves made (after the 10 rings), a move that flips 3, the bot's last a plain move
        (a row taken off is outlined in the flips' red: the picture would be hard to read)."""
        view = session.view()
        last = str((view["last"] or {}).get("action", ""))
        plain = re.fullmatch(r"[a-k]\d+-[a-k]\d+", last) is not None
        return view["state"].get("moves", 0) >= 15 and max(map(flips, view["labels"])) >= 3 and plain

    session = advanced(yinsh_match(YinshGame(), ["human", "alphabeta"], 1), yinsh_match(YinshGame(), ["greedy"] * 2, 1), stop)
    view = session.view()
    best = max(range(len(view["legal"])), key=lambda i: (flips(view["labels"][i]), -i))
    move = view["legal"][best]
    with served(session=session) as address:
        page = opened(browser, address, (1000, 700))
        page.locator(f"[data-pick-ring='{move.split('-')[0]}']").click()
        page.locator(f"[data-move='{move}']").hover()
        save(page, out / "play-yinsh.png")


PICTURES = {"editor": editor_picture, "play": play_picture, "play-phone": lambda b, o: play_picture(b, o, phone=True),
            "replay": replay_picture, "play-sinoda": sinoda_picture, "play-yinsh": yinsh_picture}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="+", choices=sorted(PICTURES), help="Make these pictures only.")
    parser.add_argument("-o", "--output", default=str(ROOT / "docs"), help="The folder to write to.")
    args = parser.parse_args()
    out = Path(args.output)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        print(f"Chromium {browser.version}", file=sys.stderr)
        for name in args.only or PICTURES:
            PICTURES[name](browser, out)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
