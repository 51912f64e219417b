"""A recorded game stepped through: the states it passed, one a record line.

Step 0 is the game before its first line; step k is the game once line k of its body (a
Sinpin set-up line or a turn line; another game's turn line) is done. The states come from
the game protocol itself, replaying the record's decisions (printkit.play.sinpin_replay for
Sinpin, whose lines hold several decisions), and each replayed line is checked against the
record: a record that does not replay is refused with the line that differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.games.protocol import JSON, IllegalAction, apply_json
from printkit.games.record import split_games
from printkit.play.matches import Match, rules_of_header
from printkit.play.session import state_answer
from printkit.play.steps import ReplayError, ReplayInputError, Step


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


def games_of(lines: list[dict[str, JSON]]) -> list[list[dict[str, JSON]]]:
    return list(split_games(lines))


def replay_of(lines: list[dict[str, JSON]]) -> Replay:
    """The replay of one game's record lines (header first, end last), checked to the end:
    the end line's winners must be the replayed game's, at its end. ReplayError for any
    record that does not replay, however it is malformed."""
    try:
        replay = _replayed(lines)
    except ReplayError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:  # a line of the wrong shape
        game = lines[0].get("game") if lines and isinstance(lines[0], dict) else None
        raise ReplayError(f"game {game}: cannot replay: {type(error).__name__}: {error}") from None
    last = replay.steps[-1].state
    game = replay.head.get("game")
    if not last.is_terminal():
        raise ReplayError(f"game {game}: the record ends (its end line) before the game does")
    if list(last.winners()) != replay.end.get("winners"):
        raise ReplayError(f"game {game}: the end line's winners {replay.end.get('winners')} are not the"
                          f" game's, {list(last.winners())}")
    return replay


def _replayed(lines: list[dict[str, JSON]]) -> Replay:
    head, body, end = lines[0], lines[1:-1], lines[-1]
    kind = head.get("record")
    players = tuple(str(player.get("bot", "?")) for player in head.get("players", []))
    try:
        if kind == "sinpin-game":
            from printkit.play.sinpin_replay import sinpin_steps

            match, steps = sinpin_steps(head, body)
            return Replay(match, head, end, steps)
        rules = rules_of_header(head)
    except ReplayInputError as error:
        raise ReplayInputError(f"game {head.get('game')}: cannot replay: {error}") from None
    except (KeyError, TypeError, ValueError) as error:
        raise ReplayError(f"game {head.get('game')}: cannot replay: {error}") from None
    match = Match(rules, players, int(head["seed"]), lambda: [])
    state = rules.initial_state(int(head["seed"]))
    steps = [Step(state, None)]
    for number, line in enumerate(body, start=2):
        try:
            before = state
            state = apply_json(rules, state, line["action"])
        except (KeyError, IllegalAction) as error:
            raise ReplayError(f"game {head.get('game')}, line {number} of the game: {error}") from None
        if line.get("seat") != before.to_act():
            raise ReplayError(f"game {head.get('game')}, line {number}: seat {line.get('seat')} acts out of turn")
        steps.append(Step(state, line, {"seat": line["seat"], "action": line["action"]}))
    return Replay(match, head, end, steps)


def load_record(text: str) -> list[list[dict[str, Any]]]:
    """The games of a JSON Lines record's text."""
    import json

    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            try:
                line = json.loads(raw)
            except json.JSONDecodeError as error:
                raise ReplayError(f"line {number}: not JSON: {error.msg}") from None
            except ValueError:  # Python's limit on an integer's digits
                raise ReplayError(f"line {number}: not JSON: a number too long") from None
            if not isinstance(line, dict):
                raise ReplayError(f"line {number}: a record line is a JSON object, not {type(line).__name__}")
            lines.append(line)
    try:
        return games_of(lines)
    except ValueError as error:
        raise ReplayError(str(error)) from None
