"""Which game a command line's file is for, read before any command reads it: the group
asks it to hand the line to that game's command (printkit.cli.games), and Sinpin's
`simulate`, `moves` and `play` ask it so that a board spec of a game printkit does not play
has its own problems said, as `board` says them. Kept apart from cli/games.py, which names
the games' CLI modules (and they import cli/simulate.py): `simulate` importing from there
would make a circle."""

from __future__ import annotations

from pathlib import Path

from printkit import bundled
from printkit.filekinds import game_of
from printkit.sourceproblems import UnreadableSource
from printkit.yamlsource import load_document


def game_of_argument(argument: str) -> str | None:
    """The game a file or a bundled name is for ("sinpin", "sinoda", "yinsh"); None when it
    cannot tell (standard input, a missing or unreadable file, another kind of file)."""
    if argument == "-":
        return None  # standard input is read once, by the command
    path: str | Path = argument
    if bundled.looks_like_name(argument) and not bundled.file_exists(argument):
        item = bundled.find(argument, "level") or bundled.find(argument, "board")
        if item is None:
            return None
        path = item.path
    try:
        return game_of(load_document(str(path)))
    except (UnreadableSource, OSError):
        return None


def read_problems(path: str, game: str | None) -> None:
    """A file that is no game's, read as `board` and `simulate` read it, so that its problems
    are said as they say them: not one YAML document (UnreadableSource, exit 2), or a board
    spec whose `game` is none printkit plays (SpecError, exit 1); the group reports both."""
    load_document(path)
    if game is not None:  # a board spec of an unknown game: its problems, at their places
        from printkit.boards.spec import load_spec

        load_spec(path)


def other_games_spec(path: str) -> None:
    """For Sinpin's `simulate` and `moves`, handed a file that is a board spec of a game
    printkit does not play (`game: sinodaX`): its own problems as `board` and `play` say them
    (read_problems: exit 1), not "this file is a board spec …, not a Sinpin level"."""
    game = game_of_argument(path)
    if game not in (None, "sinpin") and Path(path).is_file():
        read_problems(path, game)
