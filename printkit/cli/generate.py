"""`printkit generate`: random solvable Sinpin caves, written as level files (and maps).

The options shared with `printkit survey` and `printkit kit --random` live here too
(`generator_options`, `make_levels`): one way to ask the generator for levels, on one or
more processes through printkit.batch, level k's seed derived from --seed and k alone.
"""

from __future__ import annotations

import functools
import re
import secrets
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import click

from printkit.atomicfile import AtomicBatch
from printkit.batch import Chunk, ChunkExecutor, LocalProcesses, chunk_size, derive_seed, make_chunks, run_chunks
from printkit.cli.batchoptions import batch_options
from printkit.cli.common import EXIT_FINDING, message, progress, publish
from printkit.sinpin.generator import MIN_SIZE, Failure, Request, generate_level
from printkit.sinpin.level import Level, fits_paper
from printkit.sinpin.levelmetrics import FEATURES
from printkit.sinpin.loader import dump_level
from printkit.sinpin.rules import MAX_LONG_SIDE, MAX_SHORT_SIDE

ANY_SIZE_LIMIT = 60  # --any-size: a search on a bigger map takes minutes per level


@dataclass(frozen=True)
class Made:
    """One level of a run, made (level set) or not (reason set); picklable for --jobs."""

    index: int
    seed: int  # the level's own seed, derived from the run's seed and the index
    level: Level | None
    metrics: dict[str, object] | None
    reason: str | None
    attempts: int
    construct_seconds: float
    validate_seconds: float
    map_pdf: bytes | None = None

    def text(self, run_seed: int) -> str:
        """The level file: the level, then its seed and figures under `x-metrics:`."""
        assert self.level is not None and self.metrics is not None
        figures = {"seed": run_seed, "index": self.index, "level_seed": self.seed, **self.metrics}
        return dump_level(self.level, {"x-metrics": figures})


def _size(text: str, any_size: bool) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise click.BadParameter(f"'{text}' is not a size: write WIDTHxHEIGHT in fields, such as 12x18", param_hint="'--size'")
    width, height = int(match[1]), int(match[2])
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise click.BadParameter(f"{width}x{height} is too small: a cave needs at least {MIN_SIZE[0]}x{MIN_SIZE[1]} fields", param_hint="'--size'")
    if any_size:
        if max(width, height) > ANY_SIZE_LIMIT:
            raise click.BadParameter(f"{width}x{height} is too big even with --any-size (at most {ANY_SIZE_LIMIT} a side)", param_hint="'--size'")
    elif not fits_paper(width, height):
        raise click.BadParameter(
            f"{width}x{height} does not fit one A4 sheet (S2: at most {MAX_SHORT_SIDE}x{MAX_LONG_SIDE} portrait or"
            f" {MAX_LONG_SIDE}x{MAX_SHORT_SIDE} landscape); --any-size makes bigger caves that cannot be printed",
            param_hint="'--size'")
    return width, height


def _features(text: str | None) -> frozenset[str] | None:
    if text is None:
        return None
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in FEATURES]
    if unknown or not names:
        what = f"unknown feature{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}" if unknown else "no features named"
        raise click.BadParameter(f"{what}; the features are {','.join(FEATURES)}", param_hint="'--features'")
    return frozenset(names)


def _players(text: str) -> tuple[int, ...]:
    match = re.fullmatch(r"\s*([234])\s*(?:\.\.\s*([234])\s*)?", text)
    if not match or (match[2] and int(match[2]) < int(match[1])):
        raise click.BadParameter(f"'{text}' is not a player count: write 3, or a range such as 2..4 (from 2 to 4)", param_hint="'--players'")
    low, high = int(match[1]), int(match[2] or match[1])
    return tuple(range(low, high + 1))


