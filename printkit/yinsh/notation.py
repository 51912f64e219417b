"""A whole YINSH game in GIPF notation (Y11), both ways: written for every game printkit
plays, read back, checked move by move and replayed.

The text printkit writes:

    [Game "YINSH"]
    [White "alphabeta"]
    [Black "greedy"]
    [rows_to_win "3"]
    [max_moves "300"]
    [Result "1-0"]
    [Termination "rings"]
    1. e5
    2. f6
    …
    11. e5-e8
    12. f6-f9 x a3-e3 r b2
    13. x c4-c8 r d5 e8-e4

Each numbered line is one player's turn: all the actions one player takes in a row. So a
row and ring removal follows the move that made it (`f6-f9 x a3-e3 r b2`, Y5), and when a
move makes a row of the opponent's colour, the opponent's removal opens the opponent's own
next line, before their move (`x c4-c8 r d5 e8-e4`, Y6): whose removal it is never needs
guessing, because it stands where it happens. `pass` (Y9) is printkit's, not GIPF's.

Reading is by action, not by line: numbers (`12.`), line breaks and spaces are free, so
`1. e5 f6` reads too, and a row's ends may come in either order. Tags in square brackets
come first; a lower-case tag is a rule knob (Y12: an unknown one is an error), the others
are kept as information, and a `Result` or `Termination` tag is checked against the replay.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from printkit.games.protocol import IllegalAction
from printkit.yinsh.actions import COLOURS, TOKEN, Action, NotationError, action_text, parse_action
from printkit.yinsh.knobs import KnobError, Knobs, knobs_from
from printkit.yinsh.state import State, initial_state

_TAG = re.compile(r'\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+"([^"]*)"\s*\]')
_LABEL = re.compile(r"(\d+)\.+")
RESULTS = {(0,): "1-0", (1,): "0-1", (): "1/2-1/2"}  # winner colours -> Result tag


class GameTextError(ValueError):
    """A game text that cannot be read or replayed; every problem found, each naming its
    line, its move number and the rule."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Replay:
    """A game read back: its tags and knobs, and every position from the empty board on."""

    tags: dict[str, str]
    knobs: Knobs
    actions: list[Action] = field(default_factory=list)
    states: list[State] = field(default_factory=list)  # states[k]: after k actions
    turns: list[int] = field(default_factory=list)  # the move number each action was written under

    @property
    def final(self) -> State:
        return self.states[-1]


@dataclass(frozen=True)
class _Token:
    text: str
    line: int
    turn: int


def read_game(text: str, knobs: Knobs = Knobs()) -> Replay:
    """Read, check and replay a game; GameTextError with every problem otherwise (the
    replay stops at the first illegal action: what follows depends on it). The game's
    lower-case tags set knobs over `knobs` (a spec's `rules:`, Y12)."""
    tags, tokens, problems = _scan(text)
    settings: dict[str, object] = {}
    for key, value in tags.items():
        if key[0].islower():
            settings[key] = int(value) if value.strip().lstrip("-").isdecimal() else value
    try:
        knobs = knobs_from(settings, knobs)
    except KnobError as error:
        problems.append(str(error))
    parsed: list[tuple[_Token, Action]] = []
    for token in tokens:
        try:
            parsed.append((token, parse_action(token.text)))
        except NotationError as error:
            problems.append(f"move {token.turn} (line {token.line}): {error}")
    if problems:
        raise GameTextError(problems)
    replay = Replay(tags, knobs, states=[initial_state(knobs)])
    for token, action in parsed:
        try:
            replay.states.append(replay.final.apply(action))
        except IllegalAction as error:
            who = COLOURS[replay.final.colour]
            raise GameTextError([f"move {token.turn} (line {token.line}), {who}: {error}"]) from None
        replay.actions.append(action)
        replay.turns.append(token.turn)
    _check_result(replay)
    return replay


def _scan(text: str) -> tuple[dict[str, str], list[_Token], list[str]]:
    tags: dict[str, str] = {}
    tokens: list[_Token] = []
    problems: list[str] = []
    turn = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            found = _TAG.fullmatch(line)
            if found is None:
                problems.append(f'line {number}: a tag is [Name "value"], not {line}')
            elif tokens:
                problems.append(f"line {number}: tags come before the first move")
            else:
                tags[found.group(1)] = found.group(2)
            continue
        turn += 1
        at = 0
        while at < len(line):
            if line[at].isspace():
                at += 1
                continue
            if label := _LABEL.match(line, at):
                turn = int(label.group(1))
                at = label.end()
                continue
            found = TOKEN.match(line, at)
            end = found.end() if found else at
            if found is None or (end < len(line) and not line[end].isspace()):
                word = line[at:].split()[0]
                problems.append(f"move {turn} (line {number}): Y11: '{word}' is not an action (a placement 'e3', "
                                "a move 'a2-h9', a row and ring 'x a3-e3 r b2', or 'pass')")
                at += len(word)
                continue
            tokens.append(_Token(found.group(0), number, turn))
            at = end
    return tags, tokens, problems


def _check_result(replay: Replay) -> None:
    final = replay.final
    problems = []
    claimed = replay.tags.get("Result")
    if claimed is not None:
        actual = RESULTS[final.winner_colours] if final.is_terminal() else "*"
        if claimed.strip() != actual:
            problems.append(f"Result: the record says {claimed}, the replay gives {actual}"
                            + ("" if final.is_terminal() else f" (the game is not over: {COLOURS[final.colour]} to act)"))
    ended = replay.tags.get("Termination")
    if ended is not None and ended.strip() != (final.ended or "*"):
        problems.append(f"Termination: the record says {ended}, the replay gives {final.ended or 'not over'}")
    if problems:
        raise GameTextError(problems)


def game_text(states: Sequence[State], actions: Sequence[Action], tags: dict[str, str] | None = None) -> str:
    """A game in GIPF notation: `states[k]` is the position `actions[k]` was taken in (the
    final position may follow); one numbered line per turn (a player's actions in a row)."""
    head = {"Game": "YINSH", **(tags or {})}
    knobs = states[0].knobs if states else Knobs()
    for key, value in knobs.as_dict().items():
        head.setdefault(key, str(value))
    if len(states) > len(actions) and states[len(actions)].is_terminal():
        final = states[len(actions)]
        head["Result"] = RESULTS[final.winner_colours]
        head["Termination"] = final.ended or ""
    lines = [f'[{key} "{value}"]' for key, value in head.items()]
    turn: list[str] = []
    colour = None
    for state, action in zip(states, actions):
        if turn and state.colour != colour:
            lines.append(f"{len(lines) - len(head) + 1}. {' '.join(turn)}")
            turn = []
        colour = state.colour
        turn.append(action_text(action))
    if turn:
        lines.append(f"{len(lines) - len(head) + 1}. {' '.join(turn)}")
    return "\n".join(lines) + "\n"


def replayed(actions: Sequence[Action], knobs: Knobs = Knobs(), white_seat: int = 0) -> list[State]:
    """Every position of a game from its actions (each checked)."""
    states = [initial_state(knobs, white_seat)]
    for action in actions:
        states.append(states[-1].apply(action))
    return states
