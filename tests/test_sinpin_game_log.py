"""A game told in words (`simulate --log`): trails, events, the ghost and the end."""

from __future__ import annotations

from gamescript import Scripted, tiny

from printkit.sinpin.game.state import new_game
from printkit.sinpin.game.log import describe_trail, tell
from printkit.sinpin.game.turn import play_game


def test_trails_are_told_as_runs_of_one_kind_of_step() -> None:
    trail = [(5, 6), (6, 6), (6, 5), (6, 6), (6, 7), (2, 2)]
    assert describe_trail((4, 6), trail) == "walks right to G7, goes up to G6, drops to G8, teleports to C3"
    assert describe_trail((4, 6), [(3, 6)]) == "walks left to D7"
    assert describe_trail((4, 6), []) == "cannot move"


def test_a_whole_game_is_told_turn_by_turn() -> None:
    level = tiny("##########", "#A.*^...Z#", "##########")  # a gem at D2, spikes at E2, the exit at I2
    seed = next(s for s in range(50) if new_game(level, [Scripted(), Scripted()], s).state.first == 0)
    fox = Scripted(moves=[(3, (4, 1)), (4, (8, 1))])
    goat = Scripted(moves=[(6, (4, 1)), (4, (8, 1))])
    out = tell(play_game(level, [fox, goat], seed=seed, level_name="tiny.yaml")).splitlines()
    assert out == [
        f"Game 0 of tiny.yaml (seed {seed}): Fox (scripted), Goat (scripted); Fox starts.",
        "Round 1: Fox plays 3, walks right to E2, takes the gem at D2, loses 1 health at E2, 2 health left,"
        " 1 gem; the ghost moves 3 squares toward Goat.",
        "Round 1: Goat plays 6, walks right to E2, loses 1 health at E2, 2 health left, 0 gems;"
        " the ghost moves 6 squares toward Fox.",
        # issue 19: each ghost move once, with its cause (S31 the exit, S30 the turn), not
        # "13 gems, leaving, moves the ghost 4 squares, moves the ghost 4 squares"
        "Round 2: Fox plays 4, walks right to I2, leaves by the exit with 4 gems bonus: 5 gems in all;"
        " the ghost moves 4 squares for the exit, then 4 for the turn, toward Goat.",
        "Round 2: Goat plays 4, walks right to I2, leaves by the exit with 3 gems bonus: 3 gems in all;"
        " the ghost moves 4 squares for the exit, then 4 for the turn.",  # nobody left to move it toward
        "The game ends after 2 rounds: no avatar is left on the board (S33). Gems: Fox 5, Goat 3. Fox wins.",
    ]


def test_an_out_player_and_the_max_rounds_end_are_told() -> None:
    level = tiny("######", "#A.#Z#", "######", max_rounds=1)
    text = tell(play_game(level, [Scripted(), Scripted()], seed=0))
    assert "The game ends after 1 round: the last round was played (S33). Gems: Fox 0, Goat 0. Fox and Goat win." in text
    assert "Round 1: Fox plays 1, walks right to C2, 3 health left, 0 gems; the ghost moves 1 square toward Goat." in text


def test_the_ghost_s_moves_of_a_turn_are_one_phrase_each_move_once() -> None:
    from printkit.sinpin.game.log import ghost_words

    avatars, where = ["Fox", "Goat"], {1: (9, 9)}
    draw, turn = {"by": "draw", "path": [[1, 1], [2, 1]]}, {"by": "turn", "path": [[3, 1]]}
    assert ghost_words([draw, turn], avatars, 0, where) == "the ghost moves 2 squares for the ghost card, then 1 for the turn, toward Goat"
    assert ghost_words([{"by": "exit", "path": []}, {"by": "turn", "path": []}], avatars, 0, where) == "the ghost cannot move"
    assert ghost_words([{"by": "draw", "path": []}, turn], avatars, 0, where) == "the ghost moves 1 square toward Goat"
