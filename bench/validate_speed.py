"""How fast is `printkit validate`? Prints figures; not a test.

- in-process validation of the bundled 12 x 18 level (imports done), best and median of runs;
- a whole `printkit validate` process on it;
- growth from the 6 x 5 tutorial to 12 x 18 to a synthetic 40 x 40 cave (S2 rejects the
  last one; `any_size` asks for the search anyway, as `printkit validate --any-size` does).

Run: python bench/validate_speed.py
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from dense_levels import floors_and_ladders
from printkit.sinpin.level import Level
from timing import timed
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves.validator import validate

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "levels" / "01-first-steps.yaml"
FULL_CAVE = ROOT / "levels" / "07-the-chimney.yaml"  # 12 x 18, every tile type


def synthetic_cave(width: int, height: int, seed: int = 40) -> Level:
    """A deterministic cave: floors every third row with gaps, ladders and hazards."""
    rng = random.Random(seed)
    rows = floors_and_ladders(rng, width, height, 0.12)
    specials = "^!wSOCh*?"
    for y in range(2, height - 1, 3):
        for x in rng.sample(range(1, width - 1), width // 6):
            if rows[y][x] == "." and rows[y + 1][x] == "#":
                rows[y][x] = rng.choice(specials)
    rows[2][1] = "A"
    rows[3][1] = "#"
    rows[height - 2][width - 2] = "Z"
    return Level(tuple("".join(row) for row in rows))


def main() -> None:
    full = read_level(str(FULL_CAVE)).level()
    best, median, _ = timed(lambda: validate(full), 20)
    print(f"in-process validate {FULL_CAVE.name} ({full.width}x{full.height}): best {best * 1000:.1f} ms, median {median * 1000:.1f} ms (target < 100 ms)")

    command = [sys.executable, "-m", "printkit", "validate", str(FULL_CAVE)]
    best, median, _ = timed(lambda: subprocess.run(command, check=True, capture_output=True), 5)
    print(f"whole `printkit validate` process: best {best * 1000:.0f} ms, median {median * 1000:.0f} ms (target < 600 ms)")
    best, _, _ = timed(lambda: subprocess.run([sys.executable, "-c", "import printkit.cli.validate"], check=True), 5)
    print(f"  of which Python start-up and the command's imports: {best * 1000:.0f} ms")
    best, _, _ = timed(lambda: subprocess.run([sys.executable, "-c", "import networkx"], check=True), 5)
    print(f"  (networkx, which validate no longer loads, would add: {best * 1000:.0f} ms)")

    print("growth with the map size:")
    for label, level in (
        ("6x5 tutorial", read_level(str(TUTORIAL)).level()),
        ("12x18 cave", full),
        ("40x40 synthetic", synthetic_cave(40, 40)),
    ):
        verdict = validate(level, any_size=True)
        best, _, _ = timed(lambda: validate(level, any_size=True), 5)
        errors = ", ".join(sorted({f.rule for f in verdict.errors})) or "none"
        print(
            f"  {label:16} {level.width * level.height:5} fields, {verdict.rest_positions:4} rest positions,"
            f" min_turns {verdict.min_turns}, errors {errors}: {best * 1000:8.1f} ms"
        )


if __name__ == "__main__":
    main()
