"""How `printkit scan` copes with two things that go wrong when a phone photographs a sheet:
the phone moving (the photo smeared one way) and a lamp's or the flash's reflection (a glare
that washes the ink out).

    python bench/scan_mishaps.py FOLDER [--count 20] [--smears 0,2,3,4,6,9] [--glares 3,6,12]

FOLDER is a test set from bench/scan_testset.py (its photos and their .json truths). Smears
are per mille of the photo's long side (at 12 MP, 5 per mille is about 1.3 mm on the paper),
each photo smeared along its own direction (30 degrees, then 40 more a photo). Glares are
laid at a random place in the middle of the photo, their radius in per cent of the long side,
once leaving a little of the ink (strength 0.6) and once none (1.0). For each it prints the
sheets read, their fields read right, the misreads not listed as unsure (a level silently
wrong), and why the others were refused, by the kind of message: a smeared photo should be
called blurred, not a sheet cut off, missing or faint (a family would retake it the same
way). Last, the CPU time of the blur check on a refused photo.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np

from printkit.scan.errors import ScanError
from printkit.scan.images import load_gray, looks_blurred
from printkit.scan.reading import combined, read_photo
from printkit.scan.synth.mishaps import glared, smeared

KINDS = (("no design-sheet markers", "no markers"), ("a glare", "glare"), ("blurred", "blurred"),
         ("cut off", "cut off or covered"), ("faint", "too dark or faint"), ("do not sit where", "another size"),
         ("do not belong", "another size"))
Mishap = Callable[[np.ndarray, int], np.ndarray]  # a photo and its number -> the photo gone wrong


def kind_of(message: str) -> str:
    return next((kind for words, kind in KINDS if words in message), "other: " + message[:60])


def smear(per_mille: int) -> Mishap:
    def mishap(photo: np.ndarray, number: int) -> np.ndarray:
        length = int(round(per_mille / 1000 * max(photo.shape)))
        return smeared(photo, length, 30 + 40 * number) if length > 1 else photo
    return mishap


def glare(per_cent: int, strength: float) -> Mishap:
    def mishap(photo: np.ndarray, number: int) -> np.ndarray:
        rng = np.random.default_rng(number)
        height, width = photo.shape
        centre = (width * rng.uniform(0.35, 0.65), height * rng.uniform(0.35, 0.65))
        return glared(photo, centre, per_cent / 100 * max(height, width), strength)
    return mishap


def measure(name: str, photos: list[Path], mishap: Mishap, check_times: list[float]) -> None:
    read = right = total = unlisted = unlisted_sheets = 0
    refused: Counter[str] = Counter()
    for number, path in enumerate(photos):
        truth = json.loads(path.with_suffix(".json").read_text())["rows"]
        photo = mishap(load_gray(str(path)), number)
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
    print(f"{name}: read {read}/{len(photos)}, fields right {fields}, unlisted misreads {unlisted} on"
          f" {unlisted_sheets} sheets; refused: {why}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--smears", default="0,2,3,4,6,9", help="per mille of the long side")
    parser.add_argument("--glares", default="3,6,12", help="radius, per cent of the long side")
    options = parser.parse_args()
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    print(f"machine: a plain 10-million-step Python loop takes {time.process_time() - start:.2f} s CPU")
    photos = sorted(options.folder.glob("sheet-*.jpg"))[:options.count]
    check_times: list[float] = []
    for per_mille in (int(value) for value in options.smears.split(",") if value):
        measure(f"smear {per_mille / 10:.1f} % of the long side", photos, smear(per_mille), check_times)
    for per_cent in (int(value) for value in options.glares.split(",") if value):
        for strength in (0.6, 1.0):
            measure(f"glare {per_cent} % of the long side, strength {strength}", photos, glare(per_cent, strength),
                    check_times)
    if check_times:
        print(f"the blur check on a refused photo: median {np.median(check_times):.2f} s, max {max(check_times):.2f} s CPU")


if __name__ == "__main__":
    main()
