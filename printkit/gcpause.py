"""Pausing Python's cyclic garbage collector around work that makes no reference cycles.

The searches and the simulated games make millions of small tuples (states, outcomes, game
states) and keep large caches; none of them refer to themselves, so reference counting
frees all that is dropped. The cyclic collector would still walk the young objects every
700 allocations and the whole heap, caches included, now and then: a quarter to a third
of a simulated game's time (measured on The Chimney), for nothing found (tests/test_gcpause.py checks that a chunk of
games leaves no cycles behind). It is switched off for the work and back on afterwards.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0  # how many pauses are running (threads of one process share the collector)
_was_enabled = False


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """Run the body with the cyclic collector off; it comes back on (if it was on) when the
    last of the overlapping pauses ends.

    With `freeze`, what is alive then is first moved out of the collector's sight for good
    (`gc.freeze`): the caches the work filled would otherwise be scanned at once, and again
    as they age (on The Chimney the first pass alone took 35-50 ms after a 25-game chunk
    of about 350 ms). Frozen
    objects are still freed when nothing refers to them; only garbage *cycles* alive at that
    moment would stay, so freeze only where nothing else runs that makes them (the caller
    decides: printkit's own processes, not a Dask worker's threads)."""
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                if freeze:
                    gc.freeze()
                gc.enable()
