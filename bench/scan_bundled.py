"""How well `printkit scan` reads real levels: the bundled levels (levels/*.yaml) drawn by hand
on the sheet `printkit paper` prints, in drawing styles, and photographed (synthetically).

    python bench/scan_bundled.py [--styles "tidy fineliner,blue ballpoint,kid's marker"] [--photos 2] [--shots 2]

The test sets (bench/scan_testset.py) sprinkle every tile over a sheet; levels as designers
make them are mostly rock and open cave, which read surer. Prints, per style and in all:
levels exactly right, fields right, sheets whose unsure fields include every wrong one, the
fields listed a sheet. With --shots K, each drawing is photographed K times (other angle,
light, blur) and also read from all K photos at once (`printkit scan A.jpg B.jpg`): the rows
"K photos" say what a second photo buys. Needs poppler's pdftoppm (the printed sheet) and the
scan extra.
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
from printkit.scan.synth.photo import photograph
from printkit.scan.synth.sheets import make_sheet
from printkit.scan.synth.styles import STYLES
from printkit.sinpin.loader import read_level


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--styles", default="tidy fineliner,blue ballpoint,kid's marker")
    parser.add_argument("--photos", type=int, default=2, help="photos of each level in each style (seeds 1..N)")
    parser.add_argument("--levels", default="levels/*.yaml")
    parser.add_argument("--shots", type=int, default=1, help="photos of each drawing, read alone and together")
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
                photos = [sheet.photo.jpeg] + [
                    photograph(sheet.page.image, 8.0, np.random.default_rng((seed, shot)), size=(3264, 2448),
                               max_tilt=20.0, curl=1.0).jpeg for shot in range(1, args.shots)]
                reads = []
                for shot, jpeg in enumerate(photos):
                    gray = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)
                    try:
                        reads.append(read_photo(gray))
                    except ScanError as error:
                        print(f"{path.stem} {style} {seed}.{shot}: {error.message}", file=sys.stderr)
                        reads.append(None)
                    _count(stats, ("all", style), rows, code, reads[-1], confusions, f"{path.stem:20} {style:24} photo {seed}.{shot}")
                if args.shots > 1:
                    together = [r for r in reads if r is not None]
                    _count(stats, (f"all, {args.shots} photos", f"{style}, {args.shots} photos"), rows, code,
                           together or None, Counter(), f"{path.stem:20} {style:24} photos {seed}.*")
    print(f"{'style':24} sheets  read  levels exact  fields right  wrong all listed  listed a sheet")
    for key, s in sorted(stats.items(), key=lambda item: (not item[0].startswith("all"), item[0])):
        read = max(s["read"], 1)
        print(f"{key:24} {s['sheets']:6.0f} {s['read']:5.0f} {s['exact'] / read:12.1%} {1 - s['wrong'] / max(s['fields'], 1):13.2%}"
              f" {s['caught'] / read:17.1%} {s['listed'] / read:15.1f}")
    print("most common misreads (drawn -> read): " + ", ".join(f"{a}->{b} {n}" for (a, b), n in confusions.most_common(8)))
    return 0


def _count(stats: dict, keys: tuple[str, ...], rows: tuple[str, ...], code: SheetCode, reads: object,
           confusions: Counter, label: str) -> None:
    """Add one read (a photo's, or several photos' read together) of the drawing of `rows`."""
    for key in keys:
        stats[key]["sheets"] += 1
    if reads is None:
        return
    reading = combined(reads if isinstance(reads, list) else [reads])
    wrong = {(x, y) for y, (got, want) in enumerate(zip(reading.rows, rows))
             for x, (a, b) in enumerate(zip(got, want)) if a != b}
    listed = {(u.x, u.y) for u in reading.unsure}
    confusions.update((rows[y][x], reading.rows[y][x]) for x, y in wrong)
    print(f"{label}: {len(wrong)} wrong, {len(listed)} listed{'' if wrong <= listed else ', a misread not listed'}",
          file=sys.stderr)
    for key in keys:
        s = stats[key]
        s["read"] += 1
        s["fields"] += code.columns * code.rows
        s["wrong"] += len(wrong)
        s["exact"] += not wrong
        s["caught"] += wrong <= listed
        s["listed"] += len(listed)


if __name__ == "__main__":
    sys.exit(main())
