"""YINSH through the protocol: actions as JSON, what a page gets, the record of a game."""

from __future__ import annotations

import json

import pytest

from printkit.games.protocol import IllegalAction, apply_json
from printkit.games.record import dumps, split_games
from printkit.yinsh.bots import RandomBot
from printkit.yinsh.game import YinshGame, play_game, record_game_text, state_json
from printkit.yinsh.notation import read_game
from yinshcase import play, position, walled

GAME = YinshGame()


def test_actions_are_their_gipf_notation() -> None:
    state = GAME.initial_state(0)
    for action in state.legal_actions()[:5]:
        assert GAME.action_from_json(state, GAME.action_json(state, action)) == action
    assert apply_json(GAME, state, "e5").legal_actions()[0] == ("place", 2)  # a2, the first vacant point
    with pytest.raises(IllegalAction, match="Y11"):
        apply_json(GAME, state, "z9")
    with pytest.raises(IllegalAction, match="Y11: an action is a string"):
        apply_json(GAME, state, {"place": "e5"})
    with pytest.raises(IllegalAction, match="not a legal action"):
        apply_json(GAME, state, "e5-e6")


def test_the_page_gets_the_board_and_each_rings_destinations_with_their_flips() -> None:
    state = position("white rings: e5 k7 k8 k9 k10; black rings: e3 a2 a3 a4 b1;"
                     "white markers: e7 f5 g7; black markers: e8 h8 d4")
    data = state_json(state)
    json.dumps(data)
    assert data["phase"] == "move" and data["colour"] == "white" and data["to_act"] == 0
    assert data["rings"]["black"] == ["a2", "a3", "a4", "b1", "e3"] and data["markers"]["white"] == ["e7", "f5", "g7"]
    assert data["pool"] == 45 and data["off"] == {"white": 0, "black": 0}
    to_e9 = next(d for d in data["legal"]["rings"]["e5"] if d["to"] == "e9")
    assert to_e9 == {"to": "e9", "flips": ["e7", "e8"], "action": "e5-e9"}
    assert len(data["legal"]["rings"]["e5"]) == 11 and data["legal"]["pass"] is False
    assert sorted(data["actions"]) == sorted(d["action"] for ds in data["legal"]["rings"].values() for d in ds)


def test_the_page_gets_rows_and_rings_to_choose_from() -> None:
    state = play(position("white rings: d4 k7 k8 k9 k10; black rings: a2 g11 h11 i11 j11;"
                          "white markers: a4 b4 c4 e4 f4"), "d4-d5")
    data = state_json(state)
    assert data["phase"] == "remove" and data["legal"]["for"] == "own"
    assert data["legal"]["rows"] == [{"ends": ["a4", "e4"], "points": ["a4", "b4", "c4", "d4", "e4"]},
                                     {"ends": ["b4", "f4"], "points": ["b4", "c4", "d4", "e4", "f4"]}]
    assert data["legal"]["rings"] == ["d5", "k7", "k8", "k9", "k10"] and "x a4-e4 r k8" in data["actions"]


def test_the_page_gets_placements_a_pass_and_the_end() -> None:
    assert len(state_json(GAME.initial_state(0))["legal"]["points"]) == 85
    stuck = state_json(walled())
    assert stuck["legal"] == {"rings": {}, "pass": True} and stuck["actions"] == ["pass"]
    over = state_json(walled().apply(("pass",)))
    assert over["phase"] == "over" and over["ended"] == "no_move" and over["to_act"] is None and over["actions"] == []


def test_a_played_game_is_a_record_in_the_shared_frame() -> None:
    lines = play_game(GAME, [RandomBot(1), RandomBot(2)], seed=11, index=3)
    head, *turns, end = lines
    assert head["record"] == "yinsh-game" and head["game"] == 3 and head["seed"] == 11
    assert head["white"] in (0, 1) and head["rules"] == {"rows_to_win": 3, "max_moves": 300}
    assert turns[0]["seat"] == head["white"]  # white places first (Y2)
    assert end["end"] in ("rings", "markers_out", "no_move", "bound")
    assert play_game(GAME, [RandomBot(1), RandomBot(2)], seed=11, index=3) == lines
    assert list(split_games(json.loads(line) for line in dumps(lines).splitlines())) == [lines]
    replay = read_game(record_game_text(lines))
    final = replay.final
    assert end["moves"] == final.moves and end["rings_off"] == list(final.off)
    assert end["scores"] == [float(final.off[head["white"]]), float(final.off[1 - head["white"]])]


def test_rows_for_the_opponent_are_counted_for_the_mover() -> None:
    """Counted from the record's turns; checked here on the replayed positions: each removal
    made by the colour that did not move (Y6) counts for the mover's colour."""
    for seed in range(40):
        lines = play_game(GAME, [RandomBot(seed), RandomBot(seed + 1)], seed=seed)
        replay = read_game(record_game_text(lines))
        expected = [0, 0]
        for state, action in zip(replay.states, replay.actions):
            if action[0] == "remove" and state.colour != state.mover:
                expected[state.mover] += 1
        assert lines[-1]["rows_for_opponent"] == expected
        if any(expected):
            return
    raise AssertionError("no random game in 40 made a row for the opponent")


def test_each_action_has_words_for_the_page() -> None:
    """The play page's list of choices: Y2 placement, Y3/Y4 a move with its flips, Y5/Y6 a
    row and the ring taken off with it, Y9 a pass."""
    start = GAME.initial_state(0)
    assert GAME.action_label(start, ("place", 2)) == "ring on A2"
    state = position("white rings: e5 k7 k8 k9 k10; black rings: e3 a2 a3 a4 b1;"
                     "white markers: e7 f5 g7; black markers: e8 h8 d4")
    assert GAME.action_label(state, GAME.action_from_json(state, "e5-e9")) == "ring E5 to E9, flips 2"
    assert GAME.action_label(state, GAME.action_from_json(state, "e5-e6")) == "ring E5 to E6"
    rows = play(position("white rings: d4 k7 k8 k9 k10; black rings: a2 g11 h11 i11 j11;"
                         "white markers: a4 b4 c4 e4 f4"), "d4-d5")
    assert GAME.action_label(rows, GAME.action_from_json(rows, "x b4-f4 r k8")) == "row B4-F4 off, ring K8 off"
    assert GAME.action_label(walled(), ("pass",)) == "pass: no ring can move"
    labels = [GAME.action_label(state, action) for action in state.legal_actions()]
    assert len(set(labels)) == len(labels)  # words tell every choice apart
