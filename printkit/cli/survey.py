"""`printkit survey`: the generator's expressive range (Smith & Whitehead) on one page, and
the figures that compare its levels with the examples they were learned from."""

from __future__ import annotations

import json
import sys

import click

from printkit.atomicfile import AtomicBatch, check_writable
from printkit.batch import ChunkExecutor
from printkit.cli.common import EXIT_FINDING, message, note, output_format, write_listed
from printkit.cli.generate import Made, make_levels, run_seed, shortfall
from printkit.cli.generatoroptions import example_levels, generator_options, request_from
from printkit.cli.streams import flush_stdout
from printkit.sinpin.generate.generator import Request
from printkit.sinpin.level import Level
from printkit.sinpin.generate.metrics import level_metrics
from printkit.sinpin.generate.looks import compare_looks
from printkit.sinpin.generate.surveyrange import coverage, expressive_range, far_apart
from printkit.sinpin.moves.validator import validate

THUMBNAILS = 5
DEFAULT_COUNT = 200  # about three levels a filled cell: enough that a cell is not one level's accident


def example_figures(levels: list[Level]) -> list[tuple[Level, dict[str, object]]]:
    """The examples that can be won, each with its figures (a draft that cannot is left out)."""
    figured = []
    for level in levels:
        verdict = validate(level, any_size=True)
        if verdict.solvable:
            figured.append((level, level_metrics(level, verdict)))
    return figured


def _report(request: Request, seed: int, count: int, good: list[Made], figures: dict, picks: list[int],
            examples: list[tuple[Level, dict[str, object]]], example_maps: list[tuple[str, ...]]) -> dict:
    batch_maps = [item.level.rows for item in good]  # type: ignore[union-attr]
    return {
        "seed": seed, "count": count, "made": len(good),
        "size": [request.width, request.height], "turns": list(request.turn_range()), "exit": request.exit,
        "target": request.target.describe() if request.target else None,
        "features": sorted(request.features) if request.features else None,
        **figures,
        "looks": compare_looks(batch_maps, example_maps) if batch_maps and example_maps else None,
        "examples": [{"name": level.name, **{key: figure[key] for key in
                      ("least_turns", "leniency", "feature_density", "linearity")}} for level, figure in examples],
        "examples_coverage": round(coverage([figure for _, figure in examples]), 3),
        "thumbnails": [good[i].index for i in picks],
        "levels": [{"index": item.index, "level_seed": item.seed, "name": item.level.name,  # type: ignore[union-attr]
                    "map": list(item.level.rows), "metrics": item.metrics} for item in good],  # type: ignore[union-attr]
    }


def _figure(value: float | None) -> str:
    """A look figure for the page's summary line: one level or example has no halves or
    pairs to measure (None), which is said, not shown as 0.00."""
    return f"{value:.2f}" if value is not None else "n/a"


@click.command("survey")
@generator_options
@click.option("--count", type=click.IntRange(1, 100_000), default=DEFAULT_COUNT, show_default=True,
              help="How many levels to generate.")
@click.option("-o", "--output", required=True, metavar="FILE", help="The page to write: survey.pdf or survey.svg.")
@click.option("--json", "as_json", is_flag=True, help="Also print the figures and every level as one JSON object on stdout.")
def survey_command(seed: int | None, executor: ChunkExecutor, count: int, output: str, as_json: bool,
                   **options: object) -> None:
    """Generate levels and plot the generator's expressive range.

    \b
      printkit survey --seed 1 -o output/survey.pdf --json > output/survey.json
      printkit survey --like my-levels/ --count 100 -o output/mine.pdf

    The page shows two 2-D histograms, least turns x leniency (0 when nothing on the
    least-turns route hurts, one less for each hazard entered and each health lost) and
    special fields per 100 fields x the share of the cave the route uses, with the example
    levels' own cells ringed; a histogram of least turns; and thumbnails of levels far apart
    in the range. Takes the options of `printkit generate`; the levels are the ones
    `printkit generate` makes with the same options. --json prints the histograms, the
    coverage of the least turns x leniency cells, the look figures of the batch against its
    examples (tile-pattern KL divergence, novelty, special fields, straight rock, largest
    empty rectangle) and every level on stdout; the written file's name goes to stdout
    otherwise.
    """
    output_format(output)
    check_writable([output])  # before the levels are made: none thrown away for a read-only folder
    staged = AtomicBatch()  # with --json, the -o file: committed once the JSON is out
    request = request_from(**options)  # type: ignore[arg-type]
    seed = run_seed(seed)
    made = make_levels(request, seed, count, executor, "Surveying the generator")
    good = [item for item in made if item.level is not None]
    metrics = [item.metrics for item in good]
    learned_from = example_levels(options["like"])  # type: ignore[arg-type]
    examples = example_figures(learned_from)
    figures = expressive_range(metrics, [figure for _, figure in examples])  # type: ignore[arg-type]
    picks = far_apart(metrics, THUMBNAILS)  # type: ignore[arg-type]
    example_maps = [level.rows for level in learned_from]
    report = _report(request, seed, count, good, figures, picks, examples, example_maps)
    if good:
        from printkit.render.survey import survey_document

        low, high = request.turn_range()
        features = ",".join(sorted(request.features)) if request.features else "as the examples"
        subtitle = (f"{len(good)} levels of {request.width}x{request.height}, seed {seed}, least turns {low}..{high},"
                    f" exit {request.exit}, features {features}")
        looks = report["looks"]
        summary = (f"Cells filled: {figures['coverage']:.0%} of least turns x leniency (examples {report['examples_coverage']:.0%})."
                   + (f"  Tile patterns (KL, 2x2): {looks['kl_2x2']:.2f}, examples half to half {_figure(looks['kl_2x2_examples_halves'])}."
                      f"  Novelty {_figure(looks['batch']['novelty'])} (examples {_figure(looks['examples']['novelty'])})." if looks else ""))
        document = survey_document(figures, [good[i].level for i in picks], [metrics[i] for i in picks],  # type: ignore[misc]
                                   subtitle, summary, [level.name for level, _ in examples])
        if as_json:
            from printkit.draw.output import add_document

            add_document(staged, document, output)  # an older, longer SVG page set replaced whole
        else:
            write_listed(document, output)
    if as_json:  # the JSON first: standard output failing leaves the -o file as it was (exit 2)
        click.echo(json.dumps(report))
        flush_stdout()
        if staged.paths:
            staged.commit()  # stdout carries the JSON, so the file names go to stderr
            note(f"wrote {output}")  # a summary: --quiet leaves it out, as simulate --json does
    problem = shortfall(made, request)
    if problem:
        message(problem)
        sys.exit(EXIT_FINDING)
