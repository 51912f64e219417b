"""The Sinoda position notation: a position as text a person can type and read.

    # Sinoda, 2 players (small board)
    to move: 1
    turns played: 14
    1: A3=2 A4=1 B8=1 B11=3 | captured 2 1
    2: A1=1 B3=4 B5=1 | captured 1

A line `N: SPACE=VALUE …` lists the pieces of player N (numbered as on the board, seat
N − 1), each on a space named as `printkit board --json` names it, with the value on its
top point; after `|`, `captured` and the values on that player's capture disc. `to move`
names the player who acts next, `turns played` counts turns for max_turns (N12; 0 when left
out). Lines may also be separated by `;` (one line on a command line), `#` starts a comment,
letters may be lower case, and commas may separate pieces. A finished game is written with
`game over: HOW` instead of `to move` (how it ended is judged afresh when read).

A position need not account for all 6 × players dice (a puzzle may leave some out), but
no player has more than 6 on the board (N2) or on the disc, and never more in all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit.sinoda.position import GameContext, Position
from printkit.sinoda.rules import PIECES, VALUES

_PLAYER_LINE = re.compile(r"^(\d+)\s*:(.*)$")
_PIECE = re.compile(r"^([A-Za-z]+\d+)\s*=\s*(\S+)$")


@dataclass(frozen=True)
class NotationProblem:
    line: int  # 1-based; 0 for the position as a whole
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class NotationError(ValueError):
    """Every problem of a position's text at once."""

    def __init__(self, problems: list[NotationProblem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def format_position(position: Position) -> str:
    game = position.game
    setup = game.setup
    teams = f", {len(setup.teams)} teams" if setup.teams else ""
    lines = [f"# Sinoda, {setup.players} players ({setup.board} board{teams})"]
    if position.to_move is None:
        lines.append(f"game over: {position.ended}")
    else:
        lines.append(f"to move: {position.to_move + 1}")
    lines.append(f"turns played: {position.turn}")
    names = game.reach.names
    for seat in range(game.seats):
        pieces = " ".join(f"{names[space]}={value}" for space, value in position.pieces(seat))
        disc = " ".join(str(value) for value in position.discs[seat])
        lines.append(f"{seat + 1}: {pieces} | captured {disc}".replace("  ", " ").rstrip())
    return "\n".join(lines) + "\n"


def parse_position(game: GameContext, text: str) -> Position:
    """The position a text describes, or NotationError with every problem in it."""
    problems: list[NotationProblem] = []
    index = game.reach.index_of
    cells = bytearray(game.reach.size)
    where: dict[int, int] = {}  # space -> the line that put a piece there
    discs: dict[int, tuple[int, ...]] = {}
    to_move: int | None = None
    over = False
    turns = 0
    players = game.seats

    def problem(line: int, message: str) -> None:
        problems.append(NotationProblem(line, message))

    def player_number(line: int, word: str, what: str) -> int | None:
        if not word.isdecimal() or not 1 <= int(word) <= players:
            problem(line, f"{what} must be a player from 1 to {players}, not '{word}'")
            return None
        return int(word) - 1

    for number, raw in enumerate(_lines(text), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        lowered = line.lower()
        keyword, _, rest = lowered.partition(":")
        keyword = " ".join(keyword.replace("-", " ").split())
        rest = rest.strip()
        if keyword == "to move":
            to_move = player_number(number, rest, "'to move'")
        elif keyword == "game over":
            over = True
        elif keyword == "turns played":
            if not rest.isdecimal():
                problem(number, f"'turns played' must be a whole number, not '{rest}'")
            else:
                turns = int(rest)
        elif match := _PLAYER_LINE.match(line):
            seat = player_number(number, match.group(1), "a line's player")
            if seat is None:
                continue
            if seat in discs:
                problem(number, f"player {seat + 1} has two lines")
                continue
            pieces_text, _, disc_text = match.group(2).partition("|")
            discs[seat] = _disc(number, disc_text, problem)
            count = 0
            for item in pieces_text.replace(",", " ").replace("= ", "=").replace(" =", "=").split():
                found = _PIECE.match(item)
                if not found:
                    problem(number, f"'{item}' is not a piece: write SPACE=VALUE, e.g. B7=2")
                    continue
                name, value_text = found.group(1).upper(), found.group(2)
                if name not in index:
                    problem(number, f"{name} is not a space of the {game.setup.board} board (N1)")
                    continue
                if not value_text.isdecimal() or int(value_text) not in VALUES:
                    problem(number, f"{name}={value_text}: a die shows 1 to 4 (N2)")
                    continue
                space = index[name]
                if space in where:
                    problem(number, f"{name} already holds a piece (line {where[space]}; N2: one piece a space)")
                    continue
                where[space] = number
                cells[space] = seat << 3 | int(value_text)
                count += 1
            if count > PIECES:
                problem(number, f"player {seat + 1} has {count} pieces on the board; a player has 6 (N2)")
        else:
            problem(number, f"cannot read '{line}': expected 'to move: N', 'turns played: N' or 'N: SPACE=VALUE … | captured …'")
    missing = [str(seat + 1) for seat in range(players) if seat not in discs]
    if missing:
        problem(0, f"no line for player {', '.join(missing)} (write 'N: | captured' for a player with nothing)")
    total = sum(1 for code in cells if code) + sum(len(d) for d in discs.values())
    if total > PIECES * players:
        problem(0, f"{total} dice on the board and the discs; {players} players have {PIECES * players} (N2)")
    if to_move is None and not over and not any(p.message.startswith("'to move'") for p in problems):
        problem(0, "say whose turn it is: 'to move: N'")
    if problems:
        raise NotationError(problems)
    position = game.position(bytes(cells), to_move if to_move is not None else 0,
                             tuple(discs[seat] for seat in range(players)), turns)
    if over and position.to_move is not None:
        raise NotationError([NotationProblem(0, "'game over', but no end condition holds (N8, N10, N12)")])
    return position


def _lines(text: str) -> list[str]:
    return [part for line in text.splitlines() for part in line.split(";")]


def _disc(number: int, text: str, problem) -> tuple[int, ...]:
    words = text.replace(",", " ").split()
    if words and words[0].lower() == "captured":
        words = words[1:]
    values = []
    for word in words:
        if word == "-":
            continue
        if not word.isdecimal() or int(word) not in VALUES:
            problem(number, f"a captured die keeps its value, 1 to 4 (N7), not '{word}'")
        else:
            values.append(int(word))
    if len(values) > PIECES:
        problem(number, f"{len(values)} captured values; a player can capture at most 6 (N8)")
    return tuple(values)
