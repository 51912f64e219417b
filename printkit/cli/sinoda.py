"""Sinoda's `printkit moves` and `printkit simulate` (reached through printkit.cli.games
when the command line names a Sinoda board spec)."""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.batch import ChunkExecutor, chunk_size, make_chunks
from printkit.cli.batchoptions import GAMES_HELP, MAX_GAMES, batch_options, play_chunks
from printkit.cli.common import EXIT_USAGE, message, note, quiet_option
from printkit.cli.named import BOARD
from printkit.cli.simulate import _write, check_game_outputs
from printkit.cli.streams import flush_stdout, json_line
from printkit.wording import counted

if TYPE_CHECKING:
    from printkit.boards.spec import BoardSpec
    from printkit.sinoda.game import SinodaGame
    from printkit.sinoda.position import Position

CHUNK_GAMES = 50  # games per chunk at most (printkit.batch.chunk_size makes it smaller for short runs)
MAX_PERFT = 8


def _game(spec_file: str) -> tuple[BoardSpec, SinodaGame]:
    from printkit.boards.spec import SinodaOptions, load_spec
    from printkit.sinoda.game import SinodaGame

    spec = load_spec(spec_file)  # problems: the group reports them (exit 1; unreadable 2)
    assert isinstance(spec.options, SinodaOptions), "printkit.cli.games sends only Sinoda specs here"
    return spec, SinodaGame(spec.options.setup, spec.options.rules)


def _read_position(game: SinodaGame, source: str) -> Position:
    from printkit.sinoda.notation import NotationError, parse_position

    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        message(f"printkit moves: cannot read the position {source}: {error}")
        sys.exit(EXIT_USAGE)
    try:
        return parse_position(game, text)
    except NotationError as error:
        shown = "standard input" if source == "-" else source
        for problem in error.problems:
            message(f"{shown}: {problem}")
        sys.exit(EXIT_USAGE)


@click.command("moves")
@click.argument("spec_file", metavar="SPEC", type=BOARD)
@click.option("--position", "source", metavar="FILE|-", default=None,
              help="The position, in the notation of docs/sinoda.md (default: the start, player 1 to move).")
@click.option("--perft", type=click.IntRange(1, MAX_PERFT), default=None, metavar="D",
              help="Print the number of positions after 1, 2, ... D turns, one a line.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the position and its actions.")
def moves_command(spec_file: str, source: str | None, perft: int | None, as_json: bool) -> None:
    """Every legal action of a Sinoda position, with what each captures (N4-N7, N11).

    \b
      printkit moves sinoda-2                              # the start, player 1 to move
      printkit moves sinoda-4 --position game.txt
      echo "to move: 2; 1: A1=3 B8=1 | ; 2: A3=2 B5=1 |" | printkit moves sinoda-2 --position -
      printkit moves sinoda-2 --perft 4

    SPEC is a Sinoda board spec (a file or a bundled name): its players, board, teams and
    rules. A position names each player's pieces as SPACE=VALUE with the spaces as
    `printkit board SPEC --json` names them (docs/sinoda.md). --perft counts positions
    after each number of turns, as chess engines' perft does, to check an implementation.
    """
    from printkit.sinoda.perft import perft as count

    spec, game = _game(spec_file)
    state = _read_position(game, source) if source else game.start_position(0)
    if perft is not None:
        click.echo("".join(f"{n}\n" for n in count(state, perft)), nl=False)
        return
    if as_json:
        click.echo(json_line({"spec": spec.source, **game.state_json(state)}))
        return
    click.echo(_actions_text(game, state), nl=False)


