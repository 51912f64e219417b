"""YINSH's commands, reached through the shared ones (printkit.cli.games):

- `printkit moves yinsh [--position FILE|-] [--game FILE|-] [--perft D]`: every legal action
  of a position in GIPF notation, or perft counts; `--game` reads a game in GIPF notation,
  checks it move by move and replays it (to its end or to `--turn N`).
- `printkit simulate yinsh --games N [--blitz]`: bot games and their statistics.

Why `moves yinsh --game` checks a game, rather than `printkit replay game.txt`: `printkit
replay RECORD.jsonl` is the browser's replay of any game's record; checking a game written
in GIPF notation is a question about moves ("is every move legal, and where does it lead?"),
and a game text is one more way to say which position to list the moves of.
"""

from __future__ import annotations

import functools
import sys

import click

from printkit.batch import ChunkExecutor
from printkit.cli.batchoptions import GAMES_HELP, MAX_GAMES, batch_options, play_chunks
from printkit.cli.common import EXIT_FINDING, EXIT_USAGE, message, note, show_progress
from printkit.cli.named import BOARD
from printkit.cli.simulate import _write, check_game_outputs
from printkit.cli.streams import flush_stdout, json_line
from printkit.wording import counted

CHUNK_GAMES = 25  # games per chunk, as for Sinpin: a smooth progress bar, little cost per process hop
ENDINGS = {"rings": "rings taken off", "markers_out": "markers ran out", "no_move": "no move", "bound": "move bound"}


def _end_words(state) -> str:
    from printkit.yinsh.actions import COLOURS, ENDS

    rings = f"{state.off[0]}-{state.off[1]}"
    who = f"{COLOURS[state.winner_colours[0]]} won {rings}" if state.winner_colours else f"a draw at {rings}"
    return f"{who} ({ENDINGS[state.ended]}, {ENDS[state.ended]})"


@click.command("moves")
@click.argument("spec_file", metavar="yinsh", type=BOARD)  # the bundled spec or a YINSH spec: its `rules:` knobs (Y12)
@click.option("--position", "position_file", metavar="FILE|-", default=None,
              help="The position, typed (docs/yinsh.md: rings, markers, rings off, who moves); - reads standard input.")
@click.option("--game", "game_file", metavar="FILE|-", default=None,
              help="A game in GIPF notation: read, check every action and replay it; its moves are listed at the end.")
@click.option("--turn", type=click.IntRange(min=0), default=None, metavar="N",
              help="With --game: the position after the turns numbered up to N instead of the end.")
@click.option("--perft", type=click.IntRange(1, 8), default=None, metavar="D",
              help="Print how many positions lie 1, 2, ..., D actions away, one number a line.")
@click.option("--show", "show_position", is_flag=True, help="Print the position itself (typed format) instead of its moves.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the position and its legal actions as one JSON object (what a page draws).")
def moves_yinsh(spec_file: str, position_file: str | None, game_file: str | None, turn: int | None, perft: int | None,
                show_position: bool, as_json: bool) -> None:
    """Every legal YINSH action of a position in GIPF notation, one a line.

    \b
      printkit moves yinsh                           # the empty board: the 85 points to place a ring on
      printkit moves yinsh --position pos.txt        # a typed position
      echo "white rings: a2; black rings: k10; white off: 4; black off: 4; rules: rows_to_win=5" \
        | printkit moves yinsh --position -           # a position on standard input, on one line
      printkit moves yinsh --perft 3                 # 85, 7140, 592620
      printkit moves yinsh --game game.txt           # check a game, then its last position's moves
      printkit moves yinsh --game game.txt --turn 20 --show

    A placement is a point (e3), a move from-to (a2-h9), a row of five taken off with the
    ring that goes with it "x a3-e3 r b2", and "pass" when no ring can move. A game with an
    illegal action, or a word that is no action, is reported with its move number, line and
    rule (exit 1); a typed position with problems, or a file that cannot be read, exits 2.
    """
    from printkit.yinsh.actions import action_text
    from printkit.yinsh.game import state_json
    from printkit.yinsh.notation import GameTextError, read_game
    from printkit.yinsh.position import PositionError, position_text, read_position
    from printkit.yinsh.state import initial_state

    if position_file is not None and game_file is not None:
        raise click.UsageError("--position and --game are alternatives: give a position or a game")
    if turn is not None and game_file is None:
        raise click.UsageError("--turn picks a position of a game: give the game with --game")
    knobs = spec_knobs(spec_file)  # Y12: a typed position's `rules:` line and a game's knob tags set knobs over them
    state = initial_state(knobs)
    if position_file is not None:
        state = _read_or_exit(position_file, functools.partial(read_position, knobs=knobs), PositionError, EXIT_USAGE)[1]
    elif game_file is not None:
        name, replay = _read_or_exit(game_file, functools.partial(read_game, knobs=knobs), GameTextError, EXIT_FINDING)
        taken = len(replay.actions) if turn is None else sum(1 for number in replay.turns if number <= turn)
        state = replay.states[taken]
        ending = _end_words(replay.final) if replay.final.is_terminal() else "not over"
        note(f"{name}: {len(replay.actions)} actions, every one legal; {ending}"
             + ("" if turn is None else f"; the position after turn {turn} ({taken} actions)"))
    if as_json:
        click.echo(json_line(state_json(state)))
    elif show_position:
        click.echo(position_text(state), nl=False)
    elif perft is not None:
        for count in _perft(state, perft):
            click.echo(count)
    else:
        if state.is_terminal():
            note(f"the game is over: {_end_words(state)}")
        for text in sorted(action_text(a) for a in state.legal_actions()):
            click.echo(text)


