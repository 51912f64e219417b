"""Sinoda bots (protocol `Bot`s): random, greedy and the search bot (printkit.sinoda.search).

Every bot is team-aware (N11): a teammate's pieces count as its own side's, for what it
guards and what it may not land on. Bots draw from their own seeded generator, so a game
is a function of its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printkit.sinoda.actions import CHANGE_BASE, SPACE_BITS, TARGET_MASK
from printkit.sinoda.position import Position


class RandomBot:
    """Any legal action, each as likely."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: Position, actions: Sequence[int]) -> int:
        return self.rng.randrange(len(actions))


class GreedyBot:
    """The best capture now, and no piece of its side left where a rival can capture it:
    each action scores what it captures minus the highest value a rival could capture
    straight after; of equal scores it prefers not to undo its own last action, then the
    action whose piece then threatens the highest rival value (so that greedy games come
    to blows rather than go round in circles), then draws at random."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.undo = (-1, -1)  # (the turn it matters on, the action that undoes the last one)

    def choose(self, state: Position, actions: Sequence[int]) -> int:
        if len(actions) == 1:
            return 0
        values = greedy_values(state, actions)
        turn, undo = self.undo
        if turn == state.turn and undo in actions:
            values[actions.index(undo)] -= UNDO_PENALTY
        best = max(values)
        tied = [i for i, value in enumerate(values) if value == best]
        index = tied[0] if len(tied) == 1 else tied[self.rng.randrange(len(tied))]
        self.undo = (state.turn + state.game.seats, undoing(state, actions[index]))
        return index


def undoing(state: Position, action: int) -> int:
    """The action that would turn back `action` on the same piece (a change back, or a
    move back to where it came from)."""
    space, target = action >> SPACE_BITS, action & TARGET_MASK
    if target >= CHANGE_BASE:
        return space << SPACE_BITS | (CHANGE_BASE + (state.cells[space] & 7) - 1)
    return target << SPACE_BITS | space


THREAT_WEIGHT = 8  # a point of capture or risk outweighs any threat (values are 1-4) …
UNDO_PENALTY = 5  # … and not undoing one's last action outweighs any threat, but no point


def greedy_values(state: Position, actions: Sequence[int]) -> list[int]:
    """Per action: THREAT_WEIGHT × (the value it captures (N7) minus the highest value of
    its side's pieces that a rival's piece could then capture) plus the highest rival value
    the acting piece could capture next (N6 reach in the position after the action)."""
    seat = state.to_move
    assert seat is not None
    game = state.game
    reach = game.reach
    relevant, tables, fill = reach.relevant, reach.tables, reach.fill
    cells, masks, occupied = state.cells, state.masks, state.occupied
    friends = 0
    for ally in game.allies[seat]:
        friends |= masks[ally]
    rivals: list[tuple[int, int]] = []  # (bit, reach key) of each rival piece
    rivals_mask = rest = occupied & ~friends
    while rest:
        low = rest & -rest
        space = low.bit_length() - 1
        rest ^= low
        rivals.append((low, space << 2 | ((cells[space] & 7) - 1)))

    def attacked(occ: int, gone: int) -> int:
        found = 0
        for bit, key in rivals:
            if bit != gone:
                local = occ & relevant[key]
                ends = tables[key].get(local)
                if ends is None:
                    ends = fill(key, local)
                found |= ends
        return found

    exposed_now = attacked(occupied, 0) & friends
    values: list[int] = []
    for action in actions:
        space, target = action >> SPACE_BITS, action & TARGET_MASK
        risk = 0
        if target >= CHANGE_BASE:  # N5: nobody's reach changes, only this piece's worth
            exposed = exposed_now
            while exposed:
                low = exposed & -exposed
                at = low.bit_length() - 1
                exposed ^= low
                value = target - CHANGE_BASE + 1 if at == space else cells[at] & 7
                if value > risk:
                    risk = value
            key = space << 2 | (target - CHANGE_BASE)
            local = occupied & relevant[key]
            ends = tables[key].get(local)
            if ends is None:
                ends = fill(key, local)
            values.append(_highest(cells, ends & rivals_mask) - THREAT_WEIGHT * risk)
            continue
        leave, land = 1 << space, 1 << target
        gain = cells[target] & 7
        after = (occupied ^ leave) | land
        exposed = attacked(after, land) & ((friends ^ leave) | land)
        while exposed:
            low = exposed & -exposed
            at = low.bit_length() - 1
            exposed ^= low
            value = cells[space] & 7 if at == target else cells[at] & 7
            if value > risk:
                risk = value
        key = target << 2 | ((cells[space] & 7) - 1)
        local = after & relevant[key]
        ends = tables[key].get(local)
        if ends is None:
            ends = fill(key, local)
        values.append(_highest(cells, ends & rivals_mask & ~land) + THREAT_WEIGHT * (gain - risk))
    return values


def _highest(cells: bytes, mask: int) -> int:
    """The highest value of the pieces on a mask's spaces (0 for none)."""
    best = 0
    while mask:
        low = mask & -mask
        value = cells[low.bit_length() - 1] & 7
        if value > best:
            best = value
        mask ^= low
    return best
