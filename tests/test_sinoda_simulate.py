"""Simulated Sinoda games (printkit/sinoda/simulate.py, simstats.py): the tuned loop writes
the protocol's record, seeds make runs independent of jobs, statistics merge exactly."""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from printkit.batch import LocalProcesses, make_chunks, run_chunks
from printkit.games.record import play, split_games
from printkit.sinoda.simstats import SinodaStats, summary_from_record
from printkit.sinoda.simulate import BOTS, SimulationPlan, header_extra, make_bot, play_game, simulate_chunk

from sinodahelp import game


@pytest.mark.parametrize("players", [(2, None, None), (4, None, 2), (3, "small", None)])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_the_tuned_loop_writes_the_protocols_record(players, bot) -> None:
    g = game(*players)
    for seed in range(3):
        bots = [make_bot(bot, seed * 10 + s) for s in range(g.seats)]
        expected = play(g, [make_bot(bot, seed * 10 + s) for s in range(g.seats)], seed, index=seed,
                        **header_extra(g, "spec"))
        final, summary, lines = play_game(g, bots, seed, index=seed, keep=True, spec_name="spec")
        assert lines == expected
        assert summary == summary_from_record(lines)
        assert summary.turns == final.turn and final.is_terminal()
        assert lines[0]["rules"] == {"max_turns": 400, "win_by_sinoda": True}
        assert lines[0]["teams"] == [list(team) for team in g.teams]


def run(plan: SimulationPlan, games: int, size: int, jobs: int):
    stats, texts = SinodaStats(), []
    for _, result in run_chunks(functools.partial(simulate_chunk, plan), make_chunks(games, size), jobs=jobs):
        stats.merge(result.stats)
        texts.append(result.records)
    return stats, "".join(texts)


def test_same_seed_same_record_for_any_jobs() -> None:
    plan = SimulationPlan(game(4), "sinoda-4", ("greedy", "random"), seed=3, keep_records=True)
    one_stats, one = run(plan, 12, 12, jobs=1)
    two_stats, two = run(plan, 12, 5, jobs=2)
    assert one == two and one_stats == two_stats
    other, _ = run(SimulationPlan(game(4), "sinoda-4", ("greedy", "random"), seed=4), 12, 12, jobs=1)
    assert other.report(4) != one_stats.report(4)


def test_statistics_merge_exactly_and_match_the_records() -> None:
    g = game(2)
    plan = SimulationPlan(g, "sinoda-2", ("greedy",), seed=1, keep_records=True)
    whole, text = run(plan, 20, 20, jobs=1)
    parts, _ = run(plan, 20, 3, jobs=1)
    assert whole.report(2) == parts.report(2)
    import json

    games = list(split_games(json.loads(line) for line in text.splitlines()))
    again = SinodaStats()
    for lines in games:
        again.add(summary_from_record(lines))
    assert again.report(2) == whole.report(2)
    report = whole.report(2)
    assert report["games"] == 20 and sum(report["captures_by_value"].values()) > 0
    assert sum(s["share"] for s in report["wins"]["turn_order"]) == pytest.approx(1.0, abs=1e-3)


def test_four_players_are_seated_by_lot() -> None:
    plan = SimulationPlan(game(4), "sinoda-4", ("search", "greedy", "random", "greedy"), seed=0)
    seats = Counter(plan.seated(index).index("search") for index in range(200))
    assert set(seats) == {0, 1, 2, 3} and min(seats.values()) > 30
    teams = SimulationPlan(game(4, teams=2), "sinoda-4-teams", ("search", "greedy", "search", "greedy"), seed=0)
    layouts = Counter(tuple(teams.seated(index)) for index in range(100))
    # The search team takes the sides (seats 0 and 2) or the corners (1 and 3), teammates opposite.
    assert set(layouts) == {("search", "greedy", "search", "greedy"), ("greedy", "search", "greedy", "search")}
    assert SimulationPlan(game(6), "sinoda-6", ("greedy", "random"), seed=0).seated(5) == ["greedy", "random"] * 3


def test_team_wins_are_counted_per_team() -> None:
    plan = SimulationPlan(game(6, teams=3), "sinoda-6-three-teams", ("greedy",), seed=2)
    stats, _ = run(plan, 6, 6, jobs=1)
    report = stats.report(6, plan.game.teams)
    assert len(report["wins"]["per_team"]) == 3
    assert sum(t["share"] for t in report["wins"]["per_team"]) == pytest.approx(1.0, abs=1e-3)


def test_in_team_games_seats_places_and_bots_win_with_their_team() -> None:
    plan = SimulationPlan(game(4, teams=2), "sinoda-4-teams", ("search", "greedy"), seed=5)
    stats, _ = run(plan, 8, 8, jobs=1)
    wins = stats.report(4, plan.game.teams)["wins"]
    seats, places = wins["per_seat_team"], wins["turn_order"]
    assert seats[0] == seats[2] == wins["per_team"][0] and seats[1] == seats[3] == wins["per_team"][1]
    assert places[0] == places[2] and places[1] == places[3]
    assert places[0]["share"] + places[1]["share"] == pytest.approx(1.0, abs=1e-3)
    per_bot = wins["per_bot_team"]
    assert per_bot["search"]["share"] + per_bot["greedy"]["share"] == pytest.approx(1.0, abs=1e-3)


def test_the_bots_are_named() -> None:
    assert list(BOTS) == ["random", "greedy", "search"]
    assert all(make_bot(name, 0).name == name for name in BOTS)
