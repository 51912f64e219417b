"""Every command's usage errors name the option the user gave (issue 19: `simulate --heatmap
h.png` blamed '-o' / '--output')."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main

OUTPUT = "'-o' / '--output'"
CASES = [
    (["simulate", "first-steps", "--heatmap", "h.png"], "'--heatmap'"),
    (["simulate", "first-steps", "--heatmap", "folder/"], "'--heatmap'"),
    (["simulate", "first-steps", "--record", "games.txt"], "'--record'"),
    (["simulate", "first-steps", "--log", "game.pdf"], "'--log'"),
    (["simulate", "first-steps", "--bots", "clever"], "'--bots'"),
    (["render", "first-steps", "-o", "map.png"], OUTPUT),
    (["render", "--all", "nowhere", "-o", "maps/"], "'--all'"),
    (["paper", "-o", "sheet.png"], OUTPUT),
    (["paper", "-o", "sheet.pdf", "--fields", "99x99"], "'--fields'"),
    (["cards", "-o", "cards.png"], OUTPUT),
    (["tokens", "first-steps", "-o", "tokens.png"], OUTPUT),
    (["kit", "first-steps", "-o", "kit.pdf"], OUTPUT),
    (["generate", "--size", "2x2", "-o", "caves/"], "'--size'"),
    (["generate", "--features", "lava", "-o", "caves/"], "'--features'"),
    (["generate", "--players", "five", "-o", "caves/"], "'--players'"),
    (["survey", "-o", "survey.png"], OUTPUT),
    (["board", "yinsh", "-o", "board.png"], OUTPUT),
    (["board", "--all", "nowhere", "-o", "boards/"], "'--all'"),
    (["moves", "first-steps", "--from", "Z99", "--card", "2"], "'--from'"),
    (["rules", "S99"], "'RULE'"),
    (["board", "yinsh", "--tiles", "-o", "board.pdf"], "'--tiles'"),  # an A4 board needs no tiles
]


@pytest.mark.parametrize("args, option", CASES, ids=[" ".join(args) for args, _ in CASES])
def test_the_error_names_the_option_given(args: list[str], option: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert re.findall(r"Invalid value for ('[^']+'(?: / '[^']+')?)", result.output) == [option], result.output


LONG = "a" * 300  # over the 255 bytes a file system takes for a name
TOO_LONG = [
    (["cards", "-o", f"{LONG}.pdf"], OUTPUT),
    (["board", "yinsh", "-o", f"{LONG}.svg"], OUTPUT),
    (["board", "--all", "{templates}", "-o", f"{LONG}/"], OUTPUT),
    (["tokens", "first-steps", "-o", f"{LONG}.pdf"], OUTPUT),
    (["render", "first-steps", "-o", f"{LONG}.pdf"], OUTPUT),
    (["render", "--all", "{levels}", "-o", f"{LONG}/"], OUTPUT),
    (["paper", "-o", f"{LONG}/sheet.pdf"], OUTPUT),
    (["kit", "first-steps", "-o", LONG], OUTPUT),
    (["simulate", "first-steps", "--games", "1", "--record", f"{LONG}.jsonl"], "'--record'"),
    (["simulate", "first-steps", "--games", "1", "--heatmap", f"{LONG}.pdf"], "'--heatmap'"),
    (["paper", "-o", f"{'b' * 252}.svg"], OUTPUT),  # fits, but not with an SVG page's "-2"
    (["generate", "--seed", "1", "-o", LONG], OUTPUT),
    (["examples", "copy", "first-steps", LONG], "'DIR'"),
    (["scan", "{photo}", "-o", f"{LONG}.yaml"], "'-o'"),
    (["editor", LONG, "--no-browser"], "'LEVEL.yaml | DIR'"),
]


@pytest.mark.parametrize("args, option", TOO_LONG, ids=lambda value: " ".join(value)[:40] if isinstance(value, list) else value)
def test_an_output_name_longer_than_a_file_system_allows_is_one_message(args: list[str], option: str, tmp_path: Path,
                                                                         monkeypatch) -> None:
    """Issue 19: a traceback (OSError: File name too long) in cards, board, tokens, render, paper."""
    root = Path(__file__).resolve().parent.parent
    args = [arg.format(templates=root / "templates", levels=root / "levels", photo=root / "docs" / "scan-example.jpg")
            for arg in args]
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert f"Invalid value for {option}: the name 'aaaa" in result.output or "the name 'bbbb" in result.output
    assert "bytes long; file systems take at most" in result.output
    assert list(tmp_path.iterdir()) == []



@pytest.mark.parametrize("command", ["validate", "render", "cards", "moves"])
def test_an_input_name_longer_than_a_file_system_allows_is_a_message_not_a_traceback(command: str) -> None:
    result = CliRunner().invoke(main, [command, LONG])
    assert result.exit_code == 2 and (result.exception is None or isinstance(result.exception, SystemExit))
    assert "Traceback" not in result.output