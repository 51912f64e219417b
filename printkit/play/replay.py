"""A recorded game stepped through: the states it passed, one a record line.

Step 0 is the game before its first line; step k is the game once line k of its body (a
Sinpin set-up line or a turn line; another game's turn line) is done. The states come from
the game protocol itself, replaying the record's decisions (printkit.play.sinpin_replay for
Sinpin, whose lines hold several decisions), and each replayed line is checked against the
record: a record that does not replay is refused with the line that differs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.games.protocol import JSON, IllegalAction
from printkit.play.matches import Match, board_colours, rules_of_header
from printkit.play.record_check import compare, generic_header, shown, whole
from printkit.play.session import state_answer
from printkit.play.steps import LineError, ReplayError, ReplayInputError, Step


@dataclass
class Replay:
    match: Match  # rules and players (bot names) as the header says
    head: dict[str, JSON]
    end: dict[str, JSON]
    steps: list[Step]

    def index(self) -> dict[str, JSON]:
        """`GET /api/replay`: the game's header and end, and a mark a step for jumping."""
        marks = []
        for number, step in enumerate(self.steps):
            line = step.line or {}
            marks.append({"step": number, "turn": line.get("turn"), "round": line.get("round"),
                          "seat": line.get("seat"), "setup": line.get("setup")})
        # the seed also as text: a JSON number past 2^53 loses its last digits in a browser
        return {"game": self.match.rules.name, "header": self.head, "seed": str(self.head.get("seed")), "end": self.end,
                "steps": len(self.steps), "marks": marks}

    def step(self, number: int) -> dict[str, JSON]:
        """`GET /api/replay/<k>`: the state answer of step k, with the record's line."""
        found = self.steps[number]
        answer = state_answer(self.match, found.state, number, found.last, offer=False)
        answer.update(step=number, steps=len(self.steps), line=found.line, alternatives=found.alternatives)
        if number > 0:  # where the ghost stood before the step (a record's ghost path leaves it out)
            answer["ghost_from"] = self.match.rules.state_json(self.steps[number - 1].state).get("ghost")
        return answer


class RecordGame(list):
    """One game's lines of a record file, with each line's number in the file (`at`), so a
    line that does not replay is named where it is in the file, not in its game."""

    at: list[int]


# the rules that give a Sinoda or YINSH end line's keys, for what differs
END_RULES = {"yinsh-game": {"end": "Y7-Y10", "winners": "Y7-Y10", "scores": "Y7", "rings_off": "Y7",
                            "moves": "Y3", "rows_for_opponent": "Y6"},
             "sinoda-game": {"end": "N8, N10, N12", "winners": "N9-N11", "scores": "N9"}}


def replay_of(lines: list[dict[str, JSON]], folder: Path | None = None) -> Replay:
    """The replay of one game's record lines (header first, end last), checked to the end:
    the header's keys, every line, and every key of the end line against the replayed game
    (game-record.md). ReplayError for any record that does not replay, however it is
    malformed, naming the line in the file (a RecordGame's `at`; else counted from 1).
    `folder` is where the record file lies (None: where the command runs): a Sinoda board
    spec there that the header's `board` names colours the seats, as a bundled one does
    (matches.board_colours), and sets up a record without `setup` (matches._setup_of_spec)."""
    at = getattr(lines, "at", None) or list(range(1, len(lines) + 1))
    game = lines[0].get("game") if lines and isinstance(lines[0], dict) else None
    try:
        return _replayed(lines, folder)
    except LineError as error:
        raise ReplayError(f"game {game}, line {at[min(error.index, len(at) - 1)]}: {error}") from None
    except ReplayInputError as error:
        raise ReplayInputError(f"game {game}: cannot replay: {error}") from None
    except ReplayError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:  # a line of the wrong shape
        raise ReplayError(f"game {game}: cannot replay: {type(error).__name__}: {error}") from None


