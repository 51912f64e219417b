"""Statistics read from game records: exact counts that merge, and the report's figures."""

from __future__ import annotations

from printkit.sinpin.level import Level
from printkit.games.stats import SHARE
from printkit.sinpin.game.stats import SimStats

MAP = ["########", "#A*?h.Z#", "########"]
LEVEL = Level(tuple(MAP), name="tiny")


def header(bots=("greedy", "rusher")) -> dict:
    return {"record": "sinpin-game", "version": 1, "game": 0, "seed": 1, "level": "tiny", "map": MAP,
            "rules": {}, "players": [{"seat": i, "avatar": "?", "bot": b} for i, b in enumerate(bots)], "first": 0}


def turn(seat: int, end, events, *, exit_=False) -> dict:
    move = None if end is None else {"end": list(end), "exit": exit_, "trail": []}
    return {"turn": 1, "round": 1, "seat": seat, "card": 1, "from": None, "move": move, "events": events,
            "health": 3, "gems": 0, "hand": [], "ghost": [], "caught": []}


GAME_ONE = [
    header(),
    {"setup": "gem", "seat": 0, "at": [5, 1]},
    turn(0, (3, 1), [["gem", [2, 1]], ["hurt", [3, 1]], ["draw", [3, 1], "gem"]]),
    turn(1, (3, 1), [["hurt", [3, 1]], ["knocked_out", [3, 1], "door"]]),
    turn(0, (6, 1), [["exit", [6, 1], 5]], exit_=True),
    turn(1, (4, 1), [["caught", [4, 1], 1]]),
    {"end": "out", "rounds": 2, "gems": [7, 0], "winners": [0]},
]
GAME_TWO = [
    header(),
    turn(0, (2, 1), [["gem", [2, 1]]]),
    turn(1, None, []),
    {"end": "max_rounds", "rounds": 5, "gems": [1, 1], "winners": [0, 1]},
]


def stats_of(*games) -> SimStats:
    stats = SimStats()
    for game in games:
        stats.add_game(game)
    return stats


def test_one_game_is_counted_exactly() -> None:
    stats = stats_of(GAME_ONE)
    assert stats.games == 1 and stats.ended == {"out": 1}
    assert stats.rounds == {2: 1}
    assert stats.seat_gems == {0: 7, 1: 0} and stats.shared.seat_wins == {0: SHARE}
    assert stats.bot_gems == {"greedy": 7, "rusher": 0} and stats.shared.bot_wins == {"greedy": SHARE}
    assert stats.health_losses == 2 and stats.hurts == {(3, 1): 2}
    assert stats.knock_outs == {"door": 1}
    assert stats.catches == 1 and stats.caught_at == {(4, 1): 1}
    assert stats.exits == 1 and stats.all_exited == 0
    assert stats.rests == {(3, 1): 2, (4, 1): 1}  # the exit is no rest position
    assert stats.items_taken == {(2, 1): 1, (3, 1): 1}  # the level's own items; the placed gem is not one


