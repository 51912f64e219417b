"""The Dask executor (printkit.batchdask): the same results as one local process, in chunk
order, through a worker's death, with clear errors for what cannot run."""

from __future__ import annotations

import functools
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from extras import need

pytestmark = pytest.mark.extra_dask
distributed = need("distributed", "dask")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from printkit.batch import ExecutorError, derive_seed, make_chunks, run_chunks  # noqa: E402
from printkit.batchdask import DaskExecutor, DaskTarget, parse_target, require_dask  # noqa: E402
from batchwork import alive, dies_once, fails_once, seeds_of, slow_seeds_of  # noqa: E402

# no dashboard, the scheduler's HTTP routes on a free port, no log lines
QUIET = dict(dashboard_address=None, scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
             host="127.0.0.1", silence_logs=logging.ERROR)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, **QUIET) as local:
        yield local


@pytest.fixture
def executor(cluster):
    runner = DaskExecutor(DaskTarget(address=cluster.scheduler_address))
    yield runner
    runner.close()


@pytest.fixture(scope="module")
def shared_executor(cluster):
    runner = DaskExecutor(DaskTarget(address=cluster.scheduler_address))
    yield runner
    runner.close()


def _results(executor, work, total=40, size=3) -> list:
    return [result for _, result in run_chunks(work, make_chunks(total, size), executor=executor)]


@pytest.mark.parametrize("size", [1, 3, 40])
def test_a_cluster_gives_what_one_process_gives_in_chunk_order(executor, size: int) -> None:
    work = functools.partial(seeds_of, 42)
    chunks = make_chunks(40, size)
    pairs = list(run_chunks(work, chunks, executor=executor))
    assert [chunk for chunk, _ in pairs] == chunks
    assert [result for _, result in pairs] == [result for _, result in run_chunks(work, chunks, jobs=1)]


@settings(max_examples=12, deadline=None)
@given(total=st.integers(0, 30), size=st.integers(1, 12), seed=st.integers(0, 2**63 - 1))
def test_any_cut_of_any_run_gives_the_items_of_one_process(shared_executor, total: int, size: int, seed: int) -> None:
    work = functools.partial(seeds_of, seed)
    got = _results(shared_executor, work, total=total, size=size)
    assert sum(got, []) == [derive_seed(seed, item) for item in range(total)]


def test_order_is_kept_when_later_chunks_finish_first(executor) -> None:
    # chunk 0 is the slowest: the other worker finishes the rest long before it
    work = functools.partial(slow_seeds_of, 7, {0: 1.5})
    assert _results(executor, work, total=8, size=1) == _results(None, work, total=8, size=1)


def test_a_worker_that_dies_mid_run_costs_nothing_but_time(executor, tmp_path: Path) -> None:
    work = functools.partial(dies_once, str(tmp_path), 5, 11)
    assert _results(executor, work, total=30, size=2) == _results(None, functools.partial(seeds_of, 11), total=30, size=2)
    assert (tmp_path / "died-5").exists()  # the first run of chunk 5 did end its worker


def test_a_worker_killed_while_the_run_is_in_flight(executor) -> None:
    work = functools.partial(slow_seeds_of, 9, {k: 0.3 for k in range(12)})
    expected = _results(None, functools.partial(seeds_of, 9), total=12, size=1)
    stream = run_chunks(work, make_chunks(12, 1), executor=executor)
    got = [next(stream)[1]]
    victim = sorted(executor._client.run(os.getpid).values())[0]
    os.kill(victim, signal.SIGKILL)
    got += [result for _, result in stream]
    assert got == expected
    assert not alive(victim)


def test_a_chunk_that_failed_once_is_run_again(executor, tmp_path: Path) -> None:
    work = functools.partial(fails_once, str(tmp_path), 2, 6)
    assert _results(executor, work, total=12, size=3) == _results(None, functools.partial(seeds_of, 6), total=12, size=3)
    assert (tmp_path / "failed-2").exists()


def test_a_chunk_that_always_fails_raises_its_own_error_as_locally(executor, tmp_path: Path) -> None:
    work = functools.partial(fails_once, str(tmp_path), -1, 6)
    with pytest.raises(ValueError, match="chunk 0 cannot be done"):
        _results(executor, work, total=6, size=3)


def test_stopping_the_iteration_cancels_the_runs_tasks(executor, cluster) -> None:
    work = functools.partial(slow_seeds_of, 3, {k: 0.5 for k in range(20)})
    stream = run_chunks(work, make_chunks(20, 1), executor=executor)
    next(stream)
    stream.close()  # what Ctrl-C does to the caller's loop
    client = executor._client
    deadline = time.monotonic() + 10
    while client.run_on_scheduler(_printkit_tasks) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert client.run_on_scheduler(_printkit_tasks) == 0


def _printkit_tasks(dask_scheduler) -> int:
    return sum(1 for key in dask_scheduler.tasks if str(key).startswith("printkit-"))


