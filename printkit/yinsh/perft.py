"""Perft: how many positions lie 1, 2, …, D actions from a position (the move generator's
golden counts and its speed bench). A position where the game is over counts where it is
reached and has no successors."""

from __future__ import annotations

from printkit.yinsh.state import State


def perft(state: State, depth: int) -> list[int]:
    """Positions after exactly 1 … depth actions from `state` (the last level is counted
    from the number of legal actions, without making them)."""
    if depth < 1:
        return []  # as Sinoda's perft
    counts = [0] * depth
    _walk(state, depth, counts, 0)
    return counts


def _walk(state: State, depth: int, counts: list[int], level: int) -> None:
    actions = state.legal_actions()
    counts[level] += len(actions)
    if level + 1 < depth:
        for action in actions:
            _walk(state.after(action), depth, counts, level + 1)


def perft_made(state: State, depth: int) -> int:
    """Positions `depth` actions away, every one made (the bench's honest count)."""
    if depth == 0:
        return 1
    return sum(perft_made(state.after(action), depth - 1) for action in state.legal_actions())
