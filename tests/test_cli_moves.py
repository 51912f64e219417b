"""`printkit moves`: every outcome of one move, as text and as the JSON of level-format.md."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from printkit.cli import main

# Door (1,1) on rock; spikes (3,1); a gem (4,1); the exit (5,1).
LEVEL = "name: Strip\nmap: |\n  #######\n  #A.^*Z#\n  #######\n"


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def level(tmp_path: Path, text: str = LEVEL) -> str:
    path = tmp_path / "strip.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_json_lists_every_outcome_exactly_as_documented(tmp_path: Path) -> None:
    path = level(tmp_path)
    result = run("moves", path, "--from", "2,1", "--card", "1", "--json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {
        "file": path,
        "from": [2, 1],
        "card": 1,
        "outcomes": [
            # left to the door, or right onto the spikes (S16: hurt, the move ends)
            {"end": [1, 1], "exit": False, "damage": 0, "gems": 0, "hearts": [], "passed": [[1, 1]]},
            {"end": [3, 1], "exit": False, "damage": 1, "gems": 0, "hearts": [], "passed": [[3, 1]]},
        ],
    }


def test_outcomes_are_sorted_and_the_exit_is_flagged(tmp_path: Path) -> None:
    result = run("moves", level(tmp_path), "--from", "3,1", "--card", "2", "--json")
    outcomes = json.loads(result.output)["outcomes"]
    # Right: the gem, then the exit (S24). Left: (2,1), then the door (1,1).
    assert outcomes == [
        {"end": [1, 1], "exit": False, "damage": 0, "gems": 0, "hearts": [], "passed": [[1, 1], [2, 1]]},
        {"end": [5, 1], "exit": True, "damage": 0, "gems": 1, "hearts": [], "passed": [[4, 1], [5, 1]]},
    ]


def test_health_defaults_to_the_start_health_and_can_knock_out(tmp_path: Path) -> None:
    text = "rules:\n  start_health: 1\nmap: |\n  #######\n  #A.^*Z#\n  #######\n"
    result = run("moves", level(tmp_path, text), "--from", "2,1", "--card", "1")
    assert result.exit_code == 0
    assert "health 1: 2 ends" in result.output
    assert "D2 (x=3, y=1)  damage 1  gems 0  hearts -  health 0: knocked out (S25)\n      right → C2 → the spikes at D2\n" in result.output


def test_a_start_in_rock_or_outside_is_a_usage_error(tmp_path: Path) -> None:
    path = level(tmp_path)
    assert "is rock" in run("moves", path, "--from", "0,0", "--card", "1").output
    assert run("moves", path, "--from", "0,0", "--card", "1").exit_code == 2
    assert run("moves", path, "--from", "9,9", "--card", "1").exit_code == 2
    assert run("moves", path, "--from", "x", "--card", "1").exit_code == 2
    assert run("moves", path, "--from", "2,1", "--card", "7").exit_code == 2


def test_a_broken_level_is_reported_with_positions(tmp_path: Path) -> None:
    path = level(tmp_path, "map: |\n  ####\n  #A?x\n")
    result = run("moves", path, "--from", "1,1", "--card", "1")
    assert result.exit_code == 1
    assert f"{path}:3:6: S3: unknown character 'x'" in result.output
    assert run("moves", str(tmp_path / "missing.yaml"), "--from", "1,1", "--card", "1").exit_code == 2


def test_standard_input_works() -> None:
    result = run("moves", "-", "--from", "1,1", "--card", "4", "--json", input=LEVEL)
    assert json.loads(result.output)["outcomes"][0]["end"] == [3, 1]


# A ledge over a pit: from the door B2 the move walks right and falls (S14).
LEDGE = "map: |\n  ######\n  #A..Z#\n  ###.##\n  #....#\n  ######\n"


def test_from_takes_the_maps_field_names_as_well_as_x_y(tmp_path: Path) -> None:
    # Issue 12 item 3: maps and messages say E4; --from must too, in either case.
    path = level(tmp_path, LEDGE)
    by_xy = run("moves", path, "--from", "1,1", "--card", "3", "--json")
    for name in ("B2", "b2", " B2 "):
        by_name = run("moves", path, "--from", name, "--card", "3", "--json")
        assert by_name.exit_code == 0 and by_name.output == by_xy.output
    assert "A1 to F5" in run("moves", path, "--from", "G9", "--card", "1").output
    assert run("moves", path, "--from", "B0", "--card", "1").exit_code == 2  # rows are named from 1


def test_each_end_is_listed_once_with_its_ways_in_the_order_entered(tmp_path: Path) -> None:
    path = level(tmp_path, LEDGE)
    lines = run("moves", path, "--from", "B2", "--card", "3").output.splitlines()
    assert lines[0].endswith("with a 3, health 3: 2 ends")
    # right: C2, D2, then the fall into the pit (free), one point left to walk; left bounces (S9)
    assert "      right → B2 → C2 → D2, falls to D4 → E4" in lines
    ends = [line for line in lines if line.startswith("  → ")]
    assert len(ends) == len(set(ends)) == 2  # each end once, however many ways lead there


def test_ways_beyond_three_are_counted_not_listed(tmp_path: Path) -> None:
    result = run("moves", str(Path(__file__).resolve().parent.parent / "levels" / "07-the-chimney.yaml"),
                 "--from", "D12", "--card", "6")
    assert "  → B14 (x=1, y=13)  damage 1  gems 1  hearts -  (45 ways)" in result.output
    assert "      … and 42 more ways" in result.output
    ways = json.loads(run("moves", str(Path(__file__).resolve().parent.parent / "levels" / "07-the-chimney.yaml"),
                          "--from", "3,11", "--card", "6", "--json").output)["outcomes"]
    assert len(ways) > result.output.count("  → ")  # the JSON keeps every distinct outcome