def _replayed(lines: list[dict[str, JSON]], folder: Path | None) -> Replay:
    head, body, end = lines[0], lines[1:-1], lines[-1]
    kind = head.get("record")
    if kind == "sinpin-game":
        from printkit.play.sinpin_replay import END_RULES as SINPIN_END, sinpin_steps

        match, steps, ended = sinpin_steps(head, body)
        _check_end(len(lines) - 1, steps[-1].state, end, lambda: ended, SINPIN_END)
        return Replay(match, head, end, steps)
    if kind not in END_RULES:
        raise LineError(0, f"'record' is {shown(kind)}: this printkit replays "
                           f"{', '.join(['sinpin-game', *END_RULES])} records")
    generic_header(head)
    try:
        rules = rules_of_header(head, folder)  # an old Sinoda record's spec is read beside it
    except ReplayInputError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise LineError(0, str(error)) from None
    players = tuple(str(player.get("bot", "?")) for player in head["players"])
    # the seats in the colours of the board the header names, if found, else the defaults
    colours = board_colours(head.get("board"), rules.setup.name, folder) if kind == "sinoda-game" else ()
    match = Match(rules, players, int(head["seed"]), lambda: [], finish=_finish(head), colours=colours)
    state = _first_state(rules, head, body)
    steps = [Step(state, None)]
    for number, line in enumerate(body, start=1):
        if state.is_terminal():
            raise LineError(number, "the game is over before this line: it ended after the line before")
        try:
            before = state
            action = rules.action_from_json(state, line["action"])
            if action not in state.legal_actions():
                raise IllegalAction(f"{line['action']!r} is not a legal action now")
            state = state.apply(action)
        except (KeyError, IllegalAction) as error:
            raise LineError(number, f"turn {line.get('turn')}: {error}") from None
        played = {"turn": number, "seat": before.to_act(), "action": rules.action_json(before, action)}
        compare(number, f"turn {line.get('turn')}", line, played, {"turn": "turns count from 1", "seat": "whose turn it is"})
        steps.append(Step(state, line, {"seat": line["seat"], "action": line["action"]}))
    _check_end(len(lines) - 1, state, end, lambda: match.record(state, body)[-1], END_RULES[kind])
    return Replay(match, head, end, steps)


def _first_state(rules: Any, head: dict[str, JSON], body: list[dict[str, JSON]]) -> Any:
    """The game before its first line, with chance from the record: the rules draw the first
    player at random and fix no generator (N3, Y2), so a record another program wrote replays.
    YINSH's white is the header's `white` (rules_of_header); Sinoda's first player is the
    first turn line's seat, checked to be a seat of the game. The seed is only recorded."""
    if head.get("record") != "sinoda-game" or not body:
        return rules.initial_state(int(head["seed"]))  # type: ignore[arg-type]
    seat = body[0].get("seat")
    if not whole(seat) or not 0 <= seat < rules.seats:  # type: ignore[operator]
        raise LineError(1, f"turn {body[0].get('turn')}: 'seat' is {shown(seat)}, not a seat of the game from 0"
                           f" to {rules.seats - 1}: the first player (N3)")
    return rules.start_position(seat)


def _check_end(index: int, state: Any, end: dict[str, JSON], ended: Callable[[], dict[str, JSON]],
               rules: dict[str, str]) -> None:
    """The end line: the game must be over, and every key of the line must be the end line
    the game writes (`ended`, once it is over)."""
    if not state.is_terminal():
        raise LineError(index, "the record ends (its end line) before the game does")
    compare(index, "the end line", end, ended(), rules)


def _finish(head: dict[str, JSON]) -> Callable[[list[dict[str, JSON]]], None] | None:
    """The game's own end keys, as its writer adds them (YINSH's moves, rings off, rows)."""
    if head.get("record") != "yinsh-game":
        return None
    from printkit.yinsh.game import finish_record

    return lambda lines: finish_record(lines, int(head["white"]))  # type: ignore[arg-type]


def load_record(text: str) -> list[RecordGame]:
    """The games of a JSON Lines record's text. ReplayInputError (exit 2) for a file that is
    no JSON Lines of objects; ReplayError (exit 1) for lines that are no record's: a line
    before any header, a game without its end line, two games with one number."""
    import json

    games: list[RecordGame] = []
    game: RecordGame | None = None
    first: dict[object, int] = {}  # each game number's header line
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as error:
            raise ReplayInputError(f"line {number}: not JSON: {error.msg}") from None
        except ValueError:  # Python's limit on an integer's digits
            raise ReplayInputError(f"line {number}: not JSON: a number too long") from None
        if not isinstance(line, dict):
            raise ReplayInputError(f"line {number}: a record line is a JSON object, not {type(line).__name__}")
        if "record" in line:
            if game is not None:
                raise ReplayError(f"game {game[0].get('game')} (line {game.at[0]}) has no end line")
            key = json.dumps(line.get("game"))
            if key in first:
                raise ReplayError(f"line {number}: a second game {line.get('game')} (the first begins on line"
                                  f" {first[key]}): each game of a record has its own number")
            first[key] = number
            game = RecordGame([line])
            game.at = [number]
        elif game is None:
            raise ReplayError(f"line {number}: a record line before any header")
        else:
            game.append(line)
            game.at.append(number)
            if "end" in line:
                games.append(game)
                game = None
    if game is not None:
        raise ReplayError(f"game {game[0].get('game')} (line {game.at[0]}) has no end line")
    return games
