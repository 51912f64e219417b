"""`printkit generate`: level files from a seed, the same for any --jobs, bad input refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result
from drawcheck import pdf_pages

from printkit.cli import main
from printkit.sinpin.loader import read_level
from printkit.sinpin.moves.validator import validate


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, ["generate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_jobs_1_and_jobs_2_write_byte_identical_files(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    assert run("--seed", "4", "--count", "4", "--jobs", "1", "-o", str(one)).exit_code == 0
    assert run("--seed", "4", "--count", "4", "--jobs", "2", "-o", str(two)).exit_code == 0
    assert files(one) == files(two) and len(files(one)) == 4
    other = tmp_path / "other"
    assert run("--seed", "5", "--count", "4", "-o", str(other)).exit_code == 0
    assert set(files(other).values()).isdisjoint(files(one).values())


def test_each_file_is_a_valid_level_with_name_author_and_metrics(tmp_path: Path) -> None:
    result = run("--seed", "1", "--count", "3", "--features", "ladder,gem,spikes", "--players", "3", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    written = [line for line in result.stdout.splitlines() if line]
    assert [Path(line).name for line in written] == sorted(p.name for p in tmp_path.iterdir())
    for index, path in enumerate(sorted(tmp_path.iterdir())):
        assert path.name.startswith(f"0{index + 1}-")
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        level = read_level(str(path)).level()
        verdict = validate(level)
        assert verdict.valid and not verdict.warnings
        assert raw["author"] == "printkit generate" and raw["players"] == [3] and len(raw["name"].split()) == 2
        metrics = raw["x-metrics"]
        assert metrics["seed"] == 1 and metrics["index"] == index and metrics["least_turns"] == verdict.min_turns
        assert metrics["rest_positions"] == verdict.rest_positions
        assert {"ladder", "gem", "spikes"} <= set(metrics["features_on_route"]) | {"ladder", "gem", "spikes"}


def test_render_writes_each_map_as_an_a4_pdf(tmp_path: Path) -> None:
    result = run("--seed", "2", "--count", "2", "--render", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    pdfs = sorted(tmp_path.glob("*.pdf"))
    assert [p.stem for p in pdfs] == [p.stem for p in sorted(tmp_path.glob("*.yaml"))]
    for pdf in pdfs:
        page = pdf_pages(pdf)[0]
        assert page.width_mm == pytest.approx(210, abs=0.1) and page.height_mm == pytest.approx(297, abs=0.1)
        assert read_level(str(pdf.with_suffix(".yaml"))).level().name in page.text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--min-turns", "9", "--max-turns", "4"], "--min-turns 9 is above --max-turns 4"),
        (["--turns", "9..4"], "9 is above 4"),
        (["--turns", "few"], "MIN..MAX"),
        (["--turns", "..100000000"], "at most 3364"),  # was a MemoryError
        (["--turns", "1..99999999999999999999"], "at most 3364"),  # never ended
        (["--turns", "5..9", "--min-turns", "3"], "not both"),
        (["--target", "longish"], "neither a word"),
        (["--turns", "2..6", "--target", "12..14"], "outside the least turns asked"),
        (["--exit", "sideways"], "sideways"),
        (["--exit", "above", "--features", "gem,spikes"], "needs ladders"),
        (["--like", "no/such/folder"], "neither a level file nor a folder"),
        (["--size", "13x19"], "S2"),
        (["--size", "40x40"], "--any-size"),
        (["--size", "5x4"], "too small"),
        (["--size", "twelve"], "WIDTHxHEIGHT"),
        (["--features", "ladder,lava"], "unknown feature lava"),
        (["--players", "5"], "player count"),
        (["--size", "40x40", "--any-size", "--render"], "cannot be printed"),
    ],
)
def test_bad_usage_is_exit_2_with_a_clear_message(tmp_path: Path, args: list[str], words: str) -> None:
    result = run(*args, "-o", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert words in result.output
    assert not (tmp_path / "out").exists()


def test_an_impossible_combination_is_exit_1_and_keeps_the_levels_made(tmp_path: Path) -> None:
    result = run("--seed", "1", "--count", "2", "--size", "6x5", "--turns", "25..", "-o", str(tmp_path))
    assert result.exit_code == 1
    assert "made 0 of 2 levels" in result.stderr and "least turns from 25" in result.stderr
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_a_fresh_seed_is_reported_so_the_run_can_be_made_again(tmp_path: Path) -> None:
    result = run("--count", "1", "-o", str(tmp_path / "a"))
    assert result.exit_code == 0
    seed = result.stderr.split("pass --seed ")[1].split(" ")[0]
    assert run("--seed", seed, "--count", "1", "-o", str(tmp_path / "b")).exit_code == 0
    assert files(tmp_path / "a") == files(tmp_path / "b")


def test_any_size_makes_levels_beyond_one_sheet(tmp_path: Path) -> None:
    result = run("--seed", "1", "--size", "20x14", "--any-size", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    level = read_level(str(next(tmp_path.glob("*.yaml")))).level()
    assert (level.width, level.height) == (20, 14)
    assert validate(level, any_size=True).solvable and json.dumps(level.rows)


def test_the_old_turn_options_still_work_with_a_note(tmp_path: Path) -> None:
    old = run("--seed", "2", "--min-turns", "4", "--max-turns", "8", "-o", str(tmp_path / "old"))
    new = run("--seed", "2", "--turns", "4..8", "-o", str(tmp_path / "new"))
    assert old.exit_code == new.exit_code == 0
    assert "is now written --turns 4.." in old.stderr and files(tmp_path / "old") == files(tmp_path / "new")


def test_a_target_and_an_exit_above_are_kept(tmp_path: Path) -> None:
    result = run("--seed", "3", "--count", "2", "--target", "long,hazardous", "-o", str(tmp_path / "t"))
    assert result.exit_code == 0, result.output
    for path in (tmp_path / "t").glob("*.yaml"):
        metrics = yaml.safe_load(path.read_text(encoding="utf-8"))["x-metrics"]
        assert 15 <= metrics["least_turns"] <= 20 and -5 <= metrics["leniency"] <= -3
    result = run("--seed", "3", "--count", "2", "--exit", "above", "-o", str(tmp_path / "a"))
    assert result.exit_code == 0, result.output
    for path in (tmp_path / "a").glob("*.yaml"):
        level = read_level(str(path)).level()
        assert level.exit[1] < level.door[1]


def test_like_learns_from_a_folder_of_levels(tmp_path: Path) -> None:
    towers = Path(__file__).parent / "data" / "towers"
    result = run("--seed", "1", "--count", "2", "--like", str(towers), "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("*.yaml"))) == 2


@pytest.mark.parametrize("rows", [["##", "AZ", "##"], ["AZ"]])
def test_like_a_map_with_nothing_inside_its_border_is_a_usage_error(tmp_path: Path, rows: list[str]) -> None:
    # a valid level that teaches no look (KeyError: () before): said, exit 2, no traceback
    narrow = tmp_path / "narrow.yaml"
    narrow.write_text("map: |\n" + "".join(f"  {row}\n" for row in rows), encoding="utf-8")
    result = run("--seed", "1", "--like", str(narrow), "-o", str(tmp_path / "out"))
    assert result.exit_code == 2 and "is no level to learn from" in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()

@pytest.mark.parametrize("name", ["caves.pdf", "x" * 300])
def test_o_like_a_file_or_too_long_a_name_is_a_usage_error_before_any_cave(tmp_path: Path, name: str) -> None:
    result = run("--seed", "2", "-o", str(tmp_path / name))
    assert result.exit_code == 2 and list(tmp_path.iterdir()) == [] and "Traceback" not in result.output


def test_quiet_leaves_out_the_summary_written_after_the_files(tmp_path: Path) -> None:
    said = CliRunner().invoke(main, ["generate", "--seed", "2", "-o", str(tmp_path / "a")])
    assert said.exit_code == 0 and said.stderr.startswith("1 level of 12x18, seed 2")
    assert said.stdout.strip().endswith(".yaml")  # the file listed first, then the summary
    quiet = CliRunner().invoke(main, ["-q", "generate", "--seed", "2", "-o", str(tmp_path / "b")])
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_like_a_folder_says_which_files_it_left_out_and_why_unless_quiet(tmp_path: Path) -> None:
    folder = tmp_path / "lv"
    folder.mkdir()
    towers = Path(__file__).parent / "data" / "towers"
    (folder / "good.yaml").write_bytes((towers / "01-three-towers.yaml").read_bytes())
    unsolvable = Path(__file__).parent / "data" / "missing-rung.yaml"  # a look to learn all the same
    (folder / "unsolvable.yaml").write_bytes(unsolvable.read_bytes())
    (folder / "ragged.yaml").write_text("map: |\n  #####\n  #A.Q#\n  ###\n", encoding="utf-8")
    (folder / "broken.yaml").write_text("name: [x\n", encoding="utf-8")
    (folder / "narrow.yaml").write_text("map: |\n  ##\n  AZ\n  ##\n", encoding="utf-8")
    args = ("--seed", "1", "--count", "1", "--like", str(folder))
    result = run(*args, "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    told = [line for line in result.stderr.splitlines() if line.startswith("--like")]
    assert told == [
        f"--like: left out {folder}/broken.yaml:2:1: format: not valid YAML: while parsing a flow sequence did not"
        " find expected ',' or ']'",
        f"--like: left out {folder}/narrow.yaml: its map has no field inside its border, where the look is learned"
        " (a map of 3 rows and 3 columns at least)",
        f"--like: left out {folder}/ragged.yaml:4:6: S1: row 3 has 3 fields but row 1 has 5; all rows must be the"
        f" same length (1 of 3 problems: `printkit validate {folder}/ragged.yaml` lists them)",
        "--like: 2 levels taught the look, 3 files left out",
        "--like: the examples come in 2 sizes: 10x10, 12x8; the caves are 10x10, the most common size (the larger on a"
        " tie); --size WxH asks for another",
    ]
    quiet = CliRunner().invoke(main, ["generate", "-q", *args, "-o", str(tmp_path / "quiet")])
    assert quiet.exit_code == 0 and "--like" not in quiet.stderr
    made = {path.name: path.read_bytes() for path in (tmp_path / "out").iterdir()}
    assert made and made == {path.name: path.read_bytes() for path in (tmp_path / "quiet").iterdir()}  # same look


def test_a_run_that_makes_fewer_than_count_writes_those_it_made_and_exits_1(tmp_path: Path) -> None:
    # as docs/exit-status.md and docs/outputs.md say (tests/test_docs.py checks they list it)
    result = run("--seed", "1", "--count", "4", "--size", "8x8", "--turns", "5..6", "-o", str(tmp_path))
    assert result.exit_code == 1 and "made 1 of 4 levels" in result.stderr
    assert result.stdout.split() == [str(path) for path in tmp_path.glob("*.yaml")] and len(result.stdout.split()) == 1


TOWERS = Path(__file__).parent / "data" / "towers"


def _made(folder: Path) -> list[tuple[int, int, tuple[int, ...]]]:
    levels = [read_level(str(path)).level() for path in sorted(folder.glob("*.yaml"))]
    return [(level.width, level.height, level.players) for level in levels]


def test_like_one_level_makes_caves_of_its_size_for_its_players(tmp_path: Path) -> None:
    # a newcomer's `generate --like my-level.yaml` on a 12x11 level for 2 players made 12x18
    # caves for 2, 3 and 4: "like this level" means its size and players too
    mine = tmp_path / "my-level.yaml"
    mine.write_text("players: [2]\n" + (TOWERS / "03-shaft-maze.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    result = run("--seed", "3", "--count", "2", "--like", str(mine), "-o", str(tmp_path / "like"))
    assert result.exit_code == 0, result.output
    assert _made(tmp_path / "like") == [(12, 11, (2,))] * 2 and "2 levels of 12x11" in result.stderr
    said = run("--seed", "3", "--count", "2", "--like", str(mine), "--size", "12x11", "--players", "2", "-o", str(tmp_path / "said"))
    assert files(tmp_path / "said") == files(tmp_path / "like")  # the same bytes as asking for them
    again = run("--seed", "3", "--count", "2", "--like", str(mine), "-o", str(tmp_path / "again"))
    assert said.exit_code == again.exit_code == 0 and files(tmp_path / "again") == files(tmp_path / "like")
    wins = run("--seed", "3", "--like", str(mine), "--size", "10x8", "--players", "3..4", "-o", str(tmp_path / "wins"))
    assert wins.exit_code == 0 and _made(tmp_path / "wins") == [(10, 8, (3, 4))]


def test_like_examples_of_mixed_sizes_and_players_say_what_the_caves_take(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    for name in ("01-three-towers.yaml", "02-ladder-spire.yaml", "03-shaft-maze.yaml"):  # 10x10, 10x11, 12x11
        (folder / name).write_bytes((TOWERS / name).read_bytes())
    (folder / "04-two.yaml").write_text("players: [2]\n" + (TOWERS / "01-three-towers.yaml").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    result = run("--seed", "1", "--like", str(folder), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert _made(tmp_path / "out") == [(10, 10, (2, 3, 4))]
    assert result.stderr.splitlines()[:2] == [
        "--like: the examples come in 3 sizes: 10x10 in 2 levels, 12x11, 10x11; the caves are 10x10, the most common"
        " size (the larger on a tie); --size WxH asks for another",
        "--like: the examples are for different players ([2] in 1 level, [2, 3, 4] in 3 levels); the caves are for"
        " [2, 3, 4], the default; --players asks for others"]
    quiet = CliRunner().invoke(main, ["-q", "generate", "--seed", "1", "--like", str(folder), "-o", str(tmp_path / "q")])
    assert quiet.exit_code == 0 and quiet.stderr == "" and files(tmp_path / "q") == files(tmp_path / "out")


def test_like_a_level_too_small_for_a_cave_asks_for_size(tmp_path: Path) -> None:
    tiny = tmp_path / "tiny.yaml"
    tiny.write_text("map: |\n  #####\n  #A..#\n  #H.Z#\n  #####\n", encoding="utf-8")
    result = run("--seed", "1", "--like", str(tiny), "-o", str(tmp_path / "out"))
    assert result.exit_code == 2 and not (tmp_path / "out").exists()
    assert "the examples are 5x4, which is too small: a cave needs at least 6x5 fields; --size WxH asks" in result.stderr
    assert run("--seed", "1", "--like", str(tiny), "--size", "6x5", "-o", str(tmp_path / "out")).exit_code == 0
