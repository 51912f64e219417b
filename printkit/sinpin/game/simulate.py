"""Many simulated games of one level: a plan, and the work of one chunk of games.

Game k of a run plays with the seed `derive_seed(run seed, k)`, whatever chunk or process
plays it, so a run gives the same records and statistics on any number of jobs.
"""

from __future__ import annotations

import gc
import json
import threading
from dataclasses import dataclass

from printkit.batch import Chunk, derive_seed
from printkit.sinpin.game.bots import Knowledge, make_bots
from printkit.sinpin.game.outcomes import GameMoves
from printkit.gcpause import collector_paused
from printkit.sinpin.game.log import tell
from printkit.sinpin.game.turn import play_game
from printkit.sinpin.level import Level
from printkit.sinpin.game.stats import SimStats


@dataclass(frozen=True)
class SimulationPlan:
    level: Level
    level_name: str  # as the record's header names it
    bots: tuple[str, ...]  # assigned to the seats in order, cycling
    players: int
    seed: int
    keep_records: bool = False  # keep every game's record as JSON Lines text
    log_game: int | None = None  # tell this game in words (game.log)

    def seat_bots(self) -> list[str]:
        return [self.bots[seat % len(self.bots)] for seat in range(self.players)]


@dataclass
class ChunkResult:
    stats: SimStats
    records: str  # JSON Lines of the chunk's games ("" unless kept)
    logged: str | None  # the logged game told in words (game.log.tell), if in this chunk


_TOOLS: dict[tuple, tuple[GameMoves, Knowledge]] = {}  # per process: what every game of a level shares


def tools_for(level: Level) -> tuple[GameMoves, Knowledge]:
    """The move cache and the bots' knowledge of a level, made once per process."""
    key = (level.rows, level.rules)
    found = _TOOLS.get(key)
    if found is None:
        if len(_TOOLS) > 8:
            _TOOLS.clear()
        found = _TOOLS[key] = (GameMoves(level), Knowledge(level))
        # Whatever cycles making the tools left (the engine's walkers no longer make one:
        # MoveEngine.detached_transitions) are collected here, once a level, before any freeze.
        gc.collect()
    return found


def record_text(lines: list[dict]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def simulate_chunk(plan: SimulationPlan, chunk: Chunk) -> ChunkResult:
    """Play games chunk.start .. chunk.start + count - 1 of the run."""
    moves, knowledge = tools_for(plan.level)
    # Games make no reference cycles (see gcpause): the collector rests while they run. On
    # the main thread this is printkit's own process (one job or a local worker), where the
    # caches' survivors can be frozen; a Dask worker runs chunks on threads among its own work.
    with collector_paused(freeze=threading.current_thread() is threading.main_thread()):
        return _play_chunk(plan, chunk, moves, knowledge)


def _play_chunk(plan: SimulationPlan, chunk: Chunk, moves: GameMoves, knowledge: Knowledge) -> ChunkResult:
    stats = SimStats()
    texts: list[str] = []
    logged = None
    for game in chunk.items:
        bots = make_bots(list(plan.bots), plan.players, knowledge)
        hows: dict[int, list[str]] | None = {} if game == plan.log_game else None
        lines = play_game(plan.level, bots, derive_seed(plan.seed, game), game=game,
                          level_name=plan.level_name, moves=moves, hows=hows)
        stats.add_game(lines)
        if plan.keep_records:
            texts.append(record_text(lines))
        if hows is not None:
            logged = tell(lines, hows)
    return ChunkResult(stats, "".join(texts), logged)
