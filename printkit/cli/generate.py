"""`printkit generate`: random solvable Sinpin caves, written as level files (and maps).

`make_levels` is shared with `printkit survey` and `printkit kit --random`: one way to ask
the generator for levels, on one or more processes through printkit.batch, level k's seed
derived from --seed and k alone (the options are printkit.cli.generatoroptions).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import secrets
import sys
import time
from dataclasses import dataclass

import click

from printkit.atomicfile import AtomicBatch, check_writable
from printkit.batch import Chunk, ChunkExecutor, chunk_size, derive_seed, make_chunks, run_chunks
from printkit.cli.common import EXIT_FINDING, message, note, output_folder, progress, publish
from printkit.cli.generatoroptions import generator_options, request_from
from printkit.sinpin.generate.generator import Failure, Request, generate_level
from printkit.sinpin.level import Level, fits_paper
from printkit.sinpin.loader import dump_level


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
    target = f", target {request.target.describe()}" if request.target else ""
    return (f"made {len(made) - len(failed)} of {len(made)} levels: {len(failed)} failed within {request.attempts} attempts"
            f" each ({why}; asked: {request.width}x{request.height}, least turns {low}..{high}{target}, exit {request.exit}"
            f"{', features ' + ','.join(sorted(request.features)) if request.features else ''})")


RANDOM_TRIES = 6  # caves of the run `kit --random` tries for one that supports its player count


def random_level_file(seed: int | None, players: int | None) -> tuple[Level, str, str, int]:
    """A fresh level for `printkit kit --random` and the player count to print it for: the
    first cave of the run (up to RANDOM_TRIES) that supports `players`, or any count when
    `players` is None, judged by simulated games (printkit.sinpin.game.playercounts), printed for
    `players` or the most it supports. When none does, the cave that came nearest, with a
    note. Returns the level (its `players` the supported counts and the printed one), its
    file text, its name in messages and the count; exit 1 if no cave could be made."""
    from printkit.cli.levelcheck import exit_share_note
    from printkit.sinpin.game.playercounts import SUPPORT_SHARE, supported_counts

    request = Request()
    seed = run_seed(seed)
    wanted = (players,) if players else request.players
    tried: list[tuple[Made, dict[int, float]]] = []
    with progress(range(RANDOM_TRIES), "Generating a cave and playing it") as bar:
        for index in bar:
            made = _make_chunk(request, seed, False, Chunk(index, index, 1))[0]
            if made.level is not None:
                # only the wanted count decides; the chosen cave's other counts are played below
                tried.append((made, supported_counts(made.level, wanted)))
                if max(tried[-1][1][count] for count in wanted) >= SUPPORT_SHARE:
                    break
    if not tried:
        message(shortfall([made], request) or "")
        sys.exit(EXIT_FINDING)
    made, shares = max(tried, key=lambda pair: max(pair[1][count] for count in wanted))  # the first of the best
    assert made.level is not None
    shares = {**supported_counts(made.level, set(request.players) - set(shares)), **shares}
    supported = [count for count, share in shares.items() if share >= SUPPORT_SHARE]
    count = players or (max(supported) if supported else max(shares, key=lambda n: (shares[n], -n)))
    if count not in supported:
        message(f"{exit_share_note(count, shares[count])}, the most of {len(tried)} caves tried")
    assert made.level is not None and made.metrics is not None
    level = dataclasses.replace(made.level, players=tuple(sorted(set(supported) | {count})))
    message(f"{level.name}: a new {request.width}x{request.height} cave, least turns {made.metrics['least_turns']}"
            f" (seed {seed}, cave {made.index + 1}), for {', '.join(map(str, level.players))} players")
    return level, dataclasses.replace(made, level=level).text(seed), "level.yaml", count


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
def generate_command(seed: int | None, executor: ChunkExecutor, count: int, output: str, render: bool,
                     **options: object) -> None:
    """Invent random Sinpin caves that are always winnable and look like the examples; write
    them as level files.

    \b
      printkit generate --seed 1 --count 20 -o output/generated/ --render
      printkit generate --target long,hazardous --count 5 -o output/hard/
      printkit generate --like my-levels/ --exit any -o output/mine/

    Each level is drawn around a planned route (passes at uneven heights joined by drops and
    ladders, the exit below the door unless --exit says otherwise) by patterns learned from
    example levels (--like; default the bundled ones), mended where it could trap an avatar,
    and kept only when `printkit validate` finds it valid with no warning (no soft-lock, no
    unreachable item) and its least turns within --turns. A run spreads its levels over the
    survey's range (least turns x leniency); --target asks for one cell of it. Each file gets
    a name ("Mossy Hollow"), author "printkit generate" and, under x-metrics, its seed and
    figures. Levels that cannot be made within the attempt budget are reported (exit 1); the
    others are written.
    """
    request = request_from(**options)  # type: ignore[arg-type]
    if render and not fits_paper(request.width, request.height):
        raise click.BadParameter("--render draws A4 maps; a size beyond S2 cannot be printed", param_hint="'--render'")
    out_dir = output_folder(output, "-o names the folder for the levels")  # not gen.pdf/, nor too long a name
    check_writable(folders=[out_dir])  # before the caves are made: none thrown away for a read-only folder
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
    publish(batch)
    if good:  # a summary, once written (--quiet leaves it out)
        turns = sorted(int(item.metrics["least_turns"]) for item in good)  # type: ignore[index, arg-type]
        note(f"{len(good)} level{'s' if len(good) > 1 else ''} of {request.width}x{request.height}, seed {seed},"
             f" least turns {turns[0]}..{turns[-1]}, in {time.perf_counter() - started:.1f} s")
    problem = shortfall(made, request)
    if problem:
        message(problem)
        sys.exit(EXIT_FINDING)
