"""Sinpin through the game protocol (printkit.sinpin.game.protocol): the same bots with the
same seed play the tuned loop's game record for record, actions not listed are refused, and
actions and states go to JSON and back."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.batch import derive_seed
from printkit.games.protocol import Bot, GameRules, GameState, IllegalAction, apply_json, take_turn
from printkit.games.record import dumps, play
from printkit.sinpin.game.bots import make_bots
from printkit.sinpin.game.protocol import SinpinGame, SinpinState
from printkit.sinpin.game.state import BOX_KINDS
from printkit.sinpin.game.turn import play_game
from printkit.sinpin.loader import read_level

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden-game.jsonl"


@lru_cache(maxsize=None)
def game_of(name: str, seats: int) -> SinpinGame:
    """One game a level and seat count for the whole run: its move cache and bots' knowledge are shared."""
    return SinpinGame(read_level(str(ROOT / "levels" / f"{name}.yaml")).level(), seats, level_name=name)


def test_sinpin_implements_the_protocol() -> None:
    game = game_of("01-first-steps", 2)
    state = game.initial_state(3)
    assert isinstance(game, GameRules) and isinstance(state, GameState)
    assert all(isinstance(bot, Bot) for bot in game.bots(["greedy"]))


@pytest.mark.parametrize("name, seats, bots, seed", [
    ("01-first-steps", 3, ("random",), 1),
    ("03-spike-pit", 2, ("cautious", "random"), 2),
    ("04-spring-garden", 4, ("greedy", "rusher", "cautious", "random"), 3),
    ("05-teleport-tangle", 3, ("random", "greedy"), 4),
    ("06-treasure-vault", 2, ("greedy",), 5),
])
def test_the_protocol_plays_the_tuned_loops_game(name: str, seats: int, bots: tuple[str, ...], seed: int) -> None:
    """Every decision the tuned loop asks a bot for, the protocol asks too, in the same order
    and with the generator where the tuned loop has it: the records are equal."""
    game = game_of(name, seats)
    for index in range(2):
        game_seed = derive_seed(seed, index)
        tuned = play_game(game.level, make_bots(list(bots), seats, game.knowledge), game_seed, game=index,
                          level_name=name, moves=game.moves)
        assert play(game, game.bots(bots), game_seed, index=index) == tuned


def test_the_golden_record_through_the_protocol() -> None:
    """tests/data/golden-game.jsonl (simulate's game 0 of seed 49) byte for byte."""
    level = read_level(str(ROOT / "levels" / "05-teleport-tangle.yaml")).level()
    game = SinpinGame(level, 2, level_name="levels/05-teleport-tangle.yaml", knowledge=game_of("05-teleport-tangle", 2).knowledge)
    lines = play(game, game.bots(["greedy", "rusher"]), derive_seed(49, 0), index=0)
    assert dumps(lines) == GOLDEN.read_text(encoding="utf-8")


class First:
    """A player that always takes the first action and draws nothing (as a person would)."""

    name = "first"

    def choose(self, state, actions):
        return 0


def _walk(game: SinpinGame, seed: int, limit: int = 400) -> list[SinpinState]:
    state, states = game.initial_state(seed), []
    while not state.is_terminal() and len(states) < limit:
        states.append(state)
        _, state = take_turn(First(), state, state.legal_actions())
    return states + [state]


def test_a_person_plays_through_the_protocol_and_the_game_ends() -> None:
    game = game_of("01-first-steps", 2)
    lines = play(game, [First(), First()], seed=8, index=2)
    head, end = lines[0], lines[-1]
    assert head["record"] == "sinpin-game" and head["players"][1] == {"seat": 1, "avatar": "Goat", "bot": "first"}
    assert end["end"] in ("out", "max_rounds") and end["winners"]
    assert play(game, [First(), First()], seed=8, index=2) == lines


