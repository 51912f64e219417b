"""The `printkit` command: a thin Click group; each command lives in its own module."""

from __future__ import annotations

import importlib

import click

from printkit import __version__
from printkit.atomicfile import OutputError
from printkit.cli.commands import COMMANDS
from printkit.cli.common import EXIT_USAGE, quiet_option


class LazyGroup(click.Group):
    """Imports a command's module only when that command runs (or help lists it).

    `printkit validate` then starts without loading the drawing stack (reportlab, fonts),
    which would cost more than validating a level.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except OutputError as error:  # any command that writes: a clear message, not a traceback
            click.echo(f"printkit: {error}", err=True)
            ctx.exit(EXIT_USAGE)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attribute = target.split(":")
        command = getattr(importlib.import_module(module), attribute)
        if not any(param.name == "quiet" for param in command.params):
            command.params.append(quiet_option())  # every command takes --quiet, one mechanism
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", prog_name="printkit")
@click.option("-q", "--quiet", is_flag=True, expose_value=False, is_eager=True, callback=quiet_option().callback,
              help="As each command's --quiet: only errors and warnings on standard error.")
def main() -> None:
    """Print-and-play kits for Sinpin, Sinoda and YINSH.

    Validate hand-drawn Sinpin levels, print exact-scale A4 maps, cards, tokens and boards.
    Exit status: 0 ok, 1 a finding (an invalid level), 2 bad usage or unreadable input.
    """