def spec_knobs(spec_file: str, blitz: bool = False):
    """The spec's `rules:` knobs (Y12), with `blitz` rows_to_win 1 over them (Y7); a spec
    with problems is reported by the group. `play` plays a YINSH spec by them too."""
    from printkit.boards.spec import YinshOptions, load_spec
    from printkit.yinsh.knobs import with_blitz

    options = load_spec(spec_file).options
    assert isinstance(options, YinshOptions), "printkit.cli.games sends only YINSH specs here"
    return with_blitz(options.rules, blitz)


def _read_or_exit(path: str, read, problems, status: int):
    """(the file's name in messages, what `read` makes of its text); every problem and exit
    `status` when `read` raises `problems`."""
    from printkit.yamlsource import read_source

    source = read_source(path)
    try:
        return source.name, read(source.text)
    except problems as error:
        for problem in error.problems:
            message(f"{source.name}: {problem}")
        sys.exit(status)


def _perft(state, depth: int) -> list[int]:
    """printkit.yinsh.perft.perft, with a progress bar over the first actions."""
    from printkit.yinsh.perft import perft

    counts = [0] * depth
    actions = state.legal_actions()
    counts[0] = len(actions)
    if depth == 1:
        return counts
    with click.progressbar(actions, label="Counting", file=sys.stderr, hidden=not show_progress()) as bar:
        for action in bar:
            for level, count in enumerate(perft(state.after(action), depth - 1), start=1):
                counts[level] += count
    return counts


def _bot_names(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    from printkit.yinsh.bots import BOTS

    names = tuple(name.strip() for name in value.split(",") if name.strip())
    unknown = [name for name in names if name not in BOTS]
    if unknown or not names or len(names) > 2:
        raise click.BadParameter(f"'{value}': one or two of the bots {', '.join(BOTS)}")
    return names


@click.command("simulate")
@click.argument("spec_file", metavar="yinsh", type=BOARD)
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True, help=GAMES_HELP)
@click.option("--blitz", is_flag=True, help="Blitz: the first row wins (rows_to_win 1, whatever the spec's rules say).")
@click.option("--bots", "bot_names", default="greedy", show_default=True, callback=_bot_names, metavar="LIST",
              help="Bots for seats 1 and 2 (one name: both): random, greedy, alphabeta; who plays white is drawn each game.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The run's seed: game k plays with a seed made from it and k alone.")
@batch_options
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object on standard output.")
@click.option("--record", metavar="FILE.jsonl", default=None,
              help="Write every game as JSON Lines (docs/game-record.md); each action in GIPF notation.")
