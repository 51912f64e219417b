"""`printkit examples` (list, show, copy) and the bundled names every reading command takes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from printkit.bundled import catalogue
from printkit.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder outside the checkout, as after an install."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_list_names_everything_bundled_by_kind() -> None:
    result = run("examples")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    headings = [line for line in lines if line and not line.startswith(" ")]
    assert [heading.split(" (")[0] for heading in headings] == ["Levels", "Card decks", "Board specs"]
    listed = [line.split()[0] for line in lines if line.startswith("  ")]
    assert listed == [item.names[-1] for item in catalogue()]
    assert "  the-chimney " in result.stdout and "The Chimney: 12 x 18 fields, 2/3/4 players" in result.stdout


def test_the_list_of_one_kind_with_paths() -> None:
    result = run("examples", "--kind", "boards", "--paths")
    assert result.exit_code == 0
    rows = result.stdout.splitlines()[1:]
    assert len(rows) == len(catalogue("board"))
    assert all(Path(row.split()[-1]).is_file() for row in rows)


def test_show_prints_the_bundled_file() -> None:
    result = run("examples", "show", "first-steps")
    assert result.exit_code == 0
    assert result.stdout == (ROOT / "levels" / "01-first-steps.yaml").read_text(encoding="utf-8")


def test_copy_writes_the_file_under_its_own_name(elsewhere: Path) -> None:
    result = run("examples", "copy", "the-chimney")
    assert result.exit_code == 0, result.output
    copied = elsewhere / "07-the-chimney.yaml"
    assert copied.read_bytes() == (ROOT / "levels" / "07-the-chimney.yaml").read_bytes()
    assert result.stdout == "07-the-chimney.yaml\n"
    assert "printkit validate 07-the-chimney.yaml" in result.stderr


def test_copy_into_a_new_folder_or_as_a_named_file(elsewhere: Path) -> None:
    assert run("examples", "copy", "sinpin-deck", "decks/").exit_code == 0
    assert (elsewhere / "decks" / "sinpin-deck.yaml").read_bytes() == (ROOT / "templates" / "sinpin-deck.yaml").read_bytes()
    assert run("examples", "copy", "yinsh", "my-yinsh.yaml").exit_code == 0
    assert (elsewhere / "my-yinsh.yaml").read_bytes() == (ROOT / "templates" / "yinsh.yaml").read_bytes()


def test_copy_never_replaces_a_file_without_force(elsewhere: Path) -> None:
    mine = elsewhere / "01-first-steps.yaml"
    mine.write_text("my edits\n")
    refused = run("examples", "copy", "first-steps")
    assert refused.exit_code == 2 and "exists; --force replaces it" in refused.stderr
    assert mine.read_text() == "my edits\n"
    assert run("examples", "copy", "first-steps", "--force").exit_code == 0
    assert mine.read_bytes() == (ROOT / "levels" / "01-first-steps.yaml").read_bytes()


def test_copy_into_a_file_or_of_an_unknown_name_is_a_usage_error(elsewhere: Path) -> None:
    (elsewhere / "notes.txt").write_text("x")
    assert run("examples", "copy", "first-steps", "notes.txt").exit_code == 2
    unknown = run("examples", "copy", "second-steps")
    assert unknown.exit_code == 2 and "no bundled file is called 'second-steps'" in unknown.stderr
    assert sorted(path.name for path in elsewhere.iterdir()) == ["notes.txt"]


# -- every command that reads a level, a deck or a board spec takes a bundled name ----------
def test_validate_and_moves_read_a_bundled_level_by_name(elsewhere: Path) -> None:
    result = run("validate", "the-chimney", "--json")
    assert result.exit_code == 0
    verdict = json.loads(result.stdout)
    golden = json.loads((ROOT / "levels" / "07-the-chimney.expect.json").read_text(encoding="utf-8"))
    assert {**verdict, "file": None} == {**golden, "file": None}
    moves = run("moves", "01-first-steps", "--from", "1,3", "--card", "2", "--json")
    assert moves.exit_code == 0 and json.loads(moves.stdout)["outcomes"]


def test_render_tokens_and_kit_read_a_bundled_level_by_name(elsewhere: Path) -> None:
    assert run("render", "first-steps", "-o", "map.pdf").exit_code == 0
    assert run("tokens", "first-steps", "--players", "2", "-o", "tokens.pdf").exit_code == 0
    assert run("kit", "first-steps", "-o", "kit").exit_code == 0
    assert (elsewhere / "map.pdf").is_file() and (elsewhere / "tokens.pdf").is_file()
    assert (elsewhere / "kit" / "kit.pdf").is_file()


def test_cards_prints_the_bundled_deck_by_default_or_by_name(elsewhere: Path) -> None:
    default = run("cards", "-o", "cards.pdf")
    assert default.exit_code == 0 and "59 cards on 7 sheets" in default.stderr
    named = run("cards", "sinpin-deck", "-o", "named.pdf")
    assert named.exit_code == 0
    assert (elsewhere / "cards.pdf").read_bytes() == (elsewhere / "named.pdf").read_bytes()
    assert run("kit", "first-steps", "--deck", "sinpin-deck", "-o", "kit").exit_code == 0


def test_board_reads_a_bundled_spec_by_name(elsewhere: Path) -> None:
    result = run("board", "yinsh", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["game"] == "yinsh"
    assert run("board", "sinoda-2", "-o", "sinoda.pdf").exit_code == 0 and (elsewhere / "sinoda.pdf").is_file()


def test_a_file_of_ones_own_wins_over_the_bundled_name(elsewhere: Path) -> None:
    (elsewhere / "first-steps").write_text("map: |\n  #####\n  #A#Z#\n  #####\n")  # unsolvable
    result = run("validate", "first-steps")
    assert result.exit_code == 1 and result.stdout.startswith("✗ first-steps: invalid")


def test_a_name_of_the_wrong_kind_is_a_usage_error(elsewhere: Path) -> None:
    result = run("board", "first-steps", "-o", "board.pdf")
    assert result.exit_code == 2
    assert "'first-steps' is a bundled level, not a board spec" in result.stderr
    assert list(elsewhere.iterdir()) == []


def test_a_missing_yaml_file_is_reported_by_the_reader_with_its_verdict(elsewhere: Path) -> None:
    result = run("validate", "--json", "my-level.yaml")
    verdict = json.loads(result.stdout)
    assert result.exit_code == 2 and verdict["file"] == "my-level.yaml"
    assert verdict["errors"] == [{"rule": "format", "x": None, "y": None, "message": "no such file"}]


@pytest.mark.parametrize("kind", ["levels", "decks", "boards"])
def test_the_paths_stand_in_one_column(kind: str) -> None:
    """Issue 19: the paths followed descriptions of different lengths, each where it ended."""
    rows = run("examples", "--kind", kind, "--paths").stdout.splitlines()[1:]
    starts = {row.index(str(item.path)) for row, item in zip(rows, catalogue(kind[:-1]))}
    assert len(starts) == 1


@pytest.mark.parametrize("item", [item for item in catalogue() if item.kind != "level" and "# Print" in item.path.read_text()
                                  or item.kind == "deck"], ids=lambda item: item.name)
def test_a_copied_template_s_own_commands_work_where_it_was_copied(item, elsewhere: Path) -> None:
    """Issue 19: a copied deck's header said `printkit cards templates/sinpin-deck.yaml`,
    a folder that a copy (or an install) does not have: the commands name the file alone."""
    assert run("examples", "copy", item.name).exit_code == 0
    text = (elsewhere / item.path.name).read_text(encoding="utf-8")
    commands = [line for line in text.splitlines() if line.startswith("#") and f"printkit {'cards' if item.kind == 'deck' else 'board'} " in line]
    assert commands
    for line in commands:
        named = line.split("printkit ", 1)[1].split()[1].strip("`")
        assert named == item.path.name, line
