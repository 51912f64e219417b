"""`printkit play`'s speed (issue 21): a bot's turn on a 12 x 18 map, and the page's load.

Prints figures; not a test. On The Chimney (12 x 18), four greedy bots:

- the start-up of a game (the level's moves and the bots' knowledge, once a level);
- each bot's turn as the server plays it (`Session.bot_turn`, CPU seconds of its thread);
- each `POST /api/bot` as the page sees it in Debian's Chromium (wall, from fetch to JSON),
  the page playing the whole game at speed 0 against `printkit play` in its own process;
- the page's load: from navigation to the view drawn (`body[data-ready]`), a fresh browser
  context each time (first load of a server, then again).

The goal: a bot's turn answered within 100 ms, the page loaded in under 1 s. The machine is
shared: its speed (a plain 10-million-step loop) and load average are printed first.
Run: python bench/play_page.py [SEED]
"""

from __future__ import annotations

import os
import statistics
import sys
import subprocess
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from printkit.cli.levelcheck import check_level
from printkit.play.matches import sinpin_match
from printkit.play.session import Session

ROOT = Path(__file__).resolve().parent.parent
SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 0
SEATS = ["greedy"] * 4


def machine() -> str:
    start = time.perf_counter()
    [None for _ in range(10**7)]
    return f"10-million-step loop {time.perf_counter() - start:.2f} s; load average {os.getloadavg()[0]:.2f}"


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered) * 1000:.1f} ms, 90th percentile {ordered[int(len(ordered) * 0.9)] * 1000:.1f} ms,"
            f" max {ordered[-1] * 1000:.1f} ms over {len(ordered)}")


def served(seats: list[str]) -> tuple[str, subprocess.Popen]:
    """`printkit play` in a process of its own, as a user runs it; its address."""
    process = subprocess.Popen([sys.executable, "-m", "printkit", "play", str(ROOT / "levels" / "07-the-chimney.yaml"),
                                "--seats", ",".join(seats), "--seed", str(SEED), "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    return process.stdout.readline().strip(), process


def main() -> None:
    print(machine())
    level = check_level(str(ROOT / "levels" / "07-the-chimney.yaml")).level
    assert level is not None and (level.width, level.height) == (12, 18)
    start = time.process_time()
    sinpin_match(level, "the-chimney", SEATS, SEED)
    print(f"start-up of a game on The Chimney (moves and bots' knowledge, once a level): {time.process_time() - start:.2f} s CPU")

    session = Session(sinpin_match(level, "the-chimney", SEATS, SEED))
    turns = []
    while not session.state.is_terminal():
        began = time.thread_time()
        session.bot_turn(session.turn)
        turns.append(time.thread_time() - began)
    print(f"a bot's turn on the server (CPU): {spread(turns)}; {len(turns)} decisions, {session.state.current.round} rounds")

    url, server = served(SEATS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        print(f"Chromium {browser.version}")
        loads, own = [], []
        for _ in range(11):
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            page = context.new_page()
            began = time.perf_counter()
            page.goto(url)
            page.wait_for_selector("body[data-ready=true]", state="attached")
            loads.append(time.perf_counter() - began)
            own.append(int(page.get_attribute("body", "data-ready-ms")) / 1000)
            context.close()
        print(f"page load to the map drawn, a fresh context each (wall, from goto): first {loads[0] * 1000:.0f} ms;"
              f" then {spread(loads[1:])}")
        print(f"  the same by the page's own clock (navigation start to drawn): first {own[0] * 1000:.0f} ms;"
              f" then {spread(own[1:])}")
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        page = context.new_page()
        page.add_init_script("""(() => {
            const plain = window.fetch;
            window.botTimes = [];
            window.fetch = async (...args) => {
                const began = performance.now();
                const response = await plain(...args);
                if (String(args[0]).endsWith('/api/bot')) { await response.clone().json(); window.botTimes.push(performance.now() - began); }
                return response;
            };
        })()""")
        page.goto(url)
        page.wait_for_selector("body[data-ready=true]", state="attached")
        page.fill("#speed", "0")
        page.dispatch_event("#speed", "input")
        page.wait_for_selector("body[data-terminal=true]", state="attached", timeout=600_000)
        times = [value / 1000 for value in page.evaluate("window.botTimes")]
        print(f"POST /api/bot as the page sees it (wall, Chromium): {spread(times)}")
        browser.close()
    server.terminate()
    server.wait()


if __name__ == "__main__":
    main()
