"""How fast does Sinpin play through the game protocol (what the browser and the game-agnostic
drivers use)? Prints figures; not a test.

- per action on The Chimney (12 x 18), four players: the CPU time from a state to its legal
  actions, the bot's choice and the next state (median, 99th percentile, worst; the goal for
  the browser: a bot's turn well under 100 ms), and per game against the tuned loop that
  `printkit simulate` plays;
- the first action of a level, which makes what the bots know of it (once a level).

Run: python bench/protocol_speed.py [GAMES]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from printkit.batch import derive_seed
from printkit.games.protocol import take_turn
from printkit.sinpin.game.bots import make_bots
from printkit.sinpin.game.protocol import SinpinGame
from printkit.sinpin.game.turn import play_game
from printkit.sinpin.loader import read_level

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 20


def main() -> None:
    level = read_level(str(ROOT / "levels" / "07-the-chimney.yaml")).level()
    game = SinpinGame(level, 4, level_name="the-chimney")
    began = time.process_time()
    state = game.initial_state(1)
    take_turn(game.bots(["greedy"])[state.to_act()], state, state.legal_actions())
    print(f"first action on a fresh level (the bots' knowledge made): {(time.process_time() - began) * 1000:.0f} ms CPU")
    for bots in (("greedy",), ("random", "cautious", "rusher", "greedy")):
        steps: list[float] = []
        protocol = tuned = 0.0
        turns = 0
        for index in range(GAMES):
            seed = derive_seed(3, index)
            players = game.bots(bots)
            state = game.initial_state(seed)
            began = time.process_time()
            while True:
                step = time.process_time()  # the state's replay, the bot's choice and the next state
                if state.is_terminal():
                    break
                _, state = take_turn(players[state.to_act()], state, state.legal_actions())
                steps.append(time.process_time() - step)
            protocol += time.process_time() - began
            began = time.process_time()
            lines = play_game(level, make_bots(list(bots), 4, game.knowledge), seed, moves=game.moves)
            tuned += time.process_time() - began
            turns += sum(1 for line in lines if "turn" in line)
        steps.sort()
        print(f"The Chimney, 4 players, bots {', '.join(bots)}, {GAMES} games ({turns / GAMES:.0f} turns, {len(steps) / GAMES:.0f} actions a game):"
              f" per action median {statistics.median(steps) * 1000:.2f} ms, 99th percentile {steps[int(len(steps) * 0.99)] * 1000:.2f} ms,"
              f" worst {steps[-1] * 1000:.1f} ms CPU; per game {protocol / GAMES * 1000:.0f} ms through the protocol,"
              f" {tuned / GAMES * 1000:.0f} ms in the tuned loop ({protocol / tuned:.1f}x)")


if __name__ == "__main__":
    main()
