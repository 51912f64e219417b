"""Laying out a cave around its route (the construction half of the generator).

The map is cut into storeys (`storeys`): bands of two or three open rows, each standing on
a floor row of rock (S4). `construct` plans where the route enters and leaves each storey,
opens the storeys, joins them where the route changes storey — a hole to drop through (S14),
a ladder (S11, S12) or a spring on a one-field step below a hole (S19) — and shapes them
with ledges, hanging rock and sloping walls. `dressed` then puts teleporters and item
features on free fields of the route the engine found. Nothing here judges a cave: the
generator validates every one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from printkit.sinpin.level import Position
from printkit.sinpin.generate.metrics import FEATURES

# How many of each item feature the dressing puts on the walk; S28 allows 8 webs, 16 gems and
# 4 question marks on the map, hazards are kept few so that a child keeps some health.
_COUNTS = {"spikes": (1, 2), "blades": (1, 2), "web": (1, 2), "spring": (1, 1), "chest": (1, 1),
           "heart": (1, 2), "gem": (1, 3), "mark": (1, 2)}

@dataclass
class Band:
    """A storey: open rows top..bottom, standing on the floor row bottom + 1 (S4)."""

    top: int
    bottom: int
    x_in: int = 0
    x_out: int = 0
    walk: dict[int, int] = field(default_factory=dict)  # column -> row the avatar walks on


class Cave:
    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.grid = [["#"] * width for _ in range(height)]
        self.protected: set[Position] = set()  # fields the plan needs as they are

    def get(self, x: int, y: int) -> str:
        return self.grid[y][x] if 0 <= x < self.width and 0 <= y < self.height else "#"

    def set(self, x: int, y: int, char: str) -> None:
        if 0 < x < self.width - 1 and 0 < y < self.height - 1:
            self.grid[y][x] = char

    def rows(self) -> tuple[str, ...]:
        return tuple("".join(row) for row in self.grid)


def storeys(rng: random.Random, height: int) -> list[Band]:
    """Storeys of 2 or 3 open rows, each on a 1-row floor; the last stands on the border."""
    inner = height - 2
    counts = [m for m in range(2, inner + 2) if 2 * m <= inner - m + 1 <= 3 * m]
    if not counts:
        return [Band(1, height - 2)]
    m = rng.choice(counts)
    opens = [2] * m
    for index in rng.sample(range(m), inner - m + 1 - 2 * m):
        opens[index] = 3
    bands, top = [], 1
    for size in opens:
        bands.append(Band(top, top + size - 1))
        top += size + 1
    return bands


def construct(rng: random.Random, width: int, height: int, features: frozenset[str], length: float) -> Cave:
    """The cave around a planned route about `length` fields long, door and exit in place,
    not yet dressed with items."""
    cave = Cave(width, height)
    bands = storeys(rng, height)
    # Climbing needs a ladder, or a spring lift out of every storey but the highest (S19: it
    # only reaches the floor above from a storey two fields high).
    can_climb = len(bands) > 1 and (
        "ladder" in features or ("spring" in features and all(b.bottom - b.top == 1 for b in bands[1:])))
    if can_climb and rng.random() < 0.5:
        bands.reverse()  # the route climbs: door in the lowest storey, exit in the highest
    _plan_spans(rng, bands, width, length)
    for band in bands:
        _carve_band(rng, cave, band)
    for upper_or_lower, following in zip(bands, bands[1:]):
        _connect(rng, cave, upper_or_lower, following, features)
    for band in bands:
        _ledges(rng, cave, band)
    first, last = bands[0], bands[-1]
    cave.set(first.x_in, first.bottom, "A")
    cave.set(last.x_out, last.bottom, "Z")
    return cave


def dressed(rng: random.Random, cave: Cave, features: frozenset[str], route: list[Position]) -> tuple[str, ...]:
    """The cave's rows with teleporters and the item features on free fields of the route the
    engine found: open cave standing on rock, not a field the structure needs as it is."""
    door = next(pos for pos in route)  # the route starts at the door
    free = [pos for pos in route if cave.get(*pos) == "." and pos not in cave.protected
            and cave.get(pos[0], pos[1] + 1) == "#" and abs(pos[0] - door[0]) + abs(pos[1] - door[1]) > 1]
    shuffled = free[:]
    rng.shuffle(shuffled)
    if "teleporter" in features and len(free) >= 3:
        _teleporters(rng, cave, free, shuffled)
    _dress(rng, cave, features, shuffled)
    return cave.rows()


def _plan_spans(rng: random.Random, bands: list[Band], width: int, length: float) -> None:
    """Where the route enters and leaves each storey: spans that add up to about `length`."""
    inner = width - 2
    spans = [rng.uniform(0.6, 1.4) for _ in bands]
    total = sum(spans)
    x = rng.choice((1, width - 2)) if rng.random() < 0.7 else rng.randint(1, width - 2)
    for band, share in zip(bands, spans):
        span = max(2, min(inner - 1, round(length * share / total)))
        towards = 1 if x + span <= width - 2 and (x - span < 1 or rng.random() < 0.5 or x < width / 2) else -1
        band.x_in = x
        band.x_out = max(1, min(width - 2, x + towards * span))
        if abs(band.x_out - band.x_in) < 2:
            band.x_out = width - 2 if x < width / 2 else 1
        x = band.x_out
    # Door and exit far apart: the last storey ends at the wall away from the door if need be.
    door, last = bands[0].x_in, bands[-1]
    rise = abs(bands[-1].bottom - bands[0].bottom)
    if abs(last.x_out - door) + rise < (width + bands[-1].bottom + 2) // 3:
        far = 1 if door > width / 2 else width - 2
        if abs(far - last.x_in) >= 2:
            last.x_out = far


def _carve_band(rng: random.Random, cave: Cave, band: Band) -> None:
    """Open the storey between its ends; rock fills some of what lies beyond the route."""
    low, high = min(band.x_in, band.x_out), max(band.x_in, band.x_out)
    left = max(1, low - rng.choice((0, 1, 2, 3, 9)))
    right = min(cave.width - 2, high + rng.choice((0, 1, 2, 3, 9)))
    for y in range(band.top, band.bottom + 1):
        for x in range(left, right + 1):
            cave.set(x, y, ".")
    band.walk = {x: band.bottom for x in range(left, right + 1)}
    # Ragged ends: walls that slope, wider at the floor, read as cave, not as a box.
    for end, inward in ((left, 1), (right, -1)):
        cut = rng.choice((0, 1, 1, 2, 3))
        for y in range(band.top, band.bottom):
            for step in range(cut):
                x = end + inward * step
                if not low - 1 <= x <= high + 1:
                    cave.set(x, y, "#")
            cut = max(0, cut - rng.randint(0, 1))
    for x in range(left, right + 1):
        cave.protected.update({(x, band.bottom)} if x in (band.x_in, band.x_out) else set())


def _connect(rng: random.Random, cave: Cave, band: Band, following: Band, features: frozenset[str]) -> None:
    """Change storey at band.x_out: a hole to drop through, a ladder, or a spring lift."""
    x = band.x_out
    down = following.top > band.top
    upper, lower = (band, following) if down else (following, band)
    floor = upper.bottom + 1
    choices = ["ladder"] if "ladder" in features else []
    if down:
        choices += ["drop", "drop"]
    elif "spring" in features and lower.bottom - lower.top == 1:
        choices.append("spring")
    kind = rng.choice(choices)
    for column in (x - 1, x, x + 1):
        cave.protected.update({(column, upper.bottom), (column, lower.bottom)})
    if kind == "drop":
        cave.set(x, floor, ".")
        if rng.random() < 0.3 and cave.get(x + 1, floor) == "#" and cave.get(x + 1, upper.bottom) == ".":
            cave.set(x + 1, floor, ".")
            cave.protected.add((x + 2, upper.bottom))
    elif kind == "ladder":
        for y in range(floor, lower.bottom + 1):
            cave.set(x, y, "H")
        cave.protected.add((x, lower.top))
    else:  # S19: spring on a one-field step below a hole; bounce, rise, step onto the floor above
        cave.set(x, lower.bottom, "#")
        cave.set(x, lower.top, "S")
        cave.set(x, floor, ".")
        lower.walk.pop(x, None)
    cave.protected.add((x, floor))


def _ledges(rng: random.Random, cave: Cave, band: Band) -> None:
    """Raise the floor by one field here and there (a jump up, S10) and hang rock from high
    ceilings: the storey reads as a cave passage, not a corridor."""
    columns = sorted(band.walk)
    wanted = rng.choice((0, 1, 1, 2, 2))
    for _ in range(6):
        if not wanted:
            break
        size = rng.randint(1, 4)
        start = rng.choice(columns)
        segment = range(start, start + size)
        if any(x not in band.walk or (x + dx, band.bottom) in cave.protected for x in segment for dx in (-1, 0, 1)):
            continue
        if any(cave.get(x, band.bottom - 1) != "." or cave.get(x, band.bottom + 1) != "#" for x in segment):
            continue
        wanted -= 1
        for x in segment:
            cave.set(x, band.bottom, "#")
            band.walk[x] = band.bottom - 1
            cave.protected.add((x, band.bottom - 1))
        cave.protected.update({(start - 1, band.top), (start + size, band.top), (start - 1, band.bottom), (start + size, band.bottom)})
    high_ceiling = band.bottom - band.top >= 2
    for x in columns:
        if rng.random() < (0.25 if high_ceiling else 0.12) and (x, band.top + 1) not in cave.protected and all(
            (x + dx, band.bottom) not in cave.protected and (x + dx, band.top) not in cave.protected for dx in (-1, 0, 1)
        ):
            cave.set(x, band.top, "#")


def _teleporters(rng: random.Random, cave: Cave, route: list[Position], free: list[Position]) -> None:
    """A pair (S20: one alone does nothing) a stretch apart on the walk: a shortcut that
    saves a turn or two, not one that skips the cave."""
    order = {pos: index for index, pos in enumerate(route)}
    ranked = sorted(free, key=order.__getitem__)
    quarter = max(2, len(ranked) // 4)
    for _ in range(12):
        start = rng.randrange(0, len(ranked) - 1)
        first, second = ranked[start], ranked[min(len(ranked) - 1, start + rng.randint(2, quarter))]
        if abs(first[0] - second[0]) + abs(first[1] - second[1]) >= 3:  # side by side they read as one
            for pos in (first, second):
                cave.set(*pos, "O")
                free.remove(pos)
            return


def _dress(rng: random.Random, cave: Cave, features: frozenset[str], free: list[Position]) -> None:
    """The requested item features on free fields of the walk, not side by side."""
    taken: set[Position] = set()
    for name in sorted(features):
        if name not in _COUNTS or any(cave.get(x, y) == FEATURES[name].char for y in range(cave.height) for x in range(cave.width)):
            continue
        low, high = _COUNTS[name]
        for _ in range(rng.randint(low, high)):
            spot = next((pos for pos in free if all((pos[0] + dx, pos[1]) not in taken for dx in (-1, 0, 1))), None)
            if spot is None:
                break
            free.remove(spot)
            taken.add(spot)
            cave.set(*spot, FEATURES[name].char)
