"""How fast does the editor answer? Prints figures; not a test.

In a real browser (Playwright driving Debian's Chromium at /usr/bin/chromium, never a
downloaded one) on `printkit editor` run as a user runs it (its own process), on the bundled
12 x 18 level (07-the-chimney):

- page load: from navigation start to the page ready (`body[data-ready]`), in the page's clock;
- click to verdict: a field painted by a click (gem, then open cave again, alternating), timed
  in the page from the pointerdown to the frame after the new verdict is in the DOM
  (`#verdict[data-requests]` changes), median and worst of the samples;
- server: CPU time of one /api/validate answer for the same map, in-process.

Run: python bench/editor_speed.py [--samples 30] [--checkout DIR]
(--checkout: serve the editor from another source tree, such as `git archive` of an older
commit, to compare before and after under the same load.)
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from printkit.editor.drafts import check, draft_of_file, verdict_json

ROOT = Path(__file__).resolve().parent.parent
LEVEL = ROOT / "levels" / "07-the-chimney.yaml"
CHROMIUM = "/usr/bin/chromium"

# Stamps the pointerdown and the frame after each verdict lands, in the page's own clock.
PROBE = """() => {
  window.__bench = { down: [], shown: [] };
  document.addEventListener('pointerdown', () => window.__bench.down.push(performance.now()), true);
  new MutationObserver(() => requestAnimationFrame(() => window.__bench.shown.push(performance.now())))
    .observe(document.querySelector('#verdict'), { attributes: true, attributeFilter: ['data-requests'] });
}"""

LAUNCH = """import runpy, sys
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in getattr(f, "__module__", "")]
sys.path.insert(0, sys.argv.pop(1))
runpy.run_module("printkit", run_name="__main__", alter_sys=True)"""

# The page coordinates of a field's centre, read from the map's own transform (15 mm fields).
CENTRE = """([x, y]) => {
  const svg = document.querySelector('#grid');
  const point = svg.createSVGPoint();
  point.x = (x + 0.5) * 15; point.y = (y + 0.5) * 15;
  const at = point.matrixTransform(svg.getScreenCTM());
  return [at.x, at.y];
}"""


def loop_speed() -> float:
    start = time.perf_counter()
    [None for _ in range(10**7)]
    return time.perf_counter() - start


def server_cpu(runs: int = 10) -> float:
    draft, _ = draft_of_file(LEVEL.name, LEVEL.read_bytes())
    times = []
    for _ in range(runs):
        start = time.process_time()
        verdict_json(check(draft))
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--checkout", type=Path, help="serve printkit from this source tree instead")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    shutil.copy(LEVEL, folder)
    command = [sys.executable, "-m", "printkit"]
    if args.checkout:  # the editable install's finder would win over sys.path: take it out
        command = [sys.executable, "-c", LAUNCH, str(args.checkout.resolve())]
    server = subprocess.Popen([*command, "editor", str(folder / LEVEL.name), "--no-browser"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    url = next(word for line in server.stdout for word in line.split() if word.startswith("http://"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        loads = []
        for _ in range(5):
            page.goto(url)
            page.wait_for_selector("body[data-ready=true]")
            page.wait_for_function("document.querySelector('#verdict').dataset.requests !== undefined")
            loads.append(page.evaluate("performance.now()"))
        page.evaluate(PROBE)
        where = page.evaluate(CENTRE, [2, 1])  # C2, open cave in the chimney
        for sample in range(args.samples):
            page.keyboard.press("*" if sample % 2 == 0 else ".")
            page.mouse.click(*where)
            page.wait_for_function(f"window.__bench.shown.length >= {sample + 1}", timeout=10_000)
            page.wait_for_timeout(120)  # a user pauses between clicks; let stray answers land
        down, shown = page.evaluate("[window.__bench.down, window.__bench.shown]")
        browser.close()
    delays = [s - d for d, s in zip(down, shown)]
    print(f"machine: plain 10M-step Python loop {loop_speed():.2f} s")
    print(f"page load (navigation to ready, 5 loads): median {statistics.median(loads):.0f} ms, worst {max(loads):.0f} ms")
    print(f"click to verdict shown, 12 x 18 ({len(delays)} clicks): median {statistics.median(delays):.0f} ms, "
          f"best {min(delays):.0f} ms, worst {max(delays):.0f} ms")
    print(f"server: one verdict of the 12 x 18 map, CPU {server_cpu() * 1000:.0f} ms (median of 10)")
    server.terminate()
    server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
