"""Recorded games of every bundled level and every bot, replayed two ways.

1. By the rules alone (`replay` of test_sinpin_game_turn: a fresh move engine, hands,
   health, gems, the ghost's squares and bound, S5-S33), as an independent implementation
   of the rules would check them.
2. Through the game protocol (printkit/sinpin/game/protocol.py): every decision the record
   shows (placements, moves, cards, S25 choices, ghost moves) is read back from the record,
   must be one of the state's legal actions, and is applied; after each turn the state's
   record line must equal the recorded one (position, health, gems, hand, events, ghost,
   catches), and the end (winners, gems, rounds) too. Sinpin's bots break ties with the
   game's generator, which also draws the question marks (S29): the replay asks the
   recorded seat's bot for the same decision only to carry the generator on as it was.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from printkit.batch import derive_seed
from printkit.sinpin.game.bots import BOTS
from printkit.sinpin.game.protocol import SinpinGame, SinpinState
from printkit.sinpin.game.turn import play_game
from printkit.sinpin.game.bots import make_bots
from printkit.sinpin.loader import read_level
from test_sinpin_game_turn import replay

ROOT = Path(__file__).resolve().parent.parent
LEVELS = sorted(path.stem for path in (ROOT / "levels").glob("*.yaml"))
SEED = 18
UNASKED = ("knocked_out", "ghost")  # recorded always, asked only when there is a choice


@lru_cache(maxsize=None)
def game_of(name: str) -> SinpinGame:
    return SinpinGame(read_level(str(ROOT / "levels" / f"{name}.yaml")).level(), 2, level_name=name)


def _recorded_actions(state: SinpinState, line: dict) -> list[tuple]:
    """The actions a turn line records, in the order the turn asks for them (S29a, S29b)."""
    decision = state.decision
    assert decision is not None and decision.seat == line["seat"], line
    actions: list[tuple] = []
    if line["from"] is None:
        actions.append(("card", line["card"]))
    else:
        move = line["move"]
        wanted = (line["card"], tuple(move["end"]), move["exit"], tuple(map(tuple, move["trail"])))
        matches = [index for index, (card, outcome) in enumerate(decision.options)
                   if (card, outcome.end, outcome.exited, outcome.trail) == wanted]
        assert matches, f"turn {line['turn']}: the recorded move is not one of the card's outcomes"
        actions.append(("move", matches[0]))
    return actions


def _play_back(game: SinpinGame, lines: list[dict]) -> list[dict]:
    """Apply the record's decisions to the protocol's states; the protocol's own record."""
    bots = game.bots([player["bot"] for player in lines[0]["players"]])
    state = game.initial_state(lines[0]["seed"])
    queue: list[tuple] = [("place", *line["at"]) for line in lines if "setup" in line]
    turns = iter(line for line in lines if "turn" in line)
    line: dict = {}
    while not state.is_terminal():
        decision = state.decision
        if decision.kind in ("move", "card"):  # a turn begins: what is left of the last was never asked
            assert all(action[0] in UNASKED for action in queue), (queue, line)
            line = next(turns)
            queue = _recorded_actions(state, line)
            queue += [("place", *event[1]) for event in line["events"] if event[0] == "place"]  # drawn web or chest (S29b)
            queue += [("knocked_out", event[2]) for event in line["events"] if event[0] == "knocked_out"]
            queue += [("ghost", *entry["path"][-1]) for entry in line["ghost"] if entry["path"]]
        while queue and queue[0][0] != decision.kind and queue[0][0] in UNASKED:
            queue.pop(0)  # S25 without 3 gems is no choice; a ghost with one way to go is no decision
        assert queue and queue[0][0] == decision.kind, (decision.kind, queue, line)
        action = queue.pop(0)
        assert action in state.legal_actions(), (action, line)
        _, after = bots[decision.seat].act(state, state.legal_actions())  # the generator as the game had it
        assert after.history[-1][0] == action, f"the record's {action} is not what the game chose"
        state = after
    assert next(turns, None) is None and all(action[0] in UNASKED for action in queue)
    return game.record(state, lines[0]["game"], lines[0]["seed"], bots)


@pytest.mark.parametrize("name", LEVELS)
def test_records_of_every_level_and_bot_replay_by_the_rules_and_through_the_protocol(name: str) -> None:
    game = game_of(name)
    for index, bot in enumerate(sorted(BOTS)):
        seed = derive_seed(SEED, index)
        lines = play_game(game.level, make_bots([bot], 2, game.knowledge), seed, game=index, level_name=name, moves=game.moves)
        replay(game.level, lines)
        assert _play_back(game, lines) == lines, (name, bot)


def test_the_play_back_notices_a_forged_record() -> None:
    game = game_of("03-spike-pit")
    lines = play_game(game.level, make_bots(["greedy"], 2, game.knowledge), 5, level_name="03-spike-pit", moves=game.moves)
    forged_gems = [dict(line) for line in lines]
    turn = next(index for index, line in enumerate(forged_gems) if "turn" in line)
    forged_gems[turn]["gems"] += 1
    assert _play_back(game, forged_gems) != forged_gems
    forged_move = [dict(line, move=dict(line["move"], end=[0, 0])) if index == turn else line for index, line in enumerate(lines)]
    with pytest.raises(AssertionError, match="not one of the card's outcomes"):
        _play_back(game, forged_move)
