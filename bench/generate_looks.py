"""Do generated caves look like the hand-made examples, and how much of the range do they
cover? Prints the figures of issue 20 for a batch of `printkit generate` against the bundled
levels; not a test.

- tile-pattern KL divergence (Lucas & Volz) of 2 x 2 and 3 x 3 windows of tile classes, the
  batch against the examples, beside the same figure between two halves of the examples;
- novelty (the mean share of fields two levels differ in), special fields per 100 fields, the
  share of rock in straight horizontal runs of 6 or more, the mean largest rectangle of plain
  open cave, for the batch and for the examples;
- coverage: the share of the survey's cells (least turns x leniency) the batch fills.

Run: python bench/generate_looks.py [COUNT] [SEED]
"""

from __future__ import annotations

import sys
import time

from printkit.batch import derive_seed
from printkit.bundled import catalogue
from printkit.sinpin.generator import Generated, Request, generate_level
from printkit.sinpin.surveyrange import coverage
from printkit.sinpin.loader import read_level
from printkit.sinpin.looks import compare_looks


def examples() -> list[tuple[str, ...]]:
    return [read_level(str(item.path)).level().rows for item in catalogue("level")]


def main(count: int, seed: int) -> None:
    started = time.process_time()
    made = [generate_level(Request(), derive_seed(seed, index), index) for index in range(count)]
    good = [result for result in made if isinstance(result, Generated)]
    cpu = time.process_time() - started
    figures = compare_looks([result.level.rows for result in good], examples())
    print(f"{len(good)}/{count} levels of 12x18, seed {seed}, {cpu:.1f} s CPU")
    print(f"  KL 2x2 {figures['kl_2x2']:.3f} (examples half to half {figures['kl_2x2_examples_halves']:.3f}),"
          f" KL 3x3 {figures['kl_3x3']:.3f} (halves {figures['kl_3x3_examples_halves']:.3f})")
    for side in ("batch", "examples"):
        look = figures[side]
        print(f"  {side:8}: special fields {look['special_per_100']:.1f} per 100, straight rock {look['straight_rock_share']:.2f},"
              f" largest open rectangle {look['largest_open_rectangle']:.1f}, novelty {look['novelty']:.2f}")
    print(f"  coverage of least turns x leniency: {coverage([result.metrics for result in good]):.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
