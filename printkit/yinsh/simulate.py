"""Many simulated YINSH games: a plan, and the work of one chunk of games.

Game k of a run plays with the seed `derive_seed(run seed, k)` (which also draws who plays
white, Y2) and its bots with `derive_seed(run seed, k, "bot", seat)`, whatever chunk or
process plays it, so a run gives the same records and statistics on any number of jobs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from printkit.batch import Chunk, derive_seed
from printkit.yinsh.bots import make_bot
from printkit.yinsh.game import YinshGame, play_game, record_game_text
from printkit.yinsh.knobs import Knobs
from printkit.yinsh.simstats import YinshStats


@dataclass(frozen=True)
class SimulationPlan:
    bots: tuple[str, ...]  # for seats 0 and 1, cycling
    seed: int
    knobs: Knobs = field(default_factory=Knobs)
    keep_records: bool = False  # keep every game's record as JSON Lines text
    log_game: int | None = None  # keep this game in GIPF notation

    def seat_bots(self) -> list[str]:
        return [self.bots[seat % len(self.bots)] for seat in range(2)]


@dataclass
class ChunkResult:
    stats: YinshStats
    records: str  # JSON Lines of the chunk's games ("" unless kept)
    logged: str | None  # the logged game in GIPF notation, if in this chunk


def simulate_chunk(plan: SimulationPlan, chunk: Chunk) -> ChunkResult:
    """Play games chunk.start .. chunk.start + count - 1 of the run."""
    game = YinshGame(plan.knobs)
    stats = YinshStats()
    texts: list[str] = []
    logged = None
    names = plan.seat_bots()
    for index in chunk.items:
        bots = [make_bot(name, derive_seed(plan.seed, index, "bot", seat)) for seat, name in enumerate(names)]
        lines = play_game(game, bots, derive_seed(plan.seed, index), index=index)
        stats.add_game(lines)
        if plan.keep_records:
            texts.append("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))
        if index == plan.log_game:
            logged = record_game_text(lines)
    return ChunkResult(stats, "".join(texts), logged)
