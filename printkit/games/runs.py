"""Many games of any game, played through the protocol in chunks of a run (printkit.batch).

Game k of a run plays with the seed `derive_seed(run seed, k)`, whatever chunk or process
plays it, so a run gives the same records and statistics on any number of jobs; chunks'
statistics merge exactly (GameStats). Each game's `simulate` has a loop of its own, tuned
to it (printkit.sinpin.game, printkit.sinoda.simulate, printkit.yinsh.simulate); this is
the loop for a game that has none, and the reference the tests hold them to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from printkit.batch import Chunk, derive_seed
from printkit.games.protocol import JSON, Bot, GameRules
from printkit.games.record import dumps, play
from printkit.games.stats import GameStats


@dataclass
class ChunkGames:
    stats: GameStats
    records: str  # JSON Lines of the chunk's games ("" unless kept)


def play_chunk(game: GameRules, players: Callable[[], Sequence[Bot]], seed: int, chunk: Chunk, *,
               keep_records: bool = False, **extra: JSON) -> ChunkGames:
    """Play games chunk.start .. chunk.start + count - 1 of a run; `players` gives fresh bots
    for each game (a bot may keep what it learns in one game)."""
    stats = GameStats()
    texts: list[str] = []
    for index in chunk.items:
        lines = play(game, players(), derive_seed(seed, index), index=index, **extra)
        stats.add_game(lines)
        if keep_records:
            texts.append(dumps(lines))
    return ChunkGames(stats, "".join(texts))