def _actions_text(game: SinodaGame, state: Position) -> str:
    if state.to_move is None:
        from printkit.sinoda.rules import ENDING_WORDS

        return f"The game is over: {ENDING_WORDS[state.ended]}; no actions.\n"
    actions = state.legal_actions()
    lines = [f"player {state.to_move + 1} to move (turn {state.turn + 1}): {len(actions)} actions"]
    for action in actions:
        data = game.action_json(state, action)
        space = game.reach.index_of[data["piece"]]
        value = state.cells[space] & 7
        if "change" in data:
            lines.append(f"  {data['piece']:<4} change {value} -> {data['change']}")
            continue
        text = f"  {data['piece']:<4} move   -> {data['to']}"
        taken = data.get("captures")
        if taken:
            text += f"   captures player {taken['seat'] + 1}'s {taken['value']}"
        lines.append(text)
    return "\n".join(lines) + "\n"


def _bot_names(ctx: click.Context, param: click.Parameter, value: str) -> tuple[str, ...]:
    from printkit.sinoda.simulate import BOTS

    names = tuple(name.strip() for name in value.split(",") if name.strip())
    unknown = [name for name in names if name not in BOTS]
    if unknown or not names:
        raise click.BadParameter(f"unknown bot '{', '.join(unknown) or value}'; the Sinoda bots are {', '.join(BOTS)}")
    return names


@click.command("simulate")
@click.argument("spec_file", metavar="SPEC", type=BOARD)
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True, help=GAMES_HELP)
@click.option("--bots", "bot_names", default="greedy", show_default=True, callback=_bot_names, metavar="LIST",
              help="Bots for the seats in order, cycling: random, greedy, search (e.g. search,greedy).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The run's seed: game k plays with a seed made from it and k alone.")
@batch_options
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object on standard output.")
@click.option("--record", metavar="FILE.jsonl", default=None, help="Write every game as JSON Lines (docs/sinoda.md).")
@click.option("--log", "log_file", metavar="FILE.txt", default=None, help="Write the first game turn by turn in words.")
def simulate_command(spec_file: str, games: int, bot_names: tuple[str, ...], seed: int, executor: ChunkExecutor,
                     as_json: bool, record: str | None, log_file: str | None) -> None:
    """Play many games of Sinoda with bots: how long they last, how they end, and how fair
    the seats are.

    \b
      printkit simulate sinoda-4 --games 2000 --seed 1
      printkit simulate sinoda-2 --bots search,greedy --json
      printkit simulate my-board.yaml --games 500 --record games.jsonl --log game.txt --jobs 2

    SPEC is a Sinoda board spec: players, board, teams (teammates opposite) and its
    `rules:` knobs (max_turns, win_by_sinoda). The first player is drawn for each game;
    in 4-player games the bots are seated by lot (in team games, which team starts on the
    corners). Bots: random, greedy (best capture now, leaves nothing capturable), search
    (looks ahead; the strongest). Reported: game length, how games ended (N8, N10, N12),
    wins per seat (start flower), per place in the turn order and per team with 95 %
    intervals, and captures by value. The same seed gives the same results with any --jobs
    or --dask. The table goes to standard error (left out with --quiet), --json to standard
    output.
    """
    from printkit.sinoda.simstats import SinodaStats
    from printkit.sinoda.simulate import SimulationPlan, simulate_chunk

    spec, game = _game(spec_file)
    check_game_outputs(record, log_file)
    name = Path(spec.source).stem
    plan = SimulationPlan(game, name, bot_names, seed, keep_records=record is not None,
                          log_game=0 if log_file else None)
    stats = SinodaStats()
    chunks = make_chunks(games, chunk_size(games, CHUNK_GAMES))
    records, logged = play_chunks(functools.partial(simulate_chunk, plan), chunks, executor, stats, games)
    report = {"game": "sinoda", "spec": name, "setup": game.setup.name, "players": game.seats,
              "board": game.setup.board, "teams": [list(t) for t in game.teams], "seed": seed,
              "bots": plan.seat_bots(), **stats.report(game.seats, game.teams)}
    outputs: list[tuple[str, bytes]] = []
    if record is not None:
        outputs.append((record, records.encode("utf-8")))
    if log_file is not None and logged is not None:
        from printkit.sinoda.gamelog import tell

        outputs.append((log_file, tell(game, logged).encode("utf-8")))
    if as_json:  # before any file is replaced: standard output failing leaves them as they were (exit 2)
        click.echo(json_line(report))
        flush_stdout()
    _write(outputs, listed=not as_json)  # with --json, stdout is the JSON's alone
    if not as_json:
        note(fairness_table(report, game))  # a summary: --quiet leaves it out, as YINSH's


