"""The README's picture of a scan (docs/scan.png): a bundled level drawn by hand on the
sheet `printkit paper` prints, photographed at an angle, and the map printkit scan read; the
photo itself is kept as the bundled example to scan (docs/scan-example.jpg, the
README's `printkit scan` example; tests/test_bundled.py checks it reads as the README says).

    python bench/scan_picture.py [--level levels/07-the-chimney.yaml] [--seed 4] [-o docs/scan.png]
        [--photo docs/scan-example.jpg]

Needs poppler's pdftoppm (to render the printed sheet and the map) and the scan extra.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.layout import SheetCode
from printkit.scan.reading import combined, read_photo
from printkit.scan.synth.page import rendered_pdf_page
from printkit.scan.synth.sheets import make_sheet
from printkit.scan.synth.styles import STYLES
from printkit.sinpin.loader import level_text, read_level


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="levels/07-the-chimney.yaml")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--style", default="blue ballpoint")
    parser.add_argument("-o", "--output", default="docs/scan.png")
    parser.add_argument("--photo", default="docs/scan-example.jpg", help="where the photo is kept, to scan")
    args = parser.parse_args()
    rows = tuple(read_level(args.level).rows or ())
    code = SheetCode(len(rows[0]), len(rows), False)
    with tempfile.TemporaryDirectory() as folder:
        sheet_pdf = Path(folder) / "sheet.pdf"
        subprocess.run(["printkit", "paper", "--fields", f"{code.columns}x{code.rows}", "-o", str(sheet_pdf)],
                       check=True, capture_output=True)
        sheet = make_sheet(args.seed, (STYLES[args.style],), rows=rows, code=code, px_per_mm=8.0,
                           printed=rendered_pdf_page(str(sheet_pdf), 8.0), size=(3264, 2448), max_tilt=25.0, curl=1.2)
        photo = cv2.imdecode(np.frombuffer(sheet.photo.jpeg, np.uint8), cv2.IMREAD_COLOR)
        Path(args.photo).write_bytes(sheet.photo.jpeg)  # to try `printkit scan` on
        reading = combined([read_photo(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY))])
        level = Path(folder) / "read.yaml"
        level.write_text(level_text(reading.rows, name="Read from the photo"), encoding="utf-8")
        map_pdf = Path(folder) / "map.pdf"
        subprocess.run(["printkit", "render", str(level), "-o", str(map_pdf)], check=True, capture_output=True)
        subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(map_pdf), str(Path(folder) / "map")],
                       check=True)
        rendered = cv2.imread(str(next(Path(folder).glob("map*.png"))))
    # the photo cropped to the sheet and a little table around it (the table's grain compresses badly)
    page_w, page_h = code.page
    corners = cv2.perspectiveTransform(np.array([[[0, 0], [page_w, 0], [page_w, page_h], [0, page_h]]], np.float64),
                                       sheet.photo.page_to_photo)[0]
    (x0, y0), (x1, y1) = corners.min(axis=0) - 40, corners.max(axis=0) + 40
    photo = photo[max(0, int(y0)):int(y1), max(0, int(x0)):int(x1)]
    height = 420
    left = cv2.resize(photo, (int(photo.shape[1] * height / photo.shape[0]), height), interpolation=cv2.INTER_AREA)
    right = cv2.resize(rendered, (int(rendered.shape[1] * height / rendered.shape[0]), height), interpolation=cv2.INTER_AREA)
    gap = np.full((height, 40, 3), 255, np.uint8)
    cv2.arrowedLine(gap, (6, height // 2), (34, height // 2), (60, 60, 60), 3, tipLength=0.4)
    picture = np.hstack([cv2.GaussianBlur(left, (0, 0), 0.6), gap, right])
    picture = (picture // 8) * 8  # fewer shades: a smaller file, no visible change
    cv2.imwrite(args.output, picture, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    right_fields = sum(a == b for r, s in zip(reading.rows, rows) for a, b in zip(r, s))
    print(f"{args.output}: {right_fields}/{code.columns * code.rows} fields read right, {len(reading.unsure)} unsure;"
          f" {Path(args.output).stat().st_size // 1000} KB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