def test_an_action_not_listed_is_refused() -> None:
    game = game_of("05-teleport-tangle", 2)
    state = game.initial_state(1)
    decision = state.decision
    assert decision is not None and decision.kind == "place" and decision.item == "web"
    with pytest.raises(IllegalAction, match="S28"):
        state.apply(("place", 0, 0))  # rock is not vacant
    with pytest.raises(IllegalAction):
        state.apply(("move", 0))  # no move before set-up
    with pytest.raises(IllegalAction):
        apply_json(game, state, {"place": [0, 0]})
    with pytest.raises(IllegalAction):
        apply_json(game, state, {"fly": "away"})
    final = _walk(game_of("01-first-steps", 2), 3, limit=100_000)[-1]
    assert final.is_terminal() and final.legal_actions() == () and final.to_act() is None
    with pytest.raises(IllegalAction, match="over"):
        final.apply(("card", 1))


def test_a_move_not_listed_cites_the_rules_of_a_move() -> None:
    """Review: a refused move choice cited S5 alone; a move choice is a card (S5) and the way
    it moves (S6-S24), as the record's `move` line cites them (play/sinpin_replay.py)."""
    state = game_of("05-teleport-tangle", 2).initial_state(1)
    while state.decision.kind != "move":
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match=r"move choices of seat \d now \(S5-S24\)"):
        state.apply(("move", len(state.legal_actions())))


def test_states_are_values() -> None:
    game = game_of("04-spring-garden", 3)
    state = game.initial_state(5)
    first, second = state.legal_actions()[:2]
    one, again, other = state.apply(first), state.apply(first), state.apply(second)
    assert one == again and hash(one) == hash(again) and one != other
    assert state.legal_actions()[:2] == (first, second) and state.decision.kind == "place"  # unchanged
    assert one.current.rows != other.current.rows
    with pytest.raises(AttributeError):
        state.seed = 9  # type: ignore[misc]


def test_actions_and_states_go_to_json_and_back() -> None:
    game = game_of("05-teleport-tangle", 2)
    kinds = set()
    for state in _walk(game, 11, limit=120):
        shown = json.loads(json.dumps(game.state_json(state)))
        assert len(shown["rows"]) == game.level.height and len(shown["seats"]) == 2
        if state.is_terminal():
            assert "decision" not in shown and shown["winners"]
            continue
        kinds.add(state.decision.kind)
        assert shown["decision"]["kind"] == state.decision.kind and shown["to_act"] == state.to_act()
        for action, data in zip(state.legal_actions(), shown["decision"]["actions"]):
            assert game.action_from_json(state, data) == action
    assert {"place", "move"} <= kinds
    state = next(s for s in _walk(game, 11, limit=120) if s.decision and s.decision.kind == "move")
    with pytest.raises(IllegalAction):
        game.action_from_json(state, {"move": 0, "card": 99})  # a move of another card


def test_the_state_says_while_set_up_is_under_way_when_the_box_is_not_made_yet() -> None:
    # S29: the box is what set-up did not place; the page said "the box: empty" at set-up
    game = game_of("01-first-steps", 2)
    shown = [game.state_json(state) for state in _walk(game, 4)]
    placing = [each["setting_up"] for each in shown]
    assert placing[0] and not placing[-1]
    assert placing == sorted(placing, reverse=True)  # set-up, then never again
    assert all(not any(each["box"].values()) for each in shown if each["setting_up"])
    assert all(any(each["box"].values()) for each in shown if not each["setting_up"] and each["turn"] == 0)


def test_the_record_is_written_once_the_game_is_over() -> None:
    game = game_of("01-first-steps", 2)
    with pytest.raises(ValueError):
        game.record(game.initial_state(1), 0, 1, [First(), First()])
    with pytest.raises(ValueError):
        play(game, [First(), First()], seed=1, level="not a key of Sinpin's header")


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.sampled_from(["random", "rusher", "greedy", "cautious"]), min_size=1, max_size=4),
       st.integers(2, 4))
def test_any_seed_and_bots_play_the_same_game_both_ways(seed: int, bots: list[str], seats: int) -> None:
    game = game_of("02-ladder-well", seats)
    tuned = play_game(game.level, make_bots(bots, seats, game.knowledge), seed, level_name=game.level_name, moves=game.moves)
    assert play(game, game.bots(bots), seed) == tuned


