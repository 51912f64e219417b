"""`printkit moves yinsh` and `printkit simulate yinsh`, through the shared commands."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from printkit.cli import main

LONE_RINGS = "white rings: a2; black rings: k10; white off: 4; black off: 4; rules: rows_to_win=5"
OPENING = "1. e5\n2. f6\n3. e4\n4. f7\n5. d4\n6. g7\n7. c4\n8. h7\n9. b4\n10. i7\n11. e5-e6\n"


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_the_empty_board_lists_85_placements_and_perft() -> None:
    result = run("moves", "yinsh")
    assert result.exit_code == 0 and result.stdout.split()[:3] == ["a2", "a3", "a4"] and len(result.stdout.split()) == 85
    assert run("moves", "yinsh", "--perft", "2").stdout.split() == ["85", "7140"]


def test_a_position_on_standard_input() -> None:
    result = run("moves", "yinsh", "--position", "-", input=LONE_RINGS)
    assert result.exit_code == 0 and len(result.stdout.split()) == 18 and "a2-j11" in result.stdout.split()
    assert run("moves", "yinsh", "--position", "-", "--perft", "2", input=LONE_RINGS).stdout.split() == ["18", "317"]
    data = json.loads(run("moves", "yinsh", "--position", "-", "--json", input=LONE_RINGS).stdout)
    assert data["phase"] == "move" and len(data["legal"]["rings"]["a2"]) == 18


def test_a_bad_position_is_every_problem_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "pos.txt"
    path.write_text("white rings: a1 e5\nblack markers: e5\n")
    result = run("moves", "yinsh", "--position", str(path))
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{path}: line 1: Y11: 'a1' is not a point" in result.stderr
    assert f"{path}: line 2: Y1: e5 is already" in result.stderr
    assert run("moves", "yinsh", "--position", str(tmp_path / "none.txt")).exit_code == 2


def test_a_game_is_checked_and_replayed(tmp_path: Path) -> None:
    game = tmp_path / "game.txt"
    game.write_text(OPENING)
    result = run("moves", "yinsh", "--game", str(game))
    assert result.exit_code == 0 and "11 actions, every one legal; not over" in result.stderr
    assert {action.split("-")[0] for action in result.stdout.split()} == {"f6", "f7", "g7", "h7", "i7"}  # black's rings
    shown = run("moves", "yinsh", "--game", str(game), "--turn", "10", "--show")
    assert "to move: white" in shown.stdout and "white markers:" in shown.stdout and "e5" in shown.stdout
    game.write_text(OPENING + "12. f6-f5\n13. e6-e1\n")
    bad = run("moves", "yinsh", "--game", str(game))
    assert bad.exit_code == 1
    assert "move 13 (line 13), white: Y3: e6-e1: a ring never passes over a ring (e4)" in bad.stderr


def test_alternatives_are_usage_errors(tmp_path: Path) -> None:
    assert run("moves", "yinsh", "--position", "-", "--game", "-").exit_code == 2
    assert run("moves", "yinsh", "--turn", "3").exit_code == 2
    assert "printkit moves yinsh" in run("moves", "--help").stdout


def test_simulate_reports_colours_and_is_the_same_on_two_jobs(tmp_path: Path) -> None:
    args = ["simulate", "yinsh", "--games", "30", "--seed", "1", "--bots", "random", "--json"]
    one = json.loads(run(*args).stdout)
    assert json.loads(run(*args, "--jobs", "2").stdout) == one
    assert one["games"] == 30 and one["bots"] == ["random", "random"] and one["rules"]["rows_to_win"] == 3
    colours = one["colours"]
    assert colours["white"]["wins"] + colours["black"]["wins"] + one["draws"] == 30
    assert set(one["ended"]) == {"rings", "markers_out", "no_move", "bound"}


def test_simulate_writes_the_record_and_the_game_in_gipf_notation(tmp_path: Path) -> None:
    record, log = tmp_path / "games.jsonl", tmp_path / "game.txt"
    result = run("simulate", "yinsh", "--games", "3", "--blitz", "--bots", "greedy,random", "--record", str(record),
                 "--log", str(log))
    assert result.exit_code == 0 and str(record) in result.stdout and str(log) in result.stdout
    assert "3 games of YINSH, blitz (1 row wins), bots greedy and random, seed 0" in result.stderr
    assert "wins as white" in result.stderr
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert lines[0]["record"] == "yinsh-game" and lines[0]["rules"]["rows_to_win"] == 1
    assert '[rows_to_win "1"]' in log.read_text()
    assert run("moves", "yinsh", "--game", str(log)).exit_code == 0


def test_simulate_refuses_unknown_bots_and_names() -> None:
    assert run("simulate", "yinsh", "--bots", "clever").exit_code == 2
    assert run("simulate", "yinsh", "--bots", "random,greedy,random").exit_code == 2
    assert run("simulate", "yinsh", "--games", "1", "--log", "game.pdf").exit_code == 2
    assert "printkit simulate yinsh" in run("simulate", "--help").stdout
    assert "--blitz" in run("simulate", "yinsh", "--help").stdout

