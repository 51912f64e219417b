"""The look of hand-made levels, learned: a multi-dimensional Markov chain (Snodgrass & Ontañón).

Each field's tile class is drawn given the fields already drawn around it: the one before
it in its row, the three below it and the one two below. The map is drawn from the bottom
row up, because in a gravity game the floor decides what stands on it (a gem lies on rock,
a ladder stands on a ladder or a floor), and each row in the other direction from the last,
so that no side of the map is favoured. Fields fixed by the route and not drawn yet (a floor
above, a walk further along the row) are evidence too (AHEAD), and the border is a context
class of its own (BORDER). Movement is the same mirrored left to right, so
every example is learned mirrored too: twice the data.

Eight small examples leave most long contexts unseen or seen once. The probabilities
therefore back off from the longest context to shorter ones (the field before and the ones
below, then the field before and the one below, then the one below, then the classes'
shares), each level smoothed towards the next with a Dirichlet prior of weight `STRENGTH`:
a context seen often speaks for itself, one seen once is mostly its shorter context's
opinion, an unseen one is wholly that.

Tile classes keep the chain's alphabet small (rock, open cave, ladder, hazard, item,
device); the kind within a class (spikes or blades; gem, heart, chest or question mark; web,
spring or teleporter) is drawn afterwards in proportion to the examples, separately for
fields standing on something and fields in the air.
"""

from __future__ import annotations

import bisect
import functools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from printkit.sinpin.level import Position

ROCK, OPEN, LADDER, HAZARD, ITEM, DEVICE = "#", ".", "H", "x", "i", "d"
# The border (and beyond it) is rock (S1), but a context tells it apart from rock inside the
# map: hand-made levels walk along the bottom border and rarely thicken it, while rock
# inside stands on rock as often as not.
BORDER = "|"
CLASS_OF: dict[str, str] = {
    "#": ROCK, ".": OPEN, " ": OPEN, "A": OPEN, "Z": OPEN,  # door and exit are placed by the story
    "H": LADDER, "^": HAZARD, "!": HAZARD,
    "*": ITEM, "h": ITEM, "C": ITEM, "?": ITEM,
    "w": DEVICE, "S": DEVICE, "O": DEVICE,
}
KINDS: dict[str, tuple[str, ...]] = {
    ROCK: ("#",), OPEN: (".",), LADDER: ("H",), HAZARD: ("^", "!"), ITEM: ("*", "h", "C", "?"), DEVICE: ("w", "S", "O"),
}
# What a field at an offset can show: a class of KINDS, or BORDER (`_at`), seven in all.
SEEN_THERE = (*KINDS, BORDER)
STRENGTH = 1.0  # the Dirichlet prior's weight, in fields, of a shorter context's opinion
LENGTHS = (5, 4, 3, 2, 1, 0)  # the back-off: how much of the longest context each level keeps
AROUND = (4, 3, 1, 0)  # the same for the four neighbours (below, the two sides, above)
SWEEPS = 1  # passes of redrawing each free field given all four neighbours
# Fixed fields not yet drawn (the route's floors and walks above a row, a walk further along
# it) are evidence too: each one weighs a class by how often the examples show that class
# with the fixed one at that offset (naive Bayes). Offsets (sideways, up) from the field
# drawn, sideways counted towards where the row goes next (mirrored examples: either way).
AHEAD = ((1, 0), (0, -1), (1, -1), (-1, -1))
_SOLID = frozenset({ROCK, LADDER})  # never drawn on a route's walked fields: their share goes to open cave
# Teleporters are never drawn: a pair anywhere skips the route (S20), so the generator puts
# pairs on it (as often as the examples have them). Nor is a spring drawn on the route: under
# a low ceiling it bounces the avatar back onto itself for ever (S19).
_PLACED = frozenset({"O"})
_OFF_ROUTE = _PLACED | {"S"}
_EVERY = frozenset(char for kinds in KINDS.values() for char in kinds)
Context = tuple[str, ...]


def _at(grid: Sequence[Sequence[str]], x: int, y: int) -> str:
    """The class of field (x, y); the border and beyond it: BORDER."""
    return grid[y][x] if 0 < y < len(grid) - 1 and 0 < x < len(grid[0]) - 1 else BORDER


def _context(grid: Sequence[Sequence[str]], x: int, y: int, back: int) -> Context:
    """The longest context of field (x, y), its row drawn towards -`back` (so the field before
    is at x + back): below, before, below-before, below-after, two below."""
    at = functools.partial(_at, grid)
    return at(x, y + 1), at(x + back, y), at(x + back, y + 1), at(x - back, y + 1), at(x, y + 2)


def _neighbours(grid: Sequence[Sequence[str]], x: int, y: int) -> Context:
    """Below, the two sides (in order, so that a mirror image counts as the same), above."""
    at = functools.partial(_at, grid)
    left, right = sorted((at(x - 1, y), at(x + 1, y)))
    return at(x, y + 1), left, right, at(x, y - 1)


