"""Sheets of misread fields to judge by eye: could a person tell what was drawn?

    python bench/scan_misread_audit.py FOLDER --patches output/patches.npz [--count 96] [--seed 5]
        [-o output/scan-audit]
    python bench/scan_misread_audit.py FOLDER --patches output/patches.npz --unlisted

Reads the synthetic test set in FOLDER (bench/scan_testset.py makes it; the patches kept by
bench/scan_accuracy.py --patches, else cut again), takes a seeded sample of the fields read
wrongly, and draws each twice: the field in the photo, warped upright at 12 px a mm with 2
mm around it (the most a person could see there), and the 40 x 40 patch the models read.
Each is labelled with its number, sheet, drawn tile > tile read, the probability and the
drawn form. The pages (24 fields each, PNG) are for a person to sort the misreads into
those a person reads as drawn (the reader's own errors) and those a person could not tell
either (the drawing itself is ambiguous); docs/scan.md has the count. `--unlisted` draws
every misread the scan did not list as unsure instead (those make a wrong level go
unnoticed), and prints each with every model's probability of the tile read alone.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import cv2
import numpy as np

from printkit.scan import classifier
from printkit.scan.errors import ScanError
from printkit.scan.images import load_gray
from printkit.scan.reading import FieldOdds, combined, photo_patches
from printkit.sinpin.rules import FIELD_MM
from scan_accuracy import _kept, _models

CROP_PX_MM = 12.0  # the photo warped upright at this many px a mm
AROUND_MM = 2.0  # of the neighbours shown round the field
SHOWN_PX = 160  # each picture's side on the page
PER_PAGE, COLUMNS = 24, 6
TILE_CHARS = [tile.char for tile in classifier.CLASSES]


def _misreads(folder: Path, cache: dict[str, object], unlisted: bool = False
              ) -> list[tuple[str, dict, object, int, int, str, float]]:
    """Every field read wrongly: (sheet, truth, kept entry, x, y, tile read, probability);
    `unlisted`: only those not listed as unsure (the misreads that make a wrong level
    unnoticed), each printed with every model's probability of the tile read."""
    model = _models(None)
    found = []
    for path in sorted(folder.glob("sheet-*.json")):
        truth = json.loads(path.read_text(encoding="utf-8"))
        if path.stem not in cache:
            try:
                sheet, patches = photo_patches(load_gray(str(path.with_suffix(".jpg"))))
            except ScanError:
                continue
            cache[path.stem] = (sheet.code, sheet.page_to_photo, patches)
        entry = cache[path.stem]
        if isinstance(entry, ScanError):
            continue
        code, _, patches = entry
        reading = combined([FieldOdds.of(code, patches, model)])
        listed = {(u.x, u.y) for u in reading.unsure} if unlisted else set()
        for y, (got, want) in enumerate(zip(reading.rows, truth["rows"])):
            found += [(path.stem, truth, entry, x, y, a, float(reading.probability[y, x]))
                      for x, (a, b) in enumerate(zip(got, want)) if a != b and (x, y) not in listed]
        if unlisted:
            _print_models(found, path.stem, code, patches, model)
    return found


def _print_models(found: list, stem: str, code, patches, model: classifier.Models) -> None:
    """Each of this sheet's unlisted misreads, with what every model alone gives the tile read:
    do the models agree on it (a sure wrong read), or does the average hide a doubt?"""
    here = [item for item in found if item[0] == stem]
    if not here:
        return
    each = [FieldOdds.of(code, patches, one).probabilities for one in model.models]  # the sheet read once a model
    for _, truth, _, x, y, read, probability in here:
        alone = [odds[y * code.columns + x][TILE_CHARS.index(read)] for odds in each]
        print(f"{stem} {truth['style']}: {truth['rows'][y][x]} ({truth['variants'][y][x]}) read {read} at"
              f" {probability:.3f}; each model alone {' '.join(f'{p:.3f}' for p in alone)}")


def _picture(folder: Path, number: int, misread: tuple) -> np.ndarray:
    stem, truth, (code, page_to_photo, patches), x, y, read, probability = misread
    gray = load_gray(str(folder / f"{stem}.jpg"))
    left, top = code.grid_origin
    to_page = np.array([[1 / CROP_PX_MM, 0, left + x * FIELD_MM - AROUND_MM],
                        [0, 1 / CROP_PX_MM, top + y * FIELD_MM - AROUND_MM], [0, 0, 1]])
    side = int((FIELD_MM + 2 * AROUND_MM) * CROP_PX_MM)
    crop = cv2.warpPerspective(gray, page_to_photo @ to_page, (side, side), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)
    patch = patches.fields[y * code.columns + x]
    seen = ((1.0 - np.clip(patch, 0.0, 1.0)) * 255).astype(np.uint8)  # the patch is darkness: shown as ink
    both = np.hstack([cv2.resize(crop, (SHOWN_PX, SHOWN_PX)),
                      cv2.resize(seen, (SHOWN_PX, SHOWN_PX), interpolation=cv2.INTER_NEAREST)])
    image = cv2.copyMakeBorder(cv2.cvtColor(both, cv2.COLOR_GRAY2BGR), 20, 4, 2, 2, cv2.BORDER_CONSTANT,
                               value=(255, 255, 255))
    label = f"#{number} {stem[-3:]} {truth['rows'][y][x]}>{read} {probability:.2f} {truth['variants'][y][x][:10]}"
    cv2.putText(image, label, (2, 15), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 200), 1, cv2.LINE_AA)
    return image


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--patches", default=None, help="the .npz bench/scan_accuracy.py --patches kept")
    parser.add_argument("--count", type=int, default=96)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--unlisted", action="store_true",
                        help="only the misreads not listed as unsure (printed with each model's odds), all of them")
    parser.add_argument("-o", "--output", default="output/scan-audit")
    args = parser.parse_args()
    folder, out = Path(args.folder), Path(args.output)
    misreads = _misreads(folder, _kept(args.patches), args.unlisted)
    if not misreads:
        print(f"no {'unlisted ' * args.unlisted}misread fields in {folder}", file=sys.stderr)
        return 1
    if not args.unlisted:
        random.Random(args.seed).shuffle(misreads)
    sample = misreads if args.unlisted else misreads[:args.count]
    out.mkdir(parents=True, exist_ok=True)
    pictures = [_picture(folder, k, misread) for k, misread in enumerate(sample)]
    blank = np.full_like(pictures[0], 255)
    for page, start in enumerate(range(0, len(pictures), PER_PAGE)):
        chunk = pictures[start:start + PER_PAGE]
        chunk += [blank] * (-len(chunk) % COLUMNS)
        rows = [np.hstack(chunk[k:k + COLUMNS]) for k in range(0, len(chunk), COLUMNS)]
        cv2.imwrite(str(out / f"audit-{page}.png"), np.vstack(rows))
    print(f"{len(misreads)} fields misread{' and not listed' * args.unlisted}; {len(sample)} drawn into {out}/audit-*.png{'' if args.unlisted else f' (seed {args.seed})'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
