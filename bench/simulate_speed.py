"""How fast is `printkit simulate`? Prints figures; not a test.

- four-player `greedy` games on The Chimney (12 x 18, every tile) in this process, one core,
  in chunks of 25 games as `printkit simulate` plays them: games per CPU minute over the
  issue's run of 1000 games from cold, then several repeats of more games (best, median
  and worst: the machine may be shared, so one run says little);
- where the time goes (cProfile, the top functions);
- how it grows with map size (6 x 5, 12 x 18, 18 x 12);
- every tile against a plain cave: The Chimney with its special tiles made open cave;
- memory: the peak resident size of this process at the end.

Run: python bench/simulate_speed.py [GAMES]
"""

from __future__ import annotations

import cProfile
import io
import pstats
import resource
import statistics
import sys
import time
from pathlib import Path

from printkit.batch import Chunk, make_chunks
from printkit.cli.simulate import CHUNK_GAMES
from printkit.sinpin.level import Level
from printkit.sinpin.loader import read_level
from printkit.sinpin.game.stats import SimStats
from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk
from printkit.sinpin.moves.validator import validate

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 400
REPEATS = 5


def rate(level: Level, games: int, start: int = 0, bots: tuple[str, ...] = ("greedy",), players: int = 4) -> tuple[float, dict]:
    """Games per CPU minute playing games start .. start + games - 1 in chunks, and their statistics."""
    plan = SimulationPlan(level, "bench", bots, players, 1)
    stats = SimStats()
    began = time.process_time()  # CPU time of this process: one core, whatever else runs
    for chunk in make_chunks(games, CHUNK_GAMES):
        stats.merge(simulate_chunk(plan, Chunk(chunk.index, start + chunk.start, chunk.count)).stats)
    seconds = time.process_time() - began
    return games / seconds * 60, stats.report(level, plan.seat_bots(), 1)


def plain(level: Level) -> Level:
    special = str.maketrans({char: "." for char in "^!wCh*?"})  # springs and teleporters kept: the way up needs them
    return Level(tuple(row.translate(special) for row in level.rows), rules=level.rules)


def main() -> None:
    chimney = read_level(str(ROOT / "levels" / "07-the-chimney.yaml")).level()
    began = time.process_time()
    fresh, _ = rate(chimney, 1000, start=1_000_000)
    print(f"The Chimney, 4 greedy players, 1000 games from cold (as `printkit simulate ... --games 1000`):"
          f" {time.process_time() - began:.1f} s CPU, {fresh:,.0f} games/min")
    speeds = []
    for repeat in range(REPEATS):
        warm, report = rate(chimney, GAMES, start=repeat * GAMES)
        speeds.append(warm)
    warm = statistics.median(speeds)
    print(f"The Chimney, 4 greedy players, one core, then {REPEATS} x {GAMES} more games: best {max(speeds):,.0f}, median {warm:,.0f}, worst {min(speeds):,.0f} games/min"
          f" (last: mean {report['rounds']['mean']} rounds, {report['finished']['max_rounds']} stopped at max_rounds)")

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

    print(f"peak resident memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")


if __name__ == "__main__":
    main()
