"""Time rendering every board template, as PDF and as SVG, and the whole folder (--all).

    /work/venv/bin/python bench/boards.py [TEMPLATES_DIR] [--repeat N]

Prints one line per template with the best of N runs (default 3) per format, in
milliseconds, then the time of `printkit board --all DIR -o TMP` for each format.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from printkit.boards.spec import load_spec
from printkit.cli import main
from printkit.cli.board import is_board_spec
from printkit.render.boards import board_outputs
from timing import timed

ROOT = Path(__file__).resolve().parent.parent


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "templates"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    folder = Path(args.folder)
    specs = [load_spec(str(p)) for p in sorted(folder.glob("*.y*ml")) if is_board_spec(p)]
    # Warm the caches (fonts, glyph outlines) once, as a long-running process would have.
    board_outputs(specs[0], "warm.pdf")
    board_outputs(specs[0], "warm.svg")
    print(f"{'template':28} {'pages':>5} {'pdf ms':>8} {'pdf kB':>7} {'svg ms':>8} {'svg kB':>7}")
    for spec in specs:
        name = Path(spec.source).name
        pdf_time, _, pdf = timed(lambda: board_outputs(spec, "board.pdf"), args.repeat)
        svg_time, _, svg = timed(lambda: board_outputs(spec, "board.svg"), args.repeat)
        pdf_kb = sum(len(data) for _, data in pdf) / 1024
        svg_kb = sum(len(data) for _, data in svg) / 1024
        print(f"{name:28} {len(svg):5d} {pdf_time * 1000:8.0f} {pdf_kb:7.0f} {svg_time * 1000:8.0f} {svg_kb:7.0f}")
    runner = CliRunner()
    for fmt in ("pdf", "svg"):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            result = runner.invoke(main, ["board", "--all", str(folder), "-o", out, "--format", fmt])
            elapsed = time.perf_counter() - start
            if result.exit_code:
                sys.exit(f"--all failed: {result.stderr}")
            files = len(list(Path(out).iterdir()))
        print(f"--all {folder.name}/ as {fmt}: {len(specs)} specs, {files} files in {elapsed * 1000:.0f} ms")


if __name__ == "__main__":
    main_bench()
