"""The `printkit` command: a thin Click group; each command lives in its own module."""

from __future__ import annotations

import click

from printkit import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", prog_name="printkit")
def main() -> None:
    """Print-and-play kits for Sinpin, Sinoda and YINSH.

    Validate hand-drawn Sinpin levels, print exact-scale A4 maps, cards, tokens and boards.
    Exit status: 0 ok, 1 a finding (an invalid level), 2 bad usage or unreadable input.
    """


# Command registration: one import and one add_command per command module.
from printkit.cli import commands as _commands  # noqa: E402

for _command in _commands.all_commands():
    main.add_command(_command)
