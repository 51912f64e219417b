"""How fast does `printkit generate` make valid levels? Prints figures; not a test.

- 12 x 18 levels on one core: levels per second over COUNT levels (default 200), CPU time
  and wall time, the median and slowest level, and how the CPU time splits between
  constructing caves (planning, drawing, mending with the move graph) and validating them;
- growth with the size: 6 x 5, 12 x 18 and 40 x 40 (beyond S2, as --any-size makes them),
  the 40 x 40 levels one by one (the goal: under 2 s CPU a level, the mean and the slowest).

CPU time (time.process_time) is the figure to compare: on a shared machine the wall time
also counts the other processes.

Run: python bench/generate_speed.py [COUNT]
"""

from __future__ import annotations

import statistics
import sys
import time

from printkit.batch import derive_seed
from printkit.sinpin.generate.generator import Generated, Request, generate_level


def run(request: Request, count: int, seed: int = 1, each: bool = False) -> None:
    cpu, wall, construct, validate, attempts, made = [], [], 0.0, 0.0, 0, 0
    for index in range(count):
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        result = generate_level(request, derive_seed(seed, index), index)
        cpu.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started_wall)
        construct += result.construct_seconds
        validate += result.validate_seconds
        attempts += result.attempts
        made += isinstance(result, Generated)
    share = construct + validate or 1.0
    print(f"  {request.width}x{request.height}: {made}/{count} made, {count / sum(cpu):.1f} levels/s CPU in all;"
          f" median {statistics.median(cpu) * 1000:.0f} ms CPU, slowest {max(cpu) * 1000:.0f} ms"
          f" (wall: {count / sum(wall):.1f} levels/s),"
          f" {attempts / count:.2f} attempts a level; construct {construct / share:.0%}, validate {validate / share:.0%}"
          f" of {share:.1f} s CPU")
    if each:
        print(f"    per level (s CPU): {' '.join(f'{seconds:.2f}' for seconds in cpu)};"
              f" mean {statistics.mean(cpu):.2f}, slowest {max(cpu):.2f}")


def loop_seconds() -> float:
    """The machine's speed: CPU seconds of a plain 10-million-step Python loop."""
    started = time.process_time()
    [None for _ in range(10**7)]
    return time.process_time() - started


def main(count: int) -> None:
    print(f"machine: {loop_seconds():.2f} s CPU for a 10-million-step loop")
    print(f"12x18 on one core, {count} levels:")
    run(Request(), count)
    print("growth with the size:")
    run(Request(6, 5), max(10, count // 10))
    run(Request(), max(10, count // 10), seed=2)
    run(Request(40, 40, any_size=True), max(3, count // 40), each=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
