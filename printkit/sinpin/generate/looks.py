"""How a set of levels looks, as figures that compare a generated batch with its examples.

- Tile-pattern KL divergence (Lucas & Volz 2019): the distributions of the k x k windows of
  tile classes in two sets of levels, compared in both directions;
- novelty: how many fields two levels of a set differ in;
- special fields per 100 fields, the share of rock in long straight horizontal runs, the area
  of the largest rectangle of plain open cave: the "office floor plan" signs.

Pure functions of maps (rows of S3 characters); `printkit survey --json` and
bench/generate_looks.py print them.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections import Counter
from collections.abc import Sequence

# Tile classes (S3) the pattern figures compare: what a field is *for*, so that a gem where
# the examples have a heart is the same pattern, and the figures have data enough on 8 levels.
TILE_CLASS: dict[str, str] = {
    "#": "#", ".": ".", "H": "H",
    "^": "x", "!": "x",  # hazards
    "*": "i", "h": "i", "C": "i", "?": "i",  # items (S27)
    "w": "d", "S": "d", "O": "d",  # devices: they change a move's course or cost
    "A": "a", "Z": "a",  # door and exit
}
CLASSES = tuple(dict.fromkeys(TILE_CLASS.values()))
PLAIN = frozenset("#.")  # rock and open cave; every other character is a special field
STRAIGHT_RUN = 6  # rock in a horizontal run at least this long reads as a built floor
KL_EPSILON = 0.5  # pseudo-count for a pattern one side never shows (additive smoothing)


def class_rows(rows: Sequence[str]) -> list[str]:
    """The map with each field replaced by its tile class."""
    return ["".join(TILE_CLASS[char] for char in row) for row in rows]


def pattern_counts(maps: Sequence[Sequence[str]], size: int) -> Counter[str]:
    """Every `size` x `size` window of tile classes in the maps (the border included), as one
    string each (rows joined), counted."""
    counts: Counter[str] = Counter()
    for rows in maps:
        classes = class_rows(rows)
        for y in range(len(classes) - size + 1):
            for x in range(len(classes[0]) - size + 1):
                counts["".join(classes[y + dy][x:x + size] for dy in range(size))] += 1
    return counts


def kl_divergence(first: Counter[str], second: Counter[str], epsilon: float = KL_EPSILON) -> float:
    """The symmetric tile-pattern KL divergence (nats): the mean of KL(P||Q) and KL(Q||P),
    each distribution smoothed with `epsilon` counts on every pattern either side shows, so
    that a pattern one side lacks costs a finite amount (Lucas & Volz weigh both directions;
    here equally). 0 for equal distributions."""
    return sum(part for part, _, _ in kl_contributions(first, second, epsilon).values())


def kl_contributions(first: Counter[str], second: Counter[str],
                     epsilon: float = KL_EPSILON) -> dict[str, tuple[float, float, float]]:
    """Each pattern's part of kl_divergence, with its smoothed shares on both sides:
    pattern -> (part, share in `first`, share in `second`). The parts sum to the divergence;
    the largest say which patterns make two sets look different."""
    patterns = set(first) | set(second)
    total_p = sum(first.values()) + epsilon * len(patterns)
    total_q = sum(second.values()) + epsilon * len(patterns)
    parts: dict[str, tuple[float, float, float]] = {}
    for pattern in sorted(patterns):
        p = (first[pattern] + epsilon) / total_p
        q = (second[pattern] + epsilon) / total_q
        parts[pattern] = ((p * math.log(p / q) + q * math.log(q / p)) / 2, p, q)
    return parts


def kl_to(batch: Sequence[Sequence[str]], reference: Sequence[Sequence[str]], size: int) -> float:
    """The KL divergence of a batch to a reference set, measured like with like: the batch is
    cut into consecutive pieces holding about as many windows as the reference, and the
    figure is the mean over the pieces (a bigger batch shows more rare patterns, which
    would otherwise raise the figure with its size alone)."""
    wanted = sum(pattern_counts([rows], size).total() for rows in reference)
    reference_counts = pattern_counts(reference, size)
    values, piece, windows = [], [], 0
    for rows in batch:
        piece.append(rows)
        windows += (len(rows) - size + 1) * (len(rows[0]) - size + 1)
        if windows >= wanted:
            values.append(kl_divergence(pattern_counts(piece, size), reference_counts))
            piece, windows = [], 0
    if not values and piece:  # a batch smaller than the reference: all of it
        values.append(kl_divergence(pattern_counts(piece, size), reference_counts))
    return sum(values) / len(values) if values else 0.0


def halves(count: int, splits: int, seed: int = 0) -> list[tuple[list[int], list[int]]]:
    """`splits` different ways to cut indices 0..count-1 into two halves (seeded; all of them
    when there are fewer), for figures measured on held-out examples. Each cut once: the
    first half is the smaller one, and holds index 0 when the halves are equal."""
    if count < 2:
        return []
    size = count // 2
    # The cuts in itertools.combinations' order; with equal halves only those holding 0,
    # which come first. Listing them all costs C(count, count/2): minutes and gigabytes
    # from about 25 examples, so a cut is found from its place in that order instead.
    total = math.comb(count - 1, size - 1) if count % 2 == 0 else math.comb(count, size)
    rng = random.Random(seed)
    if total <= splits:
        chosen = [_combination(count, size, rank) for rank in range(total)]
    elif total <= sys.maxsize:
        # The places rng.sample drew from the list of every cut, so the cuts (and the figures
        # survey and bench/generate_looks.py print) are those of every count that list fitted in.
        chosen = [_combination(count, size, rank) for rank in rng.sample(range(total), splits)]
    else:
        chosen = _drawn_halves(count, splits, rng)
    return [(first, _rest(count, first)) for first in sorted(chosen)]


def _rest(count: int, first: list[int]) -> list[int]:
    taken = set(first)
    return [i for i in range(count) if i not in taken]


def _combination(count: int, size: int, rank: int) -> list[int]:
    """The `rank`-th (from 0) combination of `size` indices of 0..count-1 in
    itertools.combinations' (lexicographic) order."""
    chosen: list[int] = []
    index = 0
    while len(chosen) < size:
        starting_here = math.comb(count - index - 1, size - len(chosen) - 1)  # the ones taking `index` next
        if rank < starting_here:
            chosen.append(index)
        else:
            rank -= starting_here
        index += 1
    return chosen


