"""Perft, as chess engines count it: the number of positions after 1, 2, … D turns from a
position, each line of play counted once (positions reached along different lines count
as often as they are reached). A game that ends (N8, N10, N12) has no turns after it.

The counts pin the move generator down (N4-N6, N11) for tests, and let anyone check
another implementation against printkit's (`printkit moves sinoda-2 --perft 3`).
"""

from __future__ import annotations

from printkit.sinoda.position import Position, successor


def perft(position: Position, depth: int) -> list[int]:
    """counts[d] = positions after d + 1 turns, for d < depth."""
    if depth < 1:
        return []
    counts = [0] * depth

    def walk(at: Position, ply: int) -> None:
        actions = at.legal_actions()
        counts[ply] += len(actions)
        if ply + 1 < depth:
            for action in actions:
                child = successor(at, action)
                if child.to_move is not None:
                    walk(child, ply + 1)

    if position.to_move is not None:
        walk(position, 0)
    return counts