def test_ties_share_the_win_and_stats_of_chunks_merge_exactly() -> None:
    whole = stats_of(GAME_ONE, GAME_TWO)
    parts = stats_of(GAME_ONE)
    parts.merge(stats_of(GAME_TWO))
    assert parts == whole
    assert whole.shared.seat_wins == {0: SHARE + SHARE // 2, 1: SHARE // 2}  # shared through printkit.games.stats
    assert whole.shared.ties == 1 and whole.shared.length == {4: 1, 2: 1}
    report = whole.report(LEVEL, ["greedy", "rusher"], 1)
    assert report["wins"] == {"per_seat": [0.75, 0.25], "per_bot": {"greedy": 0.75, "rusher": 0.25}}
    assert report["gems"] == {"per_seat": [4.0, 0.5], "per_bot": {"greedy": 4.0, "rusher": 0.5}}
    assert report["finished"] == {"out": 1, "all_exited": 0, "max_rounds": 1}
    assert report["rounds"] == {"mean": 3.5, "median": 3.5, "p90": 5, "min": 2, "max": 5}
    assert report["items_never_taken"] == [[4, 1]]
    assert report["items"] == [{"at": [2, 1], "item": "gem", "taken_in": 2},
                               {"at": [3, 1], "item": "question mark", "taken_in": 1},
                               {"at": [4, 1], "item": "heart", "taken_in": 0}]
    assert report["knock_outs"] == {"pay": 0, "door": 1} and report["ghost_catches"] == 1


def test_percentiles_and_medians_of_rounds() -> None:
    stats = SimStats()
    for rounds in (1, 2, 2, 3, 10):
        stats.rounds[rounds] += 1
        stats.shared.games += 1
    assert stats.median() == 2.0
    assert stats.percentile(0.5) == 2 and stats.percentile(0.9) == 10 and stats.percentile(0.8) == 3
    assert SimStats().median() == 0.0 and SimStats().percentile(0.9) == 0


def test_every_exited_game_is_counted() -> None:
    game = [header(), turn(0, (6, 1), [["exit", [6, 1], 5]], exit_=True), turn(1, (6, 1), [["exit", [6, 1], 4]], exit_=True),
            {"end": "out", "rounds": 1, "gems": [5, 4], "winners": [0]}]
    stats = stats_of(game)
    assert stats.all_exited == 1 and stats.exits == 2 and stats.rests == {}


def test_each_seats_fate_knock_outs_and_health_lost() -> None:
    stats = stats_of(GAME_ONE, GAME_TWO)
    report = stats.report(LEVEL, ["greedy", "rusher"], 1)
    seat0, seat1 = report["fates"]["per_seat"]
    # seat 0 exited in game one and was still inside when game two stopped (S24, S33)
    assert seat0 == {"exited": 0.5, "caught": 0.0, "inside": 0.5, "knock_outs": 0.0, "health_lost": 0.5}
    # seat 1 was knocked out and caught in game one (S25, S32), inside at the end of game two
    assert seat1 == {"exited": 0.0, "caught": 0.5, "inside": 0.5, "knock_outs": 0.5, "health_lost": 0.5}
    assert report["fates"]["per_bot"] == {"greedy": seat0, "rusher": seat1}


def test_win_shares_have_wilson_intervals_and_the_first_player_is_judged() -> None:
    stats = stats_of(*([GAME_ONE] * 30))  # seat 0 plays first and wins every game
    report = stats.report(LEVEL, ["greedy", "rusher"], 1)
    low, high = report["seat_wins"][0]["low"], report["seat_wins"][0]["high"]
    assert report["seat_wins"][0]["share"] == 1.0 and 0.8 < low < 1.0 and high == 1.0
    first = report["first_player"]
    assert first["verdict"] == "more" and first["fair"] == 0.5
    assert first["text"].startswith("the first player wins 100% ± ") and first["text"].endswith("more than a fair 50%")
    second_first = [dict(GAME_ONE[0], first=1), *GAME_ONE[1:]]  # the same game with seat 1 drawn first (S28)
    even = stats_of(*([GAME_ONE, second_first] * 15)).report(LEVEL, ["greedy", "rusher"], 1)
    assert even["order_wins"][0]["share"] == 0.5 and even["first_player"]["verdict"] == "fair"


def test_traffic_counts_every_field_a_move_passed_once_a_move() -> None:
    line = turn(0, (4, 1), [])
    line["move"]["trail"] = [[2, 1], [3, 1], [4, 1], [3, 1], [4, 1]]
    stats = stats_of([header(), line, {"end": "out", "rounds": 1, "gems": [0, 0], "winners": [0, 1]}])
    assert stats.passed == {(2, 1): 1, (3, 1): 1, (4, 1): 1} and stats.rests == {(4, 1): 1}
