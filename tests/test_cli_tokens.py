"""`printkit tokens LEVEL --players N -o FILE`."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result
from drawcheck import pdf_pages

from printkit.cli import main

# its question mark draws from the box (S23), so its chest needs a token
LEVEL = "name: Tiny\nplayers: [2, 3]\nrules: {box_hearts: 2}\nmap: |\n  ######\n  #A.?Z#\n  ######\n"


def _run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, ["tokens", *args], input=stdin)


def test_tokens_for_a_level(tmp_path: Path) -> None:
    out = tmp_path / "tokens.pdf"
    result = _run("-", "--players", "3", "-o", str(out), stdin=LEVEL)
    assert result.exit_code == 0, result.stderr
    (page,) = pdf_pages(out)
    assert "Tiny: tokens for 3 players" in page.text and "1 chest" in page.text and "9 hearts" in page.text
    result = _run("-", "--players", "2", "--ink-saving", "-o", str(tmp_path / "t.svg"), stdin=LEVEL)
    assert result.exit_code == 0, result.stderr


def test_a_player_count_the_level_is_not_for(tmp_path: Path) -> None:
    out = tmp_path / "tokens.pdf"
    result = _run("-", "--players", "4", "-o", str(out), stdin=LEVEL)
    assert result.exit_code == 2
    assert "is for 2, 3 players" in result.stderr
    assert not out.exists()


def test_broken_levels(tmp_path: Path) -> None:
    out = tmp_path / "tokens.pdf"
    result = _run("-", "--players", "2", "-o", str(out), stdin="map: |\n  #A.Z#\n  #x###\nsize: 3\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith("<stdin>:4:1: format: unknown key 'size'")
    result = _run(str(tmp_path / "none.yaml"), "--players", "2", "-o", str(out))
    assert result.exit_code == 2
    assert not out.exists()


def test_players_default_to_the_most_the_level_allows_as_for_kit(tmp_path: Path) -> None:
    # Issue 12 item 14: tokens required --players while kit has a default.
    out = tmp_path / "tokens.pdf"
    result = _run("-", "-o", str(out), stdin=LEVEL)
    assert result.exit_code == 0, result.stderr
    assert "Tiny: tokens for 3 players" in pdf_pages(out)[0].text


def test_a_level_without_players_is_for_three_players_too(tmp_path: Path) -> None:
    """Issue 19: a level without `players` refused 3 players (the default was [2, 4])."""
    out = tmp_path / "tokens.pdf"
    result = _run("-", "--players", "3", "-o", str(out), stdin="name: Tiny\nmap: |\n  #####\n  #A.Z#\n  #####\n")
    assert result.exit_code == 0, result.output
    assert "Tiny: tokens for 3 players" in pdf_pages(out)[0].text
