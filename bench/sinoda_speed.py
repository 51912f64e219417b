"""How fast is Sinoda's engine? Prints figures; not a test.

- the machine: seconds for a plain 10-million-step Python loop;
- two-player `greedy` games on the small board in this process, one core, in chunks as
  `printkit simulate` plays them, without and with records: games per CPU minute (best,
  median and worst of several runs: the machine may be shared);
- perft from the 2-player start: positions per CPU second;
- the search bot: CPU seconds per move (mean and worst) on the large board (3, 4, 6
  players and teams) and on the small one, over whole games against greedy;
- the search bot against greedy: win shares with 95 % intervals (2 and 4 players).

Run: python bench/sinoda_speed.py [GAMES]   (GAMES: two-player greedy games per run, 2000)
"""

from __future__ import annotations

import statistics
import sys
import time

from printkit.batch import Chunk, derive_seed
from printkit.games.stats import wilson
from printkit.sinoda.bots import GreedyBot
from printkit.sinoda.game import make_game
from printkit.sinoda.perft import perft
from printkit.sinoda.position import successor
from printkit.sinoda.search import SearchBot
from printkit.sinoda.simulate import SimulationPlan, play_game, simulate_chunk

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
REPEATS = 5
CHUNK = 100


def loop_seconds() -> tuple[float, float]:
    """CPU and wall seconds of a plain 10-million-step loop."""
    cpu, wall = time.process_time(), time.perf_counter()
    [None for _ in range(10**7)]
    return time.process_time() - cpu, time.perf_counter() - wall


def greedy_rate(games: int, start: int, keep: bool) -> float:
    plan = SimulationPlan(make_game(2), "sinoda-2", ("greedy",), seed=1, keep_records=keep)
    began = time.process_time()
    for first in range(start, start + games, CHUNK):
        simulate_chunk(plan, Chunk(first // CHUNK, first, min(CHUNK, start + games - first)))
    return games / (time.process_time() - began) * 60


def search_moves(players: int, teams: int | None, games: int) -> tuple[float, float, int]:
    """Mean and worst CPU seconds of the search bot's moves, and how many it made."""
    game = make_game(players, teams=teams)
    times: list[float] = []
    for index in range(games):
        seat = index % players
        bots = [SearchBot(index) if s == seat else GreedyBot(index * 10 + s) for s in range(players)]
        state = game.initial_state(derive_seed(9, index))
        while not state.is_terminal():
            actions = state.legal_actions()
            began = time.process_time()
            choice = bots[state.to_move].choose(state, actions)
            if state.to_move == seat:
                times.append(time.process_time() - began)
            state = successor(state, actions[choice])
    return statistics.mean(times), max(times), len(times)


def search_share(players: int, games: int) -> tuple[float, float, float]:
    game = make_game(players)
    won = 0.0
    for index in range(games):
        seat = index % players
        bots = [SearchBot(index) if s == seat else GreedyBot(index * 10 + s) for s in range(players)]
        final, _, _ = play_game(game, bots, derive_seed(11, index))
        winners = final.winners()
        won += winners.count(seat) / len(winners)
    return (won / games, *wilson(won, games))


def main() -> None:
    cpu, wall = loop_seconds()
    print(f"machine: a 10-million-step Python loop takes {cpu:.2f} s CPU ({wall:.2f} s wall)")
    for keep in (False, True):
        rates = [greedy_rate(GAMES, run * GAMES, keep) for run in range(REPEATS)]
        label = "with records" if keep else "no records  "
        print(f"2-player greedy games, small board, {label}: {max(rates):,.0f} games per CPU minute best,"
              f" {statistics.median(rates):,.0f} median, {min(rates):,.0f} worst ({REPEATS} runs of {GAMES})")
    began = time.process_time()
    counts = perft(make_game(2).start_position(0), 5)
    spent = time.process_time() - began
    print(f"perft 5 from the 2-player start: {counts} in {spent:.2f} s CPU ({sum(counts) / spent:,.0f} positions/s)")
    for players, teams, games in ((2, None, 20), (3, None, 10), (4, None, 10), (4, 2, 10), (6, None, 6), (6, 3, 6)):
        mean, worst, moves = search_moves(players, teams, games)
        board = "small" if players == 2 else "large"
        name = f"{players} players" + (f", {teams} teams" if teams else "")
        print(f"search bot, {name} ({board} board): {mean * 1000:.1f} ms a move on average,"
              f" worst {worst * 1000:.0f} ms ({moves} moves)")
    for players, games in ((2, 200), (4, 200)):
        share, low, high = search_share(players, games)
        print(f"search against greedy, {players} players: wins {share:.1%} (95 % {low:.1%}-{high:.1%}),"
              f" a fair share is {1 / players:.0%} ({games} games)")


if __name__ == "__main__":
    main()
