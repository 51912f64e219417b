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


MISSING_RUNG = str(Path(__file__).resolve().parent / "data" / "missing-rung.yaml")
CHIMNEY = str(Path(__file__).resolve().parent.parent / "levels" / "07-the-chimney.yaml")


def test_paths_name_the_hazards_they_pass() -> None:
    result = run("moves", CHIMNEY, "--from", "D12", "--card", "2")
    # left from D12: C12, B12, then down past the spikes at B13 (S16 ends the walk; the fall goes on)
    assert "      left → D12 → C12 → B12, falls past the spikes at B13 to B14" in result.output.splitlines()


def test_to_a_reachable_field_gives_the_least_turns_and_a_route(tmp_path: Path) -> None:
    mended = Path(MISSING_RUNG).read_text(encoding="utf-8").replace("#.....*....#", "#....H*....#")
    path = level(tmp_path, mended)
    result = run("moves", path, "--to", "H2")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == f"{path}: from α (K7) to H2: 3 turns (cards in the order S5 allows, health ignored as in S27)"
    assert [line.split(":")[0] for line in lines[1:]] == ["  turn 1, card 1", "  turn 2, card 5", "  turn 3, card 6"]
    assert lines[-1].endswith("→ G2 → H2")
    to_exit = json.loads(run("moves", path, "--to", "exit", "--json").output)
    assert to_exit["reachable"] and to_exit["health_followed"] and to_exit["turns"] == 3  # validate's least turns
    assert to_exit["route"][-1]["exit"] and to_exit["route"][0]["start"] == [10, 6]


def test_to_the_exit_of_a_level_no_way_survives_says_so_and_exits_1_as_validate(tmp_path: Path) -> None:
    path = level(tmp_path, "map: |\n  #######\n  #A^^^Z#\n  #######\n")  # three spikes cost all 3 health
    assert run("validate", path).exit_code == 1
    result = run("moves", path, "--to", "exit")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].endswith("4 turns (cards in the order S5 allows, health ignored as in S27)")
    assert lines[-1] == "  no way to Ω (F2) keeps the avatar's health (S26): as validate says, the level cannot be won"
    answer = run("moves", path, "--to", "exit", "--json")
    assert answer.exit_code == 1 and json.loads(answer.output)["health_followed"] is False
    assert run("moves", path, "--to", "E2").exit_code == 0  # other fields: health ignored (S27)


def test_to_an_unreachable_field_names_the_nearest_reached_and_exits_1() -> None:
    result = run("moves", MISSING_RUNG, "--to", "Ω")
    assert result.exit_code == 1
    assert result.output == (f"{MISSING_RUNG}: Ω (B2) cannot be reached from α (K7): from α (K7) the avatar reaches"
                             " 10 rest positions; the nearest to Ω (B2) is B7, 5 fields below it\n")
    answer = json.loads(run("moves", MISSING_RUNG, "--to", "H2", "--from", "J7", "--json").output)
    assert answer["reachable"] is False and answer["route"] is None and answer["turns"] is None
    assert answer["reach"]["nearest"] == "H7" and answer["reach"]["fields_apart"] == 5


def test_to_refuses_card_and_health_and_a_rock_field() -> None:
    assert run("moves", MISSING_RUNG, "--to", "B2", "--card", "3").exit_code == 2
    assert run("moves", MISSING_RUNG, "--to", "B2", "--health", "2").exit_code == 2
    rock = run("moves", MISSING_RUNG, "--to", "A1")
    assert rock.exit_code == 2 and "is rock" in rock.output
    assert "Missing option '--card'" in run("moves", MISSING_RUNG, "--from", "K7").output
    assert "no rest position" in run("moves", MISSING_RUNG, "--from", "C2", "--to", "B2").output


HOLE = "name: Hole\nmap: |\n  #######\n  #A....#\n  ###.###\n  #....Z#\n  #######\n"


def test_to_a_field_moves_only_pass_says_so_and_why_not_that_it_cannot_be_reached(tmp_path: Path) -> None:
    path = level(tmp_path, HOLE)
    result = run("moves", path, "--to", "D3")
    assert result.exit_code == 1  # no move ends there: as for a field never reached (docs/exit-status.md)
    assert result.output.splitlines() == [
        f"{path}: D3 is passed through (falling) but no move ends there: nothing holds the avatar up (S4, S14)",
        "  card 2 from α (B2) passes it: right → B2 → C2 → D2, falls to D4",
        "  from α (B2) the avatar reaches 7 rest positions; the nearest to D3 is D4, 1 field below it",
    ]
    answer = json.loads(run("moves", path, "--to", "D3", "--json").output)
    assert answer["reachable"] is False and answer["route"] is None
    assert answer["passed_by"] == {"card": 2, "start": [1, 1], "end": [3, 3], "direction": "right",
                                   "trail": [[2, 1], [3, 1], [3, 2], [3, 3]], "damage": 0, "exit": False,
                                   "text": "right → B2 → C2 → D2, falls to D4"}
    assert json.loads(run("moves", path, "--to", "D4", "--json").output)["passed_by"] is None
    # F2 is on no move's way at all: the message it always had
    assert "F2 cannot be reached from α (B2): from α (B2)" in run("moves", path, "--to", "F2").output


def test_to_a_spring_board_moves_bounce_off_names_s19(tmp_path: Path) -> None:
    path = level(tmp_path, "map: |\n  #####\n  #A.##\n  #SZ.#\n  #####\n")
    first = run("moves", path, "--to", "B3").output.splitlines()[0]
    assert first.endswith("B3 is passed through but no move ends there: every move entering it has points left,"
                          " and the spring board bounces it up (S19)")
