"""A Dask preload for the workers of `--dask local[:N]`: they leave Ctrl-C to the client.

A terminal's Ctrl-C reaches every process of the foreground group, the local cluster's
workers included; without this each would print a KeyboardInterrupt traceback of its own
while the client cancels the run and closes the cluster.
"""

from __future__ import annotations

from typing import Any

from printkit.interrupts import for_workers


def dask_setup(worker: Any) -> None:
    for_workers()
