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
    straight after (`greedy_scores`). Of equal scores it prefers not to undo its own last
    action, then the action whose piece then threatens the highest rival value (so that
    greedy games come to blows rather than go round in circles), then draws at random."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.undo = (-1, -1)  # (the turn it matters on, the action that undoes the last one)

    def choose(self, state: Position, actions: Sequence[int]) -> int:
        if len(actions) == 1:
            return 0
        turn, undo = self.undo
        index = greedy_pick(state, actions, undo if turn == state.turn else -1, self.rng)
        self.undo = (state.turn + state.game.seats, undoing(state, actions[index]))
        return index


def greedy_pick(state: Position, actions: Sequence[int], undo: int = -1, rng: random.Random | None = None) -> int:
    """Greedy's choice (see GreedyBot): the first of the best when no `rng` is given."""
    scores = greedy_scores(state, actions)
    best = max(scores)
    tied = [i for i, score in enumerate(scores) if score == best]
    if len(tied) > 1 and undo >= 0:
        tied = [i for i in tied if actions[i] != undo] or tied
    if len(tied) > 1:
        threats = threats_of(state, [actions[i] for i in tied])
        most = max(threats)
        tied = [i for i, t in zip(tied, threats) if t == most]
    if len(tied) == 1 or rng is None:
        return tied[0]
    return tied[rng.randrange(len(tied))]


def undoing(state: Position, action: int) -> int:
    """The action that would turn back `action` on the same piece (a change back, or a
    move back to where it came from)."""
    space, target = action >> SPACE_BITS, action & TARGET_MASK
    if target >= CHANGE_BASE:
        return space << SPACE_BITS | (CHANGE_BASE + (state.cells[space] & 7) - 1)
    return target << SPACE_BITS | space


def greedy_scores(state: Position, actions: Sequence[int]) -> list[int]:
    """Per action: the value it captures (N7) minus the highest value of its side's pieces
    that a rival's piece could capture straight after (N6 reach after the action)."""
    seat = state.to_move
    assert seat is not None
    game = state.game
    reach = game.reach
    reach_ends, depends = reach.ends, reach.depends
    cells, masks, occupied = state.cells, state.masks, state.occupied
    friends = 0
    for ally in game.allies[seat]:
        friends |= masks[ally]
    # Each rival piece: (bit, space, value, the spaces its reach depends on, its ends now).
    rivals: list[tuple[int, int, int, int, int]] = []
    attacked_now = 0
    rest = occupied & ~friends
    while rest:
        low = rest & -rest
        space = low.bit_length() - 1
        rest ^= low
        value = cells[space] & 7
        ends = reach_ends(space, value, occupied)
        attacked_now |= ends
        rivals.append((low, space, value, depends[space][value], ends))
    # A change moves nothing: the same pieces stay in reach, one with another value.
    exposed = attacked_now & friends
    top = second = 0
    top_space = -1
    while exposed:
        low = exposed & -exposed
        at = low.bit_length() - 1
        exposed ^= low
        value = cells[at] & 7
        if value > top:
            top, second, top_space = value, top, at
        elif value > second:
            second = value
    scores: list[int] = []
    for action in actions:
        space, target = action >> SPACE_BITS, action & TARGET_MASK
        if target >= CHANGE_BASE:
            if attacked_now >> space & 1:
                value = target - CHANGE_BASE + 1
                others = second if space == top_space else top
                scores.append(-(value if value > others else others))
            else:
                scores.append(-top)
            continue
        leave, land = 1 << space, 1 << target
        after = (occupied ^ leave) | land
        moved = leave | land
        found = 0
        for bit, at, value, inputs, ends in rivals:
            if bit == land:
                continue  # captured
            if inputs & moved:  # else its reach is the same as before the action
                ends = reach_ends(at, value, after)
            found |= ends
        risk = highest_value(cells, found & (friends & ~leave), cells[space] & 7 if found & land else 0)
        scores.append((cells[target] & 7) - risk)
    return scores


def threats_of(state: Position, actions: Sequence[int]) -> list[int]:
    """Per action: the highest rival value the acting piece could capture after it (N6)."""
    game = state.game
    seat = state.to_move
    assert seat is not None
    reach_ends = game.reach.ends
    cells, occupied = state.cells, state.occupied
    friends = 0
    for ally in game.allies[seat]:
        friends |= state.masks[ally]
    rivals = occupied & ~friends
    found: list[int] = []
    for action in actions:
        space, target = action >> SPACE_BITS, action & TARGET_MASK
        if target >= CHANGE_BASE:  # the piece stays, with its new value
            ends, targets = reach_ends(space, target - CHANGE_BASE + 1, occupied), rivals
        else:
            after = (occupied ^ (1 << space)) | (1 << target)
            ends, targets = reach_ends(target, cells[space] & 7, after), rivals & ~(1 << target)
        found.append(highest_value(cells, ends & targets))
    return found


def highest_value(cells: bytes, mask: int, best: int = 0) -> int:
    """The highest value of the pieces on a mask's spaces, or `best` if that is higher."""
    while mask and best < 4:
        low = mask & -mask
        value = cells[low.bit_length() - 1] & 7
        if value > best:
            best = value
        mask ^= low
    return best
