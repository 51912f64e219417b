"""`printkit replay` of a Sinpin record (printkit/play/sinpin_replay.py) checks every step
against the rules and takes chance from the record (game-record.md: a program that knows
only sinpin.md must be able to replay it, and sinpin.md fixes no generator).

The records here are printkit's own, written by its record writer (SinpinGame.record) from a
game played through the protocol with chance "recorded": the test chooses the first seat
and what the box draws, and where asked, another legal action than the bot's. Each is also
checked by the independent rules-only replay of test_sinpin_game_turn, so it is a record the
rules allow, consistent line after line."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Callable

import pytest

from printkit.games.record import dumps
from printkit.play.replay import load_record, replay_of
from printkit.sinpin.game.protocol import SinpinGame
from printkit.sinpin.game.state import BOX_KINDS
from printkit.sinpin.loader import read_level
from test_play_replay import changed, refused
from test_sinpin_game_turn import replay as replay_by_the_rules

ROOT = Path(__file__).resolve().parent.parent
CHIMNEY = "07-the-chimney"  # question marks on the map and placed: games draw from the box


@lru_cache(maxsize=None)
def game_of(name: str, seats: int) -> SinpinGame:
    return SinpinGame(read_level(str(ROOT / "levels" / f"{name}.yaml")).level(), seats, level_name=name, chance="recorded")


def seeds_first(name: str, seats: int, seed: int) -> int:
    """The seat printkit's own generator draws to start with this seed (S28)."""
    game = game_of(name, seats)
    seeded = SinpinGame(game.level, seats, moves=game.moves, knowledge=game.knowledge)
    return seeded.initial_state(seed).current.first


def rarest(held: list[str]) -> str:
    """A draw policy of the test's own: the chest while the box holds it, else the last kind."""
    return "chest" if "chest" in held else held[-1]


def played(name: str = CHIMNEY, seed: int = 0, *, first: int | None = None, draw: Callable = rarest,
           instead: Callable | None = None, seats: int = 2) -> list[dict]:
    """A game through the protocol, greedy bots in every seat; `draw` chooses each draw from
    the kinds the box holds, `instead(state, bots_action)` may answer a decision otherwise.
    The record as printkit writes it and reads it back."""
    game = game_of(name, seats)
    bots = game.bots(["greedy"])
    state = game.initial_state(seed, first=seeds_first(name, seats, seed) if first is None else first)
    while not state.is_terminal():
        decision = state.decision
        if decision.kind == "draw":
            state = state.after(("draw", draw([kind for _, kind in decision.actions])), None)
            continue
        _, after = bots[decision.seat].act(state, decision.actions)
        other = instead(state, after.history[-1][0]) if instead else None
        state = after if other is None else state.after(other, None)
    lines = load_record(dumps(game.record(state, 0, seed, bots)))[0]
    replay_by_the_rules(game.level, lines)
    return lines


def boxes(replayed) -> list[tuple[int, ...]]:
    return [step.state.current.box for step in replayed.steps]


def test_a_record_whose_first_seat_is_not_the_one_printkit_s_generator_draws_replays():
    """Before: "'first' is 0: the seed 0 draws seat 1 to start (S28)"."""
    other = 1 - seeds_first(CHIMNEY, 2, 0)
    lines = played(first=other, draw=lambda held: held[0])
    replayed = replay_of(lines)
    assert lines[0]["first"] == other and replayed.steps[0].state.current.first == other
    assert lines[1]["seat"] == other and next(line for line in lines if "turn" in line)["seat"] == other
    assert replayed.steps[-1].state.is_terminal()


def test_draws_of_the_record_s_own_replay_and_the_box_follows_them():
    """The test's draws (a chest first) are not what printkit's generator draws with the seed;
    the replay takes them as the record has them, and the box loses each kind drawn (S29).
    Before: "'events' is [...chest...] in the record, the rules give [...]"."""
    lines = played()
    drawn = [event[2] for line in lines if "turn" in line for event in line["events"] if event[0] == "draw"]
    assert drawn[0] == "chest" and len(drawn) >= 2, drawn
    replayed = replay_of(lines)
    counts = boxes(replayed)
    for number, step in enumerate(replayed.steps[1:], start=1):
        kinds = [event[2] for event in step.line.get("events", []) if event[0] == "draw"]
        if "turn" in step.line:
            used = tuple(before - after for before, after in zip(counts[number - 1], counts[number]))
            assert used == tuple(kinds.count(kind) for kind in BOX_KINDS), step.line
    chest = next(line for line in lines if "turn" in line and any(e[0] == "place" and e[2] == "chest" for e in line["events"]))
    x, y = next(event[1] for event in chest["events"] if event[0] == "place")
    after = replayed.steps[lines.index(chest)].state.current.rows
    assert after[y][x] == "C"  # the drawn chest stands where the record placed it (S29b)


def test_a_set_up_web_on_another_vacant_field_replays_and_the_map_has_it_there():
    """Set-up placements are the record's, checked only to be vacant (S28), never against
    where printkit's bot would put them."""
    moved = {}

    def elsewhere(state, action):
        decision = state.decision
        if decision.kind == "place" and decision.item == "web" and not moved:
            moved["at"] = next(at for at in reversed(decision.options) if ("place", *at) != action)
            return ("place", *moved["at"])
        return None

    lines = played(seed=1, instead=elsewhere)
    x, y = moved["at"]
    assert lines[1] == {"setup": "web", "seat": lines[0]["first"], "at": [x, y]}
    replayed = replay_of(lines)
    assert replayed.steps[1].state.current.rows[y][x] == "w"
    assert replayed.steps[-1].state.is_terminal()


