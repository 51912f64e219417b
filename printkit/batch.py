"""Running a batch of seeded work on this process or on several: one runner for every batch
command (`simulate`, `generate`, `survey`).

Work is cut into chunks of consecutive items. Each item's randomness derives from the run's
seed and the item's index only (`derive_seed`), never from the chunk or the process that ran
it, so any number of jobs gives the same results; results come back in chunk order. Where
the chunks run is an executor: `LocalProcesses` on this machine, or a Dask cluster
(printkit.batchdask); the commands get theirs from --jobs / --dask (printkit.cli.batchoptions).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Protocol, TypeVar

R = TypeVar("R")


def derive_seed(seed: int, *path: int | str) -> int:
    """A seed for one item of a run: a function of the run's seed and the item's path alone
    (such as its index), spread over 63 bits so that neighbouring items are unrelated."""
    text = ":".join(str(part) for part in ("printkit", seed, *path))
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class Chunk:
    """Items `start` .. `start + count - 1` of a run; `index` is the chunk's place in the run."""

    index: int
    start: int
    count: int

    @property
    def items(self) -> range:
        return range(self.start, self.start + self.count)


def chunk_size(total: int, most: int, least_chunks: int = 64) -> int:
    """Items per chunk for a run of `total`: `most` (a chunk's work big enough that handing
    it to another process or machine costs little beside it), but smaller while that would
    leave fewer than `least_chunks` chunks, so that many workers share a short run evenly.
    The results never depend on it: an item's seed is the run's seed and its index."""
    return max(1, min(most, total // least_chunks))


def make_chunks(total: int, size: int) -> list[Chunk]:
    """`total` items in chunks of `size` (the last one shorter)."""
    if total < 0 or size < 1:
        raise ValueError("a batch needs a count of at least 0 and chunks of at least 1 item")
    return [Chunk(index, start, min(size, total - start)) for index, start in enumerate(range(0, total, size))]


class ExecutorError(Exception):
    """An executor cannot run the batch (Dask missing, a scheduler out of reach, a chunk
    that ends every worker it runs on): the command says so and exits 2."""


class ChunkExecutor(Protocol):
    """Runs chunks somewhere and gives work(chunk) back for each, in chunk order."""

    def map(self, work: Callable[[Chunk], R], chunks: Sequence[Chunk]) -> Generator[R, None, None]: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class LocalProcesses:
    """`jobs` processes of this machine; with one job the work runs in this process."""

    jobs: int = 1

    def __post_init__(self) -> None:
        if self.jobs < 1:
            raise ValueError("jobs must be at least 1")

    def map(self, work: Callable[[Chunk], R], chunks: Sequence[Chunk]) -> Generator[R, None, None]:
        if self.jobs == 1 or len(chunks) <= 1:
            for chunk in chunks:
                yield work(chunk)
            return
        from printkit.interrupts import for_workers  # workers leave Ctrl-C to this process

        executor = ProcessPoolExecutor(max_workers=min(self.jobs, len(chunks)), initializer=for_workers)
        try:
            futures: list[Future[R]] = [executor.submit(work, chunk) for chunk in chunks]
            for future in futures:
                yield future.result()
        finally:
            executor.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        pass  # each map starts and ends its own processes


def run_chunks(work: Callable[[Chunk], R], chunks: Sequence[Chunk], jobs: int = 1,
               executor: ChunkExecutor | None = None) -> Iterator[tuple[Chunk, R]]:
    """(chunk, work(chunk)) for every chunk, in chunk order, on `executor` (by default
    `jobs` local processes; printkit.batchdask for a Dask cluster).

    `work` must be picklable to run elsewhere than this process (a module-level function,
    or a functools.partial of one). Interrupting the iteration (Ctrl-C, or closing the
    generator) cancels the chunks not yet started.
    """
    results = (executor if executor is not None else LocalProcesses(jobs)).map(work, chunks)
    try:
        for chunk in chunks:
            yield chunk, next(results)
    finally:
        results.close()
