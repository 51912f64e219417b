"""`printkit survey`: the generator's expressive range (Smith & Whitehead) on one page."""

from __future__ import annotations

import json
import sys

import click

from printkit.batch import ChunkExecutor
from printkit.cli.common import EXIT_FINDING, message, output_format, write_listed
from printkit.cli.generate import generator_options, make_levels, request_from, run_seed, shortfall
from printkit.sinpin.generate.metrics import expressive_range, far_apart

THUMBNAILS = 5


@click.command("survey")
@generator_options
@click.option("--count", type=click.IntRange(1, 100_000), default=100, show_default=True, help="How many levels to generate.")
@click.option("-o", "--output", required=True, metavar="FILE", help="The page to write: survey.pdf or survey.svg.")
@click.option("--json", "as_json", is_flag=True, help="Also print the figures and every level as one JSON object on stdout.")
def survey_command(seed: int | None, size_text: str, min_turns: int | None, max_turns: int | None,
                   features_text: str | None, players_text: str, any_size: bool, executor: ChunkExecutor,
                   count: int, output: str, as_json: bool) -> None:
    """Generate levels and plot the generator's expressive range.

    \b
      printkit survey --seed 1 --count 200 -o output/survey.pdf --json > output/survey.json

    The page shows two 2-D histograms (least turns x hazards on the route, rock share x
    branching), a histogram of least turns, and thumbnails of levels far apart in the range.
    Takes the options of `printkit generate`; the levels are the ones `printkit generate`
    makes with the same options. --json prints the histograms and every level (map and
    figures) on stdout; the written file's name goes to stdout otherwise.
    """
    output_format(output)
    request = request_from(size_text, min_turns, max_turns, features_text, players_text, any_size)
    seed = run_seed(seed)
    made = make_levels(request, seed, count, executor, "Surveying the generator")
    good = [item for item in made if item.level is not None]
    metrics = [item.metrics for item in good]
    figures = expressive_range(metrics)  # type: ignore[arg-type]
    picks = far_apart(metrics, THUMBNAILS)  # type: ignore[arg-type]
    if good:
        from printkit.render.survey import survey_document

        features = ",".join(sorted(request.features)) if request.features else "a seeded mix"
        subtitle = (f"{len(good)} levels of {request.width}x{request.height}, seed {seed}, least turns"
                    f" {request.turn_range()[0]}..{request.turn_range()[1]}, features: {features}")
        document = survey_document(figures, [good[i].level for i in picks], [metrics[i] for i in picks], subtitle)
        if as_json:
            from printkit.atomicfile import AtomicBatch
            from printkit.draw.output import document_outputs

            batch = AtomicBatch()
            for path, data in document_outputs(document, output):
                batch.add(path, data)
            batch.commit()  # stdout carries the JSON, so the file names go to stderr
            message(f"wrote {output}")
        else:
            write_listed(document, output)
    if as_json:
        report = {
            "seed": seed, "count": count, "made": len(good),
            "size": [request.width, request.height], "turns": list(request.turn_range()),
            "features": sorted(request.features) if request.features else None,
            **figures,
            "thumbnails": [good[i].index for i in picks],
            "levels": [{"index": item.index, "level_seed": item.seed, "name": item.level.name,  # type: ignore[union-attr]
                        "map": list(item.level.rows), "metrics": item.metrics} for item in good],  # type: ignore[union-attr]
        }
        click.echo(json.dumps(report))
    problem = shortfall(made, request)
    if problem:
        message(problem)
        sys.exit(EXIT_FINDING)
