"""The `printkit` command: a thin Click group; each command lives in its own module.

The group is where every command's outcome becomes an exit status (docs/exit-status.md):
output faults, unreadable input, spec problems, signals and broken pipes are turned into
one message and one status here, once for all commands.
"""

from __future__ import annotations

import importlib
import sys
from errno import EPIPE
from typing import Any

import click

from printkit import __version__
from printkit.atomicfile import OutputError
from printkit.cli.commands import COMMANDS
from printkit.cli.common import EXIT_BROKEN_PIPE, EXIT_FINDING, EXIT_USAGE, message, quiet_option
from printkit.cli.games import for_game
from printkit.cli.helpformat import WholeSummaryGroup
from printkit.cli.streams import StandardOutputError, flush_stdout, guarded
from printkit.interrupts import as_exceptions
from printkit.sourceproblems import SpecError, UnreadableSource


def _stdout_fault(error: StandardOutputError) -> int:
    """A broken pipe means the reader had enough (`| head`): a quiet end. Any other fault
    (a full disk, a closed stdout) is an error: the data did not arrive."""
    if error.errno == EPIPE:
        return EXIT_BROKEN_PIPE
    message(f"printkit: cannot write to standard output: {error.strerror}")
    return EXIT_USAGE


class LazyGroup(WholeSummaryGroup):
    """Imports a command's module only when that command runs (or help lists it).

    `printkit validate` then starts without loading the drawing stack (reportlab, fonts),
    which would cost more than validating a level.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        with guarded(), as_exceptions():
            try:
                return super().main(*args, **kwargs)
            except StandardOutputError as error:  # click's own output: usage errors
                sys.exit(_stdout_fault(error))

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except StandardOutputError as error:  # `printkit --help` or --version to a broken stdout
            raise click.exceptions.Exit(_stdout_fault(error)) from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            result = super().invoke(ctx)
            flush_stdout()
            return result
        except OutputError as error:  # any command that writes: a clear message, not a traceback
            message(f"printkit: {error}")
            ctx.exit(EXIT_USAGE)
        except StandardOutputError as error:
            ctx.exit(_stdout_fault(error))
        except UnreadableSource as error:  # a file that is not one readable YAML document
            message(str(error.problem))
            ctx.exit(EXIT_USAGE)
        except SpecError as error:  # a readable deck or board spec with problems: a finding
            for problem in error.problems:
                message(str(problem))
            ctx.exit(EXIT_FINDING)
        except KeyboardInterrupt as error:  # Ctrl-C, SIGTERM, SIGHUP: 128 + the signal, quietly
            ctx.exit(getattr(error, "exit_status", 130))
        return None

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attribute = target.split(":")
        return _with_quiet(getattr(importlib.import_module(module), attribute))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """The command, or the command of the game its file is for (printkit.cli.games)."""
        name, command, rest = super().resolve_command(ctx, args)
        if name is not None and command is not None:
            command = _with_quiet(for_game(name, command, rest))
        return name, command, rest


def _with_quiet(command: click.Command) -> click.Command:
    if not any(param.name == "quiet" for param in command.params):
        command.params.append(quiet_option())  # every command takes --quiet, one mechanism
    return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", prog_name="printkit")
@click.option("-q", "--quiet", is_flag=True, expose_value=False, is_eager=True, callback=quiet_option().callback,
              help="As each command's --quiet: only errors and warnings on standard error.")
def main() -> None:
    """Print-and-play kits for Sinpin, Sinoda and YINSH.

    Validate, simulate, generate and edit Sinpin levels; print exact-scale A4 maps, cards, tokens and boards.
    Exit status: 0 ok, 1 a finding (an invalid level, a deck or board spec with problems),
    2 bad usage, unreadable input or an output that cannot be written, 130 interrupted.
    """
