"""The CLI's shared rules: -o names a file or a folder (one check each), one exit status
per class of outcome for levels, decks and board specs alike, bounded messages; --quiet
(issue 12 item 14) and colour on a terminal."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from printkit.cli import main
from printkit.cli.commands import COMMANDS
from printkit.cli.common import EXIT_FINDING, EXIT_USAGE, coloured_verdict, output_folder, output_format, use_colour

ROOT = Path(__file__).resolve().parent.parent
LEVEL = str(ROOT / "levels" / "01-first-steps.yaml")
DECK = str(ROOT / "templates" / "sinpin-deck.yaml")
YINSH = str(ROOT / "templates" / "yinsh.yaml")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_output_format_and_folder_tell_files_from_folders(tmp_path: Path) -> None:
    assert output_format(tmp_path / "map.PDF") == "pdf"
    assert output_folder(tmp_path / "kit") == tmp_path / "kit"
    assert output_folder(tmp_path / "maps.v2") == tmp_path / "maps.v2"  # a dot is no file name yet
    (tmp_path / "old.pdf").mkdir()
    assert output_folder(tmp_path / "old.pdf") == tmp_path / "old.pdf"  # an existing folder is one
    (tmp_path / "file").write_text("")
    for bad in (tmp_path / "kit.pdf", tmp_path / "maps.svg", tmp_path / "file"):
        with pytest.raises(click.BadParameter):
            output_folder(bad)
    for bad in (str(tmp_path / "old.pdf"), str(tmp_path) + "/", str(tmp_path / "new") + "/"):
        with pytest.raises(click.BadParameter, match="is a folder"):
            output_format(bad)


@pytest.mark.parametrize(
    "args",
    [
        ("kit", LEVEL, "-o", "{tmp}/k1/kit.pdf"),
        ("render", "--all", str(ROOT / "levels"), "-o", "{tmp}/maps.pdf"),
        ("board", "--all", str(ROOT / "templates"), "-o", "{tmp}/boards.svg"),
        ("render", LEVEL, "-o", "{tmp}/"),
        ("paper", "-o", "{tmp}"),
        ("cards", DECK, "-o", "{tmp}/"),
        ("tokens", LEVEL, "--players", "2", "-o", "{tmp}"),
        ("board", YINSH, "-o", "{tmp}/"),
    ],
)
def test_a_file_for_a_folder_or_a_folder_for_a_file_is_a_usage_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    result = run(*(arg.format(tmp=tmp_path) for arg in args))
    assert result.exit_code == EXIT_USAGE, result.output
    assert "'-o' / '--output'" in result.output and ("folder" in result.output or "file" in result.output)
    assert list(tmp_path.iterdir()) == []


TYPOS = {
    "level": ("nme: x\nmap: |\n  #####\n  #A.Z#\n  #####\n", [("validate", "-"), ("render", "-", "-o", "{tmp}/m.pdf"),
                                                            ("tokens", "-", "--players", "2", "-o", "{tmp}/t.pdf"),
                                                            ("kit", "-", "-o", "{tmp}/kit")]),
    "deck": ("deck: x\nbacks: {a: {}}\ncards:\n  - {title: A, value: 1, colr: red}\n", [("cards", "-", "-o", "{tmp}/c.pdf")]),
    "board spec": ("game: yinsh\nspacng_mm: 20\n", [("board", "-", "--json"), ("board", "-", "-o", "{tmp}/b.pdf")]),
}


@pytest.mark.parametrize("kind", sorted(TYPOS))
def test_a_misspelled_key_is_a_finding_in_every_kind_of_file(tmp_path: Path, kind: str) -> None:
    text, commands = TYPOS[kind]
    for command in commands:
        result = run(*(arg.format(tmp=tmp_path) for arg in command), input=text)
        assert result.exit_code == EXIT_FINDING, (command, result.output)
        assert "<stdin>:" in result.output and "unknown key" in result.output
    assert list(tmp_path.iterdir()) == []


def test_the_deck_of_a_kit_is_a_finding_too_and_an_unreadable_file_is_exit_2(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(TYPOS["deck"][0], encoding="utf-8")
    assert run("kit", LEVEL, "--deck", str(deck), "-o", str(tmp_path / "kit")).exit_code == EXIT_FINDING
    for command in (("validate", "-"), ("cards", "-", "-o", "c.pdf"), ("board", "-", "--json")):
        result = run(*command, input="key: [unclosed\n")
        assert result.exit_code == EXIT_USAGE and "not valid YAML" in result.output
    assert run("cards", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "c.pdf")).exit_code == EXIT_USAGE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.yaml"]


def test_a_message_quotes_a_huge_title_briefly(tmp_path: Path) -> None:
    title = "x" * 100_000 + "\U0001F600"
    deck = f"deck: x\nbacks: {{a: {{}}}}\ncards:\n  - {{title: '{title}', value: 1}}\n"
    result = run("cards", "-", "-o", str(tmp_path / "c.pdf"), input=deck)
    assert result.exit_code == EXIT_FINDING
    assert 0 < len(result.output) < 2500 and "'title'" in result.output  # refused by its length (docs/limits.md), briefly


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
