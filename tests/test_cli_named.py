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
