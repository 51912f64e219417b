"""Which tile patterns make generated caves look unlike their examples? The 2 x 2 (or 3 x 3)
windows that contribute most to the held-out tile-pattern KL divergence of
bench/generate_looks.py, with their shares in the batch and in the held-out examples; not a
test.

Measured as generate_looks measures it: the examples cut in two halves (SPLITS ways), the
generator learns from one half, its batch is cut into pieces as big as the other half
(looks.kl_to) and each piece compared with it; a pattern's part is the mean over splits and
pieces of its term in looks.kl_divergence (looks.kl_contributions), so the parts add up to
the held-out figure generate_looks prints. Shares are the smoothed ones the figure uses,
in per cent of windows; "rows" shows a window's rows separated by "/" (tile classes of
looks.TILE_CLASS: # rock, . open, H ladder, x hazard, i item, d device, a door or exit).

Run: python bench/generate_kl_patterns.py [COUNT] [SEED] [SPLITS] [SIZE] [TOP]
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict

from printkit.batch import derive_seed
from printkit.sinpin.generate.generator import Generated, Request, bundled_examples, generate_level
from printkit.sinpin.generate.looks import halves, kl_contributions, kl_divergence, pattern_counts


def pieces(batch: list[tuple[str, ...]], reference: list[tuple[str, ...]], size: int) -> list[list[tuple[str, ...]]]:
    """The batch cut as looks.kl_to cuts it: consecutive pieces of at least as many windows
    as the reference (a batch smaller than the reference: all of it)."""
    wanted = sum(pattern_counts([rows], size).total() for rows in reference)
    cut, piece, windows = [], [], 0
    for rows in batch:
        piece.append(rows)
        windows += (len(rows) - size + 1) * (len(rows[0]) - size + 1)
        if windows >= wanted:
            cut.append(piece)
            piece, windows = [], 0
    return cut or ([piece] if piece else [])


def main(count: int, seed: int, splits: int, size: int, top: int) -> None:
    examples = list(bundled_examples())
    parts: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    total = halves_total = 0.0
    cuts = halves(len(examples), splits, seed)
    started = time.process_time()
    for number, (learned, held) in enumerate(cuts):
        learned_maps, held_maps = [examples[i] for i in learned], [examples[i] for i in held]
        request = Request(examples=tuple(learned_maps))
        made = [generate_level(request, derive_seed(seed + number, index), index) for index in range(max(4, count // splits))]
        batch = [result.level.rows for result in made if isinstance(result, Generated)]
        held_counts = pattern_counts(held_maps, size)
        cut = pieces(batch, held_maps, size)
        for piece in cut:
            for pattern, values in kl_contributions(pattern_counts(piece, size), held_counts).items():
                for slot, value in enumerate(values):
                    parts[pattern][slot] += value / len(cut) / len(cuts)
        total += sum(kl_divergence(pattern_counts(piece, size), held_counts) for piece in cut) / len(cut) / len(cuts)
        halves_total += kl_divergence(pattern_counts(learned_maps, size), held_counts) / len(cuts)
    print(f"KL {size}x{size} held out: batch {total:.3f}, half to half {halves_total:.3f} (ratio {total / halves_total:.2f});"
          f" {time.process_time() - started:.1f} s CPU")
    print(f"  {'rows':{size * size + size}} {'part':>6} {'share':>6}  batch  held-out   (batch more: +)")
    for pattern, (part, batch_share, held_share) in sorted(parts.items(), key=lambda item: -item[1][0])[:top]:
        rows = "/".join(pattern[i:i + size] for i in range(0, size * size, size))
        print(f"  {rows:{size * size + size}} {part:6.4f} {part / total:6.1%} {100 * batch_share:6.2f} {100 * held_share:6.2f}"
              f"   {'+' if batch_share > held_share else '-'}")


if __name__ == "__main__":
    arguments = [int(argument) for argument in sys.argv[1:]]
    main(*(arguments + [100, 1, 4, 2, 20][len(arguments):]))
