"""YINSH bots: legal, seeded, greedy takes a row, alpha-beta prunes without changing the answer."""

from __future__ import annotations

import pytest

from printkit.games.protocol import Bot
from printkit.yinsh.actions import REMOVE, action_text
from printkit.yinsh.bots import BOTS, AlphaBetaBot, GreedyBot, RandomBot, make_bot
from printkit.yinsh.evaluation import full_score
from printkit.yinsh.game import YinshGame, play_game
from printkit.yinsh.knobs import Knobs
from printkit.yinsh.state import State
from yinshcase import position

# Only d3-d5 makes a row: it flips d4 between a4 b4 c4 and e4.
ONE_ROW = ("white rings: d3 k7 k8 k9 k10; black rings: a2 g11 h11 i11 j11;"
           "white markers: a4 b4 c4 e4; black markers: d4")


def test_every_bot_is_a_protocol_bot_and_refuses_unknown_names() -> None:
    for name in BOTS:
        assert isinstance(make_bot(name, 1), Bot) and make_bot(name, 1).name == name
    with pytest.raises(ValueError, match="unknown YINSH bot 'clever'"):
        make_bot("clever")


@pytest.mark.parametrize("bot", [GreedyBot(3), AlphaBetaBot(3)], ids=["greedy", "alphabeta"])
def test_greedy_and_alphabeta_take_a_row_now(bot) -> None:
    state = position(ONE_ROW)
    actions = state.legal_actions()
    assert action_text(actions[bot.choose(state, actions)]) == "d3-d5"
    after = state.apply(actions[bot.choose(state, actions)])
    taken = after.legal_actions()[bot.choose(after, after.legal_actions())]
    assert action_text(taken).startswith("x a4-e4 r ")


def test_bots_are_functions_of_their_seed() -> None:
    game = YinshGame()
    first = play_game(game, [RandomBot(5), GreedyBot(6)], seed=9)
    assert play_game(game, [RandomBot(5), GreedyBot(6)], seed=9) == first
    assert play_game(game, [RandomBot(7), GreedyBot(6)], seed=9) != first


def _minimax(state: State, depth: int, colour: int) -> float:
    """The alpha-beta bot's value without pruning (removals use no depth)."""
    if state.is_terminal() or depth <= 0 and state.phase != REMOVE:
        return full_score(state, colour)
    values = [_minimax(state.after(a), depth - (a[0] != "remove"), colour) for a in state.legal_actions()]
    return max(values) if state.colour == colour else min(values)


@pytest.mark.parametrize("text", [
    ONE_ROW,
    "white rings: e5; black rings: e3; white markers: e7 f5 g7; black markers: e8 h8 d4;"
    "white off: 4; black off: 4; rules: rows_to_win=5",
    "white rings: d4; black rings: k10; white markers: a4 b4 c4 e4 f4; white off: 4; black off: 4;"
    "rules: rows_to_win=5",
])
def test_alphabeta_chooses_a_best_move_of_plain_minimax(text: str) -> None:
    state = position(text)
    actions = state.legal_actions()
    values = [_minimax(state.after(a), 1, state.colour) for a in actions]
    bot = AlphaBetaBot(1, depth=2)
    assert values[bot.choose(state, actions)] == max(values)
    assert bot.nodes < sum(len(state.after(a).legal_actions()) or 1 for a in actions)  # it did prune


def test_alphabeta_beats_greedy_at_blitz() -> None:
    """One blitz game (one row wins), greedy starting; bench/yinsh_speed.py plays many full games."""
    lines = play_game(YinshGame(Knobs(rows_to_win=1), white_seat=1), [AlphaBetaBot(1), GreedyBot(1)], seed=1)
    assert lines[-1]["winners"] == [0], lines[-1]
