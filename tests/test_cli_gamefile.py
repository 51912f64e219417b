"""Which game a command line's file is for (printkit.cli.gamefile), read before any command
reads it; the spec of a game printkit does not play is told by `simulate`, `moves` and `play`
as `board` tells it (tests/test_cli_simulate.py, tests/test_cli_play.py)."""

from __future__ import annotations

from pathlib import Path

from printkit.cli.gamefile import game_of_argument

ROOT = Path(__file__).resolve().parent.parent


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