def _drawn_halves(count: int, splits: int, rng: random.Random) -> list[list[int]]:
    """`splits` different cuts drawn at random, each at a cost of `count`: from 67 examples on,
    where finding a cut from its place costs count² big-number sums (seconds at 1,000). The
    cuts are then so many that a repeat is all but impossible; one would be drawn again."""
    size = count // 2
    chosen: dict[tuple[int, ...], None] = {}
    while len(chosen) < splits:
        first = sorted(rng.sample(range(count), size))
        if count % 2 == 0 and first[0] != 0:  # the same cut from its other side
            first = sorted(set(range(count)) - set(first))
        chosen.setdefault(tuple(first), None)
    return [list(first) for first in chosen]


def halves_kl(maps: Sequence[Sequence[str]], size: int, splits: int = 16) -> float | None:
    """The examples' own figure: the mean KL divergence between two halves of them; None for
    one example, which has no halves (0.0 would read as examples that agree perfectly)."""
    cuts = halves(len(maps), splits)
    values = [kl_divergence(pattern_counts([maps[i] for i in a], size), pattern_counts([maps[i] for i in b], size))
              for a, b in cuts]
    return sum(values) / len(values) if values else None


def difference(first: Sequence[str], second: Sequence[str]) -> float:
    """The share of fields in which two maps differ, over the fields both have (the maps laid
    on each other at their top-left corners)."""
    width, height = min(len(first[0]), len(second[0])), min(len(first), len(second))
    differ = sum(a != b for row_a, row_b in zip(first[:height], second[:height]) for a, b in zip(row_a[:width], row_b[:width]))
    return differ / (width * height)


