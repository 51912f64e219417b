"""`printkit survey`: the JSON agrees with the levels it drew, the page is drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from drawcheck import pdf_pages, svg_page

from printkit.cli import main
from printkit.sinpin.level import Level
from printkit.sinpin.generate.metrics import level_metrics
from printkit.sinpin.generate.surveyrange import expressive_range, far_apart
from printkit.sinpin.moves.validator import validate


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, ["survey", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture(scope="module")
def survey(tmp_path_factory) -> tuple[dict, Path]:
    out = tmp_path_factory.mktemp("survey") / "survey.pdf"
    result = run("--seed", "3", "--count", "12", "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), out


def test_the_json_agrees_with_the_levels_it_drew(survey) -> None:
    report, _ = survey
    assert report["made"] == report["count"] == 12 and len(report["levels"]) == 12
    metrics = []
    for entry in report["levels"]:
        level = Level(tuple(entry["map"]), name=entry["name"], author="printkit generate", players=(2, 3, 4))
        verdict = validate(level)
        assert verdict.valid and not verdict.warnings
        assert {**level_metrics(level, verdict), "attempts": entry["metrics"]["attempts"]} == entry["metrics"]
        metrics.append(entry["metrics"])
    examples = [{key: entry[key] for key in ("least_turns", "leniency", "feature_density", "linearity")}
                for entry in report["examples"]]
    figures = expressive_range(metrics, examples)
    for key in ("turns_by_leniency", "density_by_linearity", "least_turns", "coverage"):
        assert report[key] == json.loads(json.dumps(figures[key]))
    assert sum(map(sum, report["turns_by_leniency"]["counts"])) == 12
    assert sum(map(sum, report["density_by_linearity"]["counts"])) == 12
    assert sum(report["least_turns"]["counts"]) == 12
    assert report["thumbnails"] == [report["levels"][i]["index"] for i in far_apart(metrics, 5)]


def test_the_json_compares_the_batch_with_its_examples(survey) -> None:
    report, _ = survey
    assert [entry["name"] for entry in report["examples"]][:2] == ["First Steps", "Ladder Well"]
    assert len(report["turns_by_leniency"]["examples"]) == len(report["examples"]) == 8
    looks = report["looks"]
    for key in ("kl_2x2", "kl_2x2_examples_halves", "kl_3x3", "kl_3x3_examples_halves"):
        assert looks[key] > 0
    for side in ("batch", "examples"):
        assert set(looks[side]) == {"special_per_100", "straight_rock_share", "largest_open_rectangle", "novelty"}
    assert looks["examples"]["special_per_100"] == pytest.approx(14.56)
    assert 0 < report["coverage"] <= 1 and 0 < report["examples_coverage"] <= 1


def test_the_levels_are_those_generate_writes(survey, tmp_path: Path) -> None:
    report, _ = survey
    result = CliRunner().invoke(main, ["generate", "--seed", "3", "--count", "2", "-o", str(tmp_path)])
    assert result.exit_code == 0
    for entry, path in zip(report["levels"], sorted(tmp_path.glob("*.yaml"))):
        assert "\n".join(f"  {row}" for row in entry["map"]) in path.read_text(encoding="utf-8")


def test_the_page_holds_the_plots_and_the_thumbnails_names(survey) -> None:
    report, out = survey
    page = pdf_pages(out)[0]
    assert page.width_mm == pytest.approx(210, abs=0.1)
    text = page.text
    for title in ("Least turns x leniency", "Features x linearity", "Levels far apart in the range", "Examples (ringed)"):
        assert title.replace(" ", "") in text.replace(" ", "")
    for index in report["thumbnails"]:
        name = next(e["name"] for e in report["levels"] if e["index"] == index)
        assert name.replace(" ", "") in text.replace(" ", "")


def test_svg_output_and_the_file_listed_on_stdout(tmp_path: Path) -> None:
    out = tmp_path / "survey.svg"
    result = run("--seed", "1", "--count", "3", "--size", "8x8", "-o", str(out))
    assert result.exit_code == 0 and result.stdout.strip() == str(out)
    page = svg_page(out)
    assert page.width_mm == pytest.approx(210, abs=0.1)


def test_a_bad_output_name_is_a_usage_error(tmp_path: Path) -> None:
    assert run("--count", "2", "-o", str(tmp_path / "survey.png")).exit_code == 2


def test_like_surveys_and_rings_the_examples_given(tmp_path: Path) -> None:
    towers = Path(__file__).parent / "data" / "towers"
    result = run("--seed", "2", "--count", "3", "--like", str(towers), "-o", str(tmp_path / "s.pdf"), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [entry["name"] for entry in report["examples"]] == ["Three Towers", "Ladder Spire", "Shaft Maze"]



def test_like_one_level_says_the_figures_one_level_cannot_have_not_0(tmp_path: Path) -> None:
    # One example has no halves and no pair: its half-to-half KL and its novelty were 0.00,
    # which reads as examples that agree perfectly; so is a batch of one level's novelty.
    out = tmp_path / "s.pdf"
    result = run("--seed", "1", "--count", "1", "--like", "first-steps", "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    looks = json.loads(result.stdout)["looks"]
    assert looks["kl_2x2_examples_halves"] is None and looks["kl_3x3_examples_halves"] is None
    assert looks["examples"]["novelty"] is None and looks["batch"]["novelty"] is None
    assert looks["kl_2x2"] > 0  # the batch against its one example is still measured
    text = pdf_pages(out)[0].text.replace(" ", "")
    assert "halftohalfn/a." in text and "Novelty n/a (examples n/a).".replace(" ", "") in text


def test_an_examples_name_the_page_cannot_print_is_left_out_not_a_traceback(tmp_path: Path) -> None:
    examples = tmp_path / "examples"
    examples.mkdir()
    text = (Path(__file__).parent.parent / "levels" / "01-first-steps.yaml").read_text(encoding="utf-8")
    (examples / "a.yaml").write_text(text.replace("name: First Steps", 'name: "洞窟 מערה"'), encoding="utf-8")
    result = run("--seed", "1", "--count", "2", "--like", str(examples), "-o", str(tmp_path / "s.pdf"))
    assert result.exit_code == 0, result.output
    text = "".join(page.text for page in pdf_pages(tmp_path / "s.pdf")).replace(" ", "")
    assert "Examples(ringed):1(namenotprintable)" in text


def test_like_a_narrow_map_or_turns_beyond_any_cave_are_usage_errors(tmp_path: Path) -> None:
    # KeyError: () from a map with nothing inside its border; a MemoryError from ..100000000
    narrow = tmp_path / "narrow.yaml"
    narrow.write_text("map: |\n  ##\n  AZ\n  ##\n", encoding="utf-8")
    for args, words in ((["--like", str(narrow)], "is no level to learn from"), (["--turns", "..100000000"], "at most 3364")):
        result = run("--seed", "1", "--count", "2", *args, "-o", str(tmp_path / "s.pdf"))
        assert result.exit_code == 2 and words in result.stderr and "Traceback" not in result.output
        assert not (tmp_path / "s.pdf").exists()

def test_quiet_leaves_out_the_name_written_beside_the_json(tmp_path: Path) -> None:
    # with --json the page's name is a summary on stderr, which -q leaves out (as simulate's)
    out = tmp_path / "survey.pdf"
    loud = run("--seed", "3", "--count", "2", "-o", str(out), "--json")
    hushed = CliRunner().invoke(main, ["-q", "survey", "--seed", "3", "--count", "2", "-o", str(out), "--json"])
    assert loud.exit_code == hushed.exit_code == 0
    assert f"wrote {out}" in loud.stderr and hushed.stderr == ""
    assert json.loads(hushed.stdout)["made"] == 2


def test_a_survey_that_makes_fewer_than_count_writes_it_and_exits_1(tmp_path: Path) -> None:
    # as docs/exit-status.md and docs/outputs.md say (tests/test_docs.py checks they list it)
    out = tmp_path / "survey.pdf"
    result = run("--seed", "1", "--count", "4", "--size", "8x8", "--turns", "5..6", "-o", str(out))
    assert result.exit_code == 1 and "made 1 of 4 levels" in result.stderr
    assert out.read_bytes().startswith(b"%PDF")
