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
]


@pytest.mark.parametrize("args, option", CASES, ids=[" ".join(args) for args, _ in CASES])
def test_the_error_names_the_option_given(args: list[str], option: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert re.findall(r"Invalid value for ('[^']+'(?: / '[^']+')?)", result.output) == [option], result.output
