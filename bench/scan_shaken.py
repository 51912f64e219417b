"""How `printkit scan` copes with a shaken phone: test-set photos smeared one way (motion
blur), from none to about 1 % of the photo's long side (at 12 MP, 0.5 % is about 1.3 mm on
the paper).

    python bench/scan_shaken.py FOLDER [--count 20] [--smears 0,2,3,4,6,9]

FOLDER is a test set from bench/scan_testset.py (its photos and their .json truths); each
photo is smeared along its own direction (30 degrees, then 40 more a photo). For each smear
length (per mille of the long side) it prints the sheets read, their fields read right, the
misreads not listed as unsure (a level silently wrong), and why the others were refused, by
the kind of message: a refused photo should say it is blurred, not that the sheet is cut off,
missing or faint (a family would retake it the same way). Last, the CPU time of the blur
check on a refused photo.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.errors import ScanError
from printkit.scan.images import load_gray, looks_blurred
from printkit.scan.reading import combined, read_photo

KINDS = (("no design-sheet markers", "no markers"), ("blurred", "blurred"), ("cut off", "cut off or covered"),
         ("faint", "too dark or faint"), ("do not sit where", "another size"), ("do not belong", "another size"))


def smeared(photo: np.ndarray, length: int, degrees: float) -> np.ndarray:
    """`photo` smeared `length` px along `degrees`, as a phone moving in the exposure takes it."""
    line = np.zeros((length, length), np.float32)
    line[length // 2, :] = 1
    turn = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), degrees, 1.0)
    line = cv2.warpAffine(line, turn, (length, length))
    return cv2.filter2D(photo, -1, line / line.sum())


def kind_of(message: str) -> str:
    return next((kind for words, kind in KINDS if words in message), "other: " + message[:60])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--smears", default="0,2,3,4,6,9", help="per mille of the long side")
    options = parser.parse_args()
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    print(f"machine: a plain 10-million-step Python loop takes {time.process_time() - start:.2f} s CPU")
    photos = sorted(options.folder.glob("sheet-*.jpg"))[:options.count]
    check_times: list[float] = []
    for per_mille in (int(value) for value in options.smears.split(",")):
        read = right = total = unlisted = unlisted_sheets = 0
        refused: Counter[str] = Counter()
        for index, path in enumerate(photos):
            truth = json.loads(path.with_suffix(".json").read_text())["rows"]
            photo = load_gray(str(path))
            length = int(round(per_mille / 1000 * max(photo.shape)))
            if length > 1:
                photo = smeared(photo, length, 30 + 40 * index)
            try:
                reading = combined([read_photo(photo)])
            except ScanError as error:
                refused[kind_of(str(error))] += 1
                began = time.process_time()
                looks_blurred(photo)
                check_times.append(time.process_time() - began)
                continue
            read += 1
            wrong = {(x, y) for y, (got, want) in enumerate(zip(reading.rows, truth))
                     for x, (a, b) in enumerate(zip(got, want)) if a != b}
            missed = wrong - {(u.x, u.y) for u in reading.unsure}
            right += sum(map(len, truth)) - len(wrong)
            total += sum(map(len, truth))
            unlisted += len(missed)
            unlisted_sheets += bool(missed)
        fields = f"{100 * right / total:.2f} %" if total else "-"
        why = ", ".join(f"{kind} {count}" for kind, count in refused.most_common()) or "-"
        print(f"smear {per_mille / 10:.1f} % of the long side: read {read}/{len(photos)}, fields right {fields},"
              f" unlisted misreads {unlisted} on {unlisted_sheets} sheets; refused: {why}", flush=True)
    if check_times:
        print(f"the blur check on a refused photo: median {np.median(check_times):.2f} s, max {max(check_times):.2f} s CPU")


if __name__ == "__main__":
    main()
