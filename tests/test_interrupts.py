"""Signals as exceptions with their exit status, and signals held across a commit."""

from __future__ import annotations

import os
import signal

import pytest

from printkit.interrupts import Interrupted, as_exceptions, for_workers, held


def test_signals_become_interrupted_with_128_plus_the_signal() -> None:
    with as_exceptions():
        for signum, status in ((signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)):
            with pytest.raises(Interrupted) as caught:
                os.kill(os.getpid(), signum)
            assert caught.value.exit_status == status and isinstance(caught.value, KeyboardInterrupt)
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # put back afterwards


def test_a_held_signal_waits_for_the_block_then_acts() -> None:
    steps = []
    with as_exceptions(), pytest.raises(Interrupted) as caught:
        with held() as hold:
            os.kill(os.getpid(), signal.SIGTERM)
            steps.append(hold.pending)  # still running: only recorded
            os.kill(os.getpid(), signal.SIGINT)  # the first signal is the one that counts
            steps.append("end of block")
    assert steps == [signal.SIGTERM, "end of block"]
    assert caught.value.signum == signal.SIGTERM


def test_an_ignored_signal_stays_ignored() -> None:
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    try:
        with as_exceptions():
            with held() as hold:
                os.kill(os.getpid(), signal.SIGHUP)
            assert hold.pending is None
            os.kill(os.getpid(), signal.SIGHUP)  # nothing happens
    finally:
        signal.signal(signal.SIGHUP, previous)


def test_workers_leave_ctrl_c_to_their_parent() -> None:
    previous = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        with as_exceptions():
            for_workers()
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
