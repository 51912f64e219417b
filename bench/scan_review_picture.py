"""The picture of a scan's review in the editor (docs/scan-review.png): the README's example
photo (docs/scan-example.jpg, which bench/scan_picture.py writes) scanned, and `printkit
scan --review`'s editor with the fields to check ringed and listed, one of them pointed at.

    python bench/scan_review_picture.py [-o docs/scan-review.png]

Needs the scan extra, Playwright's Python package and Debian's Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np
from page_pictures import editor_served  # (bench/ is this script's folder: python puts it first)
from playwright.sync_api import sync_playwright


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photo", default="docs/scan-example.jpg")
    parser.add_argument("-o", "--output", default="docs/scan-review.png")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        level = Path(folder) / "the-chimney.yaml"
        subprocess.run(["printkit", "scan", args.photo, "-o", str(level)], capture_output=True)
        if not level.exists():
            print(f"{args.photo} was not read", file=sys.stderr)
            return 1
        with editor_served(level) as address, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(address)
            page.wait_for_selector("body[data-ready=true]")
            page.hover("#scan-review li >> nth=0")  # the least sure: frames its field on the map
            page.wait_for_timeout(150)
            shot = page.screenshot()
            browser.close()
    image = cv2.imdecode(np.frombuffer(shot, np.uint8), cv2.IMREAD_COLOR)
    image = (image // 4) * 4  # fewer shades: a smaller file, no visible change
    cv2.imwrite(args.output, image, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    print(f"{args.output}: {Path(args.output).stat().st_size // 1000} KB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
