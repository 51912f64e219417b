"""A shared command that hands a game's name to that game's own command:
`printkit simulate yinsh …` and `printkit moves yinsh …` run YINSH's commands, whose options
are their own, while `printkit simulate LEVEL.yaml …` stays Sinpin's.

The hand-over happens before any option is parsed (each game's options differ), so the
game's command parses everything after its name; its help is `printkit simulate yinsh --help`.
A Sinpin level file that happens to be called `yinsh` is reached as `./yinsh`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import click

from printkit.cli.common import quiet_option


class GameDispatch(click.Command):
    def __init__(self, *args: Any, games: Mapping[str, str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.games = dict(games)  # a game's name -> "module:attribute" of its command, imported when used

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        if args and args[0] in self.games:
            module, attribute = self.games[args[0]].split(":")
            command: click.Command = getattr(importlib.import_module(module), attribute)
            if not any(param.name == "quiet" for param in command.params):
                command.params.append(quiet_option())  # as the group gives every command
            return command.make_context(f"{info_name} {args[0]}", list(args[1:]), parent=parent, **extra)
        return super().make_context(info_name, args, parent=parent, **extra)
