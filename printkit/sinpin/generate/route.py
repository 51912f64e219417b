"""The route a generated cave is drawn around: the few fields it must have, as constraints.

A route is a few *passes*: walks along a floor, one after the other, each at its own height,
joined where one ends by a hole to drop through (S14) or a ladder (S11, S12). The passes lie
at uneven heights, turn back and forth (a route that winds is long for its map), and their
floors rise and fall by a field here and there (a jump up, S10; a step off, S14). The plan
fixes only what the route needs: the fields walked (open), the rock under them (S4), the
shafts and ladders between passes and the head room of each jump. Everything else is left
to the learned patterns (patterns.py), which draw the cave around these constraints.

The story decides where the passes go: down from the door to an exit below it (the rules
page's dungeons descend), up to an exit above (ladders only), or either way at each join.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from printkit.sinpin.level import Position

STORIES = ("below", "above", "any")
MIN_GAP = 3
# Passes a route has at least, where the map has room: a short route on few passes leaves
# most of the map to the patterns alone, which draw big shapeless halls; more, shorter
# passes give the cave the storeys the examples have.
MIN_PASSES = 5
# Fields of level floor between two breaks (a dip or a ledge): the examples' floors break
# about this often; more breaks make steps of solid rock the examples do not have.
TERRAIN_GAP = (4, 12)
# Of the joins down on a long route (the others are holes to drop through): more ladders
# make a wall of shafts the examples do not have.
LONG_LADDER_SHARE = 0.6


@dataclass
class Skeleton:
    """The constraints of a planned route: fixed characters, and the fields walked (open, or
    an item or hazard the patterns put there), door and exit."""

    width: int
    height: int
    fixed: dict[Position, str] = field(default_factory=dict)
    walked: list[Position] = field(default_factory=list)  # in route order, door first
    notches: set[Position] = field(default_factory=set)  # dips in a floor: where hand-made levels keep an item or a hazard
    door: Position = (1, 1)
    exit: Position = (1, 1)

    def set(self, x: int, y: int, char: str) -> None:
        if 0 < x < self.width - 1 and 0 < y < self.height - 1:
            self.fixed[(x, y)] = char

    def rock_under(self, x: int, y: int) -> None:
        if self.fixed.get((x, y + 1)) not in ("H", "."):  # a shaft or ladder already there wins
            self.set(x, y + 1, "#")


@dataclass(frozen=True)
class Pass:
    row: int  # the row walked (its floor is the row below)
    x_in: int
    x_out: int


def plan(rng: random.Random, width: int, height: int, length: float, story: str, ladders: float) -> Skeleton:
    """The route's constraints for about `length` fields walked, told as `story`. `ladders`
    is the least share of joins down that are ladders (the examples' taste); 0 joins passes
    by holes only (so the route can only go down)."""
    share = _ladder_share(width, height, length, ladders) if ladders else 0.0
    rows = _rows(rng, height, length, width, story if ladders else "below", share)
    passes = _spans(rng, rows, width, length)
    skeleton = Skeleton(width, height)
    walks = []
    for index, current in enumerate(passes):
        walks.append(_walk(skeleton, current))
        if index + 1 < len(passes):
            _join(rng, skeleton, current, passes[index + 1], share)
    skeleton.door = (passes[0].x_in, passes[0].row)
    skeleton.exit = (passes[-1].x_out, passes[-1].row)
    for x, y in (skeleton.door, skeleton.exit):
        skeleton.fixed[(x, y)] = "."
        if skeleton.fixed.get((x, y + 1)) == ".":
            # A route that starts midway (--exit any) may stand the door on another join's
            # shaft: the shaft's top becomes a ladder, which holds the door up (S4) and stops
            # a fall down the shaft (S11) but lets the avatar climb on down.
            skeleton.fixed[(x, y + 1)] = "H"
        skeleton.rock_under(x, y)
    for walk in walks:  # only now, so that no dip or ledge takes a field another pass needs
        _terrain(rng, skeleton, walk, ladders)
    skeleton.walked = [pos for walk in walks for pos in walk]
    return skeleton


def _ladder_share(width: int, height: int, length: float, low: float) -> float:
    """How many joins down are ladders: `low` on a short route, more as the route nears what
    drops alone can hold (a ladder is walked, a drop is free: long routes need the walking)."""
    drops_hold = ((height - 3) // MIN_GAP + 1) * 0.65 * (width - 2)
    high = max(low, LONG_LADDER_SHARE)
    return low + (high - low) * min(1.0, max(0.0, (length - drops_hold / 2) / (drops_hold / 2)))


def _rows(rng: random.Random, height: int, length: float, width: int, story: str, share: float) -> list[int]:
    """The walked row of each pass, in route order: as many passes as the length needs (about
    two thirds of the map's width each), from near the top to near the bottom of the map at
    uneven gaps of 2 rows or more (wider gaps leave room for the floors to rise and fall)."""
    top, bottom = 1, height - 2
    per_pass = max(2.0, 0.65 * (width - 2)) + share * 5  # a ladder down is walked too
    fewest = 1 if story == "any" else 2  # an exit below (or above) the door is on another pass
    # Three rows from walk to walk at least: the row between one pass's floor and the next
    # one's walk is the cave's own (a stack of passes on bare floors reads as an office block).
    most = (bottom - top) // MIN_GAP + 1
    wanted = max(fewest, min(most, MIN_PASSES), min(round(length / per_pass), most))
    gaps = [MIN_GAP if (bottom - top) >= MIN_GAP * (wanted - 1) else 2] * (wanted - 1)
    first = top if story == "above" else rng.randint(top, min(top + 2, bottom - sum(gaps)))
    # The lowest pass walks on the bottom border, as the examples' lowest floors do (a floor
    # of its own there would thicken the border into solid rock), and a cave below the exit
    # would be a place to fall into and never leave (S27), which mending could only fill.
    spare = bottom - first - sum(gaps) - (rng.randint(0, 2) if story == "above" else 0)
    for _ in range(max(0, spare)):
        if gaps:
            gaps[rng.randrange(len(gaps))] += 1
    rows = [first]
    for gap in gaps:
        rows.append(rows[-1] + gap)
    if story == "above":
        rows = [height - 1 - row for row in rows]  # mirrored top to bottom: the route climbs
        rows = [min(bottom, row) for row in rows]
    elif story == "any" and len(rows) > 2 and rng.random() < 0.5:
        cut = rng.randint(1, len(rows) - 1)  # start in the middle: first down, then back up past the door
        rows = rows[cut:][::-1] + rows[:cut] if rng.random() < 0.5 else rows[:cut][::-1] + rows[cut:]
    return rows


def _spans(rng: random.Random, rows: list[int], width: int, length: float) -> list[Pass]:
    """Where each pass enters and leaves: spans adding up to about `length`, each next one
    usually turning back."""
    inner = width - 2
    shares = [rng.uniform(0.6, 1.4) for _ in rows]
    total = sum(shares)
    x = rng.choice((1, width - 2)) if rng.random() < 0.6 else rng.randint(1, width - 2)
    passes: list[Pass] = []
    heading = rng.choice((-1, 1))
    for row, share in zip(rows, shares):
        span = max(2, min(inner - 1, round(length * share / total)))
        if passes:
            heading = -heading if rng.random() < 0.8 else heading  # winding: most passes turn back
        room = {1: width - 2 - x, -1: x - 1}
        if room[heading] < span:
            heading = -heading if room[-heading] >= span else max(room, key=room.__getitem__)
        x_out = max(1, min(width - 2, x + heading * span))
        passes.append(Pass(row, x, x_out))
        x = x_out
    return passes


def _walk(skeleton: Skeleton, current: Pass) -> list[Position]:
    """The level fields of one pass, x_in to x_out, each on rock (S4), in walking order."""
    step = 1 if current.x_out > current.x_in else -1
    walk = [(x, current.row) for x in range(current.x_in, current.x_out + step, step)]
    for x, y in walk:
        if skeleton.fixed.get((x, y)) != "H":  # the foot of the ladder down to this pass stands on its floor
            skeleton.set(x, y, ".")
        skeleton.rock_under(x, y)
    return walk


def _terrain(rng: random.Random, skeleton: Skeleton, walk: list[Position], ladders: float) -> None:
    """Break the pass's floor every few fields, where the fields it takes are free: a dip of
    one or two fields (stepped into, jumped out of, S10), or else a ledge one field higher
    (jumped onto, stepped off). A long straight floor reads as a built storey, not a cave.
    Ends stay level: the door, the exit and the joins need them as planned."""
    free = skeleton.fixed.get
    index = rng.randint(1, TERRAIN_GAP[0] + 1)
    level_since = 0  # where the floor last changed
    while index < len(walk) - 2:
        size = min(rng.choice((1, 1, 2)), len(walk) - 2 - index)
        part = walk[index:index + size]
        before, after = walk[index - 1], walk[index + size]
        if all(free((x, y + 1)) == "#" and free((x, y + 2)) in (None, "#") for x, y in part):
            for x, y in part:  # a dip: the floor opens one field down, rock below it
                skeleton.fixed[(x, y + 1)] = "."
                skeleton.set(x, y + 2, "#")
                skeleton.notches.add((x, y + 1))
            walk[index:index + size] = [(x, y + 1) for x, y in part]
            level_since = index + size
        elif all(free((x, y - 1)) is None for x, y in [before, *part, after]) and part[0][1] >= 2:
            for x, y in part:  # a ledge: rock where the walk was, the walk on top
                skeleton.fixed[(x, y)] = "#"
                skeleton.fixed[(x, y - 1)] = "."
            for x, y in (before, after):
                skeleton.fixed[(x, y - 1)] = "."  # head room to jump up and to step off
            walk[index:index + size] = [(x, y - 1) for x, y in part]
            level_since = index + size
        elif ladders and index - level_since >= 4 and free((part[0][0], part[0][1] + 1)) == "#" and free((part[0][0], part[0][1] + 2)) == ".":
            # Stacked right on the pass below: a ladder in the floor (it still holds the walk
            # up, S4) is a way down, not a gap; the route can take it or walk on.
            skeleton.fixed[(part[0][0], part[0][1] + 1)] = "H"
            size, level_since = 1, index + 1
        index += size + rng.randint(*TERRAIN_GAP)


def _join(rng: random.Random, skeleton: Skeleton, current: Pass, following: Pass, share: float) -> None:
    """From the end of `current` to the start of `following` (same column): a hole and a
    shaft to drop down, or a ladder down or up."""
    x = current.x_out
    if following.row > current.row:  # down
        long_way = following.row - current.row > 5  # a long ladder is a lot of walking: mostly a shaft there
        kind = "ladder" if rng.random() < share / (2 if long_way else 1) else "drop"
        for y in range(current.row + 1, following.row + 1):
            skeleton.set(x, y, "H" if kind == "ladder" else ".")
        skeleton.set(x, following.row + 1, "#")
        if kind == "drop":
            skeleton.set(x, current.row, ".")
    else:  # up: a ladder from the walk below to the floor above, stepped off at the top (S12)
        for y in range(following.row + 1, current.row + 1):
            skeleton.set(x, y, "H")
        skeleton.set(x, following.row, ".")
        skeleton.rock_under(x, current.row)


def shortcut(grid: list[list[str]], walked: list[Position], rng: random.Random) -> bool:
    """A pair of teleporters on open fields of the walk a stretch apart (S20): a shortcut that
    saves a turn or two, not one that skips the cave. False when the walk has no room."""
    free = [index for index, (x, y) in enumerate(walked[1:-1], start=1)
            if grid[y][x] == "." and grid[y + 1][x] in "#H"]
    if len(free) < 2:
        return False
    for _ in range(12):
        first = rng.choice(free[:-1])
        later = [index for index in free if 2 <= index - first <= max(4, len(walked) // 3)]
        if later:
            second = rng.choice(later)
            for index in (first, second):
                x, y = walked[index]
                grid[y][x] = "O"
            return True
    return False