def test_an_unreachable_scheduler_is_an_error_within_the_timeout() -> None:
    runner = DaskExecutor(parse_target("tcp://127.0.0.1:9"), timeout=2)
    started = time.monotonic()
    with pytest.raises(ExecutorError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9 within 2 s"):
        _results(runner, len)
    assert time.monotonic() - started < 2 + 3
    runner.close()


def test_a_scheduler_without_workers_says_how_to_start_one() -> None:
    with distributed.LocalCluster(n_workers=0, processes=True, **QUIET) as empty:
        runner = DaskExecutor(DaskTarget(address=empty.scheduler_address), timeout=1)
        with pytest.raises(ExecutorError, match=f"no worker after 1 s; start one with `dask worker {empty.scheduler_address}`"):
            _results(runner, len)
        runner.close()


def test_a_worker_with_another_printkit_is_refused(executor, monkeypatch) -> None:
    monkeypatch.setattr("printkit.batchdask.__version__", "0.0.0-other")
    with pytest.raises(ExecutorError, match=r"has printkit \S+, this is 0\.0\.0-other"):
        _results(executor, len)


@pytest.mark.parametrize(("text", "target"), [
    ("local:3", DaskTarget(workers=3)),
    ("tcp://10.1.2.3:8786", DaskTarget(address="tcp://10.1.2.3:8786")),
    ("scheduler.lab:8786", DaskTarget(address="tcp://scheduler.lab:8786")),
    ("tls://[::1]:8786", DaskTarget(address="tls://[::1]:8786")),
])
def test_targets(text: str, target: DaskTarget) -> None:
    assert parse_target(text) == target
    assert parse_target("local").workers >= 1


@pytest.mark.parametrize("text", ["local:0", "local:x", "tcp://host", "tcp://host:port", "http://host:80", "", "somewhere"])
def test_what_is_not_a_target(text: str) -> None:
    with pytest.raises(ValueError):
        parse_target(text)


def test_without_the_extra_the_hint(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    with pytest.raises(ExecutorError, match=r"pip install '\.\[dask\]' in printkit's folder \(the dask extra\)$"):
        require_dask()


def _simulate(folder: Path, monkeypatch, *options: str) -> dict[str, bytes]:
    """`printkit simulate` in `folder`: its standard output and every file it wrote."""
    return _command(folder, monkeypatch, "simulate", "first-steps", "--games", "60", "--seed", "4", "--json",
                    "--record", "games.jsonl", "--log", "game.txt", "--heatmap", "heat.svg", *options)


def test_simulate_on_a_cluster_writes_the_bytes_of_one_process(cluster, tmp_path: Path, monkeypatch) -> None:
    one = _simulate(tmp_path / "one", monkeypatch, "--jobs", "1")
    dask = _simulate(tmp_path / "dask", monkeypatch, "--dask", cluster.scheduler_address)
    assert sorted(one) == ["game.txt", "games.jsonl", "heat.svg", "stdout"]
    assert one == dask
    assert len(one["games.jsonl"].splitlines()) > 60  # three chunks of games, every line kept



def test_ctrl_c_cancels_the_runs_tasks_on_the_cluster_and_writes_nothing(cluster, executor, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "printkit", "simulate", "the-chimney", "--games", "4000", "--seed", "2",
               "--record", "games.jsonl", "--dask", cluster.scheduler_address]
    run = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    client = executor._connect()
    deadline = time.monotonic() + 60
    while not client.run_on_scheduler(_printkit_tasks) and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1)  # chunks in flight
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err.decode()
    assert b"Traceback" not in err and out == b""
    assert list(tmp_path.iterdir()) == []
    deadline = time.monotonic() + 10
    while client.run_on_scheduler(_printkit_tasks) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert client.run_on_scheduler(_printkit_tasks) == 0  # nothing of the run left on the cluster


def _command(folder: Path, monkeypatch, *arguments: str) -> dict[str, bytes]:
    """A printkit command in `folder`: its standard output and every file it wrote, by name."""
    from click.testing import CliRunner

    from printkit.cli import main

    folder.mkdir()
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, list(arguments))
    assert result.exit_code == 0, result.output
    files = {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}
    return {"stdout": result.stdout.encode(), **files}


def test_generate_on_a_cluster_writes_the_bytes_of_one_process(cluster, tmp_path: Path, monkeypatch) -> None:
    arguments = ["generate", "--seed", "4", "--count", "5", "--render", "-o", "levels/"]
    one = _command(tmp_path / "one", monkeypatch, *arguments, "--jobs", "1")
    dask = _command(tmp_path / "dask", monkeypatch, *arguments, "--dask", cluster.scheduler_address)
    assert len([name for name in one if name.endswith(".yaml")]) == 5
    assert one == dask


def test_survey_on_a_cluster_writes_the_bytes_of_one_process(cluster, tmp_path: Path, monkeypatch) -> None:
    arguments = ["survey", "--seed", "2", "--count", "12", "-o", "survey.pdf", "--json"]
    one = _command(tmp_path / "one", monkeypatch, *arguments, "--jobs", "1")
    dask = _command(tmp_path / "dask", monkeypatch, *arguments, "--dask", cluster.scheduler_address)
    assert sorted(one) == ["stdout", "survey.pdf"] and b'"made": 12' in one["stdout"]
    assert one == dask
