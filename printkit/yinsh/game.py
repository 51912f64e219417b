"""YINSH through the game protocol (printkit.games.protocol): set-up, actions as JSON (their
GIPF notation), what a page needs to draw a position and offer its choices, and a game
played into the shared record frame.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from printkit.games import record
from printkit.games.protocol import JSON, Bot, IllegalAction
from printkit.yinsh.actions import (COLOURS, ENDING_WORDS, MOVE, PHASES, REMOVE, Action, NotationError, action_text,
                                    parse_action)
from printkit.yinsh.bits import BETWEEN, NAME, bits_of, rows_in
from printkit.yinsh.knobs import Knobs, knobs_from
from printkit.yinsh.notation import game_text
from printkit.yinsh.state import State, initial_state


def white_seat_for(seed: int) -> int:
    """Y2: which seat plays white (and so starts), drawn from the game's seed."""
    return random.Random(f"yinsh-white:{seed}").randrange(2)


@dataclass(frozen=True)
class YinshGame:
    """The game of the protocol. `white_seat` None draws it from the seed (Y2)."""

    knobs: Knobs = field(default_factory=Knobs)
    white_seat: int | None = None
    name: str = "yinsh"
    seats: int = 2
    endings: ClassVar[dict[str, str]] = ENDING_WORDS  # the end line's codes in words (the play page shows these)

    def initial_state(self, seed: int) -> State:
        seat = white_seat_for(seed) if self.white_seat is None else self.white_seat
        return initial_state(self.knobs, seat)

    def action_json(self, state: State, action: Action) -> JSON:
        """An action's JSON is its GIPF notation (`e3`, `a2-h9`, `x a3-e3 r b2`, `pass`)."""
        return action_text(action)

    def action_label(self, state: State, action: Action) -> str:
        """The action in a player's words, for a page's list of choices: `ring on E3` (Y2),
        `ring A2 to H9, flips 2` (Y3, Y4), `row A3-E3 off, ring B2 off` (Y5, Y6), `pass` (Y9)."""
        return action_label(state, action)

    def action_from_json(self, state: State, data: JSON) -> Action:
        if not isinstance(data, str):
            raise IllegalAction(f"Y11: an action is a string in GIPF notation, not {data!r}")
        try:
            return parse_action(data)
        except NotationError as error:
            raise IllegalAction(str(error)) from None

    def state_json(self, state: State) -> dict[str, JSON]:
        return state_json(state)


def action_label(state: State, action: Action) -> str:
    kind = action[0]
    if kind == "place":
        return f"ring on {NAME[action[1]].upper()}"
    if kind == "move":
        start, end = action[1], action[2]
        flips = (BETWEEN[start << 8 | end] & state.markers).bit_count()
        text = f"ring {NAME[start].upper()} to {NAME[end].upper()}"
        return text + (f", flips {flips}" if flips else "")
    if kind == "remove":
        return f"row {NAME[action[1]].upper()}-{NAME[action[2]].upper()} off, ring {NAME[action[3]].upper()} off"
    return "pass: no ring can move"


def _names(mask: int) -> list[str]:
    return [NAME[p] for p in bits_of(mask)]


def state_json(state: State) -> dict[str, JSON]:
    """What a page needs to draw a position and let the player act by clicking.

    `legal` depends on the phase: `place` lists the vacant points; `move` maps each ring
    that can move to its destinations, each with the markers it would flip (Y4) and the
    action to send; `remove` lists the rows of five the player may take (each with its five
    points) and the rings they may take off with it: the action is `x FIRST-LAST r RING`
    (Y5, Y6). `actions` lists every legal action's text, whatever the phase.
    """
    over = state.is_terminal()
    actions = state.legal_actions()
    legal: dict[str, JSON] = {}
    if state.phase == MOVE:
        rings: dict[str, list[dict[str, JSON]]] = {}
        for action in actions:
            if action[0] == "move":
                start, end = action[1], action[2]
                rings.setdefault(NAME[start], []).append(
                    {"to": NAME[end], "flips": _names(BETWEEN[start << 8 | end] & state.markers),
                     "action": action_text(action)})
        legal = {"rings": rings, "pass": actions == (("pass",),)}
    elif state.phase == REMOVE:
        legal = {"rows": [{"ends": [NAME[first], NAME[last]], "points": _names(row)}
                          for first, last, row in rows_in(state.markers_of(state.colour))],
                 "rings": _names(state.rings[state.colour]),
                 "for": "own" if state.colour == state.mover else "opponent"}
    elif not over:
        legal = {"points": [NAME[action[1]] for action in actions]}
    return {
        "game": "yinsh",
        "phase": PHASES[state.phase],
        "to_act": state.to_act(),
        "colour": None if over else COLOURS[state.colour],
        "white_seat": state.white_seat,
        "rings": {COLOURS[c]: _names(state.rings[c]) for c in (0, 1)},
        "markers": {COLOURS[c]: _names(state.markers_of(c)) for c in (0, 1)},
        "off": {COLOURS[c]: state.off[c] for c in (0, 1)},
        "pool": state.pool,
        "moves": state.moves,
        "rules": state.knobs.as_dict(),
        "legal": legal,
        "actions": [action_text(action) for action in actions],
        "ended": state.ended,
        "winners": list(state.winners()),
    }


def play_game(game: YinshGame, bots: Sequence[Bot], seed: int, *, index: int = 0) -> list[dict[str, JSON]]:
    """One game through the protocol, in the shared record frame; the header adds `white`
    (white's seat) and `rules`; the end line adds `moves` (Y3 moves made), `rings_off` and
    `rows_for_opponent` (per colour: rows its moves made in the opponent's colour, Y6)."""
    white = white_seat_for(seed) if game.white_seat is None else game.white_seat
    lines = record.play(game, bots, seed, index=index, white=white, rules=game.knobs.as_dict())
    finish_record(lines, white)
    return lines


def finish_record(lines: list[dict[str, JSON]], white: int) -> None:
    """The end line's YINSH keys, from the turns (a game played in the browser ends so too)."""
    moves = 0
    for_opponent = [0, 0]
    mover_seat = None
    for line in lines[1:-1]:
        text = line["action"]
        if text.startswith("x"):
            if line["seat"] != mover_seat:
                for_opponent[mover_seat ^ white] += 1
        elif "-" in text:
            moves += 1
            mover_seat = line["seat"]
    scores = lines[-1]["scores"]
    lines[-1].update({"moves": moves, "rings_off": [int(scores[white]), int(scores[1 - white])],
                      "rows_for_opponent": for_opponent})


def record_game_text(lines: list[dict[str, JSON]]) -> str:
    """A game's record (as play_game writes it) in GIPF notation, replayed and so checked."""
    head = lines[0]
    white = head["white"]
    bots = [player["bot"] for player in head["players"]]
    knobs = knobs_from(head.get("rules", {}))
    states = [initial_state(knobs, white)]
    actions = []
    for line in lines[1:-1]:
        action = parse_action(line["action"])
        states.append(states[-1].apply(action))
        actions.append(action)
    tags = {"White": bots[white], "Black": bots[1 - white], "Seed": str(head["seed"]), "GameNumber": str(head["game"])}
    return game_text(states, actions, tags)
