"""`printkit simulate LEVEL`: many games played by bots (S28-S33), their statistics, records,
a game told in words and a heatmap."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import click


from printkit.atomicfile import AtomicBatch, check_writable
from printkit.batch import ChunkExecutor
from printkit.cli.batchoptions import GAMES_HELP, MAX_GAMES, batch_options, play_chunks
from printkit.cli.common import EXIT_FINDING, EXIT_USAGE, message, name_fits, note, output_format, publish
from printkit.cli.gamefile import other_games_spec
from printkit.cli.levelcheck import check_level, players_for
from printkit.cli.named import LEVEL
from printkit.cli.streams import flush_stdout, json_line
from printkit.wording import counted
from printkit.sourceproblems import UnreadableSource

CHUNK_GAMES = 25  # games per chunk: small enough for a smooth progress bar, big enough to amortise a process hop


def _bot_names(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    from printkit.sinpin.game.bots import BOTS

    names = tuple(name.strip() for name in value.split(",") if name.strip())
    unknown = [name for name in names if name not in BOTS]
    if unknown or not names:
        raise click.BadParameter(f"unknown bot '{', '.join(unknown) or value}'; the bots are {', '.join(BOTS)}")
    return names


def _suffix(path: str | None, allowed: tuple[str, ...], param: str) -> None:
    if path is not None:
        name_fits(path, param)
    if path is not None and Path(path).suffix.lower() not in allowed:
        raise click.BadParameter(f"'{path}' must end in {' or '.join(allowed)}", param_hint=param)


def check_game_outputs(record: str | None, log_file: str | None, record_option: str = "'--record'") -> None:
    """`--record` and `--log` named as they must be and writable, before any game is played
    (Sinoda's and YINSH's simulate, and `play -o` as `record_option`; Sinpin's simulate
    checks its level first)."""
    _suffix(record, (".jsonl",), record_option)
    _suffix(log_file, (".txt",), "'--log'")
    check_writable([path for path in (record, log_file) if path is not None])


def _table(report: dict, seats: list[str], avatars: tuple[str, ...]) -> str:
    finished = report["finished"]
    rounds = report["rounds"]
    lines = [
        f"{counted(report['games'], 'game')} of {report['level'] or 'the level'} for {report['players']} players, seed {report['seed']}",
        f"  finished (no avatar left)  {finished['out']:>7}   every avatar out by the exit {finished['all_exited']}",
        f"  stopped at max_rounds      {finished['max_rounds']:>7}",
        f"  rounds per game            mean {rounds['mean']:.1f}  median {rounds['median']:g}  90th percentile {rounds['p90']}"
        f"  (min {rounds['min']}, max {rounds['max']})",
        f"  ghost                      {report['ghost_squares_per_game']:>7.1f} squares a game, {report['ghost_catches']} catches"
        f"   health losses {report['health_losses']}"
        f"   knock-outs: paid {report['knock_outs']['pay']}, back to the door {report['knock_outs']['door']}",
        "",
        "  seat  avatar    bot        exited  caught  inside  knock-outs  health lost  gems/game  wins (95 % interval)",
    ]
    fates = report["fates"]
    for seat, bot in enumerate(seats):
        lines.append(f"  {seat:>4}  {avatars[seat]:<8}  {bot:<9}  {_fate_cells(fates['per_seat'][seat])}"
                     f"  {report['gems']['per_seat'][seat]:>9.2f}  {_interval(report['seat_wins'][seat])}")
    if len(fates["per_bot"]) > 1:
        lines += ["", "  bot                       exited  caught  inside  knock-outs  health lost  gems/game  wins (per seat)"]
        for bot, gems in report["gems"]["per_bot"].items():
            lines.append(f"  {bot:<24}  {_fate_cells(fates['per_bot'][bot])}  {gems:>9.2f}  {report['wins']['per_bot'][bot]:>6.1%}")
    lines += ["", f"  {report['first_player']['text']} (turn order: "
              + ", ".join(f"{place + 1}. {win['share']:.0%}" for place, win in enumerate(report["order_wins"])) + ")"]
    never = report["items_never_taken"]
    if report["items"]:
        from printkit.sinpin.tiles import field_name

        shown = ", ".join(field_name(*at) for at in never) if never else "none"
        lines += [f"  the level's items never taken in any game: {shown}"]
    lines += ["", "  findings:" if report["findings"] else "  findings: none"]
    for finding in report["findings"]:
        lines += [f"  - {finding['code']}: {finding['text']}", f"      what to change: {finding['change']}"]
    return "\n".join(lines)


def _fate_cells(fate: dict) -> str:
    return (f"{fate['exited']:>6.0%}  {fate['caught']:>6.0%}  {fate['inside']:>6.0%}  {fate['knock_outs']:>10.2f}"
            f"  {fate['health_lost']:>11.2f}")


def _interval(win: dict) -> str:
    return f"{win['share']:>6.1%} ({win['low']:.1%}-{win['high']:.1%})"


@click.command("simulate")
@click.argument("level_file", metavar="LEVEL.yaml", type=LEVEL)
@click.option("--players", type=click.IntRange(2, 4), default=None,
              help="How many play (default: the most the level's `players` allows).")
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True, help=GAMES_HELP)
@click.option("--bots", "bot_names", default="greedy", show_default=True, callback=_bot_names, metavar="LIST",
              help="Bots for the seats in order, cycling: random, rusher, greedy, cautious (e.g. greedy,rusher).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The run's seed: game k plays with a seed made from it and k alone.")
@batch_options
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object on standard output.")
@click.option("--record", metavar="FILE.jsonl", default=None, help="Write every game as JSON Lines (docs/game-record.md).")
@click.option("--log", "log_file", metavar="FILE.txt", default=None, help="Write the first game turn by turn in words.")
@click.option("--heatmap", metavar="FILE.pdf|svg", default=None,
              help="Draw where moves ended, health was lost and avatars were caught, and how long games took.")
@click.option("--allow-unsolvable", is_flag=True, help="Play a level that cannot be won (S26) all the same.")
def simulate_command(level_file: str, players: int | None, games: int, bot_names: tuple[str, ...], seed: int,
                     executor: ChunkExecutor, as_json: bool, record: str | None, log_file: str | None, heatmap: str | None,
                     allow_unsolvable: bool) -> None:
    """Play many games of a level with bots and report how it plays.

    \b
      printkit simulate levels/07-the-chimney.yaml --players 4 --games 1000 --seed 1
      printkit simulate first-steps --bots greedy,rusher --json
      printkit simulate the-chimney --games 200 --record games.jsonl --log game.txt --heatmap heat.pdf

    The whole game of docs/rules.md section 6: set-up (S28), the box (S29), turns (S29a,
    S29b), the ghost (S30-S32) and the end (S33). Bots: random (any legal outcome), rusher
    (fewest turns to the exit), greedy (gems and chests first), cautious (never risks its
    last health). The same seed gives the same results with any --jobs or --dask. Statistics go to
    standard error as a table (left out with --quiet), or with --json to standard output
    (then the names of the files written go to standard error): per seat and bot the share of avatars that got out,
    were caught or were still inside, win shares with 95 % intervals, whether playing first
    pays, and findings (each with a code and what a designer could change). Output files are
    checked writable before the games are played. An invalid level is not played (exit 1); a
    level that cannot be won only with --allow-unsolvable.

    YINSH games: printkit simulate yinsh --games 1000 (printkit simulate yinsh --help).
    """
    from printkit.batch import make_chunks
    from printkit.sinpin.game.state import AVATARS
    from printkit.sinpin.game.findings import findings
    from printkit.sinpin.game.stats import SimStats
    from printkit.sinpin.game.simulate import SimulationPlan, simulate_chunk

    _suffix(record, (".jsonl",), "'--record'")
    _suffix(log_file, (".txt",), "'--log'")
    if heatmap is not None:
        output_format(heatmap, "'--heatmap'")
    other_games_spec(level_file)  # a spec of a game printkit does not play: its problems, as board says them
    try:
        checked = check_level(level_file, for_print=heatmap is not None)  # the heat map prints its name
    except UnreadableSource as error:
        message(str(error.problem))
        sys.exit(EXIT_USAGE)
    unsolvable_only = checked.level is not None and all(problem.rule == "S26" for problem in checked.errors)
    if not checked.verdict.valid and not (allow_unsolvable and unsolvable_only and checked.errors):
        for problem in checked.errors:
            message(str(problem))
        hint = " (--allow-unsolvable plays it all the same)" if unsolvable_only and checked.errors else ""
        message(f"{checked.name}: not simulated: an invalid level is not played{hint}")
        sys.exit(EXIT_FINDING)
    if checked.unprintable:  # found before the games are played, not by the heat map's writer after them
        for problem in checked.unprintable:
            message(str(problem))
        message(f"{checked.name}: not simulated: printkit cannot print the level's name or author on --heatmap")
        sys.exit(EXIT_FINDING)
    level = checked.level
    assert level is not None
    if not checked.verdict.valid:
        message(f"{checked.name}: this level cannot be won (S26); simulating it as asked")
    players = players_for(level, players, checked.name)
    check_writable([path for path in (record, log_file, heatmap) if path is not None])  # before the games are played
    plan = SimulationPlan(level, checked.name, bot_names, players, seed, keep_records=record is not None,
                          log_game=0 if log_file else None)
    stats = SimStats()
    try:
        records, logged = play_chunks(functools.partial(simulate_chunk, plan), make_chunks(games, CHUNK_GAMES),
                                      executor, stats, games)
    except KeyboardInterrupt:
        message(f"{checked.name}: interrupted after {stats.games} of {games} games; nothing written")
        raise
    report = stats.report(level, plan.seat_bots(), seed)
    report["level"] = level.name or Path(checked.name).stem
    found = findings(stats, level, plan.seat_bots(), frozenset(checked.verdict.soft_locks))
    report["findings"] = [finding.as_json() for finding in found]
    outputs: list[tuple[str, bytes]] = []
    pages: list[tuple[Path, bytes]] | None = None  # the heat map's files
    if record is not None:
        outputs.append((record, records.encode("utf-8")))
    if log_file is not None and logged is not None:
        outputs.append((log_file, logged.encode("utf-8")))
    if heatmap is not None:
        from printkit.draw.output import document_outputs
        from printkit.render.heatmap import heatmap_document

        seats = plan.seat_bots()
        bots = f"{seats[0]} × {len(seats)}" if len(set(seats)) == 1 else ", ".join(seats)
        subtitle = f"{games} simulated game{'s' * (games != 1)}, {players} players, bots {bots}, seed {seed}"
        document = heatmap_document(level, stats, title=report["level"], subtitle=subtitle, findings=found)
        pages = document_outputs(document, heatmap)
    if as_json:  # before any file is replaced: standard output failing leaves them as they were (exit 2)
        click.echo(json_line(report))
        flush_stdout()
    _write(outputs, listed=not as_json, document=pages)
    if not as_json:
        note(_table(report, plan.seat_bots(), AVATARS))  # a summary: --quiet leaves it out


def _write(outputs: list[tuple[str, bytes]], listed: bool = True, document: list[tuple[Path, bytes]] | None = None) -> None:
    """Each folder's files as one batch (printkit.atomicfile: whole or not at all), listed
    on standard output; with --json (`listed` False) stdout carries the JSON, so the names
    go to standard error, as `survey --json` does, as notes (--quiet leaves them out). A
    `document`'s files (the heat map) replace an older SVG page set whole (add_outputs)."""
    folders: dict[Path, AtomicBatch] = {}
    for path, data in outputs:
        folders.setdefault(Path(path).resolve().parent, AtomicBatch()).add(path, data)
    if document:
        from printkit.draw.output import add_outputs  # the drawing layer is slow to import

        add_outputs(folders.setdefault(Path(document[0][0]).resolve().parent, AtomicBatch()), document)
    for batch in folders.values():
        if listed:
            publish(batch)
        else:
            for path in batch.commit():
                note(f"wrote {path}")
