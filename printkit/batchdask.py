"""Running a batch's chunks on a Dask cluster (`--dask ADDRESS`, or `--dask local[:N]`).

Dask is an optional extra (wording.install_hint: `pip install '.[dask]'` in printkit's folder) and is imported only here, only
when a run asks for it. The executor hands each chunk to the cluster as one task and gives
the results back in chunk order, like the local executor (printkit.batch), so the caller
merges them the same way and every executor gives the same bytes for the same seed. The
workers only compute: files are written by the client (the command), atomically.

Faults: a worker that dies takes its chunk with it and the scheduler runs the chunk again
elsewhere (up to `distributed.scheduler.allowed-failures` deaths, 3 unless configured); a
chunk whose work raised is run again `RETRIES` times; a scheduler that cannot be reached,
or has no worker, is an `ExecutorError` after `CONNECT_TIMEOUT` seconds; when the caller
stops (Ctrl-C, an error), the run's tasks still on the cluster are cancelled.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import re
import uuid
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from printkit import __version__
from printkit.batch import Chunk, ExecutorError
from printkit.wording import install_hint

if TYPE_CHECKING:
    from printkit.daskcluster import LocalDaskCluster

R = TypeVar("R")

INSTALL_HINT = install_hint("dask")
CONNECT_TIMEOUT = 10.0  # seconds to reach a scheduler, and then for it to have a worker
RETRIES = 2  # reruns of a chunk whose work raised (a transient fault on one worker)
_LOCAL = re.compile(r"local(?::(\d+))?")
_HOST_PORT = re.compile(r"[\w.\-]+:\d+|\[[0-9A-Fa-f:.]+\]:\d+")


@dataclass(frozen=True)
class DaskTarget:
    """Where the chunks run: a scheduler's address, or a LocalCluster of `workers` processes."""

    address: str | None = None
    workers: int | None = None

    def describe(self) -> str:
        if self.address is not None:
            return f"the Dask scheduler at {self.address}"
        from printkit.daskcluster import describe_local

        return describe_local(self.workers or 1)


