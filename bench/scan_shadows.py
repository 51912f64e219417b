"""How `printkit scan` copes with a shadow on the sheet (a phone's or a hand's under a
ceiling lamp): the same sheets photographed with a shadow of increasing depth.

    python bench/scan_shadows.py [--count 12] [--seed 5] [--lights 80,60,45,30,20,12] [-o output/scan-shadows]

Each sheet (training styles, a random size and map from its seed, never a training seed)
is drawn once and photographed (3264 x 2448, the same camera, tilt, curl, blur and noise
each time) with: no shadow; a shadow entering from the right across the middle of the grid
(about a third of the fields), leaving 80 to 12 % of the light, its edge sharp (1 mm) or
soft (8 mm); and a sharp shadow edge across one corner marker (a different corner each
sheet). For each it prints the sheets read, the fields read right (all, and those under the
shadow), the misreads not listed as unsure (the dangerous figure: a level silently wrong),
the fields listed a sheet, and why sheets were refused. The photos are kept in the folder
(made again when missing) to look at.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import cv2
import numpy as np

from printkit.scan import classifier
from printkit.scan.errors import ScanError
from printkit.scan.images import load_gray
from printkit.scan.layout import SheetCode
from printkit.scan.reading import FieldOdds, combined, photo_patches
from printkit.scan.synth.page import draw_level, random_rows
from printkit.scan.synth.photo import Shadow, photograph
from printkit.scan.synth.sheets import SIZES
from printkit.scan.synth.styles import TRAINING_STYLES
from printkit.sinpin.rules import FIELD_MM

PX_PER_MM = 8.0
EDGES = (("sharp", 1.0), ("soft", 8.0))


def across_fields(code: SheetCode, light: float, edge: float) -> Shadow:
    """A shadow entering from the right, over the middle half of the grid's height and its
    right 55 %, its edges slanted (not along field lines); the corner markers stay lit."""
    left, top = code.grid_origin
    width, height = code.grid_size
    page_w, _ = code.page
    x0, y0, y1 = left + 0.42 * width, top + 0.22 * height, top + 0.78 * height
    polygon = ((x0, y0), (page_w + 50, y0 - 0.1 * height), (page_w + 50, y1 + 0.1 * height), (x0 + 0.12 * width, y1))
    return Shadow(polygon, light, edge)


def across_marker(code: SheetCode, corner: int, light: float, edge: float = 1.0) -> Shadow:
    """A shadow whose edge runs through the middle of a corner marker, slanted 20 degrees off
    square to the sheet's diagonal, covering the marker's outer part and what lies beyond."""
    mx, my = code.marker_squares()[corner]
    side = code.marker_mm
    cx, cy = mx + side / 2, my + side / 2
    left, top = code.grid_origin
    width, height = code.grid_size
    inward = np.array([left + width / 2 - cx, top + height / 2 - cy])
    inward /= np.linalg.norm(inward)
    turn = math.radians(20)
    along = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]]) @ np.array([-inward[1], inward[0]])
    centre, reach = np.array([cx, cy]), 60.0
    polygon = (centre + reach * along, centre + reach * along - reach * inward,
               centre - reach * along - reach * inward, centre - reach * along)
    return Shadow(tuple((float(x), float(y)) for x, y in polygon), light, edge)


def shaded_fields(code: SheetCode, shadow: Shadow) -> set[tuple[int, int]]:
    """The fields whose middle lies under the shadow, more than its edge's width inside."""
    polygon = np.array(shadow.polygon_mm, np.float32).reshape(-1, 1, 2)
    left, top = code.grid_origin
    return {(x, y) for y in range(code.rows) for x in range(code.columns)
            if cv2.pointPolygonTest(polygon, (left + (x + 0.5) * FIELD_MM, top + (y + 0.5) * FIELD_MM), True)
            > max(2 * shadow.edge_mm, FIELD_MM / 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--lights", default="80,60,45,30,20,12", help="the light left under the shadow, percent")
    parser.add_argument("-o", "--output", default="output/scan-shadows")
    parser.add_argument("--only", default="", help="only the cases whose name holds this (e.g. 'soft')")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    lights = [int(v) / 100 for v in args.lights.split(",")]
    start = time.process_time()
    [None for _ in range(10**7)]
    print(f"machine: a plain 10-million-step Python loop takes {time.process_time() - start:.2f} s CPU")
    sys.path.insert(0, str(Path(__file__).parent))
    from scan_testset import _real_sheets  # the sheet as `printkit paper` prints it
    printed_for = _real_sheets(PX_PER_MM)
    folder = Path(args.output)
    folder.mkdir(parents=True, exist_ok=True)
    model = classifier.packaged()
    rows_of: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    refusals: dict[str, Counter[str]] = defaultdict(Counter)
    times: list[float] = []
    for index in range(args.count):
        seed = args.seed * 1_000_000 + 500_000 + index  # never a training seed (those are below 500,000)
        rng = np.random.default_rng(seed)
        columns, height, landscape = SIZES[int(rng.integers(len(SIZES)))]
        code = SheetCode(columns, height, landscape)
        style = TRAINING_STYLES[int(rng.integers(len(TRAINING_STYLES)))]
        truth = random_rows(code, rng, False)
        page = None
        state = rng.bit_generator.state
        cases = [("none", "", Shadow(((0.0, 0.0),) * 3, 1.0, 1.0))]
        for light in lights:
            cases += [("fields", f"{light:.0%} {name}", across_fields(code, light, edge)) for name, edge in EDGES]
            cases.append(("marker", f"{light:.0%} sharp", across_marker(code, index % 4, light)))
        for kind, label, shadow in cases:
            key = f"{kind} {label}".strip()
            if args.only not in key:
                continue
            path = folder / f"sheet-{index:02d}-{kind}-{label.replace(' ', '-').replace('%', '')}.jpg"
            if not path.is_file():
                if page is None:
                    page = draw_level(code, truth, style, rng, PX_PER_MM, printed_for(code))
                again = np.random.default_rng()
                again.bit_generator.state = state
                photo = photograph(page.image, PX_PER_MM, again, size=(3264, 2448), shadow_on_page=shadow)
                path.write_bytes(photo.jpeg)
            row = rows_of[key]
            row["sheets"] += 1
            gray = load_gray(str(path))
            began = time.process_time()
            try:
                found, patches = photo_patches(gray)
                reading = combined([FieldOdds.of(found.code, patches, model)])
            except ScanError as error:
                refusals[key][error.message.split(":")[0].split(";")[0][:60]] += 1
                continue
            times.append(time.process_time() - began)
            wrong = {(x, y) for y, (got, want) in enumerate(zip(reading.rows, truth))
                     for x, (a, b) in enumerate(zip(got, want)) if a != b}
            listed = {(u.x, u.y) for u in reading.unsure}
            shaded = shaded_fields(code, shadow)
            row["read"] += 1
            row["fields"] += code.columns * code.rows
            row["right"] += code.columns * code.rows - len(wrong)
            row["shaded"] += len(shaded)
            row["shaded right"] += len(shaded - wrong)
            row["unlisted"] += len(wrong - listed)
            row["unlisted sheets"] += bool(wrong - listed)
            row["listed"] += len(listed)
            row["open as rock"] += sum(truth[y][x] == "." and reading.rows[y][x] == "#" for x, y in wrong - listed)
        print(f"sheet {index + 1}/{args.count} ({style.name}, {code.columns} x {code.rows})", file=sys.stderr)
    print(f"{args.count} sheets in the training styles, seed {args.seed}, 3264 x 2448 photos")
    print(f"{'shadow':22} {'read':>5} {'fields right':>12} {'under it':>9} {'unlisted misreads':>18}"
          f" {'open->rock':>10} {'listed':>7}  refused")
    for key, row in rows_of.items():
        read = max(row["read"], 1)
        under = f"{row['shaded right'] / row['shaded']:.1%}" if row["shaded"] else "-"
        print(f"{key:22} {row['read']:2.0f}/{row['sheets']:<2.0f} {row['right'] / max(row['fields'], 1):12.2%}"
              f" {under:>9} {row['unlisted']:6.0f} on {row['unlisted sheets']:2.0f} sheets {row['open as rock']:10.0f}"
              f" {row['listed'] / read:7.1f}  " + ", ".join(f"{n} {why}" for why, n in refusals[key].items()))
    if times:
        print(f"CPU a photo read: median {sorted(times)[len(times) // 2]:.2f} s, max {max(times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
