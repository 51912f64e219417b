"""The batch runner: seeds depend on the run's seed and the item only; order is kept."""

from __future__ import annotations

import functools

import pytest

from printkit.batch import derive_seed, make_chunks, run_chunks


def _seeds_of(seed: int, chunk) -> list[int]:
    return [derive_seed(seed, item) for item in chunk.items]


def test_derived_seeds_depend_on_the_run_seed_and_the_item_only() -> None:
    assert derive_seed(1, 0) == derive_seed(1, 0)
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
