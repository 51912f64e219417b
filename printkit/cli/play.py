"""`printkit play TARGET` and `printkit replay RECORD.jsonl`: a game played by people and bots
in the browser, and a recorded game stepped through (printkit.play)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from printkit import bundled
from printkit.cli.common import EXIT_FINDING, EXIT_OK, EXIT_USAGE, message
from printkit.cli.simulate import check_game_outputs
from printkit.wording import numbered

DEFAULT_SEATS = {"sinpin": "", "sinoda": "human,greedy", "yinsh": "human,greedy"}  # Sinpin: by the level (_match)


def _resolve(target: str) -> tuple[str, str]:
    """(the game, the file) of TARGET: a file, or a bundled level or board name."""
    from printkit.cli.gamefile import game_of_argument, read_problems

    game = game_of_argument(target)
    if game not in DEFAULT_SEATS and Path(target).is_file():
        read_problems(target, game)
    path = target
    if game is not None:  # as simulate reads it: a bundled name keeps its name in messages and records
        path = bundled.resolve(target, "level" if game == "sinpin" else "board")
    if game is None:
        raise click.BadParameter(f"'{target}' is no Sinpin level and no Sinoda or YINSH board spec (a file or a bundled"
                                 " name: `printkit examples` lists them)", param_hint="'TARGET'")
    return game, path


def _match(game: str, target: str, path: str, seats: list[str], seed: int, blitz: bool = False):
    from printkit.play import matches

    if game == "sinpin":
        from printkit.cli.levelcheck import check_level

        checked = check_level(path)
        if not checked.verdict.valid or checked.level is None:
            for problem in checked.errors:
                message(str(problem))
            message(f"{checked.name}: not played: an invalid level is not played")
            sys.exit(EXIT_FINDING)
        level = checked.level
        if not seats:  # you and greedy bots: three players when the level is for three, else its most
            count = 3 if 3 in level.players else max(level.players)
            seats = ["human"] + ["greedy"] * (count - 1)
        return matches.sinpin_match(level, checked.name, seats, seed)
    from printkit.boards.spec import SinodaOptions, load_spec

    if game == "sinoda":
        from printkit.sinoda.game import SinodaGame

        spec = load_spec(path)
        assert isinstance(spec.options, SinodaOptions)
        name = Path(spec.source).stem  # as simulate's record names the board
        # the page colours the seats as this spec's printed board does (its `colours:`)
        return matches.sinoda_match(SinodaGame(spec.options.setup, spec.options.rules), name, seats, seed,
                                    [player.colour for player in spec.players])
    from printkit.cli.yinsh import spec_knobs
    from printkit.yinsh.game import YinshGame

    # its `rules:` knobs are played, as simulate plays them (Y12)
    return matches.yinsh_match(YinshGame(spec_knobs(path, blitz)), seats, seed)


def _serve(app_for, port: int, no_browser: bool, what: str) -> None:
    from printkit.editor.guard import allowed_hosts
    from printkit.editor.server import bind, run_app

    try:
        sock = bind("127.0.0.1", port)
    except OSError as error:
        message(f"printkit {what}: cannot serve on 127.0.0.1:{port}: {error.strerror or error}")
        sys.exit(EXIT_USAGE)

    def announce(url: str) -> None:
        click.echo(url)  # the address is the command's data: a script may read it
        message(f"printkit {what}: press Ctrl-C to stop")

    try:
        run_app(sock, app_for(allowed_hosts(*sock.getsockname()[:2])), open_browser=not no_browser,
                announce=announce, announce_note=message)
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    message(f"printkit {what}: stopped")
    sys.exit(EXIT_OK)


@click.command("play")
@click.argument("target", metavar="TARGET")
@click.option("--seats", default=None, metavar="LIST",
              help="Who sits in each seat, in order: human or a bot's name (default: you and greedy bots; Sinpin: 3 players"
                   " when the level is for 3, else its most).")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The game's seed (first player, the box's draws, the bots' ties).")
@click.option("--blitz", is_flag=True, help="YINSH: the first row wins (rows_to_win 1, whatever the spec's rules say, Y7).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default="a free one", help="The port to serve on.")
@click.option("--no-browser", is_flag=True, help="Print the address only; do not open a browser.")
@click.option("-o", "--output", "record", metavar="FILE.jsonl", default=None,
              help="Write the game, once over, as JSON Lines (the record simulate --record writes).")
def play_command(target: str, seats: str | None, seed: int, blitz: bool, port: int, no_browser: bool,
                 record: str | None) -> None:
    """Play a whole game in the browser, people and bots, and watch it again at its end.

    \b
      printkit play first-steps                       # you against two greedy bots
      printkit play the-chimney --seats human,human,rusher --seed 3 -o game.jsonl
      printkit play sinoda-2 --seats human,search
      printkit play yinsh --seats greedy,human
      printkit play yinsh --blitz

    TARGET is a Sinpin level (a file or a bundled name), or a Sinoda or YINSH board spec, as
    for simulate; a YINSH spec's `rules:` knobs are played (Y12), and the page draws a slot
    for each ring to take off. Serves one page on 127.0.0.1 (the address is printed and the browser
    opens it). The server keeps the game: the page offers only the legal actions, and bots'
    turns are shown at the speed you set. Ctrl-C stops it.
    """
    from printkit.play.app import create_app
    from printkit.play.session import Session

    game, path = _resolve(target)
    if blitz and game != "yinsh":
        raise click.BadParameter(f"blitz is a YINSH rule (Y7); '{target}' is a {game} {'level' if game == 'sinpin' else 'board'}",
                                 param_hint="'--blitz'")
    names = [name.strip() for name in (seats or DEFAULT_SEATS[game]).split(",") if name.strip()]
    # as simulate --record: named and writable before the game (a record only then unwritable, said at its end)
    check_game_outputs(record, None, "'-o'")
    try:
        match = _match(game, target, path, names, seed, blitz)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--seats'") from None

    session = Session(match, on_record=record_saver(record))
    _serve(lambda hosts: create_app(hosts, session=session), port, no_browser, "play")


def record_saver(record: str | None) -> Callable[[list[dict]], None]:
    """What `play -o` does with the game's record once it ends: writes it (listed on standard
    output); a failure is said on the terminal, and the game, over all the same, stands."""
    def save(lines: list[dict]) -> None:
        if record is None:
            return
        from printkit.atomicfile import AtomicBatch
        from printkit.cli.common import publish
        from printkit.games.record import dumps

        batch = AtomicBatch()
        batch.add(record, dumps(lines).encode("utf-8"))
        try:
            publish(batch)
        except (OSError, click.ClickException) as error:
            message(f"printkit play: the record was not written: {getattr(error, 'message', None) or error}")
    return save


@click.command("replay")
@click.argument("record_file", metavar="RECORD.jsonl", type=click.Path(dir_okay=False))
@click.option("--game", "index", type=click.IntRange(min=0), default=0, show_default=True,
              help="Which game of the record (its `game` number).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default="a free one", help="The port to serve on.")
@click.option("--no-browser", is_flag=True, help="Print the address only; do not open a browser.")
def replay_command(record_file: str, index: int, port: int, no_browser: bool) -> None:
    """Step through a recorded game in the browser, turn by turn.

    \b
      printkit simulate first-steps --games 10 --record games.jsonl
      printkit replay games.jsonl --game 3

    Reads a record of simulate --record or play -o (Sinpin, Sinoda or YINSH), replays it
    through the game's rules on the set-up it was played on, checking every line and the
    header's and end line's keys (Sinpin's chance, the first seat and the box's draws, comes
    from the record, checked possible by the rules; a record that does not replay is refused
    with the file's line and what differs, exit 1; a file that is not JSON Lines, or a board
    spec that cannot be found, exit 2) and serves the viewer: arrow keys, a scrubber, jumps to
    a turn or round, autoplay.
    """
    from printkit.play.app import create_app
    from printkit.play.replay import ReplayError, ReplayInputError, load_record, replay_of

    try:
        text = Path(record_file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        message(f"printkit replay: cannot read {record_file}: {error}")
        sys.exit(EXIT_USAGE)
    try:
        games = load_record(text)
        chosen = [lines for lines in games if lines[0].get("game") == index]
        if not chosen:
            # every game number said, or how many there are: never a list cut short unsaid
            held = numbered((lines[0]["game"] for lines in games if isinstance(lines[0].get("game"), int)), "game")
            raise click.BadParameter(f"{record_file} has no game {index} (it has {held})", param_hint="'--game'")
        replay = replay_of(chosen[0], Path(record_file).parent)  # a board spec beside it: colours, an old set-up
    except ReplayError as error:
        message(f"{record_file}: {error}")
        sys.exit(EXIT_USAGE if isinstance(error, ReplayInputError) else EXIT_FINDING)
    _serve(lambda hosts: create_app(hosts, replay=replay), port, no_browser, "replay")
