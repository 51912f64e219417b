"""`printkit moves` and `printkit simulate` with a Sinoda board spec (printkit/cli/sinoda.py,
reached through printkit/cli/games.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from printkit.cli import main
from printkit.cli.gamefile import game_of_argument

PERFT = Path(__file__).parent / "data" / "sinoda"


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def spec(tmp_path: Path, extra: str = "") -> str:
    path = tmp_path / "mine.yaml"
    path.write_text("game: sinoda\nplayers: 2\n" + extra, encoding="utf-8")
    return str(path)


def test_a_sinoda_spec_hands_the_command_to_sinoda(tmp_path: Path) -> None:
    assert game_of_argument("sinoda-4") == game_of_argument(spec(tmp_path)) == "sinoda"
    assert game_of_argument("levels/01-first-steps.yaml") == "sinpin"
    assert "Sinoda position" in run("moves", "sinoda-2", "--help").output
    assert "--card" in run("moves", "--help").output  # Sinpin's own command otherwise


def test_moves_lists_the_start_of_player_1() -> None:
    result = run("moves", "sinoda-2")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "player 1 to move (turn 1): 10 actions"
    assert "  A3   change 1 -> 2" in lines and "  A3   move   -> A2" in lines


@pytest.mark.parametrize("name", ["2", "4-teams"])
def test_perft_prints_one_count_a_line(name: str) -> None:
    result = run("moves", f"sinoda-{name}", "--perft", "3")
    assert result.exit_code == 0
    assert result.output == (PERFT / f"perft-{name}.txt").read_text(encoding="utf-8")


def test_a_position_from_standard_input_with_its_captures() -> None:
    result = run("moves", "sinoda-2", "--position", "-", "--json",
                 input="to move: 1\n1: A1=1 B9=1 | 2\n2: A6=3 B1=1 |\n")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["to_move"] == 0 and data["scores"] == [2, 0]
    assert {"piece": "A1", "to": "A6", "captures": {"seat": 1, "value": 3}} in data["actions"]
    text = run("moves", "sinoda-2", "--position", "-", input="to move: 1; 1: A1=1 B9=1 | 2; 2: A6=3 B1=1 |").output
    assert "  A1   move   -> A6   captures player 2's 3" in text.splitlines()


def test_a_bad_position_is_every_problem_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "pos.txt"
    path.write_text("to move: 1\n1: A1=7 Q1=1 |\n", encoding="utf-8")
    result = run("moves", "sinoda-2", "--position", str(path))
    assert result.exit_code == 2
    assert f"{path}: line 2: A1=7: a die shows 1 to 4 (N2)" in result.output
    assert f"{path}: line 2: Q1 is not a space of the small board (N1)" in result.output
    assert "no line for player 2" in result.output


def test_a_finished_position_has_no_actions() -> None:
    result = run("moves", "sinoda-2", "--position", "-", input="to move: 1; 1: A1=1 A2=1 | 1; 2: | ")
    assert result.exit_code == 0 and "The game is over: a player lost the last piece (N8b)" in result.output


def test_simulate_prints_the_fairness_table() -> None:
    result = run("simulate", "sinoda-4", "--games", "12", "--seed", "1")
    assert result.exit_code == 0
    text = result.output
    assert "12 games of sinoda-4 (bundled) (4 players, large board), bots greedy x 4, seed 1" in text
    for words in ("side   P(-1,-1)", "corner P(-2,2)", "1st to move", "captures by value", "how games ended"):
        assert words in text


def test_simulate_quiet_leaves_out_the_table() -> None:
    hushed = run("simulate", "-q", "sinoda-2", "--games", "2", "--seed", "1")
    assert hushed.exit_code == 0 and hushed.output == ""
    as_json = run("simulate", "-q", "sinoda-2", "--games", "2", "--seed", "1", "--json")
    assert as_json.stderr == "" and json.loads(as_json.stdout)["games"] == 2


def test_simulate_json_is_the_same_for_any_jobs(tmp_path: Path) -> None:
    args = ["simulate", "sinoda-4-teams", "--games", "8", "--seed", "2", "--bots", "greedy,random", "--json"]
    one, two = run(*args), run(*args, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0 and one.output == two.output
    report = json.loads(one.output)
    assert report["games"] == 8 and report["teams"] == [[0, 2], [1, 3]]
    assert len(report["wins"]["per_team"]) == 2 and set(report["wins"]["per_bot"]) == {"greedy", "random"}


def test_simulate_writes_the_record_and_the_log(tmp_path: Path) -> None:
    record, log = tmp_path / "games.jsonl", tmp_path / "game.txt"
    result = run("simulate", spec(tmp_path, "rules:\n  max_turns: 30\n"), "--games", "3", "--bots", "search,greedy",
                 "--record", str(record), "--log", str(log), "--json")
    assert result.exit_code == 0
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [line["game"] for line in lines if "record" in line] == [0, 1, 2]
    assert lines[0]["record"] == "sinoda-game" and lines[0]["board"] == "mine"
    assert all(line["turn"] <= 30 for line in lines if "turn" in line)  # the spec's max_turns (N12)
    told = log.read_text(encoding="utf-8")
    assert told.startswith("Sinoda, 2 players (small board), game 0") and "The game ends after" in told


@pytest.mark.parametrize(("args", "words"), [
    (["--bots", "greedy,clever"], "unknown bot 'clever'; the Sinoda bots are random, greedy, search"),
    (["--record", "games.json"], "must end in .jsonl"),
    (["--players", "3"], "No such option"),
])
def test_simulate_refuses_bad_options(args: list[str], words: str) -> None:
    result = run("simulate", "sinoda-2", *args)
    assert result.exit_code == 2 and words in result.output


def test_a_spec_with_a_bad_knob_is_a_finding(tmp_path: Path) -> None:
    result = run("simulate", spec(tmp_path, "rules:\n  max_turn: 30\n"), "--games", "1")
    assert result.exit_code == 1 and "unknown Sinoda rule knob 'max_turn'" in result.output


GOLDEN = PERFT / "golden-game.jsonl"
# One 4-player team game, search against greedy; regenerate with the command below after a
# deliberate change to the rules, the bots or the record (and say why in the commit).
GOLDEN_ARGS = ["sinoda-4-teams", "--games", "1", "--seed", "4", "--bots", "search,greedy"]


def test_the_golden_record_is_unchanged(tmp_path: Path) -> None:
    record = tmp_path / "golden.jsonl"
    result = run("simulate", *GOLDEN_ARGS, "--record", str(record))
    assert result.exit_code == 0, result.output
    assert record.read_text(encoding="utf-8") == GOLDEN.read_text(encoding="utf-8")

