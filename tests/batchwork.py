"""Toy chunk work for the batch tests: picklable, and what one chunk's items give."""

from __future__ import annotations

import os
import time
from pathlib import Path

from printkit.batch import Chunk, derive_seed


def seeds_of(seed: int, chunk: Chunk) -> list[int]:
    return [derive_seed(seed, item) for item in chunk.items]


def slow_seeds_of(seed: int, delays: dict[int, float], chunk: Chunk) -> list[int]:
    time.sleep(delays.get(chunk.index, 0.0))
    return seeds_of(seed, chunk)


def dies_once(marker_folder: str, doomed: int, seed: int, chunk: Chunk) -> list[int]:
    """Chunk `doomed` ends its worker process outright the first time it runs."""
    marker = Path(marker_folder) / f"died-{chunk.index}"
    if chunk.index == doomed and not marker.exists():
        marker.touch()
        os._exit(1)
    return seeds_of(seed, chunk)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def fails_once(marker_folder: str, doomed: int, seed: int, chunk: Chunk) -> list[int]:
    """Chunk `doomed` raises the first time it runs (a transient fault), and `-1` always."""
    marker = Path(marker_folder) / f"failed-{chunk.index}"
    if chunk.index == doomed and not marker.exists():
        marker.touch()
        raise OSError("a transient fault")
    if doomed == -1:
        raise ValueError(f"chunk {chunk.index} cannot be done")
    return seeds_of(seed, chunk)