@click.option("--log", "log_file", metavar="FILE.txt", default=None, help="Write the first game in GIPF notation.")
def simulate_yinsh(spec_file: str, games: int, blitz: bool, bot_names: tuple[str, ...], seed: int, executor: ChunkExecutor,
                   as_json: bool, record: str | None, log_file: str | None) -> None:
    """Play many YINSH games with bots and report how they went.

    \b
      printkit simulate yinsh --games 1000 --seed 1
      printkit simulate yinsh --bots alphabeta,greedy --games 100 --jobs 2
      printkit simulate yinsh --blitz --record games.jsonl --log game.txt

    Reports wins by colour (white starts) with 95 % intervals, how games ended (the rings to
    win taken off, markers ran out, no move, the move bound), moves a game and rows a move
    made for the opponent. The spec's `rules:` knobs (Y12: rows_to_win, max_moves) are played. Bots: random (any legal action), greedy (rows now, flips toward
    its own rows), alphabeta (two moves ahead: rows in the making, ring mobility). The same
    seed gives the same results with any --jobs or --dask. The table goes to standard error,
    or with --json the statistics go to standard output.
    """
    from printkit.batch import make_chunks
    from printkit.yinsh.simstats import YinshStats
    from printkit.yinsh.simulate import SimulationPlan, simulate_chunk

    check_game_outputs(record, log_file)
    plan = SimulationPlan(bot_names, seed, spec_knobs(spec_file, blitz),
                          keep_records=record is not None, log_game=0 if log_file else None)
    stats = YinshStats()
    records, logged = play_chunks(functools.partial(simulate_chunk, plan), make_chunks(games, CHUNK_GAMES),
                                  executor, stats, games)
    report = {"game": "yinsh", "seed": seed, "bots": plan.seat_bots(), "rules": plan.knobs.as_dict(), **stats.report()}
    outputs = []
    if record is not None:
        outputs.append((record, records.encode("utf-8")))
    if log_file is not None and logged is not None:
        outputs.append((log_file, logged.encode("utf-8")))
    if as_json:  # before any file is replaced: standard output failing leaves them as they were (exit 2)
        click.echo(json_line(report))
        flush_stdout()
    _write(outputs, listed=not as_json)  # with --json, stdout is the JSON's alone
    if not as_json:
        note(simulation_table(report))


def simulation_table(report: dict) -> str:
    bots = report["bots"]
    rules = report["rules"]
    who = f"{bots[0]} × 2" if bots[0] == bots[1] else f"{bots[0]} and {bots[1]}"
    variant = "blitz (1 row wins)" if rules["rows_to_win"] == 1 else f"{rules['rows_to_win']} rows to win"
    lines = [f"{counted(report['games'], 'game')} of YINSH, {variant}, bots {who}, seed {report['seed']}",
             "                    wins   share    95 % interval"]
    for colour, label in (("white", "white (starts)"), ("black", "black")):
        row = report["colours"][colour]
        lines.append(f"  {label:<16} {row['wins']:>5}  {row['share']:>6.1%}   {row['low']:.1%} – {row['high']:.1%}")
    lines.append(f"  {'draws':<16} {report['draws']:>5}")
    ended = report["ended"]
    lines.append("  games ended by    " + ", ".join(f"{ENDINGS[key]} {ended[key]}" for key in ENDINGS))
    moves = report["moves"]
    lines.append(f"  moves a game      mean {moves['mean']:.1f}, median {moves['median']:g} (min {moves['min']}, "
                 f"max {moves['max']})")
    gifts = report["rows_for_opponent"]
    lines.append(f"  rows made for the opponent  {gifts['by_white'] + gifts['by_black']} in {gifts['games']} games "
                 f"(by white's moves {gifts['by_white']}, by black's {gifts['by_black']})")
    if bots[0] != bots[1]:
        lines += ["", "  bot          wins as white   wins as black"]
        for bot in sorted(set(bots)):
            cells = []
            for colour in ("white", "black"):
                played = report["colours"][colour]["bots"].get(bot, {"games": 0, "wins": 0})
                cells.append(f"{played['wins']:>5} of {played['games']:<5}")
            lines.append(f"  {bot:<11}  {cells[0]}    {cells[1]}".rstrip())
    return "\n".join(lines)


COMMANDS = {"moves": moves_yinsh, "simulate": simulate_yinsh}  # taken over from Sinpin (printkit.cli.games)
