"""The batch runner: seeds depend on the run's seed and the item only; order is kept."""

from __future__ import annotations

import functools

import pytest

from printkit.batch import LocalProcesses, chunk_size, derive_seed, make_chunks, run_chunks


def _seeds_of(seed: int, chunk) -> list[int]:
    return [derive_seed(seed, item) for item in chunk.items]


def test_derived_seeds_depend_on_the_run_seed_and_the_item_only() -> None:
    # a pinned value, not derive_seed(1, 0) == derive_seed(1, 0): a seed that depended on the
    # process (hash() under PYTHONHASHSEED, id(), the time) would pass that and fail this
    assert derive_seed(1, 0) == 4487820537143186874
    assert len({derive_seed(1, k) for k in range(1000)}) == 1000
    assert derive_seed(1, 5) != derive_seed(2, 5)
    assert 0 <= derive_seed(7, 3) < 2**63


def test_chunks_cover_every_item_once_in_order() -> None:
    chunks = make_chunks(10, 4)
    assert [(c.index, c.start, c.count) for c in chunks] == [(0, 0, 4), (1, 4, 4), (2, 8, 2)]
    assert make_chunks(0, 4) == []
    with pytest.raises(ValueError):
        make_chunks(3, 0)


@pytest.mark.parametrize("size", [1, 3, 10])
def test_two_processes_give_what_one_gives(size: int) -> None:
    work = functools.partial(_seeds_of, 42)
    one = [result for _, result in run_chunks(work, make_chunks(10, size), jobs=1)]
    two = [result for _, result in run_chunks(work, make_chunks(10, size), jobs=2)]
    assert one == two
    assert sum(one, []) == [derive_seed(42, k) for k in range(10)]


def test_an_executor_runs_the_chunks_and_jobs_below_one_are_refused() -> None:
    work = functools.partial(_seeds_of, 8)
    chunks = make_chunks(9, 2)
    assert list(run_chunks(work, chunks, executor=LocalProcesses(2))) == list(run_chunks(work, chunks, jobs=1))
    with pytest.raises(ValueError):
        LocalProcesses(0)
    with pytest.raises(ValueError):
        list(run_chunks(work, chunks, jobs=0))


class _Recording:
    """An executor that runs in this process and notes when its stream of results is closed."""

    def __init__(self) -> None:
        self.closed_stream = False

    def map(self, work, chunks):
        try:
            for chunk in chunks:
                yield work(chunk)
        finally:
            self.closed_stream = True

    def close(self) -> None:
        pass


def test_leaving_the_loop_early_closes_the_executors_stream() -> None:
    # how a Dask run learns to cancel its tasks when the caller stops (Ctrl-C, an error)
    executor = _Recording()
    stream = run_chunks(functools.partial(_seeds_of, 1), make_chunks(10, 1), executor=executor)
    next(stream)
    assert not executor.closed_stream
    stream.close()
    assert executor.closed_stream


@pytest.mark.parametrize(("total", "size"), [(0, 1), (10, 1), (127, 1), (128, 2), (640, 8), (100_000, 8)])
def test_chunks_are_full_size_only_when_there_are_many_of_them(total: int, size: int) -> None:
    assert chunk_size(total, 8) == size
