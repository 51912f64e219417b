"""The game protocol, the record frame and the shared statistics, on a toy game (Nim)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from printkit.games.protocol import Bot, GameRules, GameState, IllegalAction, apply_json, take_turn
from printkit.games.record import dumps, end_line, header, play, split_games
from printkit.games.stats import GameStats, wilson


@dataclass(frozen=True)
class NimState:
    """Take 1 or 2 stones; who takes the last stone wins. The starter is drawn from the seed."""

    stones: int
    seat: int

    def to_act(self):
        return None if self.is_terminal() else self.seat

    def legal_actions(self):
        return tuple(n for n in (1, 2) if n <= self.stones)

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"cannot take {action}")
        return NimState(self.stones - action, 1 - self.seat)

    def is_terminal(self):
        return self.stones == 0

    def scores(self):
        return (1.0, 0.0) if self.winners() == (0,) else (0.0, 1.0)

    def winners(self):
        return (1 - self.seat,) if self.is_terminal() else ()


class Nim:
    name = "nim"
    seats = 2

    def initial_state(self, seed):
        return NimState(7, seed % 2)

    def action_json(self, state, action):
        return action

    def action_from_json(self, state, data):
        return int(data)

    def state_json(self, state):
        return {"stones": state.stones}


class First:
    name = "first"

    def choose(self, state, actions):
        return 0


class Bad:
    name = "bad"

    def choose(self, state, actions):
        return 5


def test_nim_implements_the_protocol():
    game = Nim()
    assert isinstance(game, GameRules)
    assert isinstance(game.initial_state(0), GameState)
    assert isinstance(First(), Bot)


def test_play_writes_the_frame_and_is_a_function_of_the_seed():
    lines = play(Nim(), [First(), First()], seed=3, index=4, level="seven stones")
    head, *turns, end = lines
    assert head == {"record": "nim-game", "version": 1, "game": 4, "seed": 3, "level": "seven stones",
                    "players": [{"seat": 0, "bot": "first"}, {"seat": 1, "bot": "first"}]}
    assert [t["seat"] for t in turns] == [1, 0, 1, 0, 1, 0, 1]  # seed 3 starts seat 1; one stone a turn
    assert end == {"end": "over", "winners": [1], "scores": [0.0, 1.0]}  # seat 1 took the last stone
    assert play(Nim(), [First(), First()], seed=3, index=4, level="seven stones") == lines


def test_a_bot_choice_out_of_range_is_refused():
    with pytest.raises(IllegalAction):
        play(Nim(), [Bad(), Bad()], seed=0)


def test_apply_json_refuses_what_the_state_does_not_list():
    game = Nim()
    state = NimState(1, 0)
    assert apply_json(game, state, 1).is_terminal()
    with pytest.raises(IllegalAction):
        apply_json(game, state, 2)


def test_split_games_round_trips_a_record_file():
    games = [play(Nim(), [First(), First()], seed=s, index=s) for s in range(3)]
    text = "".join(dumps(g) for g in games)
    assert list(split_games(json.loads(line) for line in text.splitlines())) == games
    with pytest.raises(ValueError):
        list(split_games(games[0][:-1]))


def test_stats_merge_exactly_and_give_intervals():
    whole, parts = GameStats(), [GameStats(), GameStats()]
    for seed in range(10):
        lines = play(Nim(), [First(), First()], seed=seed)
        whole.add_game(lines)
        parts[seed % 2].add_game(lines)
    parts[0].merge(parts[1])
    assert parts[0].report() == whole.report()
    report = whole.report()
    assert report["games"] == 10 and report["ties"] == 0 and report["turns"]["mean"] == 7
    seat0 = report["wins"]["per_seat"][0]
    assert seat0["low"] <= seat0["share"] <= seat0["high"]
    assert whole.seat_wins[0] + whole.seat_wins[1] == 10 * 60


def test_shared_wins_count_as_fractions():
    stats = GameStats()
    stats.add_game([{"record": "x-game", "players": [{"bot": "a"}, {"bot": "b"}, {"bot": "a"}]},
                    {"end": "over", "winners": [0, 1, 2]}])
    assert stats.win_share(1)[0] == pytest.approx(1 / 3) and stats.ties == 1
    assert stats.bot_win_share("a")[0] == pytest.approx(1 / 3)


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


class Drawing:
    """A bot that draws from the game's chance: the state after its action is its own to give."""

    name = "drawing"

    def choose(self, state, actions):
        raise AssertionError("a bot with act is asked through act")

    def act(self, state, actions):
        return len(actions) - 1, NimState(state.stones - actions[-1], 1 - state.seat)


def test_take_turn_uses_act_when_a_bot_has_it() -> None:
    state = NimState(5, 0)
    assert take_turn(First(), state, state.legal_actions()) == (1, NimState(4, 1))
    assert take_turn(Drawing(), state, state.legal_actions()) == (2, NimState(3, 1))
    lines = play(Nim(), [Drawing(), First()], seed=0)
    assert [line["action"] for line in lines[1:-1]] == [2, 1, 2, 1, 1]


def test_header_and_end_line_keep_the_games_keys_where_it_puts_them() -> None:
    line = header("sinpin", 3, 9, [First(), Bad()], first_keys={"level": "x", "map": ["#"]}, seat_keys=[{"avatar": "Fox"}, {"avatar": "Goat"}],
                  first=1)
    assert list(line) == ["record", "version", "game", "seed", "level", "map", "players", "first"]
    assert line["players"][1] == {"seat": 1, "avatar": "Goat", "bot": "bad"} and list(line["players"][1]) == ["seat", "avatar", "bot"]
    assert list(header(Nim(), 0, 1, [First(), First()], level="y")) == ["record", "version", "game", "seed", "players", "level"]
    end = end_line("out", (0, 2), before={"rounds": 4, "gems": [3, 1, 3]})
    assert list(end) == ["end", "rounds", "gems", "winners"] and end["winners"] == [0, 2]
