"""Games in GIPF notation (Y11): written, read back, checked move by move."""

from __future__ import annotations

import random

import pytest

from printkit.yinsh.actions import PASS, REMOVE, NotationError, action_text, parse_action
from printkit.yinsh.bits import BY_NAME
from printkit.yinsh.knobs import Knobs
from printkit.yinsh.notation import RESULTS, GameTextError, game_text, read_game, replayed
from printkit.yinsh.state import initial_state

OPENING = "e5 f6 e4 f7 d4 g7 c4 h7 b4 i7".split()


def _random_game(seed: int, knobs: Knobs = Knobs()):
    rng = random.Random(seed)
    states, actions = [initial_state(knobs)], []
    while not states[-1].is_terminal():
        legal = states[-1].legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        states.append(states[-1].after(actions[-1]))
    return states, actions


def _game_with_a_row_for_the_opponent():
    """The first seeded random game in which a move makes a row of the opponent's colour (Y6)."""
    for seed in range(200):
        states, actions = _random_game(seed)
        if any(s.phase == REMOVE and s.colour != s.mover for s in states):
            return states, actions
    raise AssertionError("no random game with a row for the opponent in 200 seeds")


def test_actions_round_trip() -> None:
    for text in ("e3", "a2-h9", "x a3-e3 r b2", "pass", "k10", "b2-b7"):
        assert action_text(parse_action(text)) == text
    assert parse_action("X E3-A3 R B2") == ("remove", BY_NAME["a3"], BY_NAME["e3"], BY_NAME["b2"])
    assert parse_action("  pass ") == PASS
    for bad, rule in (("a1", "Y11: 'a1' is not a point"), ("e3-", "Y11"), ("x a3-e4 r b2", "Y5: a3-e4 is not five"),
                      ("l5", "Y11"), ("x a3-a4 r b2", "Y5")):
        with pytest.raises(NotationError, match=rule):
            parse_action(bad)


def test_a_game_round_trips_with_every_kind_of_turn() -> None:
    states, actions = _game_with_a_row_for_the_opponent()
    text = game_text(states, actions, {"White": "random", "Black": "random"})
    replay = read_game(text)
    assert replay.actions == actions and replay.states == states
    assert replay.tags["White"] == "random" and replay.tags["Result"] in ("1-0", "0-1", "1/2-1/2")
    assert game_text(replay.states, replay.actions, {"White": "random", "Black": "random"}) == text
    lines = text.splitlines()
    # Y6: the opponent's removal opens the opponent's own line, before its move.
    assert any(line.split(". ", 1)[1].startswith("x ") and "-" in line.split(" r ")[-1] for line in lines if ". " in line)
    assert any(" x " in line for line in lines)  # Y5: the mover's own row follows its move


def test_blitz_knobs_travel_in_the_tags() -> None:
    states, actions = _random_game(3, Knobs(rows_to_win=1))
    text = game_text(states, actions)
    assert '[rows_to_win "1"]' in text
    assert read_game(text).knobs == Knobs(rows_to_win=1)


def test_a_game_s_knob_tags_set_knobs_over_the_ones_given() -> None:
    """Y12: `moves SPEC --game` gives the spec's knobs; the game's tags go over them."""
    assert read_game("e3", knobs=Knobs(rows_to_win=1, max_moves=40)).knobs == Knobs(rows_to_win=1, max_moves=40)
    assert read_game('[rows_to_win "2"]\ne3', knobs=Knobs(rows_to_win=1, max_moves=40)).knobs == Knobs(2, 40)


def test_reading_is_by_action_not_by_line() -> None:
    flat = "# a game\n1. E5 F6 e4 f7\n d4 g7 c4 h7 b4 i7   e5-e6"
    replay = read_game(flat)
    assert replay.final == replayed([parse_action(a) for a in OPENING + ["e5-e6"]])[-1]
    assert replay.turns[:4] == [1, 1, 1, 1] and replay.turns[-1] == 2


def test_an_illegal_move_names_its_number_line_and_rule() -> None:
    text = "\n".join(f"{n}. {a}" for n, a in enumerate(OPENING + ["e5-e7", "f6-f5", "e7-e1"], start=1))
    with pytest.raises(GameTextError) as caught:
        read_game(text)
    assert caught.value.problems == [
        "move 13 (line 13), white: Y3: e7-e1: a ring never passes over a ring (e4)"]


def test_every_unreadable_word_is_listed() -> None:
    with pytest.raises(GameTextError) as caught:
        read_game('[rows_to_winn "1"]\n1. e5 f6\n2. q3 e4-\n3. e5-e7x')
    problems = caught.value.problems
    assert any(p.startswith("move 2 (line 3): Y11: 'q3'") for p in problems)
    assert any("'e4-'" in p for p in problems) and any("'e5-e7x'" in p for p in problems)
    assert any("Y12: unknown rule knob 'rows_to_winn'" in p for p in problems)


def test_the_result_is_checked() -> None:
    states, actions = _random_game(5)
    text = game_text(states, actions)
    actual = RESULTS[states[-1].winner_colours]
    other = "0-1" if actual != "0-1" else "1-0"
    with pytest.raises(GameTextError, match=f"Result: the record says {other}, the replay gives {actual}"):
        read_game(text.replace(f'[Result "{actual}"]', f'[Result "{other}"]'))
    with pytest.raises(GameTextError, match="Termination: the record says bound"):
        read_game(text.replace(f'[Termination "{states[-1].ended}"]', '[Termination "bound"]'))
    unfinished = "\n".join(f"{n}. {a}" for n, a in enumerate(OPENING, 1))
    with pytest.raises(GameTextError, match=r"Result: the record says 1-0, the replay gives \*"):
        read_game('[Result "1-0"]\n' + unfinished)


def test_tags_come_first() -> None:
    with pytest.raises(GameTextError, match="line 2: tags come before the first move"):
        read_game('1. e5\n[White "me"]')
    with pytest.raises(GameTextError, match=r'line 1: a tag is \[Name "value"\]'):
        read_game('[White me]\n1. e5')
