"""`printkit survey`: the JSON agrees with the levels it drew, the page is drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from drawcheck import pdf_pages, svg_page

from printkit.cli import main
from printkit.sinpin.level import Level
from printkit.sinpin.generate.metrics import expressive_range, far_apart, level_metrics
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
    figures = expressive_range(metrics)
    for key in ("turns_by_hazards", "rock_by_branching", "least_turns"):
        assert report[key] == json.loads(json.dumps(figures[key]))
    assert sum(map(sum, report["turns_by_hazards"]["counts"])) == 12
    assert sum(map(sum, report["rock_by_branching"]["counts"])) == 12
    assert sum(report["least_turns"]["counts"]) == 12
    assert report["thumbnails"] == [report["levels"][i]["index"] for i in far_apart(metrics, 5)]


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
    for title in ("Least turns x hazards on the route", "Rock share x branching", "Levels far apart in the range"):
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
