"""The list of printkit's commands (kept apart so each command module stays independent)."""

from __future__ import annotations

import click


def all_commands() -> list[click.Command]:
    # Imported here, not at module level, so that `printkit --help` stays quick to start.
    from printkit.cli.board import board
    from printkit.cli.moves import moves_command
    from printkit.cli.validate import validate_command

    return [validate_command, moves_command, board]
