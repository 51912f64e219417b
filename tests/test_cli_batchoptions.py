"""The shared --jobs / --dask options (printkit.cli.batchoptions), on a toy batch command."""

from __future__ import annotations

import functools
import sys
import time

import click
import pytest
from batchwork import seeds_of
from extras import need
from click.testing import CliRunner

from printkit.batch import LocalProcesses, make_chunks, run_chunks
from printkit.cli.batchoptions import batch_options, executor_for

closed: list[str] = []


@pytest.fixture(autouse=True)
def record_closes(monkeypatch):
    """Every executor's close is recorded in `closed`."""
    closed.clear()
    from printkit import batchdask

    for kind in (LocalProcesses, batchdask.DaskExecutor):
        def recording(self, original=kind.close):
            closed.append(type(self).__name__)
            original(self)

        monkeypatch.setattr(kind, "close", recording)


@click.command()
@click.option("--seed", type=int, default=1)
@batch_options
def toy(seed: int, executor) -> None:
    """Prints the seeds of 12 items, chunk by chunk."""
    for _, seeds in run_chunks(functools.partial(seeds_of, seed), make_chunks(12, 5), executor=executor):
        click.echo(" ".join(map(str, seeds)))


def run(*args: str):
    return CliRunner().invoke(toy, list(args))


def test_jobs_give_the_same_output_and_the_executor_is_closed() -> None:
    one, two = run("--seed", "3"), run("--seed", "3", "-j", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output and len(one.output.split()) == 12
    assert closed == ["LocalProcesses"] * 2


@pytest.mark.parametrize("args", [["--jobs", "0"], ["--dask", "local:0"], ["--dask", "nowhere"],
                                  ["--jobs", "2", "--dask", "local:2"]])
def test_bad_usage_is_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("hide_dask", [False, True], ids=["as installed", "without the dask extra"])
def test_jobs_and_dask_are_alternatives_with_or_without_dask(monkeypatch, hide_dask: bool) -> None:
    """The usage is wrong whether or not Dask is installed, so it is said first (the README's
    `pip install '.[test]' && pytest` runs this without the dask extra)."""
    if hide_dask:
        monkeypatch.setitem(sys.modules, "distributed", None)
    result = run("--jobs", "2", "--dask", "local:2")
    assert result.exit_code == 2
    assert "--jobs and --dask are alternatives" in result.output
    assert "needs Dask" not in result.output


def test_without_the_extra_dask_says_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the dask extra were not installed
    result = run("--dask", "local:2")
    assert result.exit_code == 2
    # printkit is not on PyPI (a package called printkit there is another project's)
    assert "--dask needs Dask, an optional extra of printkit: pip install '.[dask]' in printkit's folder (the dask extra)" \
        in result.output and "printkit[dask]" not in result.output
    assert run("--jobs", "2").exit_code == 0  # only --dask needs it


@pytest.mark.extra_dask
def test_an_unreachable_scheduler_is_one_message_and_exit_2_within_the_timeout() -> None:
    need("distributed", "dask")
    started = time.monotonic()
    result = run("--dask", "tcp://127.0.0.1:9")
    took = time.monotonic() - started
    assert result.exit_code == 2
    assert result.output.strip() == ("printkit: cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 10 s; "
                                     "is `dask scheduler` running there?")
    assert took < 10 + 5
    assert closed == ["DaskExecutor"]


@pytest.mark.extra_dask
def test_the_executor_the_options_ask_for() -> None:
    assert executor_for(3) == LocalProcesses(3)
    need("distributed", "dask")
    from printkit.batchdask import DaskExecutor, DaskTarget

    assert isinstance(executor_for(1, DaskTarget(workers=2)), DaskExecutor)
