"""Findings for a level's designer (printkit.sinpin.game.findings), each triggered by a small
crafted record or level, and not made where the numbers do not show it."""

from __future__ import annotations

from printkit.batch import Chunk
from printkit.sinpin.game.findings import findings
from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk
from printkit.sinpin.game.stats import SimStats
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules

MAP = ["#########", "#A*.C.?Z#", "#########"]
LEVEL = Level(tuple(MAP), name="tiny", rules=Rules(max_rounds=3))
BOTS = ["greedy", "rusher"]


def header(game: int = 0, bots=BOTS, first: int = 0) -> dict:
    return {"record": "sinpin-game", "version": 1, "game": game, "seed": 1, "level": "tiny", "map": MAP, "rules": {},
            "players": [{"seat": i, "avatar": "?", "bot": b} for i, b in enumerate(bots)], "first": first}


def turn(seat: int, start, end, events=(), *, card: int = 1, exit_=False, ghost: int = 1) -> dict:
    move = None if end is None else {"end": list(end), "exit": exit_, "trail": [list(end)]}
    return {"turn": 1, "round": 1, "seat": seat, "card": card, "from": list(start) if start else None, "move": move,
            "events": [list(e) for e in events], "health": 3, "gems": 0, "hand": [],
            "ghost": [{"by": "turn", "path": [[0, 1]] * ghost}], "caught": [], "at": list(end) if end and not exit_ else None}


def stats_of(games) -> SimStats:
    stats = SimStats()
    for lines in games:
        stats.add_game(lines)
    return stats


def codes(stats: SimStats, level: Level = LEVEL, bots=BOTS, soft_locks=frozenset()) -> list[str]:
    return [finding.code for finding in findings(stats, level, bots, soft_locks)]


def exited_game(game: int = 0, first: int = 0, winner: int = 0, ghost: int = 1) -> list[dict]:
    """Both avatars take every item and leave by the exit; nobody is caught."""
    return [header(game, first=first),
            turn(0, (1, 1), (5, 1), [("gem", (2, 1)), ("draw", (6, 1), "gem")], ghost=ghost),
            turn(1, (1, 1), (7, 1), [("exit", (7, 1), 5)], exit_=True, ghost=ghost),
            turn(0, (5, 1), (7, 1), [("exit", (7, 1), 4)], exit_=True, ghost=ghost),
            {"end": "out", "rounds": 2, "gems": [5, 5], "winners": [winner]}]


def test_a_ghost_that_never_moved_or_caught_nobody_is_found() -> None:
    assert "ghost-still" in codes(stats_of([exited_game(ghost=0)]))
    assert codes(stats_of([exited_game(game=k, first=k % 2) for k in range(4)])) == ["ghost-caught-nobody"]


def test_more_than_half_the_avatars_caught_is_found() -> None:
    caught = [header(), turn(0, (1, 1), (3, 1), [("gem", (2, 1)), ("draw", (6, 1), "gem"), ("caught", (3, 1), 0)]),
              turn(1, (1, 1), (5, 1), [("caught", (5, 1), 1)]), {"end": "out", "rounds": 1, "gems": [1, 0], "winners": [0]}]
    found = findings(stats_of([caught]), LEVEL, BOTS)
    assert [f.code for f in found][0] == "most-caught" and "2 of 2 avatars were caught (100%)" in found[0].text


def _stalled(game: int, lines: list[dict], bots=BOTS) -> list[dict]:
    return [header(game, bots), *lines, {"end": "max_rounds", "rounds": 3, "gems": [9, 0], "winners": [0]}]


def test_a_chest_loop_in_games_stopped_at_max_rounds_names_the_chest_and_the_move() -> None:
    # greedy goes D2 -> C... into the chest at E2 again and again (S21): a farm
    farm = [turn(0, (3, 1), (4, 1), [("payout", (4, 1), 3)], card=4) for _ in range(6)]
    found = findings(stats_of([_stalled(7, farm)]), LEVEL, BOTS)
    farmed = next(f for f in found if f.code == "max-rounds-chest-farm")
    assert "in game 7 a chest at E2 paid out 6 times" in farmed.text and "entering it from D2" in farmed.text
    assert "move the chest off that loop" in farmed.change  # the level's own chest: the designer moves it


def test_moves_that_go_nowhere_beside_a_placed_chest_are_found() -> None:
    loop = [turn(0, (3, 1), (3, 1), [("place", (4, 1), "chest")])] + [turn(0, (3, 1), (3, 1)) for _ in range(9)]
    found = findings(stats_of([_stalled(0, loop)]), LEVEL, BOTS)
    looped = next(f for f in found if f.code == "max-rounds-loop")
    assert "moves from D2 ended on D2 again 10 times a game" in looped.text and "placed beside it at E2" in looped.text


def test_a_stall_where_no_exit_is_reachable_is_found() -> None:
    stuck = [turn(0, (1, 1), (3, 1)), turn(1, (1, 1), (3, 1))]
    assert "max-rounds-stall" in codes(stats_of([_stalled(0, stuck)]), soft_locks=frozenset({(3, 1)}))
    assert "max-rounds-stall" not in codes(stats_of([_stalled(0, stuck)]))


def test_random_bots_that_never_leave_are_found() -> None:
    wander = [turn(0, (1, 1), (2, 1)), turn(1, (1, 1), (3, 1))]
    assert "max-rounds-random-bot" in codes(stats_of([_stalled(0, wander, ["random", "random"])]), bots=["random"] * 2)
    assert codes(stats_of([_stalled(0, wander)]))[-2:] == ["max-rounds", "items-never-taken"]


def test_items_nobody_takes_are_named() -> None:
    game = [header(), turn(0, (1, 1), (7, 1), [("exit", (7, 1), 5)], exit_=True),
            turn(1, (1, 1), (7, 1), [("exit", (7, 1), 4)], exit_=True), {"end": "out", "rounds": 1, "gems": [5, 4], "winners": [0]}]
    found = [f for f in findings(stats_of([game]), LEVEL, BOTS) if f.code == "items-never-taken"]
    assert found and "gem at C2, question mark at G2" in found[0].text


def test_a_first_player_advantage_outside_its_interval_is_found() -> None:
    always_first = [exited_game(game=k, first=k % 2, winner=k % 2) for k in range(40)]
    assert "turn-order-advantage" in codes(stats_of(always_first))
    fair = [exited_game(game=k, first=k % 2, winner=(k // 2) % 2) for k in range(40)]
    assert "turn-order-advantage" not in codes(stats_of(fair))


def test_a_real_run_of_a_tiny_level_finds_the_ghost_catching() -> None:
    # the exit below the door: the ghost follows the avatars down (S30) and catches most
    level = Level(("#####", "#A..#", "#.#.#", "#...#", "#Z..#", "#####"), name="pit")
    stats = simulate_chunk(SimulationPlan(level, "pit", ("greedy",), 4, 1), Chunk(0, 0, 6)).stats
    assert stats.ghost_squares > 0
    assert not {"ghost-still", "ghost-caught-nobody"} & set(codes(stats, level, ["greedy"] * 4))
