"""Commands that play more than one game: `printkit simulate` and `printkit moves` are
Sinpin's, but a Sinoda board spec among their arguments hands the whole command line to
Sinoda's command of the same name (printkit.cli.sinoda), options, help and all."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

SPEC_SUFFIXES = (".yaml", ".yml")


def sinoda_spec_among(args: Sequence[str]) -> bool:
    """Whether an argument names a Sinoda board spec: a bundled one (`sinoda-4`) or a YAML
    file whose `game` is sinoda. Option values never are (records end in .jsonl, …)."""
    from printkit import bundled

    for arg in args:
        if arg.startswith("-"):
            continue
        try:
            path = Path(bundled.resolve(arg, "board"))
        except bundled.NotBundled:
            continue
        if path.suffix.lower() in SPEC_SUFFIXES and _game_of(path) == "sinoda":
            return True
    return False


def _game_of(path: Path) -> str | None:
    from printkit.yamlsource import UnreadableSource, load_document

    try:
        doc = load_document(str(path))
    except (UnreadableSource, OSError):
        return None
    data = doc.value(doc.root) if doc.root is not None else None
    return data.get("game") if isinstance(data, dict) else None


class ByGame(click.Command):
    """A Sinpin command that gives way to `sinoda` ("module:attribute", imported only then)
    when its arguments name a Sinoda board spec."""

    def __init__(self, *args: Any, sinoda: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.sinoda = sinoda

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        if sinoda_spec_among(args):
            module, attribute = self.sinoda.split(":")
            command: click.Command = getattr(importlib.import_module(module), attribute)
            return command.make_context(info_name, args, parent=parent, **extra)
        return super().make_context(info_name, args, parent=parent, **extra)