@dataclass
class PatternModel:
    """Counts of tile classes per context at each back-off length, and of kinds per class."""

    counts: dict[int, dict[Context, Counter[str]]] = field(default_factory=lambda: {n: {} for n in LENGTHS})
    kinds: dict[tuple[str, bool], Counter[str]] = field(default_factory=dict)  # (class, standing) -> kinds
    around: dict[int, dict[Context, Counter[str]]] = field(default_factory=lambda: {n: {} for n in AROUND})
    beside: dict[tuple[int, int], dict[str, Counter[str]]] = field(default_factory=dict)  # offset -> class -> class there
    examples: int = 0
    with_teleporters: int = 0  # examples with a pair (or more) of teleporters
    _cache: dict[tuple[Context, frozenset[str], bool, Context], tuple[list[str], list[float]]] = field(default_factory=dict, repr=False)

    def learn(self, rows: Sequence[str]) -> None:
        """Count one example map, and its mirror image."""
        for mirrored in (False, True):
            chars = [row[::-1] if mirrored else row for row in rows]
            grid = [[CLASS_OF[char] for char in row] for row in chars]
            for y in range(1, len(grid) - 1):
                for x in range(1, len(grid[0]) - 1):
                    tile = grid[y][x]
                    for back in (-1, 1):  # rows are drawn both ways
                        context = _context(grid, x, y, back)
                        for length in LENGTHS:
                            self.counts[length].setdefault(context[:length], Counter())[tile] += 1
                    for dx, dy in AHEAD:
                        self.beside.setdefault((dx, dy), {}).setdefault(tile, Counter())[_at(grid, x + dx, y + dy)] += 1
                    neighbours = _neighbours(grid, x, y)
                    for length in AROUND:
                        self.around[length].setdefault(neighbours[:length], Counter())[tile] += 1
                    if not mirrored and chars[y][x] not in "AZ":
                        standing = grid[y + 1][x] in _SOLID
                        self.kinds.setdefault((tile, standing), Counter())[chars[y][x]] += 1
        self.examples += 1
        self.with_teleporters += sum(row.count("O") for row in rows) >= 2
        self._cache.clear()

    def distribution(self, context: Context, banned: frozenset[str] = frozenset(),
                     around: bool = False, evidence: Context = ()) -> tuple[list[str], list[float]]:
        """The classes and their cumulative probabilities after `context` (or, `around`, among
        these four neighbours), backed off and smoothed, weighed by the fixed fields ahead
        (`evidence`: the class at each offset of AHEAD, or "" where nothing is fixed); a banned
        class's share goes to open cave (unless open cave is banned too: then the others
        share it)."""
        key = (context, banned, around, evidence)
        found = self._cache.get(key)
        if found is not None:
            return found
        table, lengths = (self.around, AROUND) if around else (self.counts, LENGTHS)
        shares: dict[str, float] = {}
        for length in reversed(lengths):  # from the shortest context to the longest
            seen = table[length].get(context[:length], Counter())
            total = sum(seen.values())
            if not shares:
                shares = {tile: n / total for tile, n in seen.items()} if total else {OPEN: 1.0}
                continue
            tiles = set(shares) | set(seen)
            shares = {tile: (seen[tile] + STRENGTH * shares.get(tile, 0.0)) / (total + STRENGTH) for tile in tiles}
        for offset, seen_there in zip(AHEAD, evidence):
            if seen_there:
                shares = {tile: share * self._likelihood(offset, tile, seen_there) for tile, share in shares.items()}
        if OPEN in banned:  # only what is left, in proportion (a notch: an item or a hazard)
            shares = {tile: share for tile, share in shares.items() if tile not in banned and share > 0} or {OPEN: 1.0}
        for tile in banned & set(shares) - {OPEN}:
            shares[OPEN] = shares.get(OPEN, 0.0) + shares.pop(tile)
        tiles = sorted(shares)
        total = sum(shares.values())
        cumulative, running = [], 0.0
        for tile in tiles:
            running += shares[tile] / total if total else 1 / len(tiles)
            cumulative.append(running)
        found = self._cache[key] = (tiles, cumulative)
        return found

    def _likelihood(self, offset: tuple[int, int], tile: str, seen_there: str) -> float:
        """How often the examples show `seen_there` at `offset` from a field of class `tile`
        (smoothed: a pairing never seen stays possible; every one of the SEEN_THERE gets
        STRENGTH, so the likelihoods of one class sum to 1)."""
        there = self.beside.get(offset, {}).get(tile, Counter())
        return (there[seen_there] + STRENGTH) / (there.total() + STRENGTH * len(SEEN_THERE))

    def kind(self, tile_class: str, standing: bool, rng: random.Random, allowed: frozenset[str] | None) -> str:
        """A kind of the class, as often as the examples show it standing (or in the air)."""
        options = KINDS[tile_class]
        if len(options) == 1:
            return options[0]
        seen = self.kinds.get((tile_class, standing)) or self.kinds.get((tile_class, not standing)) or Counter()
        weights = [seen[kind] + 0.25 for kind in options]  # a kind the examples lack stays possible
        if allowed is not None:
            weights = [w if kind in allowed else 0.0 for kind, w in zip(options, weights)]
        if not any(weights):
            return "."
        return rng.choices(options, weights)[0]

    def ladder_taste(self) -> float:
        """How much the examples climb: the least share of a route's joins down that are
        ladders, from their share of ladder fields (the bundled levels: about a half; a
        set of ladder towers: nearly all)."""
        # Nothing learned (no example, or maps with no field inside the border): a half.
        counted = self.counts[0].get((), Counter())
        seen = sum(counted.values())
        return min(0.9, max(0.3, 10 * counted[LADDER] / seen)) if seen else 0.5

    def scattered(self, allowed: frozenset[str] | None) -> tuple[str, ...]:
        """The items that change no move (gems, hearts, question marks; not chests, S21), each
        as often as the examples show them on a floor: what a cave's empty halls get."""
        seen = self.kinds.get((ITEM, True), Counter())
        return tuple(sorted(char for char, count in seen.items() for _ in range(count)
                            if char in "*h?" and (allowed is None or char in allowed)))

    def sample(self, width: int, height: int, rng: random.Random, allowed: frozenset[str] | None = None,
               fixed: dict[Position, str] | None = None, walked: frozenset[Position] = frozenset(),
               notches: frozenset[Position] = frozenset()) -> list[list[str]]:
        """A map of `width` x `height` S3 characters: a rock border, the inside drawn from the
        chain. `allowed`, if given, are the special characters that may appear (others: open
        cave). `fixed` fields keep their character; `walked` ones (a route's floor) are drawn
        among the classes an avatar can walk through (open cave, items, hazards, devices), and
        `notches` among items and hazards (the examples keep those in the dips of a floor)."""
        banned = frozenset() if allowed is None else frozenset(
            tile for tile, kinds in KINDS.items() if tile not in (ROCK, OPEN) and not set(kinds) & allowed)
        fixed = fixed or {}
        known = {(x, y): BORDER for x in range(-1, width + 1) for y in range(-1, height + 1)
                 if not (0 < x < width - 1 and 0 < y < height - 1)}
        known.update((pos, OPEN if pos in walked else CLASS_OF[char]) for pos, char in fixed.items())
        classes = [[ROCK] * width for _ in range(height)]
        chars = [["#"] * width for _ in range(height)]
        for y in range(height - 2, 0, -1):
            back = 1 if (height - 2 - y) % 2 else -1  # the first row is drawn left to right
            columns = range(1, width - 1) if back == -1 else range(width - 2, 0, -1)
            for x in columns:
                char = fixed.get((x, y))
                if char is not None and (x, y) not in walked:
                    classes[y][x], chars[y][x] = CLASS_OF[char], char
                    continue
                evidence = tuple(known.get((x - back * dx, y + dy), "") for dx, dy in AHEAD)
                tiles, cumulative = self.distribution(_context(classes, x, y, back), _banned(x, y, banned, walked, notches),
                                                      evidence=evidence)
                tile = tiles[min(len(tiles) - 1, bisect.bisect_left(cumulative, rng.random() * cumulative[-1]))]
                classes[y][x] = tile
                kinds = (allowed if allowed is not None else _EVERY) - (_OFF_ROUTE if (x, y) in walked else _PLACED)
                chars[y][x] = self.kind(tile, classes[y + 1][x] in _SOLID, rng, kinds)
        free = [(x, y) for y in range(1, height - 1) for x in range(1, width - 1) if (x, y) not in fixed]
        for _ in range(SWEEPS):
            rng.shuffle(free)
            for x, y in free:
                tiles, cumulative = self.distribution(_neighbours(classes, x, y), _banned(x, y, banned, walked, notches), True)
                tile = tiles[min(len(tiles) - 1, bisect.bisect_left(cumulative, rng.random() * cumulative[-1]))]
                if tile != classes[y][x]:
                    classes[y][x] = tile
                    kinds = (allowed if allowed is not None else _EVERY) - (_OFF_ROUTE if (x, y) in walked else _PLACED)
                    chars[y][x] = self.kind(tile, classes[y + 1][x] in _SOLID, rng, kinds)
        return chars


def _banned(x: int, y: int, banned: frozenset[str], walked: frozenset[Position], notches: frozenset[Position]) -> frozenset[str]:
    if (x, y) in notches and not {ITEM, HAZARD} <= banned:
        return banned | _NOT_IN_NOTCHES
    return banned | _SOLID if (x, y) in walked else banned


_NOT_IN_NOTCHES = frozenset({ROCK, OPEN, LADDER, DEVICE})


def learn(maps: Iterable[Sequence[str]]) -> PatternModel:
    """The model of a set of example maps (rows of S3 characters)."""
    model = PatternModel()
    for rows in maps:
        model.learn(rows)
    return model
