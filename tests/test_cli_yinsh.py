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



def test_the_doc_s_typed_position_and_its_commands_work_as_the_doc_says(tmp_path: Path, monkeypatch) -> None:
    """Review: docs/yinsh.md's example (and position.py's docstring) had black won in blitz
    with 6 rings (Y7, Y1), so every command on it exited 2. The example is read from the doc
    and its commands are run as written, so the doc cannot go stale again."""
    import re
    import shlex

    import printkit.yinsh.position

    doc = (Path(__file__).resolve().parent.parent / "docs" / "yinsh.md").read_text(encoding="utf-8")
    position = re.search(r"## A position, typed\n\n```text\n(.*?)```", doc, re.DOTALL).group(1)
    commands = re.search(r"```console\n(\$ printkit moves yinsh +#.*?)```", doc, re.DOTALL).group(1)
    # the docstring shows the same position, its notes two spaces or more after each line
    shown = printkit.yinsh.position.__doc__.split("\n\n")[1]
    assert [re.split(r"\s{2,}", line.strip())[0] for line in shown.splitlines()[1:]] == position.splitlines()[1:]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pos.txt").write_text(position, encoding="utf-8")
    outputs = {}
    for line in commands.splitlines():
        words = shlex.split(line.removeprefix("$ ").split("#")[0])
        if "pos.txt" not in words:
            continue  # the empty board: tested above
        stdin = None
        if "<" in words:
            stdin, words = Path(words[-1]).read_text(encoding="utf-8"), words[:-2]
        assert words[:3] == ["printkit", "moves", "yinsh"]
        result = run(*words[1:], input=stdin)
        assert result.exit_code == 0, (line, result.output)
        outputs[" ".join(words[3:])] = result.stdout
    assert set(outputs) == {"--position pos.txt", "--position - --perft 3", "--position pos.txt --json"}
    actions = outputs["--position pos.txt"].splitlines()  # every legal action, one a line
    assert "e6-e8" in actions and all(re.fullmatch(r"[a-k]\d+-[a-k]\d+", action) for action in actions)
    perft = [int(count) for count in outputs["--position - --perft 3"].split()]  # 1, 2, 3 actions away
    assert len(perft) == 3 and perft[0] == len(actions)
    data = json.loads(outputs["--position pos.txt --json"])  # the position as a page draws it
    assert data["phase"] == "move" and data["colour"] == "white" and data["off"] == {"white": 0, "black": 1}
    assert data["rings"]["black"] == ["f7", "g8", "h9", "i10"] and data["markers"]["white"] == ["e5", "e7"]
    assert {"rings", "markers", "off", "pool", "moves", "phase", "colour", "to_act", "legal", "actions"} <= set(data)
    assert data["rules"]["max_moves"] == 200 and sorted(data["actions"]) == sorted(actions)


def test_a_spec_s_rules_are_played_and_blitz_sets_only_rows_to_win(tmp_path: Path) -> None:
    """The spec's `rules:` knobs (Y12), which its printed slots follow, are the games' too."""
    spec = tmp_path / "two-rows.yaml"
    spec.write_text("game: yinsh\nrules: {rows_to_win: 2, max_moves: 40}\n", encoding="utf-8")
    args = ["simulate", str(spec), "--games", "2", "--bots", "random", "--json"]
    assert json.loads(run(*args).stdout)["rules"] == {"rows_to_win": 2, "max_moves": 40}
    assert json.loads(run(*args, "--blitz").stdout)["rules"] == {"rows_to_win": 1, "max_moves": 40}
    assert json.loads(run("moves", str(spec), "--json").stdout)["rules"] == {"rows_to_win": 2, "max_moves": 40}


# A game black wins with its first row (24. ... x e2-e6): over under rows_to_win 1, not under 3.
FIRST_ROW = ("1. d5\n2. h7\n3. f8\n4. e3\n5. g4\n6. i9\n7. c6\n8. j6\n9. b2\n10. g10\n11. d5-e5\n12. h7-d3\n13. e5-e4\n"
             "14. d3-d6\n15. e4-i8\n16. e3-e6\n17. g4-d4\n18. g10-g3\n19. d4-f6\n20. e6-e2\n21. c6-h11\n22. g3-c3\n"
             "23. i8-k8\n24. e2-e1 x e2-e6 r d6\n")


def test_moves_plays_the_spec_s_rules_for_a_position_and_a_game(tmp_path: Path) -> None:
    """Y12: `moves SPEC --position/--game` reads under the spec's `rules:` (they started from the defaults)."""
    spec = tmp_path / "blitz.yaml"
    spec.write_text("game: yinsh\nplayers: 2\nrules:\n  rows_to_win: 1\n", encoding="utf-8")
    assert json.loads(run("moves", str(spec), "--game", "-", "--json", input="e3\n").stdout)["rules"]["rows_to_win"] == 1
    assert json.loads(run("moves", str(spec), "--position", "-", "--json", input="white rings: e3").stdout)[
        "rules"]["rows_to_win"] == 1
    # the game's own knob tags and the position's rules line still set knobs over the spec's
    assert json.loads(run("moves", str(spec), "--game", "-", "--json", input='[rows_to_win "2"]\ne3\n').stdout)[
        "rules"]["rows_to_win"] == 2
    # white has taken a ring off: under rows_to_win 1 that position is over (Y7), refused as a won one is
    won = "white rings: a2 b3 c4 d5; black rings: f7 g8 h9 i10 j11; white off: 1; to move: black"
    assert run("moves", "yinsh", "--position", "-", input=won).exit_code == 0
    result = run("moves", str(spec), "--position", "-", input=won)
    assert result.exit_code == 2 and result.stdout == ""
    assert "Y7: white has taken off 1 ring, and taking off 1 wins (rows_to_win): the game is over" in result.stderr
    # black's first row ends the game under the spec: no moves listed
    result = run("moves", str(spec), "--game", "-", input=FIRST_ROW)
    assert result.exit_code == 0 and result.stdout == ""
    assert "the game is over: black won 0-1 (rings taken off, Y7)" in result.stderr
    assert run("moves", "yinsh", "--game", "-", input=FIRST_ROW).stdout != ""
