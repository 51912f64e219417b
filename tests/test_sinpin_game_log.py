"""A game told in words (`simulate --log`): trails, events, the ghost and the end."""

from __future__ import annotations

from gamescript import Scripted, tiny

from printkit.sinpin.game.state import new_game
from printkit.sinpin.game.log import describe_trail, tell
from printkit.sinpin.game.turn import play_game


def told(level, bots, **keys) -> str:
    """A game played and told as `simulate --log` tells it: with how each step was made."""
    hows: dict[int, list[str]] = {}
    return tell(play_game(level, bots, hows=hows, **keys), hows)


def test_trails_are_told_as_runs_of_one_kind_of_step() -> None:
    trail = [(5, 6), (6, 6), (6, 5), (6, 6), (6, 7), (2, 2)]
    hows = ["walk", "walk", "jump", "fall", "fall", "teleport"]
    assert describe_trail((4, 6), trail, hows, frozenset()) == "walks right to G7, jumps up to G6, falls to G8, teleports to C3"
    assert describe_trail((4, 6), [(3, 6)], ["walk"], frozenset()) == "walks left to D7"
    assert describe_trail((4, 6), [], [], frozenset()) == "cannot move"


# B2 is the door; a ladder D2-D4; E2 is a ledge over E3 beside the ladder (rock right of it).
LADDER = ("########", "#A.H...#", "###H.###", "#..H..Z#", "########")


def test_a_climb_down_a_ladder_is_a_climb_and_a_fall_a_fall() -> None:
    """S11 against S14: a step down the ladder is told as a climb, never as a drop or a fall,
    the step right from the ladder onto the ledge E2 as a step off it (S11, not "climbs
    right": it leaves the ladder), and the way off the ledge as a fall; the words come from
    the engine's steps, not from the direction (both go down a field)."""
    fox = Scripted(moves=[lambda card, o: o.trail == ((2, 1), (3, 1), (3, 2), (3, 3))])  # card 4: down to D4
    goat = Scripted(moves=[lambda card, o: o.trail == ((2, 1), (3, 1), (4, 1), (4, 2), (4, 3))])  # card 3
    level = tiny(*LADDER, max_rounds=1)
    seed = next(s for s in range(50) if new_game(level, [Scripted(), Scripted()], s).state.first == 0)
    text = told(level, [fox, goat], seed=seed)
    assert "Fox plays 4, walks right to D2, climbs down to D4," in text
    assert "Goat plays 3, walks right to D2, steps right off the ladder to E2, falls to E4," in text


# B2 is the door; ladder fields D2 and E2 side by side on rock; the exit at G2.
ALONG = ("########", "#A.HH.Z#", "########")


def test_a_step_sideways_on_a_ladder_goes_along_it_or_off_it() -> None:
    """S11: on a ladder field a left or right step is the player's (a climb, no bounce); into
    another ladder field it stays on the ladder ("climbs right along the ladder"), into any
    other field it steps off ("steps right off the ladder"): a review found both told as
    "climbs right", which no one says of stepping off a ladder onto the floor."""
    fox = Scripted(moves=[lambda card, o: o.trail == ((2, 1), (3, 1), (4, 1), (5, 1))])  # card 4: to F2
    goat = Scripted(moves=[lambda card, o: o.trail == ((2, 1), (3, 1), (4, 1), (3, 1))])  # card 4: back to D2
    level = tiny(*ALONG, max_rounds=1)
    seed = next(s for s in range(50) if new_game(level, [Scripted(), Scripted()], s).state.first == 0)
    text = told(level, [fox, goat], seed=seed)
    assert "Fox plays 4, walks right to D2, climbs right along the ladder to E2, steps right off the ladder to F2," in text
    assert "Goat plays 4, walks right to D2, climbs right along the ladder to E2, climbs left along the ladder to D2," in text
    assert "climbs right to" not in text and "climbs left to" not in text
    assert describe_trail((3, 1), [(2, 1)], ["climb"], frozenset({(3, 1)})) == "steps left off the ladder to C2"


def test_jumps_bounces_rises_side_steps_and_teleports_are_told_as_made() -> None:
    """S10 a jump up, S19 a spring's free bounce and its paid rise, S10/S19 the side step at
    the top, S20 a teleport: each as the engine made it."""
    level = tiny("##########", "#........#", "#........#", "#A.S.O.O.#", "######Z###", max_rounds=1)
    seed = next(s for s in range(50) if new_game(level, [Scripted()] * 3, s).state.first == 0)
    fox = Scripted(moves=[lambda card, o: o.trail == ((2, 3), (3, 3), (3, 2), (3, 1), (3, 2), (4, 2), (4, 3))])
    text = told(level, [fox, Scripted(moves=[(5, (8, 3))]), Scripted(moves=[(1, (1, 3))])], seed=seed)
    assert "Fox plays 4, walks right to D4, bounces up to D3, rises to D2, falls to E4," in text
    assert ("Goat plays 5, walks right to D4, bounces up to D3, steps right to E3, falls to E4, walks right to F4,"
            " teleports to H4, walks right to I4,") in text
    assert "Mouse plays 1, jumps up to B3, falls to B4," in text


def test_a_whole_game_is_told_turn_by_turn() -> None:
    level = tiny("##########", "#A.*^...Z#", "##########")  # a gem at D2, spikes at E2, the exit at I2
    seed = next(s for s in range(50) if new_game(level, [Scripted(), Scripted()], s).state.first == 0)
    fox = Scripted(moves=[(3, (4, 1)), (4, (8, 1))])
    goat = Scripted(moves=[(6, (4, 1)), (4, (8, 1))])
    out = told(level, [fox, goat], seed=seed, level_name="tiny.yaml").splitlines()
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
    text = told(level, [Scripted(), Scripted()], seed=0)
    assert "The game ends after 1 round: the last round was played (S33). Gems: Fox 0, Goat 0. Fox and Goat win." in text
    assert "Round 1: Fox plays 1, walks right to C2, 3 health left, 0 gems; the ghost moves 1 square toward Goat." in text


def test_the_ghost_s_moves_of_a_turn_are_one_phrase_each_move_once() -> None:
    from printkit.sinpin.game.log import ghost_words

    avatars, where = ["Fox", "Goat"], {1: (9, 9)}
    draw, turn = {"by": "draw", "path": [[1, 1], [2, 1]]}, {"by": "turn", "path": [[3, 1]]}
    assert ghost_words([draw, turn], avatars, 0, where) == "the ghost moves 2 squares for the ghost card, then 1 for the turn, toward Goat"
    assert ghost_words([{"by": "exit", "path": []}, {"by": "turn", "path": []}], avatars, 0, where) == "the ghost cannot move"
    assert ghost_words([{"by": "draw", "path": []}, turn], avatars, 0, where) == "the ghost moves 1 square toward Goat"
