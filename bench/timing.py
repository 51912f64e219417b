"""Timing for the bench scripts (each runs as `python bench/NAME.py`, so this imports plainly)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(function: Callable[[], T], runs: int) -> tuple[float, float, T]:
    """Best and median seconds of `runs` calls, and the last call's result."""
    times = []
    result: T
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), result
