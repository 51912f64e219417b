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
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves.validator import validate

CHIMNEY = Path(__file__).resolve().parent.parent / "levels" / "07-the-chimney.yaml"


def _median_ms(function, runs: int) -> tuple[float, float]:
    """Median CPU and wall milliseconds of `runs` calls (CPU: other processes do not count)."""
    cpu, wall = [], []
    for _ in range(runs):
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        function()
        cpu.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started_wall)
    return statistics.median(cpu) * 1000, statistics.median(wall) * 1000


def main(count: int) -> None:
    chimney = read_level(str(CHIMNEY)).level()
    cpu_ms, wall_ms = _median_ms(lambda: validate(chimney), 21)
    print(f"The Chimney: median {cpu_ms:.1f} ms CPU, {wall_ms:.1f} ms wall (target < 25 ms)")
    cpu, wall = [], []
    verdicts = []
    for seed in range(count):
        level = dense_level(seed)
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        verdicts.append(validate(level))
        cpu.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started_wall)
    solvable = sum(v.solvable for v in verdicts)
    print(f"dense 12x18 levels, {count} seeds ({solvable} solvable): median {statistics.median(cpu) * 1000:.1f} ms CPU,"
          f" {statistics.median(wall) * 1000:.1f} ms wall; worst {max(cpu) * 1000:.1f} ms CPU (target: median < 50 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
