"""Help texts: every command shows examples, and `printkit --help` never cuts a summary."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.cli.commands import COMMANDS


def _help(*args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--help"], terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.stdout


def _commands() -> list[tuple[str, ...]]:
    """Every command as typed, subcommands of a group included."""
    found: list[tuple[str, ...]] = []
    for name in COMMANDS:
        command = main.get_command(click.Context(main), name)
        found.append((name,))
        if isinstance(command, click.Group):
            found += [(name, sub) for sub in command.commands]
    return found


@pytest.mark.parametrize("words", _commands(), ids=" ".join)
def test_every_command_shows_examples(words: tuple[str, ...]) -> None:
    examples = re.findall(rf"^ {{4}}printkit {' '.join(words)}\b.*$", _help(*words), re.MULTILINE)
    assert examples, f"printkit {' '.join(words)} --help has no example"


@pytest.mark.parametrize("group", [(), ("examples",)], ids=["printkit", "examples"])
def test_groups_never_cut_a_command_s_summary(group: tuple[str, ...]) -> None:
    assert "..." not in _help(*group).split("Commands:", 1)[1]


def test_the_command_list_gives_whole_summaries() -> None:
    commands = _help().split("Commands:", 1)[1]
    listing = re.sub(r"\s+", " ", commands)
    for name in COMMANDS:
        command = main.get_command(click.Context(main), name)
        first_sentence = command.get_short_help_str(limit=1_000)
        assert f"{name} {first_sentence}" in listing


def test_help_points_at_docs_a_clone_has() -> None:
    assert "docs/level-format.md" in re.sub(r"\s+", " ", _help("moves"))
    assert "printkit rules" in re.sub(r"\s+", " ", _help("validate"))