def generator_options(command: Callable) -> Callable:
    """The options that say what to generate (generate, survey)."""
    decorators = [
        click.option("--seed", type=click.IntRange(0), default=None,
                     help="Seed of the run; the same seed and options give the same files. Default: a fresh one, reported."),
        click.option("--size", "size_text", default="12x18", show_default=True, metavar="WxH",
                     help="Width x height in fields; at most 12x18 or 18x12 (S2) unless --any-size."),
        click.option("--min-turns", type=click.IntRange(1), default=None, help="Least turns to win at least this (default: by size)."),
        click.option("--max-turns", type=click.IntRange(1), default=None, help="Least turns to win at most this (default: by size)."),
        click.option("--features", "features_text", default=None, metavar="LIST",
                     help=f"Comma list of special fields every level has on its route: {','.join(FEATURES)}."
                          " Default: a seeded mix of four to seven per level."),
        click.option("--players", "players_text", default="2..4", show_default=True, metavar="N|A..B",
                     help="The player counts the levels are for."),
        click.option("--any-size", is_flag=True, help="Allow sizes beyond one A4 sheet (up to 60 a side; not printable)."),
        batch_options,  # --jobs J or --dask ADDRESS: the command gets an `executor`
    ]
    for decorate in reversed(decorators):
        command = decorate(command)
    return command


def request_from(size_text: str, min_turns: int | None, max_turns: int | None, features_text: str | None,
                 players_text: str, any_size: bool) -> Request:
    """The generator's request from the options; a usage error (exit 2) names what is wrong."""
    width, height = _size(size_text, any_size)
    if min_turns is not None and max_turns is not None and min_turns > max_turns:
        raise click.BadParameter(f"--min-turns {min_turns} is above --max-turns {max_turns}", param_hint="'--min-turns'")
    return Request(width, height, min_turns, max_turns, _features(features_text), _players(players_text), any_size=any_size)


def run_seed(seed: int | None) -> int:
    """The run's seed: as given, or a fresh one, told on stderr so the run can be made again."""
    if seed is not None:
        return seed
    fresh = secrets.randbelow(1_000_000)
    message(f"seed {fresh} (pass --seed {fresh} to make the same again)")
    return fresh


def _make_chunk(request: Request, seed: int, render: bool, chunk: Chunk) -> list[Made]:
    made = []
    for index in chunk.items:
        level_seed = derive_seed(seed, index)
        result = generate_level(request, level_seed, index)
        if isinstance(result, Failure):
            made.append(Made(index, level_seed, None, None, result.reason, result.attempts,
                             result.construct_seconds, result.validate_seconds))
            continue
        pdf = None
        if render:
            from printkit.draw.output import document_outputs
            from printkit.render.sinpin.map_page import map_document

            pdf = document_outputs(map_document(result.level), "map.pdf")[0][1]
        made.append(Made(index, level_seed, result.level, result.metrics, None, result.attempts,
                         result.construct_seconds, result.validate_seconds, pdf))
    return made


LEVELS_PER_CHUNK = 8  # about 1 s of work: a Dask task's few ms of overhead is under 1 % of it


def make_levels(request: Request, seed: int, count: int, executor: ChunkExecutor, label: str,
                render: bool = False) -> list[Made]:
    """`count` levels of the run `seed`, in index order, on `executor`, with a progress bar."""
    chunks = make_chunks(count, chunk_size(count, LEVELS_PER_CHUNK))
    work = functools.partial(_make_chunk, request, seed, render)
    made: list[Made] = []
    with progress(range(count), label) as bar:
        for chunk, results in run_chunks(work, chunks, executor=executor):
            made.extend(results)
            bar.update(chunk.count)
    return made


def shortfall(made: list[Made], request: Request) -> str | None:
    """What could not be met, when some levels were not made; None when all were."""
    failed = [m for m in made if m.level is None]
    if not failed:
        return None
    reasons: dict[str, int] = {}
    for m in failed:
        reasons[m.reason or "?"] = reasons.get(m.reason or "?", 0) + 1
    low, high = request.turn_range()
    why = "; ".join(f"{n} on {reason}" for reason, n in sorted(reasons.items(), key=lambda item: -item[1]))
    return (f"made {len(made) - len(failed)} of {len(made)} levels: {len(failed)} failed within {request.attempts} attempts"
            f" each ({why}; asked: {request.width}x{request.height}, least turns {low}..{high}"
            f"{', features ' + ','.join(sorted(request.features)) if request.features else ''})")


