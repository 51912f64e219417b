"""The local cluster of `--dask local[:N]` (printkit.daskcluster): a process and session of
its own, gone with the run; Ctrl-C reaches printkit alone."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from extras import need

pytestmark = pytest.mark.extra_dask
need("distributed", "dask")

from batchwork import alive, seeds_of, slow_seeds_of  # noqa: E402

from printkit.batch import ExecutorError, make_chunks, run_chunks  # noqa: E402
from printkit import daskcluster  # noqa: E402
from printkit.batchdask import DaskExecutor, parse_target  # noqa: E402

TESTS = str(Path(__file__).parent)  # where the workers find the toy work (batchwork)


def _results(executor, work, total, size) -> list:
    return [result for _, result in run_chunks(work, make_chunks(total, size), executor=executor)]


def test_a_local_cluster_starts_apart_from_the_terminal_and_ends_with_the_run(monkeypatch) -> None:
    monkeypatch.setenv("PYTHONPATH", TESTS)
    runner = DaskExecutor(parse_target("local:2"))
    try:
        work = functools.partial(seeds_of, 5)
        assert _results(runner, work, total=10, size=2) == _results(None, work, total=10, size=2)
        sessions = runner._client.run(os.getsid, 0)
        pids = runner._client.run(os.getpid)
    finally:
        runner.close()
    # in a session of their own, the workers never see a terminal's Ctrl-C or hang-up
    assert len(sessions) == 2 and os.getsid(0) not in sessions.values()
    for pid in pids.values():
        assert not alive(pid)


def test_a_cluster_that_cannot_start_says_why(tmp_path: Path, monkeypatch) -> None:
    broken = tmp_path / "distributed"
    broken.mkdir()
    (broken / "__init__.py").write_text("raise ImportError('a broken Dask here')\n")
    # the cluster process must find this one first, whether printkit is installed in
    # site-packages (where the real one is too) or run from a checkout
    real = daskcluster._environment
    monkeypatch.setattr(daskcluster, "_environment",
                        lambda: {**real(), "PYTHONPATH": str(tmp_path) + os.pathsep + real()["PYTHONPATH"]})
    runner = DaskExecutor(parse_target("local:1"))
    with pytest.raises(ExecutorError, match=r"cannot start a local Dask cluster of 1 worker: .*a broken Dask here"):
        _results(runner, len, 2, 1)
    runner.close()


def test_a_cluster_lost_in_flight_is_an_error_not_a_hang(monkeypatch) -> None:
    monkeypatch.setenv("PYTHONPATH", TESTS)
    runner = DaskExecutor(parse_target("local:1"))
    stream = run_chunks(functools.partial(slow_seeds_of, 2, {k: 0.5 for k in range(8)}), make_chunks(8, 1),
                        executor=runner)
    try:
        next(stream)
        os.killpg(runner._cluster._process.pid, signal.SIGKILL)  # scheduler and workers at once
        started = time.monotonic()
        with pytest.raises(ExecutorError, match="lost a local Dask cluster of 1 worker while the run was in flight"):
            list(stream)
        assert time.monotonic() - started < 30
    finally:
        runner.close()


def _processes_marked(mark: str) -> list[int]:
    """The processes whose environment carries `mark` (a run's own, its cluster's included)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if mark.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:  # gone, or not ours to read
                pass
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds the run's processes in /proc")
def test_ctrl_c_on_a_local_cluster_cancels_the_run_and_writes_nothing(tmp_path: Path) -> None:
    mark = f"PRINTKIT_TEST_RUN={uuid.uuid4().hex}"
    env = {**os.environ, mark.split("=")[0]: mark.split("=")[1]}
    command = [sys.executable, "-m", "printkit", "simulate", "the-chimney", "--games", "4000", "--seed", "1",
               "--record", "games.jsonl", "--dask", "local:2"]
    # a session of its own, like a terminal's foreground job: Ctrl-C goes to printkit's group
    run = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           start_new_session=True)
    deadline = time.monotonic() + 90
    while len(_processes_marked(mark)) < 4 and time.monotonic() < deadline:  # printkit, cluster, 2 workers
        time.sleep(0.2)
    time.sleep(2)  # chunks in flight
    os.killpg(run.pid, signal.SIGINT)
    started = time.monotonic()
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err.decode()
    assert time.monotonic() - started < 10
    assert b"Traceback" not in err and out == b""
    assert list(tmp_path.iterdir()) == []  # no record, no temporary
    deadline = time.monotonic() + 10
    while _processes_marked(mark) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _processes_marked(mark) == []  # the cluster and its workers ended with the run
