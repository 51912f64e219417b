"""`printkit validate`: verdict lines, JSON verdicts, exit statuses, and no tracebacks ever."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.cli import main

GOOD = "name: Tiny\nmap: |\n  #####\n  #A.Z#\n  #####\n"
UNSOLVABLE = "map: |\n  #####\n  #A#Z#\n  #####\n"
VERDICT_KEYS = ["file", "valid", "solvable", "min_turns", "rest_positions", "soft_locks", "unreachable_items", "errors", "warnings"]


def run(*args: str, input: str | bytes | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    # A traceback would surface as an exception other than the SystemExit of sys.exit.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def level(tmp_path: Path, text: str, name: str = "level.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_valid_level_prints_a_tick_and_exits_0(tmp_path: Path) -> None:
    path = level(tmp_path, GOOD)
    result = run("validate", path)
    assert result.exit_code == 0
    assert result.output == f"✓ {path}: solvable in 1 turn, 3 rest positions\n"


def test_an_unsolvable_level_names_the_rule_and_exits_1(tmp_path: Path) -> None:
    path = level(tmp_path, UNSOLVABLE)
    result = run("validate", path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"✗ {path}: invalid, 1 error"
    assert f"{path}:1:6: S26: the level cannot be won" in result.output
    assert f"{path}:3:4: S27: warning: soft-lock at B2" in result.output


def test_json_verdicts_have_the_documented_keys_in_order(tmp_path: Path) -> None:
    good, bad = level(tmp_path, GOOD, "good.yaml"), level(tmp_path, UNSOLVABLE, "bad.yaml")
    result = run("validate", "--json", good, bad)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert list(first) == VERDICT_KEYS == list(second)
    assert first == {"file": good, "valid": True, "solvable": True, "min_turns": 1, "rest_positions": 3,
                     "soft_locks": [], "unreachable_items": [], "errors": [], "warnings": []}
    assert second["errors"][0]["rule"] == "S26" and second["errors"][0]["x"] is None
    assert second["soft_locks"] == [[1, 1]]


def test_errors_carry_the_rule_row_and_column(tmp_path: Path) -> None:
    text = "map: |\n  ######\n  #A.x.Z\n  #A###\n  ####AZ\n"
    result = run("validate", "--json", level(tmp_path, text))
    errors = json.loads(result.output)["errors"]
    assert {(e["rule"], e["x"], e["y"]) for e in errors} == {
        ("S3", 3, 1),  # unknown character
        ("S1", 5, 2),  # a short row: column = the shorter length
        ("S3", 1, 2),  # a second door
        ("S3", 4, 3),  # a third door
        ("S3", 5, 3),  # a second exit
    }


def test_an_unsupported_door_and_an_oversized_map_are_errors(tmp_path: Path) -> None:
    text = "map: |\n  " + "." * 19 + "\n  A" + "." * 17 + "Z\n"
    result = run("validate", "--json", level(tmp_path, text))
    verdict = json.loads(result.output)
    rules = [(e["rule"], e["x"], e["y"]) for e in verdict["errors"]]
    assert ("S2", None, None) in rules and ("S4", 0, 1) not in rules  # the bottom row stands on rock
    text = "map: |\n  .....\n  .A.Z.\n  .....\n"
    verdict = json.loads(run("validate", "--json", level(tmp_path, text)).output)
    assert ("S4", 1, 1) in [(e["rule"], e["x"], e["y"]) for e in verdict["errors"]]



def test_an_oversized_map_reports_its_unsupported_door_too(tmp_path: Path) -> None:
    """Review: 20 x 14 with open cave below α said only S2 (S4 came only with --any-size)."""
    rows = ["#" * 20, "#A" + "." * 17 + "#", *["#" + "." * 18 + "#"] * 10, "#" + "." * 17 + "Z#", "#" * 20]
    path = level(tmp_path, "map: |\n" + "".join(f"  {row}\n" for row in rows))
    result = run("validate", path)
    assert result.exit_code == 1 and result.output.splitlines()[0] == \
        f"✗ {path}: invalid, 2 errors; not searched for least turns and soft-locks: larger than S2 allows; --any-size searches it"
    assert "S2: the map is 20 x 14 fields" in result.output
    assert "S4: the entry door α at B2 is not supported" in result.output

# S1 and S3 stop the search, not the checks that need none (S4's door, S20 and S28 warnings):
# every problem is reported, and the summary says the search was not made.
BROKEN = {
    "S3": ("rules:\n  setup_gems: 1\nmap: |\n  #######\n  #A.x.*#\n  #..*.Z#\n  #######\n", ("S3", 3, 1), 6),
    "S1": ("rules:\n  setup_gems: 1\nmap: |\n  #######\n  #A...*#\n  #..*.Z##\n  #######\n", ("S1", 7, 2), 10),
}


@pytest.mark.parametrize("rule", ["S3", "S1"])
def test_a_broken_grid_still_reports_its_door_and_its_warnings(tmp_path: Path, rule: str) -> None:
    text, grid_error, s1_column = BROKEN[rule]
    path = level(tmp_path, text)
    result = run("validate", path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == (f"✗ {path}: invalid, 2 errors; not searched for least turns and soft-locks: the search needs rows"
                        " of one length, known characters, one door and one exit (S1, S3)")
    assert lines[1].startswith(f"{path}:{grid_error[2] + 4}:{s1_column}: {rule}: ")
    assert lines[2:] == [f"{path}:5:4: S4: the entry door α at B2 is not supported: it needs rock or a ladder below it",
                         f"{path}:3:6: S28: warning: the map holds 2 gems; set-up has 1 in all (setup_gems 1)"]
    verdict = json.loads(run("validate", "--json", path).output)
    assert [(e["rule"], e["x"], e["y"]) for e in verdict["errors"]] == [grid_error, ("S4", 1, 1)]
    assert [(w["rule"], w["x"], w["y"]) for w in verdict["warnings"]] == [("S28", None, None)]
    assert (verdict["valid"], verdict["solvable"], verdict["min_turns"], verdict["rest_positions"]) == (False, None, None, 0)


def test_unreadable_input_exits_2_with_a_json_verdict(tmp_path: Path) -> None:
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    result = run("validate", "--json", str(path))
    assert result.exit_code == 2
    verdict = json.loads(result.output)
    assert verdict["valid"] is False and verdict["errors"][0]["rule"] == "format"


def test_standard_input_is_read_for_a_dash() -> None:
    result = run("validate", "-", input=GOOD)
    assert result.exit_code == 0 and result.output.startswith("✓ <stdin>: solvable in 1 turn,")


def test_standard_input_named_twice_is_a_usage_error() -> None:
    result = run("validate", "-", "-", input=GOOD)
    assert result.exit_code == 2 and "standard input (-) can be read once" in result.output


def test_the_worst_status_wins_and_golden_files_are_skipped(tmp_path: Path) -> None:
    good = level(tmp_path, GOOD, "good.yaml")
    golden = level(tmp_path, "{}", "good.expect.json")
    assert run("validate", good, golden).exit_code == 0
    assert run("validate", good, level(tmp_path, UNSOLVABLE, "bad.yaml")).exit_code == 1
    assert run("validate", good, str(tmp_path / "missing.yaml")).exit_code == 2


def test_the_worst_status_wins_whatever_the_order_of_the_files(tmp_path: Path) -> None:
    """The worst file named first: a later, better file must not lower the exit status."""
    good = level(tmp_path, GOOD, "good.yaml")
    bad = level(tmp_path, UNSOLVABLE, "bad.yaml")
    assert run("validate", bad, good).exit_code == 1
    assert run("validate", str(tmp_path / "missing.yaml"), good).exit_code == 2
    assert run("validate", str(tmp_path / "missing.yaml"), bad, good).exit_code == 2


def test_usage_errors_exit_2() -> None:
    assert run("validate").exit_code == 2
    assert run("validate", "--bogus", "x").exit_code == 2


def test_the_installed_command_never_prints_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"map: [" + b"[" * 5000)
    process = subprocess.run([sys.executable, "-m", "printkit", "validate", str(bad)], capture_output=True, text=True)
    assert process.returncode == 2
    assert "Traceback" not in process.stderr + process.stdout
    assert "not valid YAML" in process.stdout


# Random YAML built so that it can never be a valid level: no text holds the exit 'Z'.
texts = st.text(st.characters(exclude_characters="Z", exclude_categories=("Cs",)), max_size=12)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 20), st.floats(allow_nan=False), texts)
keys = st.one_of(st.sampled_from(["map", "rules", "name", "author", "players", "sinpin", "blade_points", "x-a"]), texts)
documents = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5), max_leaves=12)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_random_bytes_get_a_message_and_status_1_or_2(data: bytes) -> None:
    result = run("validate", "-", input=data)
    assert result.exit_code in (1, 2)
    assert result.output.strip()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_random_yaml_gets_a_message_and_status_1_or_2(document: object) -> None:
    result = run("validate", "--json", "-", input=yaml.safe_dump(document, allow_unicode=True))
    assert result.exit_code in (1, 2)
    assert json.loads(result.output)["errors"]


def test_maps_beyond_a4_are_searched_only_with_any_size(tmp_path: Path) -> None:
    path = level(tmp_path, "map: |\n  #A" + "." * 17 + "Z#\n")  # 21 fields wide (S2)
    plain = json.loads(run("validate", "--json", path).output)
    assert plain["errors"][0]["rule"] == "S2" and plain["min_turns"] is None
    assert plain["solvable"] is None  # never searched: not known, rather than false (issue 12 item 9)
    searched = json.loads(run("validate", "--json", "--any-size", path).output)
    assert searched["errors"] == plain["errors"] and searched["min_turns"] == 4 and searched["solvable"] is True
    # the human line shows what --any-size found, not only the S2 error
    assert run("validate", "--any-size", path).output.splitlines()[0] == \
        f"✗ {path}: invalid, 1 error; searched: solvable in 4 turns, 19 rest positions"
    assert run("validate", path).output.splitlines()[0] == \
        f"✗ {path}: invalid, 1 error; not searched for least turns and soft-locks: larger than S2 allows; --any-size searches it"


# Issue 12 item 10: hand-typed maps' whitespace traps, each named where it is.
# S27a: an error for each row whose length differs from the first row's, at the shorter length;
# when the first row is the odd one, each names its cause.
def test_trailing_spaces_on_the_first_row_are_named_in_each_error(tmp_path: Path) -> None:
    path = level(tmp_path, "map: |\n  #####   \n  #A.Z#\n  #####\n")
    result = run("validate", path)
    lines = result.output.splitlines()
    assert lines[1:] == [f"{path}:{line}:8: S1: row {row} has 5 fields but row 1 has 8;"
                         " row 1 ends in 3 spaces (a space is open cave, S3)" for line, row in ((3, 2), (4, 3))]


def test_a_blank_line_after_map_is_named(tmp_path: Path) -> None:
    path = level(tmp_path, "map: |\n\n  #####\n  #A.Z#\n  #####\n")
    lines = run("validate", path).output.splitlines()
    assert lines[1:] == [f"{path}:{row + 1}:3: S1: row {row} has 5 fields but row 1 has 0;"
                         " row 1 is empty (a blank line right after 'map: |')" for row in (2, 3, 4)]


def test_tabs_in_the_map_and_in_the_indentation_are_named(tmp_path: Path) -> None:
    inside = run("validate", level(tmp_path, "map: |\n  #####\n  #A\tZ#\n  #####\n")).output
    assert "unknown character '\\t' at C2" in inside and "a tab is no map character" in inside
    indented = run("validate", level(tmp_path, "map: |\n\t#####\n\t#A.Z#\n", "tab.yaml"))
    assert indented.exit_code == 2 and "a tab: YAML indents with spaces only" in indented.output


def test_a_name_the_font_cannot_print_is_a_warning_printing_commands_refuse(tmp_path: Path) -> None:
    # Issue 12 item 8: ✓ must not promise what render refuses.
    path = level(tmp_path, 'name: "Cave \U0001F98A"\nmap: |\n  ####\n  #AZ#\n  ####\n')
    result = run("validate", path)
    assert result.exit_code == 0
    assert result.output.splitlines()[0].endswith("1 warning")
    assert f"{path}:1:7: format: warning: the level's name has characters the font (DejaVu Sans) cannot print:" \
           " U+1F98A FOX FACE" in result.output and "render, tokens and kit refuse to print it" in result.output
    verdict = json.loads(run("validate", "--json", path).output)
    assert verdict["valid"] is True and [w["rule"] for w in verdict["warnings"]] == ["format"]
    assert run("render", path, "-o", str(tmp_path / "m.pdf")).exit_code == 1  # what the warning said


def test_validate_does_not_load_the_font_for_plain_ascii_names() -> None:
    code = ("import sys; from click.testing import CliRunner; from printkit.cli import main;"
            " CliRunner().invoke(main, ['validate', 'levels/01-first-steps.yaml']);"
            " print('printkit.draw.fonts' in sys.modules)")
    root = Path(__file__).resolve().parent.parent
    assert subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True).stdout.strip() == "False"


def test_a_search_beyond_a4_shows_its_progress_on_a_terminal(tmp_path: Path, monkeypatch) -> None:
    import printkit.cli.common as common

    monkeypatch.setattr(common, "show_progress", lambda: True)
    path = level(tmp_path, "map: |\n  #A" + "." * 17 + "Z#\n")
    result = run("validate", "--any-size", path)
    assert "Searching 21 x 1 fields" in result.output
    assert "Searching" not in run("validate", path).output  # nothing searched, nothing shown


def test_a_folder_stands_for_its_levels_without_their_golden_verdicts(tmp_path: Path) -> None:
    # Issue 12 item 14: `printkit validate levels/` refused a folder.
    root = Path(__file__).resolve().parent.parent / "levels"
    result = run("validate", str(root))
    assert result.exit_code == 0
    assert [line.split(":")[0][2:] for line in result.output.splitlines()] == [
        str(path) for path in sorted(root.glob("*.yaml"))]
    (tmp_path / "empty").mkdir()
    assert run("validate", str(tmp_path / "empty")).exit_code == 2


MISSING_RUNG = str(Path(__file__).resolve().parent / "data" / "missing-rung.yaml")


def test_soft_locks_are_one_line_with_a_count_under_the_one_s26_error() -> None:
    result = run("validate", MISSING_RUNG)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert [line for line in lines if "soft-lock" in line] == [
        f"{MISSING_RUNG}: S27: warning: 10 soft-locks: rest positions from which the exit Ω cannot be reached;"
        " that is every rest position α reaches (S26) — --verbose lists them"]
    (s26,) = [line for line in lines if ": S26: " in line]
    assert s26.endswith("from α the avatar reaches 10 rest positions; the nearest to Ω is B7, 5 fields below it")
    assert len(lines) == 4  # the verdict, S26, the soft-locks, the gem no move reaches


def test_verbose_lists_every_soft_lock_under_the_count() -> None:
    lines = run("validate", "--verbose", MISSING_RUNG).output.splitlines()
    start = next(index for index, line in enumerate(lines) if "10 soft-locks" in line)
    assert lines[start].endswith("(S26):")
    listed = lines[start + 1:start + 11]
    assert [line.split(": ")[0].rsplit(":", 2)[1:] for line in listed] == [["12", str(col)] for col in range(4, 14)]
    assert all(line.startswith(f"  {MISSING_RUNG}:") and "soft-lock at" in line for line in listed)


def test_json_keeps_every_soft_lock_and_puts_reach_on_the_s26_error() -> None:
    verdict = json.loads(run("validate", "--json", MISSING_RUNG).output)
    assert list(verdict) == VERDICT_KEYS
    assert verdict["soft_locks"] == [[x, 6] for x in range(1, 11)]
    assert sum("soft-lock at" in warning["message"] for warning in verdict["warnings"]) == 10
    (s26,) = verdict["errors"]
    assert s26["rule"] == "S26" and s26["reach"]["nearest"] == "B7" and s26["reach"]["count"] == 10
    assert s26["reach"]["positions"][0] == "B7" and len(s26["reach"]["positions"]) == 10


def test_a_single_soft_lock_keeps_its_own_located_line(tmp_path: Path) -> None:
    # one soft-lock: the bottom of the two-field pit B3-B4 left of the door (a jump out falls back)
    text = "map: |\n  ######\n  #.A.Z#\n  #.####\n  #.####\n  ######\n"
    result = run("validate", level(tmp_path, text))
    soft = [line for line in result.output.splitlines() if "soft-lock" in line]
    assert len(soft) == 1 and "soft-lock at B4" in soft[0] and "--verbose" not in soft[0]


def test_a_map_of_many_unknown_characters_tells_the_first_100_problems(tmp_path: Path) -> None:
    # docs/limits.md: the first 100 problems of a file, then how many more (a 1 MB map of
    # unknown characters would otherwise print 800,000 lines)
    path = level(tmp_path, "map: |\n" + "".join("  #A" + "x" * 48 + "Z#\n" for _ in range(3)))
    result = run("validate", path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith(path + ":")]
    assert result.output.startswith(f"✗ {path}: invalid, 149 errors")  # the count is of them all
    assert len(lines) == 101
    assert lines[-1].endswith("S3: and 49 more problems from here on (printkit shows the first 100 of a file)")


@pytest.mark.parametrize("keys, mapped, more", [(150, "  ######\n  #..Z##\n  #*...#\n  #.#.A#\n  ######\n", 50),
                                                (120, "  ######\n  #..Z##\n  #*.XX#\n  #.#.A#\n  ######\n", 22)])
def test_text_and_json_count_every_problem_past_the_first_100_alike(tmp_path: Path, keys, mapped, more) -> None:
    """Review: 150 unknown keys gave text "101 errors … and 1 more problem" and --json "and 50
    more"; 120 unknown keys and 2 map errors "and 3 more" and 103 --json entries "and 20 more".
    The problems were capped twice, the second time taking the first cap's count for one."""
    path = level(tmp_path, "".join(f"k{number}: 1\n" for number in range(keys)) + "map: |\n" + mapped)
    words = f"and {more} more problems from here on (printkit shows the first 100 of a file)"
    result = run("validate", path)
    lines = [line for line in result.output.splitlines() if line.startswith(path + ":")]
    assert result.output.startswith(f"✗ {path}: invalid, {100 + more} errors") and len(lines) == 101
    assert lines[-1].endswith(words)
    errors = json.loads(run("validate", "--json", path).output)["errors"]
    assert len(errors) == 101 and errors[-1]["message"] == words


def test_a_map_row_indented_less_is_said_by_validate(tmp_path: Path) -> None:
    """Review: `printf 'name: X\\nmap: |\\n  #####\\n  #A..#\\n .#Z.#\\n  #####\\n'` gave only YAML's
    "did not find expected key"; still exit 2 (not one YAML document), now with the hint."""
    level = tmp_path / "x.yaml"
    level.write_text("name: X\nmap: |\n  #####\n  #A..#\n .#Z.#\n  #####\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(level)])
    assert result.exit_code == 2
    assert (f"{level}:5:2: format: not valid YAML: while parsing a block mapping did not find expected key; a map row"
            " indented less than the map's first row ends the block; indent every row alike") in result.stdout  # the verdict
