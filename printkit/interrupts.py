"""Signals as exceptions, and signals held while a commit must not be split.

The CLI turns SIGINT, SIGTERM and SIGHUP into `Interrupted`, so `finally` blocks and
clean-ups run and the command exits 128 + the signal number (130, 143, 129). While a batch
of outputs is renamed into place (printkit.atomicfile) the same signals are only recorded
(`held`); the batch then rolls back or completes and delivers the signal itself.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

HANDLED = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Interrupted(KeyboardInterrupt):
    """A signal asked printkit to stop; the command exits with `exit_status`."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


def _raise_interrupted(signum: int, frame: Any) -> None:
    raise Interrupted(signum)


def _in_main_thread() -> bool:
    # Python lets only the main thread set handlers; elsewhere signals keep their handlers
    return threading.current_thread() is threading.main_thread()


@contextmanager
def as_exceptions() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP raise `Interrupted` while the block runs.

    A signal the caller ignores (a job started with `nohup`, or in the background by a
    shell, ignores SIGHUP or SIGINT) stays ignored.
    """
    if not _in_main_thread():
        yield
        return
    previous = {signum: signal.getsignal(signum) for signum in HANDLED}
    for signum, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, _raise_interrupted)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@dataclass
class Held:
    """Signals that arrived while they were held: the first one's number, or None."""

    pending: int | None = None


@contextmanager
def held() -> Iterator[Held]:
    """Record SIGINT, SIGTERM and SIGHUP instead of acting on them while the block runs.

    The block checks `pending` between steps it must not be stopped inside; when the block
    ends, a recorded signal is delivered again to whatever handler was there before, so it
    has its usual effect (an `Interrupted`, Python's KeyboardInterrupt, or the default end
    of the process), only later.
    """
    state = Held()
    if not _in_main_thread():
        yield state
        return

    def record(signum: int, frame: Any) -> None:
        if state.pending is None:
            state.pending = signum

    previous = {signum: signal.getsignal(signum) for signum in HANDLED}
    for signum, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, record)
    try:
        yield state
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if state.pending is not None:
            signal.raise_signal(state.pending)


def for_workers() -> None:
    """An initializer for worker processes (ProcessPoolExecutor): a forked worker inherits
    the handlers that raise `Interrupted`; it leaves Ctrl-C to its parent, which stops it,
    and ends at once on SIGTERM, so no worker prints a traceback of its own."""
    for signum in HANDLED:
        signal.signal(signum, signal.SIG_IGN if signum == signal.SIGINT else signal.SIG_DFL)
