"""The hook by which Sinoda and YINSH join `simulate` and `moves` (printkit.cli.games): the
file argument says which game a command line is for, and a game's own module of the CLI
takes the line over; without one, Sinpin's command reads the file as it always has."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.cli.games import GAME_MODULES, file_argument, for_game
from printkit.cli.moves import moves_command
from printkit.cli.named import BOARD


@pytest.mark.parametrize("args, expected", [
    (["first-steps", "--from", "4,3", "--card", "2"], "first-steps"),
    (["--from", "E4", "--card", "2", "yinsh"], "yinsh"),
    (["--from=E4", "--json", "sinoda-2"], "sinoda-2"),
    (["--card", "2", "--", "-odd-name.yaml"], "-odd-name.yaml"),
    (["--card", "2"], None),
])
def test_the_file_argument_is_found_among_the_options(args: list[str], expected: str | None) -> None:
    assert file_argument(moves_command, args) == expected


@pytest.fixture
def yinsh_module(monkeypatch: pytest.MonkeyPatch):
    """A stand-in for printkit/cli/yinsh.py with a `moves` command of its own options."""
    @click.command("moves")
    @click.argument("spec", type=BOARD)  # a game's command resolves bundled names as every command does
    @click.option("--ring", default="E5")
    def yinsh_moves(spec: str, ring: str) -> None:
        click.echo(f"YINSH moves of {Path(spec).name} from {ring}")

    module = types.ModuleType("yinsh_cli_for_tests")
    module.COMMANDS = {"moves": yinsh_moves}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "yinsh_cli_for_tests", module)
    monkeypatch.setitem(GAME_MODULES, "yinsh", "yinsh_cli_for_tests")
    monkeypatch.setattr("importlib.util.find_spec", lambda name: object() if name == "yinsh_cli_for_tests" else None)
    return yinsh_moves


def test_a_games_own_module_takes_its_command_lines_over(yinsh_module) -> None:
    result = CliRunner().invoke(main, ["moves", "yinsh", "--ring", "F6"])
    assert result.exit_code == 0 and result.output == "YINSH moves of yinsh.yaml from F6\n"
    assert for_game("moves", moves_command, ["yinsh"]) is yinsh_module
    assert for_game("moves", moves_command, ["first-steps"]) is moves_command  # Sinpin's stays Sinpin's
    assert for_game("validate", moves_command, ["yinsh"]) is moves_command  # only simulate and moves
    assert for_game("moves", moves_command, ["sinoda-2"]) is moves_command  # no Sinoda module: Sinpin's
    sinpin = CliRunner().invoke(main, ["moves", "first-steps", "--from", "4,3", "--card", "2"])
    assert sinpin.exit_code == 0 and "→" in sinpin.output


def test_without_a_games_module_sinpins_command_says_what_the_file_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("printkit.cli.games.GAME_MODULES", {})  # as before YINSH had commands of its own
    result = CliRunner().invoke(main, ["moves", "yinsh", "--from", "E4", "--card", "2"])
    assert result.exit_code == 2 and "'yinsh' is a bundled board spec, not a level" in result.output