def novelty(maps: Sequence[Sequence[str]], most: int = 200) -> float | None:
    """The mean share of differing fields over every pair of the first `most` maps; None for
    one map, which makes no pair (0.0 would say it is the same level again and again)."""
    chosen = list(maps[:most])
    pairs = list(itertools.combinations(chosen, 2))
    return sum(difference(a, b) for a, b in pairs) / len(pairs) if pairs else None


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def special_fields(rows: Sequence[str]) -> int:
    """Fields that are neither rock nor open cave: door, exit, ladders, hazards, items, devices."""
    return sum(char not in PLAIN for row in rows for char in row)


def special_density(maps: Sequence[Sequence[str]]) -> float:
    """Special fields per 100 fields over all the maps together."""
    fields = sum(len(rows) * len(rows[0]) for rows in maps)
    return 100 * sum(special_fields(rows) for rows in maps) / fields if fields else 0.0


def straight_rock_share(rows: Sequence[str], run: int = STRAIGHT_RUN) -> float:
    """The share of the rock inside the border that lies in horizontal runs of at least `run`
    fields (the border itself is straight by rule and left out; the runs end at it)."""
    inner = [row[1:-1] for row in rows[1:-1]]
    rock = sum(row.count("#") for row in inner)
    straight = sum(len(piece) for row in inner for piece in _rock_runs(row) if len(piece) >= run)
    return straight / rock if rock else 0.0


def _rock_runs(row: str) -> list[str]:
    return [piece for piece in "".join(char if char == "#" else " " for char in row).split(" ") if piece]


def largest_open_rectangle(rows: Sequence[str]) -> int:
    """The area of the largest rectangle of plain open cave ('.')."""
    return open_rectangle(rows)[0]


def open_rectangle(rows: Sequence[str]) -> tuple[int, int, int, int, int]:
    """The largest rectangle of plain open cave ('.') by the histogram method: (area, left,
    top, right, bottom), corners included; the first found among equals; area 0 if none."""
    width = len(rows[0])
    best = (0, 0, 0, -1, -1)
    heights = [0] * width
    for y, row in enumerate(rows):
        heights = [h + 1 if char == "." else 0 for h, char in zip(heights, row)]
        stack: list[tuple[int, int]] = []  # (start column, height), heights rising
        for x, height in enumerate([*heights, 0]):
            start = x
            while stack and stack[-1][1] >= height:
                start, top = stack.pop()
                if top * (x - start) > best[0]:
                    best = (top * (x - start), start, y - top + 1, x - 1, y)
            stack.append((start, height))
    return best


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def look_figures(maps: Sequence[Sequence[str]]) -> dict[str, float | None]:
    """The figures of one set of maps that do not compare it with another."""
    return {
        "special_per_100": round(special_density(maps), 2),
        "straight_rock_share": round(mean([straight_rock_share(rows) for rows in maps]), 3),
        "largest_open_rectangle": round(mean([largest_open_rectangle(rows) for rows in maps]), 2),
        "novelty": _rounded(novelty(maps), 3),
    }


def compare_looks(batch: Sequence[Sequence[str]], examples: Sequence[Sequence[str]]) -> dict[str, object]:
    """A batch against its examples: the KL divergences of 2 x 2 and 3 x 3 windows (kl_to)
    beside the examples' own half-to-half figure, and each side's look figures."""
    figures: dict[str, object] = {}
    for size in (2, 3):
        figures[f"kl_{size}x{size}"] = round(kl_to(batch, examples, size), 3)
        figures[f"kl_{size}x{size}_examples_halves"] = _rounded(halves_kl(examples, size), 3)
    figures["batch"] = look_figures(batch)
    figures["examples"] = look_figures(examples)
    return figures
