"""What every command shares: --quiet (issue 12 item 14) and colour on a terminal."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.cli.commands import COMMANDS
from printkit.cli.common import coloured_verdict, use_colour

ROOT = Path(__file__).resolve().parent.parent
LEVEL = str(ROOT / "levels" / "01-first-steps.yaml")


class _Terminal:
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_takes_quiet(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0 and "-q, --quiet" in result.output


def test_quiet_drops_summaries_but_keeps_data_and_errors(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    loud = CliRunner().invoke(main, ["tokens", LEVEL, "-o", str(out)])
    assert loud.stderr.strip() == "tokens for 3 players"  # the most levels/01 is for
    for args in (["tokens", LEVEL, "-o", str(out), "--quiet"], ["-q", "tokens", LEVEL, "-o", str(out)]):
        hushed = CliRunner().invoke(main, args)
        assert hushed.exit_code == 0 and hushed.stderr == "" and hushed.stdout == f"{out}\n"
    broken = tmp_path / "broken.yaml"
    broken.write_text("map: |\n  #AxZ#\n", encoding="utf-8")
    failed = CliRunner().invoke(main, ["render", str(broken), "-o", str(out), "-q"])
    assert failed.exit_code == 1 and "S3: unknown character 'x'" in failed.stderr and "nothing written" in failed.stderr


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(_Terminal()) and not use_colour(object())
    line = coloured_verdict("✓ a.yaml: solvable", _Terminal())
    assert line.startswith("\x1b[32m") and line.endswith(" a.yaml: solvable")
    assert coloured_verdict("✗ b.yaml: invalid", _Terminal()).startswith("\x1b[31m")
    assert coloured_verdict("✓ a.yaml", object()) == "✓ a.yaml"
    monkeypatch.setenv("NO_COLOR", "1")
    assert coloured_verdict("✓ a.yaml", _Terminal()) == "✓ a.yaml"


def test_validate_output_to_a_pipe_has_no_escape_codes(monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    result = CliRunner().invoke(main, ["validate", LEVEL])
    assert result.output.startswith("✓ ") and "\x1b[" not in result.output
