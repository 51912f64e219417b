"""The search bot: a look-ahead search over the one successor function.

- **Two players:** alpha-beta minimax (the paranoid reading is exact with one rival),
  `depth` turns deep (3 by default).
- **More seats** (3, 4 or 6 players, and every team game): a max-n look-ahead over one
  round in which every other seat plays its own best reply as the greedy bot judges it:
  each own action is followed by the other seats' greedy replies, in turn order, until it
  is this seat's turn again. Paranoid search a few turns deep is weak here: it sees one
  rival's reply and misses the captures the rivals after it have.

A position is judged from the searching seat's side (N11: its team) by the points race of
N9 (the side's best score against the best rival score), the pieces on the board (N9's tie
break), and a short look ahead: the best capture the seat to move could make now and the
best the other side could make once its turn comes (N6, N7). Wins and losses (N8-N10,
N12) outweigh all. Of equal actions the bot prefers not to undo its last one; the actions
are tried biggest capture first (for the pruning), so of equally valued ones the one with
the bigger capture now is kept, and among equal captures the draw is random (its own
seeded generator).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printkit.sinoda.actions import CHANGE_BASE, TARGET_MASK
from printkit.sinoda.bots import greedy_pick, highest_value, undoing
from printkit.sinoda.position import Position, successor

POINT = 16  # a point of score
NEXT_CAPTURE = 12  # the best capture the side to move could make now (3/4 of a point)
LATER_CAPTURE = 3  # the best capture the other side could make once its turn comes
PIECE = 2  # a piece on the board (N9's tie break, and a piece that can still capture)
UNDO = 3  # not undoing one's own last action, when nothing else differs
WIN = 1 << 20
DEFAULT_DEPTH = 3  # turns searched by alpha-beta in two-player games


class SearchBot:
    """Alpha-beta for two players, a greedy-reply round for more (module docstring)."""

    name = "search"

    def __init__(self, seed: int = 0, depth: int = DEFAULT_DEPTH):
        self.rng = random.Random(seed)
        self.depth = depth
        self.undo = (-1, -1)  # (the turn it matters on, the action that undoes the last one)
        self.nodes = 0  # positions judged, for benches

    def choose(self, state: Position, actions: Sequence[int]) -> int:
        if len(actions) == 1:
            return 0
        seat = state.to_move
        assert seat is not None
        side = state.game.allies[seat]
        order = list(range(len(actions)))
        self.rng.shuffle(order)  # equal captures in a random order: ties among them go to a random one
        order.sort(key=lambda i: -_capture(state, actions[i]))
        two_players = state.game.seats == 2
        turn, undo = self.undo
        best_index, best = order[0], -4 * WIN
        for i in order:
            after = successor(state, actions[i])
            if two_players:
                value = self._alpha_beta(after, side, self.depth - 1, best - UNDO, 4 * WIN)
            else:
                value = self._round(after, seat, side)
            if turn == state.turn and actions[i] == undo:
                value -= UNDO
            if value > best:
                best_index, best = i, value
        self.undo = (state.turn + state.game.seats, undoing(state, actions[best_index]))
        return best_index

    def _alpha_beta(self, position: Position, side: tuple[int, ...], depth: int, alpha: int, beta: int) -> int:
        seat = position.to_move
        if seat is None or depth <= 0:
            self.nodes += 1
            return judge(position, side)
        actions = sorted(position.legal_actions(), key=lambda a: -_capture(position, a))
        if seat in side:
            value = -4 * WIN
            for action in actions:
                value = max(value, self._alpha_beta(successor(position, action), side, depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = 4 * WIN
        for action in actions:
            value = min(value, self._alpha_beta(successor(position, action), side, depth - 1, alpha, beta))
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def _round(self, position: Position, seat: int, side: tuple[int, ...]) -> int:
        """The other seats reply as greedy would (its best, the first of equals) until
        `seat` is to move again or the game is over; then the judgement."""
        while position.to_move is not None and position.to_move != seat:
            actions = position.legal_actions()
            position = successor(position, actions[greedy_pick(position, actions)])
        self.nodes += 1
        return judge(position, side)


def _capture(position: Position, action: int) -> int:
    target = action & TARGET_MASK
    return 0 if target >= CHANGE_BASE else position.cells[target] & 7


def judge(position: Position, side: tuple[int, ...]) -> int:
    """The position's worth to a side (see the module's docstring), in POINT units."""
    points = position.points
    ours = max(points[seat] for seat in side)
    theirs = max((p for seat, p in enumerate(points) if seat not in side), default=0)
    masks = position.masks
    our_pieces = sum(masks[seat].bit_count() for seat in side)
    their_pieces = position.occupied.bit_count() - our_pieces
    worth = POINT * (ours - theirs) + PIECE * (our_pieces - their_pieces)
    seat = position.to_move
    if seat is None:
        winners = position.winners()
        if any(s in side for s in winners):
            return WIN // len(winners) * len(side) + worth
        return -WIN + worth
    ours_mask = 0
    for ally in side:
        ours_mask |= masks[ally]
    theirs_mask = position.occupied & ~ours_mask
    ours_attack = best_capture(position, ours_mask, theirs_mask)
    theirs_attack = best_capture(position, theirs_mask, ours_mask)
    if seat in side:
        return worth + NEXT_CAPTURE * ours_attack - LATER_CAPTURE * theirs_attack
    return worth + LATER_CAPTURE * ours_attack - NEXT_CAPTURE * theirs_attack


def best_capture(position: Position, attackers: int, targets: int) -> int:
    """The highest value on a space of `targets` that a piece on `attackers` could reach
    with a move now (N6), were it its turn."""
    reach_ends = position.game.reach.ends
    cells, occupied = position.cells, position.occupied
    reached = 0
    while attackers:
        low = attackers & -attackers
        space = low.bit_length() - 1
        attackers ^= low
        reached |= reach_ends(space, cells[space] & 7, occupied)
    return highest_value(cells, reached & targets)