def random_level_file(seed: int | None) -> tuple[Level, str, str]:
    """One fresh level of the default request (for 2 to 4 players) for `printkit kit
    --random`: the level, its file text and its name in messages; exit 1 if the generator
    could not make it."""
    request = Request()
    seed = run_seed(seed)
    made = make_levels(request, seed, 1, LocalProcesses(), "Generating a cave")[0]
    if made.level is None:
        message(shortfall([made], request) or "")
        sys.exit(EXIT_FINDING)
    message(f"{made.level.name}: a new {request.width}x{request.height} cave, least turns {made.metrics['least_turns']}"  # type: ignore[index]
            f" (seed {seed})")
    return made.level, made.text(seed), "level.yaml"


def file_stem(made: Made, count: int) -> str:
    """'07-mossy-hollow': the level's place in the run, then its name."""
    assert made.level is not None
    digits = max(2, len(str(count)))
    slug = re.sub(r"[^a-z0-9]+", "-", made.level.name.lower()).strip("-")
    return f"{made.index + 1:0{digits}d}-{slug}"


@click.command("generate")
@generator_options
@click.option("--count", type=click.IntRange(1, 100_000), default=1, show_default=True, help="How many levels.")
@click.option("-o", "--output", required=True, metavar="DIR", help="The folder to write the level files into.")
@click.option("--render", is_flag=True, help="Also write each level's A4 map as NAME.pdf.")
def generate_command(seed: int | None, size_text: str, min_turns: int | None, max_turns: int | None,
                     features_text: str | None, players_text: str, any_size: bool, executor: ChunkExecutor,
                     count: int, output: str, render: bool) -> None:
    """Invent random Sinpin caves that are always winnable and write them as level files.

    \b
      printkit generate --seed 1 --count 20 -o output/generated/ --render

    Each level is built around a route (storeys joined by drops, ladders and spring lifts),
    dressed with the features, and kept only when `printkit validate` finds it valid with no
    warning (no soft-lock, no unreachable item), its least turns within --min-turns and
    --max-turns, door and exit far apart and every feature on its least-turns route or next
    to it. Each file gets a name ("Mossy Hollow"), author "printkit generate" and, under
    x-metrics, its seed and figures. Levels that cannot be made within the attempt budget
    are reported (exit 1); the others are written.
    """
    request = request_from(size_text, min_turns, max_turns, features_text, players_text, any_size)
    if render and not fits_paper(request.width, request.height):
        raise click.BadParameter("--render draws A4 maps; a size beyond S2 cannot be printed", param_hint="'--render'")
    out_dir = Path(output)
    if out_dir.exists() and not out_dir.is_dir():
        raise click.BadParameter(f"'{output}' is a file; -o names the folder for the levels", param_hint="'-o' / '--output'")
    seed = run_seed(seed)
    started = time.perf_counter()
    made = make_levels(request, seed, count, executor, "Generating caves", render)
    batch = AtomicBatch()
    for item in made:
        if item.level is None:
            continue
        stem = file_stem(item, count)
        batch.add(out_dir / f"{stem}.yaml", item.text(seed).encode("utf-8"))
        if item.map_pdf is not None:
            batch.add(out_dir / f"{stem}.pdf", item.map_pdf)
    good = [item for item in made if item.level is not None]
    if good:
        turns = sorted(int(item.metrics["least_turns"]) for item in good)  # type: ignore[index, arg-type]
        message(f"{len(good)} level{'s' if len(good) > 1 else ''} of {request.width}x{request.height}, seed {seed},"
                f" least turns {turns[0]}..{turns[-1]}, in {time.perf_counter() - started:.1f} s")
    publish(batch)
    problem = shortfall(made, request)
    if problem:
        message(problem)
        sys.exit(EXIT_FINDING)
