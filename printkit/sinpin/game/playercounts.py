"""Which player counts a level supports, judged by playing it (S28-S33).

The ghost moves after every turn (S29a, S30), so with more players it moves more between one
avatar's turns: on a level whose exit lies below the door it follows the avatars down to the
exit's row, and with three or four players it may catch most of them before they get out
(where the exit lies above the door it only moves sideways along the door's rows). A level
*supports* a player count when, in SUPPORT_GAMES seeded games of that many greedy bots (the
simulator's own, printkit.sinpin.game.simulate), at least half of the avatars get out by the exit.
`printkit kit --random` prints its kit for the most players the level supports.
"""

from __future__ import annotations

from collections.abc import Iterable

from printkit.batch import Chunk
from printkit.sinpin.level import Level
from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk

SUPPORT_GAMES = 24
SUPPORT_SHARE = 0.5  # of the avatars that get out by the exit


def exit_share(level: Level, players: int, games: int = SUPPORT_GAMES, seed: int = 0) -> float:
    """The share of the avatars that left by the exit in `games` seeded games of `players`
    greedy bots."""
    plan = SimulationPlan(level, level.name or "level", ("greedy",), players, seed)
    stats = simulate_chunk(plan, Chunk(0, 0, games)).stats
    return stats.exits / (games * players)


def supported_counts(level: Level, counts: Iterable[int], games: int = SUPPORT_GAMES,
                     seed: int = 0) -> dict[int, float]:
    """Each of `counts` (rising) with its exit share; the supported ones reach SUPPORT_SHARE."""
    return {count: exit_share(level, count, games, seed) for count in sorted(counts)}
