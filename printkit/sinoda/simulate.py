"""Many simulated Sinoda games: a plan, one game's tuned loop, and a chunk of games.

Game k of a run plays with the seed `derive_seed(run seed, k)` (its first player, N3) and
its bots with seeds derived from the same, whatever chunk or process plays it, so a run
gives the same records and statistics on any number of jobs. In 4-player games the bots
are seated by lot (N3; in team games which team takes the corners, N11), drawn from
`derive_seed(run seed, k, "seats")`.

`play_game` is the protocol's `printkit.games.record.play` without its checks (the actions
come from `legal_actions`) and with the record kept only when asked; it writes the same
record as `play` would, which the tests check.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from printkit.batch import Chunk, derive_seed
from printkit.games.protocol import Bot
from printkit.games.record import dumps, header
from printkit.sinoda.bots import GreedyBot, RandomBot
from printkit.sinoda.game import SinodaGame
from printkit.sinoda.position import Position, successor
from printkit.sinoda.search import SearchBot
from printkit.sinoda.simstats import GameSummary, SinodaStats

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(name: str, seed: int) -> Bot:
    return BOTS[name](seed)


@dataclass(frozen=True)
class SimulationPlan:
    game: SinodaGame
    spec_name: str  # the board spec as the record's header names it
    bots: tuple[str, ...]  # assigned to the seats in order, cycling, before the lot of N3
    seed: int
    keep_records: bool = False  # keep every game's record as JSON Lines text
    log_game: int | None = None  # keep this game's record lines for a log

    def seat_bots(self) -> list[str]:
        return [self.bots[seat % len(self.bots)] for seat in range(self.game.seats)]

    def seated(self, index: int) -> list[str]:
        """The bots per seat in game `index`: by lot in 4-player games (N3, N11)."""
        names = self.seat_bots()
        if self.game.seats != 4:
            return names
        rng = random.Random(derive_seed(self.seed, index, "seats"))
        if self.game.teams:  # the team of the first bot takes the sides or the corners
            shift = rng.randrange(2)
            return names[-shift:] + names[:-shift] if shift else names
        rng.shuffle(names)
        return names


@dataclass
class ChunkResult:
    stats: SinodaStats
    records: str  # JSON Lines of the chunk's games ("" unless kept)
    logged: list[dict] | None  # the record lines of the logged game, if in this chunk


def play_game(game: SinodaGame, bots: list[Bot], seed: int, *, index: int = 0, keep: bool = False,
              spec_name: str = "") -> tuple[Position, GameSummary, list[dict] | None]:
    """One game: its last position, its summary and (with `keep`) its record."""
    state = game.initial_state(seed)
    first = state.to_move
    assert first is not None
    lines = [header(game, index, seed, bots, **header_extra(game, spec_name))] if keep else None
    captures: list[int] = []
    while state.to_move is not None:
        seat = state.to_move
        actions = state.legal_actions()
        action = actions[bots[seat].choose(state, actions)]
        taken = state.cells[action & 63] if action & 63 < 60 else 0
        if taken:
            captures.append(taken & 7)
        if lines is not None:
            lines.append({"turn": state.turn + 1, "seat": seat, "action": game.action_json(state, action)})
        state = successor(state, action)
    winners = state.winners()
    if lines is not None:
        lines.append({"end": state.ended, "winners": list(winners), "scores": list(state.points)})
    summary = GameSummary(tuple(bot.name for bot in bots), first, state.turn, str(state.ended), winners,
                          state.points, tuple(captures))
    return state, summary, lines


def header_extra(game: SinodaGame, spec_name: str) -> dict:
    """The record header's Sinoda keys: what a reader needs to replay the game."""
    return {"board": spec_name, "setup": game.setup.name, "teams": [list(team) for team in game.teams],
            "rules": dataclasses.asdict(game.rules)}


def simulate_chunk(plan: SimulationPlan, chunk: Chunk) -> ChunkResult:
    """Play games chunk.start .. chunk.start + count - 1 of the run."""
    stats = SinodaStats()
    texts: list[str] = []
    logged = None
    game = plan.game
    for index in chunk.items:
        seed = derive_seed(plan.seed, index)
        bots = [make_bot(name, derive_seed(plan.seed, index, "bot", seat))
                for seat, name in enumerate(plan.seated(index))]
        keep = plan.keep_records or index == plan.log_game
        _, summary, lines = play_game(game, bots, seed, index=index, keep=keep, spec_name=plan.spec_name)
        stats.add(summary, game.teams)
        if lines is not None:
            if plan.keep_records:
                texts.append(dumps(lines))
            if index == plan.log_game:
                logged = lines
    return ChunkResult(stats, "".join(texts), logged)
