"""The bots' policies (sinpin.game.bots): each decision on a tiny level where the policies differ."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from gamescript import Scripted, started, tiny

from printkit.sinpin.game.bots import BOTS, CautiousBot, GreedyBot, Knowledge, RandomBot, RusherBot, make_bots
from printkit.sinpin.game.ghost import reach
from printkit.sinpin.loader import read_level
from printkit.sinpin.rules import FULL_HAND

WALL = "########"


def chosen(bot_class, rows, *, seat_changes=None, ghost=None, **knobs):
    level = tiny(*rows, **knobs)
    knowledge = Knowledge(level)
    bot = bot_class(knowledge)
    game = started(level, [bot, Scripted()], ghost=ghost)
    if seat_changes:
        game.update_seat(0, **seat_changes)
    options = game.options(0)
    return game, options[bot.choose_move(game, 0, options)]


def test_make_bots_assigns_the_names_to_the_seats_in_order_cycling() -> None:
    knowledge = Knowledge(tiny(WALL, "#A....Z#", WALL))
    bots = make_bots(["greedy", "rusher"], 3, knowledge)
    assert [bot.name for bot in bots] == ["greedy", "rusher", "greedy"]
    assert bots[0] is not bots[2]  # fresh bots: the greedy one remembers chests per game
    assert sorted(BOTS) == ["cautious", "greedy", "random", "rusher"]


def test_make_bots_names_the_allowed_bots_for_an_unknown_one() -> None:
    knowledge = Knowledge(tiny(WALL, "#A....Z#", WALL))
    with pytest.raises(ValueError, match="unknown bot clever; bots: random, rusher, greedy, cautious"):
        make_bots(["clever"], 2, knowledge)


def test_knowledge_turns_to_the_exit_follow_the_card_cycle() -> None:
    knowledge = Knowledge(tiny(WALL, "#A....Z#", WALL))
    assert knowledge.turns((1, 1), FULL_HAND) == 1  # card 5
    assert knowledge.turns((1, 1), frozenset({1, 2})) == 3  # 2 to (3,1), 1 to (4,1), then 2
    assert knowledge.route == ((2, 1), (3, 1), (4, 1), (5, 1), (6, 1))


def test_rusher_takes_the_fewest_turns_to_the_exit() -> None:
    # Cards 4 and 6 both leave at once; 6 goes left first and takes the gem on the way.
    game, (card, outcome) = chosen(RusherBot, (WALL, "#*A...Z#", WALL))
    assert (card, outcome.exited, outcome.gained) == (6, True, 1)
    game, (card, outcome) = chosen(RusherBot, ("#" * 10, "#A.^....Z#", "#" * 10))
    assert outcome.end == (3, 1)  # spikes stop every card there; it still goes as far as it can


def test_greedy_takes_a_gem_within_reach_before_leaving() -> None:
    game, (card, outcome) = chosen(GreedyBot, (WALL, "#*A...Z#", WALL))
    assert outcome.gems and not outcome.exited


def test_greedy_leaves_when_no_gem_is_left() -> None:
    game, (card, outcome) = chosen(GreedyBot, (WALL, "#.A...Z#", WALL))
    assert outcome.exited


def test_cautious_never_risks_its_last_health() -> None:
    # Every card from the door but 1 stops on the spikes (S16); with health 1 that is a knock-out.
    rows = ("#######", "#A.^.Z#", "#######")
    game, (card, outcome) = chosen(CautiousBot, rows, start_health=1)
    assert (card, outcome.end, outcome.damage, outcome.knocked_out) == (1, (2, 1), 0, False)


def test_cautious_does_not_end_within_the_ghosts_reach() -> None:
    # The ghost over field (7,1) can reach fields 5-7 with one card (at most 6 squares, S30);
    # the rusher walks on into its reach, the cautious bot stops short of it.
    rows = ("#" * 13, "#A.........Z#", "#" * 13)
    game, (card, outcome) = chosen(RusherBot, rows, ghost=(21, 4))
    assert card >= 5 and reach(game.state.ghost, outcome.end) <= 6
    game, (card, outcome) = chosen(CautiousBot, rows, ghost=(21, 4))
    assert card <= 3 and reach(game.state.ghost, outcome.end) > 6  # 2 turns to the exit still


def test_rusher_pays_after_a_knock_out_only_when_that_keeps_it_nearer_the_exit() -> None:
    level = tiny(WALL, "#A...^Z#", WALL)
    knowledge = Knowledge(level)
    rusher = RusherBot(knowledge)
    game = started(level, [rusher, Scripted()])
    game.update_seat(0, at=(5, 1), gems=3)
    assert rusher.knocked_out(game, 0) == "pay"  # 1 turn from the spikes, 2 from the door (S16 stops it)
    game.update_seat(0, at=(1, 1))
    assert rusher.knocked_out(game, 0) == "door"
    assert GreedyBot(knowledge).knocked_out(game, 0) == "door"  # keeps its gems


def test_webs_go_on_the_levels_route_at_set_up() -> None:
    level = tiny("##########", "#A......Z#", "##########", setup_webs=2)
    knowledge = Knowledge(level)
    game = started(level, [GreedyBot(knowledge), RusherBot(knowledge)], seed=3)
    webs = [tuple(line["at"]) for line in game.lines]
    assert len(webs) == 2 and set(webs) <= set(knowledge.route)


def test_gems_and_marks_go_where_moves_pass() -> None:
    # (6,1) lies behind rock: no move passes it, so no bot but random puts a gem there.
    level = tiny("##########", "#A....Z#.#", "##########", setup_gems=3)
    knowledge = Knowledge(level)
    assert (7, 1) not in knowledge.passable
    for seed in range(5):
        game = started(level, [CautiousBot(knowledge), GreedyBot(knowledge)], seed=seed)
        assert all(tuple(line["at"]) != (7, 1) for line in game.lines)


def test_the_ghost_goes_toward_the_nearest_avatar_of_another_player() -> None:
    level = tiny("#" * 13, "#A.........Z#", "#" * 13)
    knowledge = Knowledge(level)
    bot = RusherBot(knowledge)
    game = started(level, [bot, Scripted()])
    game.update_seat(1, at=(6, 1))  # squares 18-20
    ends = list(game.ghost_board.moves(game.state.ghost, 4).items())
    place, _ = ends[bot.move_ghost(game, 0, ends)]
    assert place == (7, 4)  # 4 squares right: 9 more to reach Goat, the fewest possible


def test_the_ghost_keeps_away_from_its_own_avatar_when_it_can() -> None:
    level = tiny("#" * 13, "#A.........Z#", "#" * 13)
    knowledge = Knowledge(level)
    bot = RusherBot(knowledge)
    game = started(level, [bot, Scripted()], ghost=(15, 4))
    game.update_seat(0, at=(4, 1))  # own avatar to the left (squares 12-14)
    game.update_seat(1, at=(1, 1))  # the other one on the door: the ghost cannot catch it there
    ends = list(game.ghost_board.moves(game.state.ghost, 2).items())
    place, _ = ends[bot.move_ghost(game, 0, ends)]
    assert place == (17, 4)  # away to the right


def test_an_out_player_plays_the_card_that_brings_the_ghost_nearest_another_avatar() -> None:
    level = tiny("#" * 13, "#A.........Z#", "#" * 13)
    bot = GreedyBot(Knowledge(level))
    game = started(level, [bot, Scripted()])
    game.update_seat(0, at=None, status="exited")
    game.update_seat(1, at=(5, 1))  # squares 15-17: the ghost at (3,4) needs 11
    assert bot.choose_card(game, 0) == 6
    game.update_seat(0, hand=frozenset({1, 2}))
    assert bot.choose_card(game, 0) == 2


def test_a_random_bot_only_chooses_legal_options_and_follows_the_seed() -> None:
    level = tiny(WALL, "#A.*?.Z#", WALL)
    knowledge = Knowledge(level)
    picks = []
    for _ in range(2):
        game = started(level, [RandomBot(knowledge), Scripted()], seed=9)
        options = game.options(0)
        picks.append([RandomBot(knowledge).choose_move(game, 0, options) for _ in range(10)])
        assert all(0 <= pick < len(options) for pick in picks[-1])
    assert picks[0] == picks[1] and len(set(picks[0])) > 1


def test_greedy_takes_gems_and_a_chests_pay_out_and_remembers_the_chest() -> None:
    level = tiny("########", "#C*A..Z#", "########")  # card 6 left: the gem, then the chest pays 4
    knowledge = Knowledge(level)
    bot = GreedyBot(knowledge)
    game = started(level, [bot, Scripted()])
    options = game.options(0)
    card, outcome = options[bot.choose_move(game, 0, options)]
    assert (card, outcome.gained, outcome.payout) == (6, 5, 4)
    assert bot.paid_by == {(1, 1)}


def _plain_gem_distance(knowledge: Knowledge, gems: frozenset) -> dict:
    """The fewest moves to a move passing a gem, by a plain breadth-first search of the graph."""
    distance = {pos: 1 for pos, passed in knowledge.passes.items() if passed & gems}
    frontier = list(distance)
    while frontier:
        following = []
        for pos in frontier:
            for before in knowledge.predecessors.get(pos, ()):
                if before not in distance:
                    distance[before] = distance[pos] + 1
                    following.append(before)
        frontier = following
    return distance


@pytest.mark.parametrize("name", ["05-teleport-tangle", "07-the-chimney", "08-long-gallery"])
def test_gem_distances_are_those_of_a_plain_search_of_the_move_graph(name: str) -> None:
    level = read_level(str(Path(__file__).resolve().parent.parent / "levels" / f"{name}.yaml")).level()
    knowledge = Knowledge(level)
    rng = random.Random(5)
    cells = [(x, y) for y in range(level.height) for x in range(level.width)]
    for _ in range(60):
        gems = frozenset(rng.sample(cells, rng.randint(0, 10)))
        assert knowledge.gem_distance(gems) == _plain_gem_distance(knowledge, gems)
