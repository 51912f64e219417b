"""`--dask local[:N]`: a Dask scheduler and N worker processes on this machine, for one run.

The cluster runs in a process of its own, in a session of its own (`python -m
printkit.daskcluster N`), so a terminal's Ctrl-C or hang-up reaches printkit alone and never
the workers: printkit cancels the run's tasks and closes the cluster, and no worker prints a
traceback of its own, even while it is still starting. The cluster process prints the
scheduler's address on its standard output and lives until its standard input closes,
which the client does when the run ends, and the system does when the client dies.
"""

from __future__ import annotations

import logging
import os
import selectors
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO

from printkit.batch import ExecutorError

START_TIMEOUT = 60.0  # seconds for the scheduler and the workers to start on a busy machine
STOP_TIMEOUT = 15.0  # seconds for them to stop before they are killed


def describe_local(workers: int) -> str:
    return f"a local Dask cluster of {workers} worker{'' if workers == 1 else 's'}"


class LocalDaskCluster:
    """A local cluster process, started by `start` and ended by `close`."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.address: str | None = None
        self._process: subprocess.Popen[str] | None = None
        self._errors: IO[str] | None = None

    def start(self) -> str:
        """Start the cluster; its scheduler's address."""
        self._errors = tempfile.TemporaryFile("w+")
        self._process = subprocess.Popen(
            [sys.executable, "-m", "printkit.daskcluster", str(self.workers)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._errors, text=True,
            start_new_session=True, env=_environment(),
        )
        self.address = self._read_address(self._process)
        return self.address

    def _read_address(self, process: subprocess.Popen[str]) -> str:
        assert process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            ready = selector.select(START_TIMEOUT)
        line = process.stdout.readline().strip() if ready else ""
        if line.startswith(("tcp://", "tls://")):
            return line
        why = f"it did not start within {START_TIMEOUT:g} s" if not ready else self._last_error()
        self.close(at_once=True)
        raise ExecutorError(f"cannot start {describe_local(self.workers)}: {why}")

    def _last_error(self) -> str:
        if self._errors is None:
            return "it ended"
        self._errors.seek(0)
        lines = [line.strip() for line in self._errors.read().splitlines() if line.strip()]
        return lines[-1] if lines else "it ended"

    def close(self, at_once: bool = False) -> None:
        """Shut the cluster down: in order (the workers finish what they run), or `at_once`."""
        process, self._process = self._process, None
        if process is not None:
            assert process.stdin is not None
            try:
                if at_once:
                    _kill_session(process.pid)
                process.stdin.close()  # the cluster's signal to shut down
                process.wait(STOP_TIMEOUT)
            except (OSError, subprocess.TimeoutExpired):
                _kill_session(process.pid)
                process.wait()
            finally:
                if process.stdout is not None:
                    process.stdout.close()
        if self._errors is not None:
            self._errors.close()
            self._errors = None


def _environment() -> dict[str, str]:
    """This environment, with the folder of this printkit first on the path: the cluster and
    its workers compute with the same code as the client, installed or not."""
    home = str(Path(__file__).resolve().parent.parent)
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": home + (os.pathsep + path if path else "")}


def _kill_session(leader: int) -> None:
    """The cluster process and its workers: their own session, whose group is the leader's id."""
    try:
        os.killpg(leader, signal.SIGKILL)
    except ProcessLookupError:
        pass


def serve(workers: int) -> None:
    """The cluster process: start, print the address, wait for standard input to close."""
    from distributed import LocalCluster

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the client stops the cluster, not a stray Ctrl-C
    with LocalCluster(
        n_workers=workers,
        threads_per_worker=1,  # the work is pure Python: a process per core, not threads
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        # no dashboard, and the scheduler's own HTTP routes on any free port, so that a busy
        # :8787 (another cluster's dashboard) is no warning
        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.CRITICAL,  # a run's faults come back to the client as its errors
    ) as cluster:
        print(cluster.scheduler_address, flush=True)
        sys.stdin.read()


if __name__ == "__main__":
    serve(int(sys.argv[1]))
