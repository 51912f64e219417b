"""How fast does `printkit render` draw maps? Prints figures; not a test.

- one full-size map (the largest level in levels/, 12 x 18 when there is one) laid out and
  written to PDF and SVG bytes in-process, imports done: best and median of runs, and size;
  the same with the overlay, and the validation the command runs first, on its own;
- every level of levels/ checked and rendered in-process, as `render --all` does;
- the whole `printkit render --all levels/` command as a process (start-up, validation of
  every level and rendering included), PDF and SVG.

Targets: one 12 x 18 map to PDF under 0.3 s; the whole levels/ folder under 3 s.
Run: python bench/render_maps.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from printkit.cli.levelcheck import check_level
from printkit.cli.render import document_for
from timing import timed
from printkit.draw.output import document_outputs
from printkit.render.sinpin.map_page import map_document
from printkit.render.sinpin.overlay import overlay_document
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves.validator import validate

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"


def largest_level() -> Path:
    def area(path: Path) -> int:
        rows = read_level(str(path)).rows or []
        return len(rows) * max((len(row) for row in rows), default=0)
    return max(sorted(LEVELS.glob("*.yaml")), key=area)


def main() -> None:
    path = largest_level()
    level = read_level(str(path)).level()
    verdict = validate(level)
    print(f"{path.relative_to(ROOT)}: {level.width} x {level.height} fields")
    for what, make in (("map", lambda: map_document(level, path.stem)),
                       ("overlay", lambda: overlay_document(level, verdict, path.stem))):
        for suffix in (".pdf", ".svg"):
            def render() -> list:
                return document_outputs(make(), f"out{suffix}")
            best, median, _ = timed(render, 15)
            size = sum(len(data) for _, data in render())
            print(f"  {what:8} {suffix[1:]}: best {best * 1000:6.1f} ms, median {median * 1000:6.1f} ms,"
                  f" {size / 1024:5.1f} KiB")
    best, median, _ = timed(lambda: validate(level), 5)
    print(f"  validation first (in the command): best {best * 1000:.1f} ms, median {median * 1000:.1f} ms")

    paths = sorted(LEVELS.glob("*.yaml"))

    def render_folder() -> None:
        for level_path in paths:
            document = document_for(check_level(str(level_path)), overlay=False)
            if document is not None:
                document_outputs(document, "out.pdf")
    best, median, _ = timed(render_folder, 3)
    print(f"levels/ in-process, validation included ({len(paths)} levels, pdf): best {best:.2f} s, median {median:.2f} s")
    count = len(paths)
    for fmt in ("pdf", "svg"):
        with tempfile.TemporaryDirectory() as out:
            command = [sys.executable, "-m", "printkit", "render", "--all", str(LEVELS), "-o", out, "--format", fmt]

            def run() -> None:
                result = subprocess.run(command, capture_output=True, text=True)
                if result.returncode not in (0, 1):  # 1 is an invalid level: still a full run
                    raise SystemExit(f"render --all failed:\n{result.stderr}")
            best, median, _ = timed(run, 3)
        print(f"printkit render --all levels/ ({count} levels, {fmt}): best {best:.2f} s, median {median:.2f} s")


if __name__ == "__main__":
    main()