def test_a_bot_seat_that_plays_another_legal_move_replays():
    """A bot's seat is replayed as any seat: its actions must be legal, not greedy's choice."""
    changed = {}

    def other_move(state, action):
        decision = state.decision
        if decision.kind == "move" and state.current.turn == 2 and not changed:
            changed["move"] = next(("move", index) for index in range(len(decision.actions)) if ("move", index) != action)
            changed["json"] = state.game.action_json(state, changed["move"])
            return changed["move"]
        return None

    lines = played(instead=other_move)
    turn = next(line for line in lines if line.get("turn") == 3)
    assert (turn["card"], turn["move"]["end"], turn["move"]["trail"]) == (
        changed["json"]["card"], changed["json"]["end"], changed["json"]["trail"])
    replayed = replay_of(lines)
    seat = replayed.steps[lines.index(turn)].state.current.seats[turn["seat"]]
    assert [list(seat.at) if seat.at else None, seat.health] == [turn["at"], turn["health"]]


# -- what is refused ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def chimney() -> list[dict]:
    return played()


def draw_lines(lines: list[dict]) -> list[int]:
    return [index for index, line in enumerate(lines) if "turn" in line and any(e[0] == "draw" for e in line["events"])]


def redraw(kind: str) -> Callable:
    def change(line):
        next(event for event in line["events"] if event[0] == "draw")[2] = kind
    return change


def test_a_draw_of_a_kind_the_box_no_longer_holds_is_refused(chimney):
    """The one chest is drawn first; a later draw of a chest, and a draw of a web (8 on the map
    after set-up: none in the box, S34 b), are no draw the box allows (S29)."""
    first, later = draw_lines(chimney)[:2]
    assert next(e for e in chimney[first]["events"] if e[0] == "draw")[2] == "chest"
    turn = chimney[later]["turn"]
    refused(changed(chimney, later, redraw("chest")), f"line {later + 1}: turn {turn}: a question mark draws \"chest\","
            " which the box does not hold now (S29; it holds", "0 chests")
    refused(changed(chimney, first, redraw("web")), f"line {first + 1}:", "draws \"web\"", "0 webs", "(S29")
    refused(changed(chimney, first, redraw("nothing")), "draws nothing, but the box is not empty (S29, S34 b")


@pytest.mark.parametrize("first", [2, -1, "1", None])
def test_a_first_seat_that_is_no_seat_of_the_game_is_refused(chimney, first):
    refused(changed(chimney, 0, lambda head: head.update(first=first)), "game 0, line 1: 'first' is",
            "not a seat from 0 to 1 (S28)")


def test_a_first_seat_that_the_lines_do_not_follow_is_refused(chimney):
    """The seat in `first` is the record's own chance; the set-up's seats must follow it."""
    other = 1 - chimney[0]["first"]
    refused(changed(chimney, 0, lambda head: head.update(first=other)), "line 2: the set-up's web does not replay:",
            f"'seat' is {chimney[1]['seat']} in the record, the rules give {other} (S28, S29a)")


@pytest.mark.parametrize("char", ["A", "Z", "*", "#", "earlier"])
def test_a_set_up_placement_on_a_field_s28_forbids_is_refused(chimney, char):
    """The door, the exit, a gem of the map, rock, a field an earlier placement took."""
    rows = chimney[0]["map"]
    at = chimney[1]["at"] if char == "earlier" else next([x, y] for y, row in enumerate(rows) for x, c in enumerate(row) if c == char)
    refused(changed(chimney, 2, lambda line: line.update(at=at)), f"line 3: the set-up's web: {json.dumps(at)} is not"
            " a vacant field for the web (S28: open cave holding no item, not the door or the exit)")


def test_set_up_lines_are_as_many_and_of_the_kinds_s28_places(chimney):
    setup = [index for index, line in enumerate(chimney) if "setup" in line]
    last = setup[-1]
    missing = chimney[:last] + chimney[last + 1:]
    refused(missing, f"line {last + 1}: turn 1: the set-up is not over: S28 places a mark next")
    extra = chimney[:last + 1] + [dict(chimney[last])] + chimney[last + 1:]
    refused(extra, f"line {last + 2}: the set-up's mark: the set-up is over: S28 places")
    kinds = changed(chimney, 1, lambda line: line.update(setup="gem"))
    refused(kinds, "line 2: the set-up's gem does not replay: 'setup' is \"gem\" in the record, the rules give \"web\" (S28)")


def test_an_illegal_action_of_a_bot_seat_is_refused(chimney):
    """A bot's seat is checked as any: a card not in its hand (S5), a move the card does not
    make (the successor function, S6-S24)."""
    turns = [index for index, line in enumerate(chimney) if "turn" in line and line["move"]]
    second = next(index for index in turns if chimney[index]["seat"] == chimney[turns[0]]["seat"] and index != turns[0])
    played_card = chimney[turns[0]]["card"]
    assert chimney[0]["players"][chimney[second]["seat"]]["bot"] == "greedy"
    turn = chimney[second]["turn"]
    refused(changed(chimney, second, lambda line: line.update(card=played_card)),
            f"line {second + 1}: turn {turn}: card {played_card} is not in the hand", "(S5)")
    refused(changed(chimney, turns[0], lambda line: line["move"].update(end=[0, 0])),
            f"line {turns[0] + 1}: turn 1: no move of card {chimney[turns[0]]['card']} ends so (S6-S24)")

