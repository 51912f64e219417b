"""Do generated caves look like the hand-made examples, and how much of the range do they
cover? Prints the figures of issue 20 for `printkit generate` against the bundled levels;
not a test.

1. A batch of COUNT levels of 12 x 18 (seed SEED), learned from all eight examples:
   - its tile-pattern KL divergence to them (the batch cut into pieces as big as the
     examples, looks.kl_to), beside their own half-to-half figure;
   - novelty (the mean share of fields two levels differ in), special fields per 100 fields,
     the share of rock in straight horizontal runs of 6 or more, the mean largest rectangle
     of plain open cave, for the batch and for the examples;
   - coverage: the share of the survey's cells (least turns x leniency) the batch fills.
2. Held out: the examples cut in two halves (SPLITS different ways); the generator learns
   from one half only and its batch is compared with the other half, beside the same
   figure between the two halves themselves:
   - tile-pattern KL divergence (Lucas & Volz) of 2 x 2 and 3 x 3 windows of tile classes;
   - special fields, straight rock and largest empty rectangle of the held-out half.

Figures of the examples themselves need no generating; the batch's CPU seconds are printed
with the machine's speed (a plain 10-million-step loop), since the machine is shared.

Run: python bench/generate_looks.py [COUNT] [SEED] [SPLITS]
"""

from __future__ import annotations

import statistics
import sys
import time

from printkit.batch import derive_seed
from printkit.sinpin.generate.generator import Generated, Request, bundled_examples, generate_level
from printkit.sinpin.generate.looks import halves, halves_kl, kl_divergence, kl_to, look_figures, pattern_counts
from printkit.sinpin.generate.surveyrange import coverage


def loop_seconds() -> float:
    """The machine's speed: CPU seconds of a plain 10-million-step Python loop."""
    started = time.process_time()
    [None for _ in range(10**7)]
    return time.process_time() - started


def batch(request: Request, count: int, seed: int) -> list[Generated]:
    made = [generate_level(request, derive_seed(seed, index), index) for index in range(count)]
    return [result for result in made if isinstance(result, Generated)]


def show(name: str, look: dict) -> None:
    print(f"  {name:22}: special fields {look['special_per_100']:5.1f} per 100, straight rock {look['straight_rock_share']:.2f},"
          f" largest open rectangle {look['largest_open_rectangle']:4.1f}, novelty {look['novelty']:.2f}")


def main(count: int, seed: int, splits: int) -> None:
    examples = list(bundled_examples())
    machine = loop_seconds()
    started = time.process_time()
    good = batch(Request(), count, seed)
    cpu = time.process_time() - started
    maps = [result.level.rows for result in good]
    print(f"{len(good)}/{count} levels of 12x18, seed {seed}: {cpu:.1f} s CPU, {len(good) / cpu:.1f} levels/s"
          f" (machine: {machine:.2f} s for a 10-million-step loop)")
    show("batch", look_figures(maps))
    show("examples", look_figures(examples))
    for size in (2, 3):
        print(f"  KL {size}x{size} (learned from all, compared with all): {kl_to(maps, examples, size):.3f},"
              f" examples half to half {halves_kl(examples, size):.3f}")
    print(f"  coverage of least turns x leniency: {coverage([result.metrics for result in good]):.3f}")
    print(f"held out: learned from one half of the examples, compared with the other ({splits} ways to halve them)")
    rows: dict[str, list[float]] = {}
    per_split = max(4, count // splits)
    for number, (learned, held) in enumerate(halves(len(examples), splits, seed)):
        learned_maps, held_maps = [examples[i] for i in learned], [examples[i] for i in held]
        made = [result.level.rows for result in batch(Request(examples=tuple(learned_maps)), per_split, seed + number)]
        for size in (2, 3):
            rows.setdefault(f"kl {size}x{size} batch", []).append(kl_to(made, held_maps, size))
            rows.setdefault(f"kl {size}x{size} halves", []).append(kl_divergence(pattern_counts(learned_maps, size), pattern_counts(held_maps, size)))
        made_look, held_look = look_figures(made), look_figures(held_maps)
        for key in ("special_per_100", "straight_rock_share", "largest_open_rectangle"):
            rows.setdefault(f"{key} batch", []).append(made_look[key])
            rows.setdefault(f"{key} held out", []).append(held_look[key])
    mean = {key: statistics.mean(values) for key, values in rows.items()}
    for size in (2, 3):
        batch_kl, half_kl = mean[f"kl {size}x{size} batch"], mean[f"kl {size}x{size} halves"]
        print(f"  KL {size}x{size}: batch to held-out half {batch_kl:.3f}, half to half {half_kl:.3f}"
              f" (ratio {batch_kl / half_kl:.2f})")
    for key in ("special_per_100", "straight_rock_share", "largest_open_rectangle"):
        ours, theirs = mean[f"{key} batch"], mean[f"{key} held out"]
        print(f"  {key}: batch {ours:.2f}, held-out half {theirs:.2f} ({ours / theirs - 1:+.0%})")


if __name__ == "__main__":
    arguments = [int(argument) for argument in sys.argv[1:]]
    main(*(arguments + [100, 1, 4][len(arguments):]))
