"""The one recogniser of printkit's YAML kinds, as every reader uses it (issue 12 item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.boards.spec import load_spec
from printkit.cards.loader import load_deck
from printkit.cli import main
from printkit.filekinds import BOARD, DECK, LEVEL, kind_of, wrong_kind
from printkit.sinpin.loader import read_level
from printkit.sourceproblems import SpecError
from printkit.yamlsource import Source, parse_document

ROOT = Path(__file__).resolve().parent.parent
LEVEL_FILE = str(ROOT / "levels" / "01-first-steps.yaml")
DECK_FILE = str(ROOT / "templates" / "sinpin-deck.yaml")
BOARD_FILE = str(ROOT / "templates" / "yinsh.yaml")


def doc(text: str):
    return parse_document(Source("t.yaml", text))


def test_each_bundled_file_is_recognised_as_its_kind():
    from printkit.yamlsource import load_document

    assert kind_of(load_document(LEVEL_FILE)) is LEVEL
    assert kind_of(load_document(DECK_FILE)) is DECK
    assert kind_of(load_document(BOARD_FILE)) is BOARD


def test_a_file_with_keys_of_the_kind_asked_for_is_read_as_that_kind():
    # a level with a stray deck key is a level with a typo, not a deck
    assert wrong_kind(doc("map: |\n  #AZ#\ncards: 3\n"), LEVEL) is None
    assert wrong_kind(doc("name: x\n"), LEVEL) is None  # no kind at all: the usual messages
    assert kind_of(doc("game: yinsh\nmap: x\n")) is None  # two kinds' keys: not told apart


def _problems(reader, path: str) -> list[str]:
    try:
        result = reader(path)
    except SpecError as error:
        return [str(problem) for problem in error.problems]
    return [str(problem) for problem in result.problems]


@pytest.mark.parametrize("reader, path, said", [
    (read_level, BOARD_FILE, "a board spec (game: yinsh), not a Sinpin level: printkit board reads"),
    (read_level, DECK_FILE, "a card deck (deck: Sinpin), not a Sinpin level: printkit cards reads"),
    (load_deck, LEVEL_FILE, "a Sinpin level (sinpin: 1), not a card deck: validate, moves, render"),
    (load_deck, BOARD_FILE, "a board spec (game: yinsh), not a card deck"),
    (load_spec, LEVEL_FILE, "a Sinpin level (sinpin: 1), not a board spec"),
    (load_spec, DECK_FILE, "a card deck (deck: Sinpin), not a board spec"),
])
def test_every_reader_says_in_one_sentence_what_the_file_is(reader, path, said):
    problems = _problems(reader, path)
    assert len(problems) == 1 and said in problems[0], problems
    assert path in problems[0].split(": format: ")[1]  # the example names the file itself


def test_a_level_without_sinpin_key_is_known_by_its_map(tmp_path):
    path = tmp_path / "l.yaml"
    path.write_text("map: |\n  #AZ#\n  ####\n", encoding="utf-8")
    assert _problems(load_deck, str(path)) == [
        f"{path}: format: this file is a Sinpin level (it has a 'map'), not a card deck:"
        f" validate, moves, render, tokens and kit read levels, e.g. printkit validate {path}"]


def test_commands_print_one_line_for_the_wrong_kind():
    runner = CliRunner()
    result = runner.invoke(main, ["validate", BOARD_FILE])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 2  # the verdict and the one sentence
    result = runner.invoke(main, ["board", LEVEL_FILE, "--json"])
    assert result.exit_code == 1 and "not a board spec" in result.output and "unknown key" not in result.output


def test_render_all_skips_decks_and_boards_and_says_so(tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    for source in (LEVEL_FILE, BOARD_FILE, DECK_FILE):
        (folder / Path(source).name).write_bytes(Path(source).read_bytes())
    result = CliRunner().invoke(main, ["render", "--all", str(folder), "-o", str(tmp_path / "maps")])
    assert result.exit_code == 0, result.output
    assert f"skipped 1 card deck and 1 board spec in {folder}: not levels" in result.output
    assert [p.name for p in (tmp_path / "maps").iterdir()] == ["01-first-steps.pdf"]
    only_others = CliRunner().invoke(main, ["render", "--all", str(ROOT / "templates"), "-o", str(tmp_path / "m2")])
    assert only_others.exit_code == 2
    assert "only 1 card deck and 9 board specs" in only_others.output