def test_the_turn_so_far_is_the_turns_line_as_far_as_it_is_played() -> None:
    """At every decision within a turn (a drawn item's place, S25, the ghost) the turn so far
    is the start of the line the turn writes: its card, move and events so far; at a turn's
    first decision (a move, or a card while out) there is none yet."""
    from printkit.sinpin.game.protocol import SinpinBot

    game = game_of("05-teleport-tangle", 3)
    players = [SinpinBot(bot) for bot in make_bots(["greedy", "rusher", "cautious"], 3, game.knowledge)]
    state, within = game.initial_state(11), []
    while not state.is_terminal():
        so_far = state.turn_so_far()
        if state.decision.kind in ("move", "card"):
            assert so_far is None
        elif so_far is not None:
            within.append((state.decision.kind, len(state.lines()), so_far))
        _, state = take_turn(players[state.to_act()], state, state.legal_actions())
    lines = state.lines()
    assert {kind for kind, _, _ in within} >= {"ghost", "place"}  # ghosts walked, drawn items placed
    for _, count, so_far in within:
        line = lines[count]  # the line that turn wrote, next after the lines then whole
        assert (so_far["turn"], so_far["seat"], so_far["card"], so_far["move"]) == (
            line["turn"], line["seat"], line["card"], line["move"])
        assert line["events"][:len(so_far["events"])] == so_far["events"]
        assert line["ghost"][:len(so_far["ghost"])] == so_far["ghost"]


def test_with_recorded_chance_the_first_seat_is_given_and_each_draw_is_a_decision() -> None:
    """A replay's game (chance "recorded"): sinpin.md fixes no generator, so the record gives
    the first seat (S28) and what each question mark draws, a kind the box holds (S29)."""
    level = game_of("07-the-chimney", 2).level
    game = SinpinGame(level, 2, chance="recorded")
    with pytest.raises(ValueError, match="given with recorded chance"):
        game.initial_state(0)
    with pytest.raises(ValueError, match=r"a seat from 0 to 1, not 2 \(S28\)"):
        game.initial_state(0, first=2)
    with pytest.raises(ValueError, match="given with recorded chance"):
        game_of("07-the-chimney", 2).initial_state(0, first=1)
    bots = game.bots(["greedy"])
    state = game.initial_state(0, first=0)
    assert state.current.first == 0 and state.decision.seat == 0 and state.setting_up
    draws = 0
    while not state.is_terminal():
        decision = state.decision
        if decision.kind != "draw":
            _, state = bots[decision.seat].act(state, decision.actions)
            continue
        box = decision.options
        assert decision.actions == tuple(("draw", kind) for kind, count in zip(BOX_KINDS, box) if count)
        assert decision.seat == state.current.seat and not state.setting_up
        with pytest.raises(IllegalAction, match=r"chance's, no player's to choose \(S29\)"):
            bots[decision.seat].act(state, decision.actions)
        kind = decision.actions[-1][1]
        assert game.action_from_json(state, game.action_json(state, ("draw", kind))) == ("draw", kind)
        held = [kind for _, kind in decision.actions]
        state = state.after(("draw", held[-1]), None)
        assert state.current.box[BOX_KINDS.index(held[-1])] == box[BOX_KINDS.index(held[-1])] - 1
        draws += 1
    assert draws >= 2


def test_a_game_over_names_the_round_it_ended_in_as_the_end_line_counts_rounds() -> None:
    """The panel's 'Ended after turn T (round R)' takes R from the state (`rounds`, the end
    line's count), not from a formula of its own in the page."""
    for seats, seed in ((3, 2), (2, 8)):
        game = game_of("01-first-steps", seats)
        state = game.initial_state(seed)
        while not state.is_terminal():
            state = state.apply(state.legal_actions()[0])
        shown = game.state_json(state)
        end = game.record(state, 0, seed, [First()] * seats)[-1]
        assert shown["rounds"] == end["rounds"] == (shown["turn"] - 1) // seats + 1
