"""A seeded maker of dense random 12 x 18 levels: the validator's worst case.

Most open fields hold a special tile, with many teleporters and hearts, on a frame of floors
every third row, gaps and ladders, so that the move graph is large and every move branches.
Used by bench/validate_speed.py and the validator's speed test; not a test itself.

Run: python bench/dense_levels.py [SEED] to print one.
"""

from __future__ import annotations

import random
import sys

from printkit.sinpin.level import Level

# The other special tiles, with weights; teleporters and hearts are placed by count, since
# they are what makes a search branch (every teleporter entry offers every other one, S20;
# every heart is one more health event to keep apart, S22).
SPECIALS = "^!wSC*?H" + "!*S."


def floors_and_ladders(rng: random.Random, width: int, height: int, gaps: float) -> list[list[str]]:
    """Rock around open cave, a floor every third row with `gaps` of it open, two ladders
    up through each floor: the frame of the bench's synthetic caves."""
    rows = [["#"] * width for _ in range(height)]
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            rows[y][x] = "."
    for y in range(3, height - 1, 3):
        for x in range(1, width - 1):
            rows[y][x] = "#" if rng.random() > gaps else "."
        for x in rng.sample(range(1, width - 1), 2):
            for dy in (0, 1, 2):
                rows[y - dy][x] = "H"
    return rows


def dense_level(
    seed: int, width: int = 12, height: int = 18, density: float = 0.6, teleporters: int = 6, hearts: int = 10
) -> Level:
    """A 12 x 18 (by default) cave where about `density` of the open fields are special,
    `teleporters` and `hearts` of them teleporters and hearts."""
    rng = random.Random(seed)
    rows = floors_and_ladders(rng, width, height, 0.2)
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            if rows[y][x] == "." and rng.random() < density:
                rows[y][x] = rng.choice(SPECIALS)
    open_fields = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1) if rows[y][x] in ".^!wSC*?"]
    for index, (x, y) in enumerate(rng.sample(open_fields, teleporters + hearts)):
        rows[y][x] = "O" if index < teleporters else "h"
    rows[height - 2][1] = "A"  # on the bottom rock row: always supported (S4)
    rows[2][width - 2] = "Z"
    return Level(tuple("".join(row) for row in rows), name=f"Dense {seed}")


def dense_levels(count: int, seed: int = 0) -> list[Level]:
    return [dense_level(seed * 1000 + k) for k in range(count)]


if __name__ == "__main__":
    print("\n".join(dense_level(int(sys.argv[1]) if len(sys.argv) > 1 else 0).rows))
