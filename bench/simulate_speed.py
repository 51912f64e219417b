"""How fast is `printkit simulate`? Prints figures; not a test.

- four-player `greedy` games on The Chimney (12 x 18, every tile) in this process, one core:
  games per minute over the first games (cold caches) and the next ones (warm);
- where the time goes (cProfile, the top functions);
- how it grows with map size (6 x 5, 12 x 18, 18 x 12);
- every tile against a plain cave: The Chimney with its special tiles made open cave.

Run: python bench/simulate_speed.py [GAMES]
"""

from __future__ import annotations

import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

from printkit.batch import Chunk
from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.simulate import SimulationPlan, simulate_chunk, tools_for
from printkit.sinpin.validator import validate

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 400


def rate(level: Level, games: int, start: int = 0, bots: tuple[str, ...] = ("greedy",), players: int = 4) -> tuple[float, dict]:
    """Games per CPU minute playing games start .. start + games - 1, and their statistics."""
    plan = SimulationPlan(level, "bench", bots, players, 1)
    began = time.process_time()  # CPU time of this process: one core, whatever else runs
    result = simulate_chunk(plan, Chunk(0, start, games))
    seconds = time.process_time() - began
    report = result.stats.report(level, plan.seat_bots(), 1)
    return games / seconds * 60, report


def plain(level: Level) -> Level:
    special = str.maketrans({char: "." for char in "^!wCh*?"})  # springs and teleporters kept: the way up needs them
    return Level(tuple(row.translate(special) for row in level.rows), rules=level.rules)


def main() -> None:
    chimney = read_level(str(ROOT / "levels" / "07-the-chimney.yaml")).level()
    began = time.perf_counter()
    tools_for(chimney)
    print(f"bots' knowledge and move cache of The Chimney: {time.perf_counter() - began:.2f} s, once per process")
    cold, _ = rate(chimney, GAMES // 4)
    warm, report = rate(chimney, GAMES, start=GAMES // 4)
    print(f"The Chimney, 4 greedy players, one core: {cold:,.0f} games/min over the first {GAMES // 4} games,"
          f" {warm:,.0f} games/min over the next {GAMES}"
          f" (mean {report['rounds']['mean']} rounds, {report['finished']['max_rounds']} stopped at max_rounds)")

    profile = cProfile.Profile()
    profile.enable()
    rate(chimney, 50, start=10_000)
    profile.disable()
    text = io.StringIO()
    pstats.Stats(profile, stream=text).sort_stats("tottime").print_stats(12)
    print("where the time goes (50 more games, cProfile, by own time):")
    print("\n".join(line for line in text.getvalue().splitlines() if line.strip())[:3000])

    print("map size (4 greedy players, warm, games/min):")
    for name, players in (("01-first-steps", 3), ("07-the-chimney", 4), ("08-long-gallery", 4)):
        level = read_level(str(ROOT / "levels" / f"{name}.yaml")).level()
        rate(level, 20, players=players)
        speed, report = rate(level, 100, start=20, players=players)
        print(f"  {name:<16} {level.width:>2} x {level.height:<2}  {speed:>7,.0f}  (mean {report['rounds']['mean']} rounds)")

    flat = plain(chimney)
    verdict = validate(flat)
    rate(flat, GAMES // 4)
    flat_speed, flat_report = rate(flat, GAMES, start=GAMES // 4)
    print(f"plain cave (The Chimney without hazards, webs, chests and items, {'solvable' if verdict.solvable else 'NOT solvable'}):"
          f" {flat_speed:,.0f} games/min, mean {flat_report['rounds']['mean']} rounds; a game of every tile takes"
          f" {flat_speed / warm:.2f}x the time of a plain one"
          f" ({(flat_speed * flat_report['rounds']['mean']) / (warm * report['rounds']['mean']):.2f}x per round; the issue's bound: 3x)")


if __name__ == "__main__":
    main()
