"""YINSH bots (the protocol's Bot): random, greedy and alpha-beta.

Every bot gets its actions from the state's one successor function and breaks ties with its
own generator, seeded per game and seat, so a game is a function of its seed.

- `random`: any legal action, all alike.
- `greedy`: one action ahead: rows now (a ring off is worth most), then the flips and the
  marker that build its own rows and break the opponent's (printkit.yinsh.evaluation); it
  places rings where they could move farthest.
- `alphabeta`: looks `depth` moves ahead (2: its move and the reply) with alpha-beta
  pruning and the full evaluation (rings, rows in the making, ring mobility). Taking a row
  off is part of the move that made it, so it does not use up depth; ring placements look
  one placement ahead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printkit.yinsh.actions import OVER, PLACE, REMOVE, Action
from printkit.yinsh.evaluation import WIN, destinations, full_score, greedy_score
from printkit.yinsh.state import State

BOTS = ("random", "greedy", "alphabeta")
ALPHABETA_DEPTH = 2


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, actions: Sequence[Action]) -> int:
        return self.rng.randrange(len(actions))


def _best(scores: Sequence[float], rng: random.Random) -> int:
    top = max(scores)
    return rng.choice([i for i, score in enumerate(scores) if score == top])


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, actions: Sequence[Action]) -> int:
        if len(actions) == 1:
            return 0
        colour = state.colour
        if state.phase == PLACE:
            return _best([destinations(state.after(a), colour) for a in actions], self.rng)
        return _best([greedy_score(state.after(a), colour) for a in actions], self.rng)


class AlphaBetaBot:
    name = "alphabeta"

    def __init__(self, seed: int = 0, depth: int = ALPHABETA_DEPTH):
        self.rng = random.Random(seed)
        self.depth = depth
        self.nodes = 0  # positions valued, for the bench

    def choose(self, state: State, actions: Sequence[Action]) -> int:
        if len(actions) == 1:
            return 0
        colour = state.colour
        depth = 1 if state.phase == PLACE else self.depth
        alpha = -WIN * 2
        scores = []
        for action in actions:
            child = state.after(action)
            # A child equal to the best so far must be known exactly to be a tie: search
            # it with a window just below alpha, so only worse children are cut short.
            score = self._value(child, depth - _cost(action), alpha - 1, WIN * 2, colour)
            scores.append(score)
            alpha = max(alpha, score)
        return _best(scores, self.rng)

    def _value(self, state: State, depth: int, alpha: float, beta: float, colour: int) -> float:
        if state.phase == OVER or depth <= 0 and state.phase != REMOVE:  # a turn's rows are searched to its end
            self.nodes += 1
            return full_score(state, colour)
        actions = state.legal_actions()
        if state.colour == colour:
            best = -WIN * 2
            for action in actions:
                best = max(best, self._value(state.after(action), depth - _cost(action), alpha, beta, colour))
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            return best
        best = WIN * 2
        for action in actions:
            best = min(best, self._value(state.after(action), depth - _cost(action), alpha, beta, colour))
            if best <= alpha:
                return best
            beta = min(beta, best)
        return best


def _cost(action: Action) -> int:
    """Depth an action uses: a row's removal belongs to the move before it."""
    return 0 if action[0] == "remove" else 1


def make_bot(name: str, seed: int = 0) -> RandomBot | GreedyBot | AlphaBetaBot:
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "alphabeta":
        return AlphaBetaBot(seed)
    raise ValueError(f"unknown YINSH bot '{name}'; the bots are {', '.join(BOTS)}")
