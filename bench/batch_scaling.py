"""How batch throughput grows from --jobs 1 to --dask local:2, and what 16 workers would do.

Prints figures; not a test. For `simulate` (four greedy players on The Chimney, chunks of
printkit.cli.simulate.CHUNK_GAMES games) and, where the generator is there, `generate`:

- the cost of one chunk in this process (CPU seconds: what a core spends, whatever else runs);
- wall-clock throughput on --jobs 1, --jobs 2 and --dask local:2 (the cluster's start-up
  timed apart), each checked to give the results of --jobs 1;
- the overhead per chunk: empty chunks through each executor;
- a model of N workers from the measured chunk cost and overhead.

The machine is shared: the load average is printed first, and wall-clock figures on a busy
machine understate what two free cores do. Needs the dask extra (pip install '.[dask]').
Run: python bench/batch_scaling.py [GAMES]
"""

from __future__ import annotations

import functools
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from printkit.batch import Chunk, ChunkExecutor, LocalProcesses, make_chunks, run_chunks
from printkit.batchdask import DaskExecutor, DaskTarget

ROOT = Path(__file__).resolve().parent.parent
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 200


def nothing(chunk: Chunk) -> int:
    return chunk.count


def wall(executor: ChunkExecutor, work: Callable[[Chunk], object], chunks: Sequence[Chunk]) -> tuple[float, list]:
    began = time.perf_counter()
    results = [result for _, result in run_chunks(work, chunks, executor=executor)]
    return time.perf_counter() - began, results


def timed_chunk(work: Callable[[Chunk], object], chunk: Chunk) -> tuple[object, float, float]:
    """work(chunk), and the CPU and wall seconds it took where it ran: their ratio is the
    share of a core the worker got."""
    cpu, began = time.process_time(), time.perf_counter()
    result = work(chunk)
    return result, time.process_time() - cpu, time.perf_counter() - began


def simulate_work() -> tuple[Callable[[Chunk], object], int, Callable[[object], object]]:
    from printkit.cli.simulate import CHUNK_GAMES
    from printkit.sinpin.loader import read_level
    from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk

    level = read_level(str(ROOT / "levels" / "07-the-chimney.yaml")).level()
    plan = SimulationPlan(level, "bench", ("greedy",), 4, 1)
    return functools.partial(simulate_chunk, plan), CHUNK_GAMES, lambda result: result.stats


def generate_work() -> tuple[Callable[[Chunk], object], int, Callable[[object], object]] | None:
    try:
        from printkit.cli import generate as generate_cli
        from printkit.sinpin.generate.generator import Request  # type: ignore[import-not-found]
    except ImportError:
        return None
    request = Request(12, 18, None, None, None, (2, 3, 4))
    work = functools.partial(generate_cli._make_chunk, request, 1, False)
    return work, generate_cli.LEVELS_PER_CHUNK, lambda made: [(m.index, m.level.rows if m.level else m.reason) for m in made]


def chunk_cost(work: Callable[[Chunk], object], size: int, start: int) -> float:
    """CPU seconds of one chunk in this process, warm (the per-process caches made)."""
    work(Chunk(0, start, size))
    began = time.process_time()
    work(Chunk(1, start + size, size))
    return time.process_time() - began


def model(workers: int, chunks: int, cost: float, overhead: float) -> float:
    """Seconds for `chunks` chunks of `cost` on `workers` cores: whole rounds of chunks, each
    chunk paying the hop to and from a worker; the scheduler hands out a task per
    `overhead` at most (its serial share), which bounds the rate however many workers."""
    rounds = math.ceil(chunks / workers)
    return max(rounds * (cost + overhead), chunks * overhead)


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cores {os.cpu_count()}, load average {load:.1f} (other work shares these cores)")

    local = DaskExecutor(DaskTarget(workers=2))
    began = time.perf_counter()
    local.map(nothing, [Chunk(0, 0, 1)]).__next__()
    print(f"--dask local:2 start-up (scheduler, 2 workers, connection): {time.perf_counter() - began:.1f} s")
    executors: list[tuple[str, ChunkExecutor]] = [("--jobs 1", LocalProcesses(1)), ("--jobs 2", LocalProcesses(2)),
                                                  ("--dask local:2", local)]
    try:
        empty = make_chunks(400, 1)
        overheads = {}
        for name, executor in executors:
            seconds, _ = wall(executor, nothing, empty)
            overheads[name] = seconds / len(empty)
        print("overhead per chunk (400 empty chunks): "
              + ", ".join(f"{name} {1000 * seconds:.2f} ms" for name, seconds in overheads.items()))

        commands = [("simulate", simulate_work(), GAMES)]
        made = generate_work()
        commands.append(("generate", made, 64) if made else ("generate", None, 0))
        for command, found, count in commands:
            if found is None:
                print(f"{command}: not in this printkit yet")
                continue
            work, size, key = found
            cost = chunk_cost(work, size, 10 * count)
            chunks = make_chunks(count, size)
            print(f"{command}: {count} items in {len(chunks)} chunks of {size}; one chunk costs {cost:.3f} CPU s here")
            reference = None
            for name, executor in executors:
                seconds, timed = wall(executor, functools.partial(timed_chunk, work), chunks)
                same = [key(result) for result, _, _ in timed]
                reference = same if reference is None else reference
                cpu = sum(cpu for _, cpu, _ in timed)
                share = cpu / sum(took for _, _, took in timed)
                print(f"  {name:<15} {seconds:6.1f} s  {count / seconds:7.1f} items/s"
                      f"  {'same results' if same == reference else 'DIFFERENT RESULTS'};"
                      f" the chunks took {cpu:.1f} CPU s, each worker got {share:.0%} of a core")
            overhead = overheads["--dask local:2"]
            print(f"  the overhead is {100 * overhead / cost:.2f} % of a chunk's cost on Dask")
            runs = 1000  # chunks in the modelled run
            for workers in (1, 2, 16, 64):
                seconds = model(workers, runs, cost, overhead)
                print(f"  model, {workers:>2} free workers, {runs * size} items: {seconds:7.1f} s,"
                      f" {runs * size / seconds:8.1f} items/s, {model(1, runs, cost, overhead) / seconds:5.1f}x one")
    finally:
        local.close()


if __name__ == "__main__":
    main()
