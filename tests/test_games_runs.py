"""Runs of any game through the protocol (printkit.games.runs): the same games whatever the
chunks; for Sinpin, the same records as `printkit simulate` plays with its tuned loop."""

from __future__ import annotations

from pathlib import Path

from test_games_protocol import First, Nim

from printkit.batch import make_chunks
from printkit.games.runs import play_chunk
from printkit.games.stats import GameStats
from printkit.sinpin.game.protocol import SinpinGame
from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk
from printkit.sinpin.loader import read_level

ROOT = Path(__file__).resolve().parent.parent


def test_chunks_of_a_run_give_the_whole_runs_games() -> None:
    whole = play_chunk(Nim(), lambda: [First(), First()], 5, make_chunks(12, 12)[0], keep_records=True)
    stats, records = GameStats(), []
    for chunk in make_chunks(12, 5):
        part = play_chunk(Nim(), lambda: [First(), First()], 5, chunk, keep_records=True)
        stats.merge(part.stats)
        records.append(part.records)
    assert stats.report() == whole.stats.report() and "".join(records) == whole.records
    assert whole.stats.games == 12 and whole.records.count('"record": "nim-game"') == 12


def test_a_sinpin_run_through_the_protocol_is_simulates_run() -> None:
    level = read_level(str(ROOT / "levels" / "02-ladder-well.yaml")).level()
    plan = SimulationPlan(level, "ladder-well", ("greedy", "random"), 3, 7, keep_records=True)
    chunk = make_chunks(4, 4)[0]
    tuned = simulate_chunk(plan, chunk)
    game = SinpinGame(level, 3, level_name="ladder-well")
    played = play_chunk(game, lambda: game.bots(plan.bots), 7, chunk, keep_records=True)
    assert played.records == tuned.records
    assert played.stats.report() == tuned.stats.shared.report()
