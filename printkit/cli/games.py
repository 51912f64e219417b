"""Which game a command's file is for, and the command that plays it: the hook by which
Sinoda and YINSH join the commands that play games.

`printkit simulate FILE` and `printkit moves FILE` play Sinpin levels. The same commands
play Sinoda and YINSH from a board spec (`game: sinoda` or `game: yinsh`; the bundled
names `sinoda-2`, `sinoda-4`, `yinsh` and the others included). A game plugs in with its
own module of the CLI, `printkit/cli/<game>.py` (GAME_MODULES), that holds `COMMANDS`: its
Click commands by name ({"simulate": ..., "moves": ...}), with options of their own. When a
command line's file is for that game, the group (printkit.cli.LazyGroup) hands the whole
command line to the game's command of that name (`for_game`). A game without a module, or
without that command, leaves the line to Sinpin's command, which reads the file and says
what it is; with no game module at all nothing is peeked at.
"""

from __future__ import annotations

import importlib
import importlib.util

import click

from printkit.cli.gamefile import game_of_argument

PER_GAME = ("simulate", "moves")  # the commands another game may take over
GAME_MODULES = {"sinoda": "printkit.cli.sinoda", "yinsh": "printkit.cli.yinsh"}


def game_command(game: str, name: str) -> click.Command | None:
    """The game's own command `name`, or None while its module or that command is not written."""
    module_name = GAME_MODULES.get(game)
    if module_name is None or importlib.util.find_spec(module_name) is None:
        return None
    return getattr(importlib.import_module(module_name), "COMMANDS", {}).get(name)


def file_argument(command: click.Command, args: list[str]) -> str | None:
    """The command line's first positional argument (the file), skipping the options and
    the values of those that take one (`--from E4`)."""
    valued = {name for param in command.params if isinstance(param, click.Option) and not param.is_flag and not param.count
              for name in param.opts + param.secondary_opts}
    skip = False
    for index, arg in enumerate(args):
        if skip:
            skip = False
        elif arg == "--":
            return args[index + 1] if index + 1 < len(args) else None
        elif arg.startswith("-") and arg != "-":
            skip = arg in valued
        else:
            return arg
    return None


def for_game(name: str, command: click.Command, args: list[str]) -> click.Command:
    """The command that plays this command line: another game's own `name` when the file
    is for that game and the game has that command; `command` (Sinpin's) otherwise."""
    if name not in PER_GAME or not any(importlib.util.find_spec(module) for module in GAME_MODULES.values()):
        return command
    argument = file_argument(command, args)
    game = game_of_argument(argument) if argument is not None else None
    if game is None or game == "sinpin":
        return command
    return game_command(game, name) or command