def parse_target(text: str) -> DaskTarget:
    """`local`, `local:N` (N worker processes here; N defaults to the usable cores) or a
    scheduler's address (`tcp://host:8786`, `tls://…`; a bare `host:port` means tcp)."""
    text = text.strip()
    local = _LOCAL.fullmatch(text)
    if local:
        workers = int(local.group(1)) if local.group(1) else usable_cores()
        if workers < 1:
            raise ValueError("local:N needs at least 1 worker")
        return DaskTarget(workers=workers)
    scheme, _, place = text.rpartition("://")
    if scheme in ("", "tcp", "tls", "ws", "wss", "ucx") and _HOST_PORT.fullmatch(place):
        return DaskTarget(address=f"{scheme or 'tcp'}://{place}")
    raise ValueError(f"'{text}' is neither a scheduler's address (tcp://HOST:PORT) nor local[:N]")


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def require_dask() -> None:
    """An ExecutorError with the install hint when the optional extra is missing."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ExecutorError(f"--dask needs Dask, an optional extra of printkit: {INSTALL_HINT}") from None


def worker_printkit_version() -> str:
    """Run on each worker: the printkit it would compute with."""
    return __version__


class DaskExecutor:
    """Chunks as Dask tasks; connects (or starts the local cluster) on the first run and
    keeps the connection until `close`."""

    def __init__(self, target: DaskTarget, timeout: float | None = None) -> None:
        self.target = target
        self.timeout = CONNECT_TIMEOUT if timeout is None else timeout
        self._cluster: LocalDaskCluster | None = None
        self._client: Any = None
        self._abandoned = False  # a run stopped before its end (Ctrl-C, an error)

    def __repr__(self) -> str:
        return f"DaskExecutor({self.target.describe()})"

    def map(self, work: Callable[[Chunk], R], chunks: Sequence[Chunk]) -> Generator[R, None, None]:
        if not chunks:
            return
        client = self._connect()
        run = uuid.uuid4().hex[:12]  # keys unique to this run: a shared scheduler may run others
        # one message for the whole run (client.map), not a round trip per chunk
        futures: list[Any] = client.map(work, list(chunks), key=[f"printkit-{run}-{chunk.index}" for chunk in chunks],
                                        pure=False, retries=RETRIES)
        try:
            for place, (chunk, future) in enumerate(zip(chunks, futures)):
                result = self._result(chunk, future)
                futures[place] = None  # the cluster may forget it
                yield result
        finally:
            pending = [future for future in futures if future is not None]
            if pending and self._client is not None:
                self._abandoned = True
                try:
                    client.cancel(pending)
                except Exception:  # a scheduler already gone has nothing left to cancel
                    pass

    def close(self) -> None:
        """Disconnect; a local cluster is shut down (at once when a run was abandoned: its
        workers only computed, and a chunk still running is not waited for)."""
        client, cluster = self._client, self._cluster
        self._client = self._cluster = None
        if client is not None:
            try:
                client.close()
            except Exception:  # closing what is already gone
                pass
        if cluster is not None:
            cluster.close(at_once=self._abandoned or client is None)

    def _connect(self) -> Any:
        if self._client is not None:
            return self._client
        require_dask()
        from distributed import Client

        _quiet_dask()

        if self.target.address is None:
            from printkit.daskcluster import LocalDaskCluster

            self._cluster = LocalDaskCluster(self.target.workers or 1)
            address = self._cluster.start()
        else:
            address = self.target.address
        try:
            client = Client(address, timeout=self.timeout, set_as_default=False)
        except (OSError, TimeoutError):  # Dask retries a refused connection until the timeout
            raise ExecutorError(f"cannot reach {self.target.describe()} within {self.timeout:g} s; "
                                "is `dask scheduler` running there?") from None
        self._client = client
        try:
            client.wait_for_workers(1, timeout=self.timeout)
        except (OSError, TimeoutError):
            hint = f"; start one with `dask worker {self.target.address}`" if self.target.address else ""
            raise ExecutorError(f"{self.target.describe()} has no worker after {self.timeout:g} s{hint}") from None
        self._check_workers(client)
        return client

    def _check_workers(self, client: Any) -> None:
        """Workers that lack printkit, or run another version, would fail or compute other
        results: say so before any work is sent."""
        versions = client.run(worker_printkit_version, on_error="return")
        for worker, version in sorted(versions.items()):
            if isinstance(version, BaseException):
                raise ExecutorError(f"the Dask worker {worker} cannot run printkit ({_reason(version)}); "
                                    f"install printkit {__version__} on every worker")
            if version != __version__:
                raise ExecutorError(f"the Dask worker {worker} has printkit {version}, this is {__version__}; "
                                    "every worker needs the same version for the same results")

    def _result(self, chunk: Chunk, future: Any) -> Any:
        from distributed import KilledWorker

        try:
            return future.result()
        except KilledWorker:
            raise ExecutorError(f"chunk {chunk.index} (items {chunk.start}-{chunk.start + chunk.count - 1}) "
                                "ended every Dask worker that ran it; it was given up") from None
        except concurrent.futures.CancelledError:
            raise ExecutorError(f"lost {self.target.describe()} while the run was in flight") from None


def _quiet_dask() -> None:
    """A run's faults are told once, in printkit's words (ExecutorError): Dask's own log lines
    (a lost connection's traceback, even after the client closed) would tell them again.
    Dask gives some of its loggers (distributed.client) handlers of their own, so every
    handler of a `distributed` logger is turned down, for good."""
    names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] == "distributed"]
    for name in ["distributed", *names]:
        for handler in logging.getLogger(name).handlers:
            handler.setLevel(logging.CRITICAL)


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]
