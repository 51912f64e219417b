"""The options of every batch command (simulate, generate, survey): where the chunks run.

`@batch_options` adds `--jobs J` and `--dask ADDRESS` to a command and hands the command one
`executor` for printkit.batch.run_chunks in their place; the executor is closed (a local
Dask cluster shut down) when the command ends, however it ends, and an executor that cannot
run the batch is one message and exit 2 here, once for every batch command.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from printkit.batch import ChunkExecutor, ExecutorError, LocalProcesses
from printkit.cli.common import EXIT_USAGE, message
from printkit.wording import install_hint

F = TypeVar("F", bound=Callable[..., Any])

# The most games one `simulate` run plays (Sinpin, Sinoda, YINSH): a million take hours on
# one core (some 10 ms a Sinpin or Sinoda game, 50 a YINSH one) and pin every share to about
# 0.1 %; more is a slip, and a run lists all its chunks (printkit.batch.make_chunks) and
# keeps every --record line in memory before it ends: a billion died with a MemoryError.
MAX_GAMES = 1_000_000
GAMES_HELP = f"How many games to play (at most {MAX_GAMES:,})."
JOBS_HELP = "Run the batch on J processes of this machine (the output does not depend on J)."
DASK_HELP = ("Run the batch on a Dask cluster: a scheduler's address (tcp://HOST:8786), or local[:N] "
             f"for N worker processes here (N: the cores). Needs {install_hint('dask')}.")


def _dask_target(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    """The parsed --dask target (whether Dask is installed is asked once the usage is known
    to be right: `--jobs 2 --dask local:2` is wrong with or without Dask)."""
    if value is None:
        return None
    from printkit.batchdask import parse_target

    try:
        return parse_target(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def executor_for(jobs: int = 1, dask: Any = None) -> ChunkExecutor:
    """The executor the options ask for: a Dask cluster (a parsed --dask target), else
    `jobs` local processes."""
    if dask is not None:
        from printkit.batchdask import DaskExecutor

        return DaskExecutor(dask)
    return LocalProcesses(jobs)


def batch_options(command: F) -> F:
    """--jobs and --dask on a Click command, which receives `executor` instead."""

    @click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True, metavar="J",
                  help=JOBS_HELP)
    @click.option("--dask", "dask", metavar="ADDRESS", callback=_dask_target, expose_value=True, help=DASK_HELP)
    @functools.wraps(command)
    def with_executor(*args: Any, jobs: int, dask: Any, **kwargs: Any) -> Any:
        ctx = click.get_current_context()
        if dask is not None and ctx.get_parameter_source("jobs") not in (ParameterSource.DEFAULT, None):
            raise click.UsageError("--jobs and --dask are alternatives: --jobs runs on this machine, "
                                   "--dask on a Dask cluster (--dask local:N for N processes here)")
        if dask is not None:
            from printkit.batchdask import require_dask

            try:
                require_dask()  # the install hint (exit 2) before any work when Dask is missing
            except ExecutorError as error:
                message(f"printkit: {error}")
                ctx.exit(EXIT_USAGE)
        executor = executor_for(jobs, dask)
        try:
            return command(*args, executor=executor, **kwargs)
        except ExecutorError as error:
            message(f"printkit: {error}")
            ctx.exit(EXIT_USAGE)
        finally:
            from printkit.interrupts import held

            with held():  # a second Ctrl-C waits until the cluster is shut down
                executor.close()

    return with_executor  # type: ignore[return-value]


def play_chunks(work: Callable[[Any], Any], chunks: list[Any], executor: ChunkExecutor, stats: Any,
                games: int) -> tuple[str, str | None]:
    """Play a run's chunks (simulate for any game) with a progress bar: each chunk's
    statistics merged into `stats` as it comes (so an interrupted run can say how many games
    were played), its records joined in chunk order, and the first game's log kept."""
    from printkit.batch import run_chunks
    from printkit.cli.common import progress_count

    records: list[str] = []
    logged = None
    with progress_count(games, "Playing games") as bar:
        for chunk, result in run_chunks(work, chunks, executor=executor):
            stats.merge(result.stats)
            records.append(result.records)
            logged = logged or result.logged
            bar.update(chunk.count)
    return "".join(records), logged
