"""printkit.cli.named: the argument type of bundled names, and their shell completion."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from printkit.cli.named import BOARD, LEVEL


def test_convert_resolves_names_and_fails_as_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert Path(LEVEL.convert("first-steps", None, None)).name == "01-first-steps.yaml"
    with pytest.raises(click.BadParameter, match="not a board spec"):
        BOARD.convert("first-steps", None, None)


def test_completion_offers_bundled_names_after_a_file_item() -> None:
    items = LEVEL.shell_complete(click.Context(click.Command("x")), click.Argument(["level"]), "the")
    assert [(item.type, item.value) for item in items] == [("file", "the"), ("plain", "the-chimney")]


def test_bash_completes_a_bundled_board_name(tmp_path: Path) -> None:
    """Through Click's own bash script, as the README sets it up: the file item must not wipe
    the names (the script clears its list on a file item), so it comes first."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "printkit"
    wrapper.write_text(f'#!/bin/sh\nexec {sys.executable} -c "from printkit.cli import main; main(prog_name=\'printkit\')" "$@"\n')
    wrapper.chmod(0o755)
    script = ('eval "$(_PRINTKIT_COMPLETE=bash_source printkit)"\n'
              'COMP_WORDS=(printkit board yin); COMP_CWORD=2; _printkit_completion printkit 2>/dev/null\n'
              'echo "${COMPREPLY[@]}"\n')
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"})
    assert done.stdout.strip() == "yinsh", done.stderr


def test_every_command_shows_a_bundled_file_by_the_name_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: moves, errors, the --log header and the record's `level` showed where
    printkit is installed (a site-packages path); they show `the-chimney (bundled)`."""
    import json

    from click.testing import CliRunner

    from printkit.cli import main

    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> str:
        result = CliRunner().invoke(main, list(args))
        assert "levels/" not in result.output and "templates/" not in result.output, result.output
        return result.output

    assert run("moves", "the-chimney", "--from", "4,3", "--card", "2").startswith("the-chimney (bundled): from E4")
    assert run("validate", "first-steps").startswith("✓ first-steps (bundled): solvable")
    assert "the-chimney (bundled): this level cannot be won" not in run("simulate", "the-chimney", "--games", "1",
                                                                       "--record", "g.jsonl", "--log", "g.txt")
    assert (tmp_path / "g.txt").read_text(encoding="utf-8").startswith("Game 0 of the-chimney (bundled) (seed ")
    header = json.loads((tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["level"] == "the-chimney (bundled)"
    assert json.loads(run("board", "yinsh", "--json"))["spec"] == "yinsh (bundled)"
    assert "first-steps (bundled): kit for" in run("kit", "first-steps", "-o", "kit")
    # the default deck too: a card size too small for the player aid's text
    assert run("cards", "--size", "30x40", "-o", "cards.pdf").startswith("sinpin-deck (bundled):")