def _pct(share: dict[str, float]) -> str:
    return f"{share['share']:>6.1%}   {share['low']:.1%}-{share['high']:.1%}"


def flower_words(game: SinodaGame, seat: int) -> str:
    """Where a seat's start flower is: 'side P(-1,-1)' or 'corner P(2,-2)' on the large board."""
    a, b = game.setup.seats[seat]
    if game.setup.n == 3:
        kind = "corner" if a == 0 or b == 0 or a + b == 0 else "side"
        return f"{kind:<6} P({a},{b})"
    return f"P({a},{b})"


def fairness_table(report: dict, game: SinodaGame) -> str:
    from printkit.sinoda.rules import ENDING_WORDS

    games, turns, wins = report["games"], report["turns"], report["wins"]
    bots = report["bots"]
    shown_bots = f"{bots[0]} x {len(bots)}" if len(set(bots)) == 1 else ", ".join(bots)
    teams = f", {len(game.teams)} teams" if game.teams else ""
    lines = [f"{counted(games, 'game')} of {report['spec']} ({game.seats} players, {game.setup.board} board{teams}),"
             f" bots {shown_bots}, seed {report['seed']}",
             f"  turns per game   mean {turns['mean']:.1f}  median {turns['median']:g}  (min {turns['min']}, max {turns['max']})",
             "  how games ended"]
    for ending, count in sorted(report["ended"].items(), key=lambda item: -item[1]):
        lines.append(f"    {ENDING_WORDS.get(ending, ending):<42} {count:>7}  {count / games:>6.1%}")
    between = "teams" if game.teams else "players"
    lines.append(f"  wins shared between {between}   {report['shared_wins']}")
    # In team games a seat, or a bot, wins when its team wins.
    per_seat, per_bot = ("per_seat_team", "per_bot_team") if game.teams else ("per_seat", "per_bot")
    lines += ["", "  seat  start flower    wins     95 % interval   points a game"]
    for seat, share in enumerate(wins[per_seat]):
        lines.append(f"  {seat + 1:>4}  {flower_words(game, seat):<14}  {_pct(share)}   {report['points']['per_seat'][seat]:>8.2f}")
    lines += ["", "  turn order (first-player advantage)"]
    for place, share in enumerate(wins["turn_order"]):
        lines.append(f"    {_ordinal(place + 1)} to move       {_pct(share)}")
    if game.teams:
        lines += ["", "  teams (players)"]
        for number, share in enumerate(wins["per_team"]):
            members = " + ".join(str(seat + 1) for seat in game.teams[number])
            lines.append(f"    {'ABC'[number]} ({members}){'':<{12 - len(members)}} {_pct(share)}")
    if len(wins[per_bot]) > 1:
        lines += ["", "  bot        wins per seat-game"]
        for bot, share in wins[per_bot].items():
            lines.append(f"    {bot:<8} {_pct(share)}")
    if game.teams:
        lines += ["", "  (in team games a seat, a place in the turn order or a bot wins when its team wins)"]
    captured = report["captures_by_value"]
    total = sum(captured.values()) or 1
    lines += ["", "  captures by value   " + "   ".join(f"{value}: {count} ({count / total:.0%})"
                                                   for value, count in captured.items())]
    return "\n".join(lines)


def _ordinal(n: int) -> str:
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n, 'th')}"


for _command in (moves_command, simulate_command):
    _command.params.append(quiet_option())  # as the group gives every command (LazyGroup)


COMMANDS = {"moves": moves_command, "simulate": simulate_command}  # taken over from Sinpin (printkit.cli.games)
