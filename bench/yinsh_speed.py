"""How fast is the YINSH engine? Prints figures; not a test. CPU time throughout (the
machine is shared).

- machine: seconds for a plain 10-million-step Python loop;
- move generation, perft-style: positions a CPU second from mid-game positions (taken from
  seeded greedy games after 15, 25 and 35 moves), every position made (depth 2 and 3), and
  the bulk count that only counts the last level;
- random against random: games a CPU minute, played and recorded as `printkit simulate
  yinsh` plays them (records in the shared frame kept as JSON Lines);
- the alpha-beta bot: seconds a move at depth 2 and 3 over the moves of a game (mean and
  worst), and GAMES games of alpha-beta (depth 2) against greedy, each bot white in half.

Run: python bench/yinsh_speed.py [GAMES]   (default 40)
"""

from __future__ import annotations

import statistics
import sys
import time

from printkit.batch import Chunk, derive_seed
from printkit.yinsh.actions import MOVE
from printkit.yinsh.bots import AlphaBetaBot, GreedyBot
from printkit.yinsh.game import YinshGame, play_game
from printkit.yinsh.perft import perft, perft_made
from printkit.yinsh.simulate import SimulationPlan, simulate_chunk
from printkit.yinsh.state import State, initial_state

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 40


def machine() -> float:
    start = time.process_time()
    [None for _ in range(10**7)]
    return time.process_time() - start


def mid_game(seed: int, after: tuple[int, ...]) -> list[State]:
    """Positions of a seeded greedy game with a player to move after `after` moves."""
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    state, found = initial_state(), []
    while not state.is_terminal():
        if state.phase == MOVE and state.moves in after and state.moves not in [s.moves for s in found]:
            found.append(state)
        actions = state.legal_actions()
        state = state.after(actions[bots[state.colour].choose(state, actions)])
    return found


def generation(positions: list[State]) -> None:
    for depth in (2, 3):
        start = time.process_time()
        made = sum(perft_made(p, depth) for p in positions)
        spent = time.process_time() - start
        print(f"  every position made, depth {depth}: {made:>9,} positions in {spent:6.2f} s CPU"
              f" = {made / spent:>9,.0f} a second")
    start = time.process_time()
    counted = sum(perft(p, 3)[-1] for p in positions)
    spent = time.process_time() - start
    print(f"  bulk count (last level counted), depth 3: {counted:,} in {spent:.2f} s = {counted / spent:,.0f} a second")


def random_games(count: int = 2000) -> None:
    plan = SimulationPlan(("random",), seed=1, keep_records=True)
    start = time.process_time()
    result = simulate_chunk(plan, Chunk(0, 0, count))
    spent = time.process_time() - start
    report = result.stats.report()
    print(f"  {count} games in {spent:.2f} s CPU = {count / spent * 60:,.0f} games a minute"
          f" ({report['moves']['mean']:.1f} moves a game; endings {report['ended']})")


def alphabeta_times(positions: list[State]) -> None:
    for depth in (2, 3):
        times = []
        for state in positions:
            bot = AlphaBetaBot(1, depth)
            start = time.process_time()
            bot.choose(state, state.legal_actions())
            times.append(time.process_time() - start)
        print(f"  depth {depth}: mean {statistics.mean(times):.3f} s, median {statistics.median(times):.3f} s,"
              f" worst {max(times):.3f} s a move over {len(times)} positions")


def alphabeta_against_greedy(games: int) -> None:
    wins = {"alphabeta": 0, "greedy": 0, "draw": 0}
    moves: list[float] = []
    start = time.process_time()
    for index in range(games):
        seed = derive_seed(7, index)
        white = index % 2  # alpha-beta sits in seat 0; it plays white in every other game
        lines = play_game(YinshGame(white_seat=white), [AlphaBetaBot(seed), GreedyBot(seed + 1)], seed, index=index)
        winners = lines[-1]["winners"]
        wins["draw" if not winners else ("alphabeta", "greedy")[winners[0]]] += 1
        moves.append(lines[-1]["moves"])
    spent = time.process_time() - start
    print(f"  {games} games: alpha-beta won {wins['alphabeta']}, greedy {wins['greedy']}, drawn {wins['draw']};"
          f" {statistics.mean(moves):.1f} moves a game; {spent / sum(moves) * 2:.3f} s CPU per alpha-beta move"
          " (both bots' time over half the moves)")


def main() -> None:
    print(f"machine: a 10-million-step Python loop takes {machine():.2f} s CPU")
    positions = [p for seed in range(3) for p in mid_game(seed, (15, 25, 35))]
    print(f"move generation (perft from {len(positions)} mid-game positions,"
          f" {statistics.mean(len(p.legal_actions()) for p in positions):.0f} moves each on average):")
    generation(positions)
    print("random against random, recorded:")
    random_games()
    print("alpha-beta, seconds a move:")
    alphabeta_times(positions)
    print("alpha-beta (depth 2) against greedy:")
    alphabeta_against_greedy(GAMES)


if __name__ == "__main__":
    main()
