"""The argument type of every command that reads a level, a deck or a board spec: a file, or
the name of a bundled one (printkit.bundled.resolve), with shell completion of both."""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from printkit import bundled


class NamedFile(click.ParamType):
    """A path, `-` for standard input, or a bundled name such as `first-steps` or `yinsh`."""

    name = "file"

    def __init__(self, kind: str):
        self.kind = kind

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return bundled.resolve(str(value), self.kind)
        except bundled.NotBundled as error:
            self.fail(str(error), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        names = sorted({name for item in bundled.catalogue(self.kind) for name in item.names})
        # The file item first: Click's bash script clears its list on a file item, then adds
        # the names, and completes file names itself only when no name matches.
        return [CompletionItem(incomplete, type="file")] + [
            CompletionItem(name) for name in names if name.startswith(incomplete)]


LEVEL = NamedFile("level")
DECK = NamedFile("deck")
BOARD = NamedFile("board")
