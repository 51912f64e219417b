"""How long does the play page wait for a bot's turn? Prints figures; not a test.

A bot's turn on the page is `POST /api/bot`: the session plays one turn and answers the
new state (state_json, the legal actions and their words). This times that answer
(`Session.bot_turn`, without HTTP) in CPU seconds, over whole games against a greedy bot
standing in for the person: Sinoda's search bot on the small and the large board, and
YINSH's alpha-beta bot (ring placements and moves apart). Also the machine's speed:
seconds for a plain 10-million-step Python loop.

Run: python bench/play_bot_turns.py [GAMES]   (GAMES per set-up, 3)
"""

from __future__ import annotations

import statistics
import sys
import time

from printkit.boards.spec import SinodaOptions, load_spec
from printkit.bundled import find
from printkit.play.matches import sinoda_match, yinsh_match
from printkit.play.session import Session
from printkit.sinoda.bots import GreedyBot as SinodaGreedy
from printkit.sinoda.game import SinodaGame
from printkit.yinsh.bots import GreedyBot as YinshGreedy
from printkit.yinsh.game import YinshGame

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 3
MAX_TURNS = 300  # a game stops being timed here (Sinoda's bound is 400)


def loop_seconds() -> float:
    start = time.process_time()
    [None for _ in range(10**7)]
    return time.process_time() - start


def sinoda_game(name: str) -> SinodaGame:
    item = find(name, "board")
    assert item is not None
    spec = load_spec(str(item.path))
    assert isinstance(spec.options, SinodaOptions)
    return SinodaGame(spec.options.setup, spec.options.rules)


def bot_turns(session: Session, person, kind=lambda state: "turn") -> dict[str, list[float]]:
    """CPU seconds of each bot turn answered, by kind; the person's seat played by `person`."""
    times: dict[str, list[float]] = {}
    while not session.state.is_terminal() and session.turn < MAX_TURNS:
        state = session.state
        if session.view()["human"]:
            actions = state.legal_actions()
            session.act(session.turn, session.rules.action_json(state, actions[person.choose(state, actions)]))
            continue
        start = time.process_time()
        session.bot_turn(session.turn)
        times.setdefault(kind(state), []).append(time.process_time() - start)
    return times


def report(name: str, times: dict[str, list[float]]) -> None:
    for kind, found in times.items():
        ordered = sorted(found)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"  {name:<28} {kind:<6} {len(found):5d} turns  median {1000 * statistics.median(found):7.1f} ms"
              f"  p95 {1000 * p95:7.1f} ms  worst {1000 * max(found):7.1f} ms")


def main() -> None:
    print(f"machine: a 10-million-step Python loop takes {loop_seconds():.2f} CPU s")
    print(f"bot turns answered by the play session (CPU time, {GAMES} games each, person = greedy):")
    for spec in ("sinoda-2", "sinoda-4"):
        game = sinoda_game(spec)
        seats = ["human"] + ["search"] * (game.seats - 1)
        merged: dict[str, list[float]] = {}
        for seed in range(GAMES):
            found = bot_turns(Session(sinoda_match(game, spec, seats, seed)), SinodaGreedy(seed))
            for kind, values in found.items():
                merged.setdefault(kind, []).extend(values)
        report(f"Sinoda {spec}, search", merged)
    merged = {}
    for seed in range(GAMES):
        session = Session(yinsh_match(YinshGame(), ["human", "alphabeta"], seed))
        found = bot_turns(session, YinshGreedy(seed), kind=lambda state: ("place", "move", "remove", "over")[state.phase])
        for kind, values in found.items():
            merged.setdefault(kind, []).extend(values)
    report("YINSH, alphabeta", merged)


if __name__ == "__main__":
    main()
