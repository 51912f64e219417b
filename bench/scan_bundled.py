"""How well `printkit scan` reads real levels: the bundled levels (levels/*.yaml) drawn by hand
on the sheet `printkit paper` prints, in drawing styles, and photographed (synthetically).

    python bench/scan_bundled.py [--styles "tidy fineliner,blue ballpoint,kid's marker"] [--photos 2]

The test sets (bench/scan_testset.py) sprinkle every tile over a sheet; levels as designers
make them are mostly rock and open cave, which read surer. Prints, per style and in all:
levels exactly right, fields right, sheets whose unsure fields include every wrong one, the
fields listed a sheet. Needs poppler's pdftoppm (the printed sheet) and the scan extra.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.errors import ScanError
from printkit.scan.layout import SheetCode
from printkit.scan.reading import combined, read_photo
from printkit.scan.synth.page import rendered_pdf_page
from printkit.scan.synth.sheets import make_sheet
from printkit.scan.synth.styles import STYLES
from printkit.sinpin.loader import read_level


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--styles", default="tidy fineliner,blue ballpoint,kid's marker")
    parser.add_argument("--photos", type=int, default=2, help="photos of each level in each style (seeds 1..N)")
    parser.add_argument("--levels", default="levels/*.yaml")
    args = parser.parse_args()
    styles = args.styles.split(",")
    stats: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    confusions: Counter[tuple[str, str]] = Counter()
    for path in sorted(Path().glob(args.levels)):
        rows = tuple(read_level(str(path)).rows or ())
        code = SheetCode(len(rows[0]), len(rows), len(rows[0]) > 12)  # as `printkit paper` turns it
        with tempfile.TemporaryDirectory() as folder:
            pdf = Path(folder) / "sheet.pdf"
            subprocess.run(["printkit", "paper", "--fields", f"{code.columns}x{code.rows}", "-o", str(pdf)],
                           check=True, capture_output=True)
            printed = rendered_pdf_page(str(pdf), 8.0)
        for style in styles:
            for seed in range(1, args.photos + 1):
                sheet = make_sheet(seed, (STYLES[style],), rows=rows, code=code, px_per_mm=8.0, printed=printed,
                                   size=(3264, 2448), max_tilt=20.0, curl=1.0)
                gray = cv2.imdecode(np.frombuffer(sheet.photo.jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)
                for key in ("all", style):
                    stats[key]["sheets"] += 1
                try:
                    reading = combined([read_photo(gray)])
                except ScanError as error:
                    print(f"{path.stem} {style} {seed}: {error.message}", file=sys.stderr)
                    continue
                wrong = {(x, y) for y, (got, want) in enumerate(zip(reading.rows, rows))
                         for x, (a, b) in enumerate(zip(got, want)) if a != b}
                listed = {(u.x, u.y) for u in reading.unsure}
                confusions.update((rows[y][x], reading.rows[y][x]) for x, y in wrong)
                print(f"{path.stem:20} {style:24} photo {seed}: {len(wrong)} wrong, {len(listed)} listed"
                      f"{'' if wrong <= listed else ', a misread not listed'}", file=sys.stderr)
                for key in ("all", style):
                    s = stats[key]
                    s["read"] += 1
                    s["fields"] += code.columns * code.rows
                    s["wrong"] += len(wrong)
                    s["exact"] += not wrong
                    s["caught"] += wrong <= listed
                    s["listed"] += len(listed)
    print(f"{'style':24} sheets  read  levels exact  fields right  wrong all listed  listed a sheet")
    for key, s in sorted(stats.items(), key=lambda item: item[0] != "all"):
        read = max(s["read"], 1)
        print(f"{key:24} {s['sheets']:6.0f} {s['read']:5.0f} {s['exact'] / read:12.1%} {1 - s['wrong'] / max(s['fields'], 1):13.2%}"
              f" {s['caught'] / read:17.1%} {s['listed'] / read:15.1f}")
    print("most common misreads (drawn -> read): " + ", ".join(f"{a}->{b} {n}" for (a, b), n in confusions.most_common(8)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
