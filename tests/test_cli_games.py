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
from printkit.cli.games import GAME_MODULES, file_argument, for_game, game_of_argument
from printkit.cli.moves import moves_command
from printkit.cli.named import BOARD

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("args, expected", [
    (["first-steps", "--from", "4,3", "--card", "2"], "first-steps"),
    (["--from", "E4", "--card", "2", "yinsh"], "yinsh"),
    (["--from=E4", "--json", "sinoda-2"], "sinoda-2"),
    (["--card", "2", "--", "-odd-name.yaml"], "-odd-name.yaml"),
    (["--card", "2"], None),
])
def test_the_file_argument_is_found_among_the_options(args: list[str], expected: str | None) -> None:
    assert file_argument(moves_command, args) == expected


def test_which_game_a_file_or_a_bundled_name_is_for(tmp_path: Path) -> None:
    assert game_of_argument("first-steps") == "sinpin" and game_of_argument("07-the-chimney") == "sinpin"
    assert game_of_argument("yinsh") == "yinsh"
    assert game_of_argument("sinoda-2") == "sinoda" and game_of_argument("sinoda-4") == "sinoda"
    assert game_of_argument(str(ROOT / "templates" / "yinsh.yaml")) == "yinsh"
    assert game_of_argument(str(ROOT / "levels" / "01-first-steps.yaml")) == "sinpin"
    assert game_of_argument(str(ROOT / "templates" / "sinpin-deck.yaml")) is None  # a deck plays no game
    assert game_of_argument("-") is None and game_of_argument(str(tmp_path / "missing.yaml")) is None
    broken = tmp_path / "broken.yaml"
    broken.write_text("map: [unclosed\n", encoding="utf-8")
    assert game_of_argument(str(broken)) is None


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
