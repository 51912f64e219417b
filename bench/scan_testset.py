"""Make the scan's synthetic test set: hand-drawn design sheets photographed (printkit.scan.synth).

    python bench/scan_testset.py [--count 200] [--seed 7] [--styles held-out|training|all] [-o output/scan-testset]

Each sheet is a map with every tile sprinkled in (one α, one Ω), drawn in one style, on a
sheet of a random size S2 allows, photographed at 2 to 12 MP with any rotation, up to 30
degrees of tilt, paper curl, shadows, blur, noise and JPEG. The sheet is page 1 of
`printkit paper` rendered by poppler's pdftoppm (else synth.page's own raster). Writes sheet-NNN.jpg and
sheet-NNN.json (the map drawn, the style, the photo's settings) into the folder. The
default styles are those held out of training. Nothing here is committed: the set is made
on demand from its seed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printkit.scan.layout import SheetCode
from printkit.scan.synth.page import rendered_pdf_page
from printkit.scan.synth.sheets import make_sheet
from printkit.scan.synth.styles import HELD_OUT_STYLES, SECOND_HELD_OUT_STYLES, TRAINING_STYLES

# held-out: the first held-out styles and forms; held-out-2: the second (new pens, and forms
# kept out of training when training was given many more, synth.cousins)
STYLE_SETS = {"held-out": HELD_OUT_STYLES, "held-out-2": SECOND_HELD_OUT_STYLES, "training": TRAINING_STYLES,
              "all": TRAINING_STYLES + HELD_OUT_STYLES + SECOND_HELD_OUT_STYLES}


def _real_sheets(px_per_mm: float):
    """Page 1 of `printkit paper` for a sheet's size, rendered by pdftoppm (once a size)."""
    cache: dict[SheetCode, object] = {}

    def printed(code: SheetCode):
        if code not in cache:
            with tempfile.TemporaryDirectory() as folder:
                pdf = Path(folder) / "sheet.pdf"
                subprocess.run(["printkit", "paper", "--fields", f"{code.columns}x{code.rows}", "-o", str(pdf)]
                               + (["--landscape"] if code.landscape else []), check=True, capture_output=True)
                cache[code] = rendered_pdf_page(str(pdf), px_per_mm)
        return cache[code]
    return printed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--styles", choices=sorted(STYLE_SETS), default="held-out")
    parser.add_argument("-o", "--output", default="output/scan-testset")
    parser.add_argument("--px-per-mm", type=float, default=8.0, help="the drawn page's resolution")
    args = parser.parse_args()
    printed_for = _real_sheets(args.px_per_mm) if shutil.which("pdftoppm") else None
    if printed_for is None:
        print("pdftoppm not found: drawing on printkit.scan.synth's own raster of the sheet", file=sys.stderr)
    folder = Path(args.output)
    folder.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    for index in range(args.count):
        seed = args.seed * 1_000_000 + 500_000 + index  # never a training seed (those are below 500,000)
        sheet = make_sheet(seed, STYLE_SETS[args.styles], px_per_mm=args.px_per_mm, printed_for=printed_for)
        stem = folder / f"sheet-{index:03d}"
        (stem.with_suffix(".jpg")).write_bytes(sheet.photo.jpeg)
        code = sheet.page.code
        truth = {"seed": seed, "style": sheet.style.name, "held_out": sheet.style.held_out, "rows": list(sheet.rows),
                 "variants": [list(row) for row in sheet.page.variants], "photo": sheet.photo.notes,
                 "size": list(sheet.photo.size), "sheet": [code.columns, code.rows, code.landscape],
                 "page_to_photo": sheet.photo.page_to_photo.round(6).tolist()}  # where the page lies (before the curl)
        stem.with_suffix(".json").write_text(json.dumps(truth, ensure_ascii=False) + "\n", encoding="utf-8")
        if (index + 1) % 10 == 0:
            print(f"{index + 1}/{args.count} sheets, {time.process_time() - start:.0f} s CPU", file=sys.stderr)
    print(f"{args.count} sheets ({args.styles} styles) in {folder}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
