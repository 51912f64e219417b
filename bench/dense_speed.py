"""How fast does the validator judge dense levels (bench/dense_levels.py) and The Chimney?
Prints figures; not a test. Targets (issue 9): dense 12 x 18 median under 50 ms in-process,
The Chimney under 25 ms.

Run: python bench/dense_speed.py [COUNT]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from dense_levels import dense_level
from timing import timed
from printkit.sinpin.loader import read_level
from printkit.sinpin.validator import validate

CHIMNEY = Path(__file__).resolve().parent.parent / "levels" / "07-the-chimney.yaml"


def main(count: int) -> None:
    times = []
    for seed in range(count):
        level = dense_level(seed)
        start = time.perf_counter()
        validate(level)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"dense 12x18 levels, {count} seeds: median {statistics.median(times) * 1000:.1f} ms,"
          f" best {times[0] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms (target: median < 50 ms)")
    chimney = read_level(str(CHIMNEY)).level()
    best, median, _ = timed(lambda: validate(chimney), 21)
    print(f"The Chimney: median {median * 1000:.1f} ms, best {best * 1000:.1f} ms (target < 25 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
