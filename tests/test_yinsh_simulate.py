"""Chunks of simulated YINSH games: seeded per game, statistics that merge exactly."""

from __future__ import annotations

import json

import pytest

from printkit.batch import Chunk
from printkit.games.record import split_games
from printkit.yinsh.actions import action_text
from printkit.yinsh.knobs import Knobs
from printkit.yinsh.notation import read_game
from printkit.yinsh.simstats import YinshStats
from printkit.yinsh.simulate import SimulationPlan, simulate_chunk

PLAN = SimulationPlan(("random", "greedy"), seed=4, keep_records=True, log_game=3)


@pytest.fixture(scope="module")
def whole():
    return simulate_chunk(PLAN, Chunk(0, 0, 12))


def test_chunks_give_the_same_games_and_statistics(whole) -> None:
    parts = [simulate_chunk(PLAN, Chunk(0, 0, 5)), simulate_chunk(PLAN, Chunk(1, 5, 7))]
    assert "".join(p.records for p in parts) == whole.records
    merged = YinshStats()
    for part in parts:
        merged.merge(part.stats)
    assert merged.report() == whole.stats.report() and merged == whole.stats
    assert parts[0].logged == whole.logged and parts[1].logged is None


def test_the_report(whole) -> None:
    report = whole.stats.report()
    games = [game for game in split_games(json.loads(line) for line in whole.records.splitlines())]
    assert report["games"] == len(games) == 12
    colours = report["colours"]
    assert colours["white"]["wins"] + colours["black"]["wins"] + report["draws"] == 12
    whites = sum(1 for game in games if game[-1]["winners"] == [game[0]["white"]])
    assert colours["white"]["wins"] == whites
    assert colours["white"]["low"] <= colours["white"]["share"] <= colours["white"]["high"]
    assert sum(colours["white"]["bots"][bot]["games"] for bot in ("random", "greedy")) == 12
    assert colours["black"]["bots"]["greedy"]["wins"] + colours["white"]["bots"]["greedy"]["wins"] >= 10
    assert sum(report["ended"].values()) == 12
    assert report["moves"]["min"] <= report["moves"]["mean"] <= report["moves"]["max"]
    assert report["shared"]["games"] == 12


def test_the_logged_game_is_gipf_notation_of_that_game(whole) -> None:
    games = list(split_games(json.loads(line) for line in whole.records.splitlines()))
    replay = read_game(whole.logged)
    assert [line["action"] for line in games[3][1:-1]] == [action_text(a) for a in replay.actions]
    assert replay.tags["GameNumber"] == "3"


def test_blitz_games_end_at_the_first_row() -> None:
    result = simulate_chunk(SimulationPlan(("greedy",), seed=1, knobs=Knobs(rows_to_win=1)), Chunk(0, 0, 4))
    report = result.stats.report()
    assert report["ended"]["rings"] == 4
    assert result.records == "" and result.logged is None
