"""The whole game against sinpin.md section 6, rule by rule (S28-S33, S29a, S29b, S23-S25).

Each test plays turns on a tiny level with scripted players (tests/gamescript.py) that make
exactly the decisions the test needs, and checks the exact state and record line. Maps are
corridors bordered with rock: the row below is rock, so every field is supported (S4), and
the row above is rock, so nobody jumps (S10). The ghost starts at (3 door_x, 3 door_y + 1)
(S30); in these corridors its bound keeps it in square row 4, over field row 1, and the
scripted players keep it by the door unless a test moves it.
"""

from __future__ import annotations

import random

import pytest
from gamescript import Scripted, started, tiny

from printkit.sinpin.game.state import BOX_KINDS, new_game
from printkit.sinpin.game.turn import play_game, play_turn

WALL = "########"
CORRIDOR = (WALL, "#A....Z#", WALL)  # door (1, 1), exit (6, 1)
LONG = ("#" * 13, "#A.........Z#", "#" * 13)  # door (1, 1), exit (11, 1)


def box(**counts: int) -> tuple[int, ...]:
    return tuple(counts.get(kind, 0) for kind in BOX_KINDS)


def last_turn(game) -> dict:
    return game.lines[-1]


# -- S28 set-up -------------------------------------------------------------------------------
def test_S28_setup_places_webs_then_gems_then_marks_in_seat_order_on_vacant_fields() -> None:
    # The map has 1 web of 2; then 1 gem and 1 question mark. First seat 1: web by 1, gem by
    # 0, mark by 1; each on a vacant field (not the door, exit, web or an item placed before).
    level = tiny(WALL, "#Aw...Z#", WALL, setup_webs=2, setup_gems=1, setup_marks=1)
    bots = [Scripted(places=[(4, 1)]), Scripted(places=[(5, 1), (3, 1)])]
    game = started(level, bots, first=1)
    assert [line for line in game.lines] == [
        {"setup": "web", "seat": 1, "at": [5, 1]},
        {"setup": "gem", "seat": 0, "at": [4, 1]},
        {"setup": "mark", "seat": 1, "at": [3, 1]},
    ]
    assert game.state.rows == (WALL, "#Aw?*wZ#", WALL)
    assert bots[1].offered == [[(3, 1), (4, 1), (5, 1)], [(3, 1)]]
    assert bots[0].offered == [[(3, 1), (4, 1)]]


def test_S28_fewer_items_only_when_no_vacant_field_is_left() -> None:
    level = tiny("######", "#A..Z#", "######", setup_webs=0, setup_gems=5, setup_marks=2)
    game = started(level, [Scripted(), Scripted()])
    assert [line["setup"] for line in game.lines] == ["gem", "gem"]
    assert game.state.rows[1] == "#A**Z#"
    assert game.state.box[BOX_KINDS.index("gem")] == 14  # S29: what was not placed


def test_S28_the_map_counts_toward_the_knobs() -> None:
    level = tiny(WALL, "#A**..Z#", WALL, setup_gems=2)
    game = started(level, [Scripted(), Scripted()])
    assert game.lines == []  # the map holds the 2 gems already


def test_S28_a_placement_on_a_field_that_is_not_vacant_is_refused() -> None:
    level = tiny(WALL, "#A*...Z#", WALL, setup_gems=2)
    with pytest.raises(ValueError, match="not vacant"):
        started(level, [Scripted(places=[(2, 1)]), Scripted()])


def test_S28_the_first_player_is_drawn_at_random_from_the_seed() -> None:
    level = tiny(*CORRIDOR)
    firsts = [new_game(level, [Scripted()] * 3, seed).state.first for seed in range(40)]
    assert set(firsts) == {0, 1, 2}
    assert firsts == [new_game(level, [Scripted()] * 3, seed).state.first for seed in range(40)]


def test_S28_a_given_first_player_starts_and_draws_nothing_from_the_generator() -> None:
    """A replay gives the record's first seat (sinpin.md fixes no generator)."""
    level = tiny(*CORRIDOR)
    game = new_game(level, [Scripted()] * 3, 7, first=2)
    assert game.state.first == 2 and game.rng.getstate() == random.Random(7).getstate()
    with pytest.raises(ValueError, match=r"a seat from 0 to 2, not 3 \(S28\)"):
        new_game(level, [Scripted()] * 3, 7, first=3)


# -- S29 the box ------------------------------------------------------------------------------
def test_S29_the_box_holds_what_was_not_placed_hearts_a_chest_and_two_ghosts() -> None:
    level = tiny("##########", "#A**w...Z#", "##########", setup_gems=3, setup_webs=2, box_hearts=2)
    game = started(level, [Scripted(), Scripted()])
    assert sum(row.count("*") for row in game.state.rows) == 3
    assert sum(row.count("w") for row in game.state.rows) == 2
    assert game.state.box == box(gem=13, heart=2, web=6, chest=1, ghost=2)


def test_S29_the_box_is_what_the_map_leaves_of_16_gems_and_8_webs_on_every_bundled_level() -> None:
    """Level.box_after_setup, which the game's set-up and the kit's cards both use, against
    the map counted after a real set-up (S29, S34 (b)), on every bundled level and on a map
    too small for what the knobs ask (S28: fewer placed, more left in the box)."""
    from printkit.bundled import catalogue
    from printkit.sinpin.loader import read_level

    levels = [read_level(str(item.path)).level() for item in catalogue("level")]
    levels.append(tiny(WALL, "#A*w..Z#", WALL, setup_gems=16, setup_webs=8, setup_marks=4, box_hearts=3))
    for level in levels:
        game = started(level, [Scripted(), Scripted()])
        on_map = {kind: sum(row.count(char) for row in game.state.rows) for kind, char in (("gem", "*"), ("web", "w"))}
        assert game.state.box == box(gem=max(0, 16 - on_map["gem"]), heart=level.rules.box_hearts,
                                     web=max(0, 8 - on_map["web"]), chest=1, ghost=2), level.name
    assert game.state.box == box(gem=15, heart=3, web=5, chest=1, ghost=2)  # the small map: 2 webs placed, no gem


def test_S29_draws_do_not_go_back() -> None:
    game = started(tiny(*CORRIDOR), [Scripted(), Scripted()], box=box(gem=1, heart=1, web=1, chest=1, ghost=1))
    drawn = [game.draw() for _ in range(5)]
    assert sorted(drawn) == sorted(BOX_KINDS)
    assert game.state.box == (0, 0, 0, 0, 0)


def test_S29_a_drawer_says_what_is_drawn_a_kind_the_box_holds() -> None:
    """A replay draws what the record says (the drawer), never from the generator."""
    game = started(tiny(*CORRIDOR), [Scripted(), Scripted()], box=box(gem=1, chest=1))
    wanted = iter(["chest", "gem", "chest"])
    game.drawer = lambda _: next(wanted)
    before = game.rng.getstate()
    assert [game.draw(), game.draw()] == ["chest", "gem"] and game.state.box == box()
    with pytest.raises(ValueError, match=r"the box holds no chest now \(S29\)"):
        game.draw()
    assert game.rng.getstate() == before


def test_S29_a_draw_is_uniform_over_the_cards_in_the_box() -> None:
    game = started(tiny(*CORRIDOR), [Scripted(), Scripted()], seed=5,
                   box=box(gem=3000, heart=1000, web=1000, chest=1000, ghost=1000))
    drawn = [game.draw() for _ in range(2000)]
    # 3/7 of the cards are gems: 857 expected, standard deviation about 22.
    assert 760 < drawn.count("gem") < 950
    for kind in ("heart", "web", "chest", "ghost"):
        assert 220 < drawn.count(kind) < 350  # 286 expected, deviation about 15


# -- S29a turn order --------------------------------------------------------------------------
def test_S29a_rounds_go_in_seat_order_from_the_first_player() -> None:
    game = started(tiny(*LONG), [Scripted(), Scripted(), Scripted()], first=2)
    for _ in range(6):
        play_turn(game)
    turns = [line for line in game.lines if "turn" in line]
    assert [(line["turn"], line["round"], line["seat"]) for line in turns] == [
        (1, 1, 2), (2, 1, 0), (3, 1, 1), (4, 2, 2), (5, 2, 0), (6, 2, 1)]


def test_S29a_an_avatar_out_of_the_game_still_plays_a_card_and_moves_the_ghost() -> None:
    game = started(tiny(*CORRIDOR), [Scripted(moves=[(5, (6, 1))], cards=[3]), Scripted()], first=0)
    play_turn(game)  # Fox leaves by the exit with card 5 (S24)
    play_turn(game)  # Goat
    ghost = game.state.ghost
    play_turn(game)  # Fox, out: card 3 and the ghost only
    line = last_turn(game)
    assert line["from"] is None and line["move"] is None
    assert line["card"] == 3 and line["hand"] == [1, 2, 4, 6]
    assert [entry["by"] for entry in line["ghost"]] == ["turn"]
    assert len(line["ghost"][0]["path"]) == 3
    assert line["ghost"][0]["path"][-1] == list(game.state.ghost) and ghost != game.state.ghost
    assert game.state.seats[0].gems == 2 + 3  # nothing more than the exit gems


# -- S29b the map changes when a move ends ----------------------------------------------------
def test_S29b_items_go_first_then_draws_resolve_so_a_drawn_web_may_go_where_a_gem_was() -> None:
    level = tiny("##########", "#A.*?...Z#", "##########")
    fox = Scripted(moves=[(3, (4, 1))], places=[(3, 1)])
    game = started(level, [fox, Scripted()], box=box(web=1))
    play_turn(game)
    line = last_turn(game)
    assert line["move"] == {"end": [4, 1], "exit": False, "trail": [[2, 1], [3, 1], [4, 1]]}
    assert line["events"] == [["gem", [3, 1]], ["draw", [4, 1], "web"], ["place", [3, 1], "web"]]
    assert (3, 1) in fox.offered[0]  # the gem was removed before the draw was resolved
    assert game.state.rows[1] == "#A.w....Z#"  # gem and question mark gone, the web placed
    assert game.state.seats[0].gems == 1 and game.state.box == box()


def test_S29b_webs_the_move_entered_are_removed_when_it_ends() -> None:
    level = tiny(WALL, "#A.w..Z#", WALL)
    game = started(level, [Scripted(moves=[(3, (3, 1))]), Scripted()])
    play_turn(game)  # (2,1) p2, web (3,1) p1 then 1 extra: p0 (S18)
    assert last_turn(game)["move"]["end"] == [3, 1]
    assert game.state.rows[1] == "#A....Z#"
    assert game.state.seats[0].at == (3, 1)


def test_S29b_a_question_mark_entered_twice_in_one_move_draws_once() -> None:
    # Door (1,1), mark (2,1), rock at (3,1): card 3 goes (2,1), bounces (S9) to (1,1), (2,1).
    level = tiny("#####", "#A?##", "#####", "#Z###", "#####")
    game = started(level, [Scripted(moves=[(3, (2, 1))]), Scripted()], box=box(gem=2))
    play_turn(game)
    line = last_turn(game)
    assert line["move"]["trail"] == [[2, 1], [1, 1], [2, 1]]
    assert line["events"] == [["draw", [2, 1], "gem"]]
    assert game.state.box == box(gem=1) and game.state.seats[0].gems == 1
    assert game.state.rows[1] == "#A.##"


def test_S29b_the_exit_comes_last_after_the_draws() -> None:
    # A heart drawn on the way out is resolved first, so it counts for the exit gems (S24:
    # as many gems as health): 2 players, first out 2, health 2 + 1.
    level = tiny("#######", "#A.?.Z#", "#######")
    game = started(level, [Scripted(moves=[(4, (5, 1))]), Scripted()], box=box(heart=1))
    game.update_seat(0, health=2)
    play_turn(game)
    line = last_turn(game)
    assert line["events"] == [["draw", [3, 1], "heart"], ["exit", [5, 1], 5]]
    assert game.state.seats[0].gems == 5 and game.state.seats[0].status == "exited"


# -- S23 question marks and S25 knock-outs, as the game settles them ---------------------------
def test_S23_a_drawn_gem_or_heart_is_kept() -> None:
    level = tiny(WALL, "#A^?..Z#", WALL, start_health=3)
    # (2,1) spikes: 1 health lost, the move ends (S16); next turn (3,1) draws a heart.
    game = started(level, [Scripted(moves=[(1, (2, 1)), (2, (4, 1))]), Scripted()], box=box(heart=1))
    play_turn(game)
    play_turn(game)
    assert game.state.seats[0].health == 2
    play_turn(game)
    assert last_turn(game)["events"] == [["draw", [3, 1], "heart"]]
    assert game.state.seats[0].health == 3


def test_S23_a_drawn_heart_never_raises_health_above_the_maximum() -> None:
    level = tiny(WALL, "#A?...Z#", WALL)
    game = started(level, [Scripted(moves=[(1, (2, 1))]), Scripted()], box=box(heart=1))
    play_turn(game)
    assert game.state.seats[0].health == 3 and game.state.box == box()


def test_S23_a_drawn_chest_is_placed_by_the_player_and_pays_the_next_mover() -> None:
    level = tiny(WALL, "#A?...Z#", WALL)
    fox = Scripted(moves=[(1, (2, 1))], places=[(4, 1)])
    goat = Scripted(moves=[(4, (4, 1))])
    game = started(level, [fox, goat], box=box(chest=1))
    play_turn(game)
    assert last_turn(game)["events"] == [["draw", [2, 1], "chest"], ["place", [4, 1], "chest"]]
    assert game.state.rows[1] == "#A..C.Z#"
    play_turn(game)  # Goat: card 4, (2,1) (3,1) (4,1) chest with 1 point left: pays 1 (S21)
    line = last_turn(game)
    assert line["move"]["end"] == [4, 1]
    assert line["events"] == [["payout", [4, 1], 1]]
    assert game.state.seats[1].gems == 1
    assert game.state.rows[1] == "#A..C.Z#"  # the chest stays (S21)


def test_S23_a_drawn_ghost_card_triggers_the_ghost() -> None:
    level = tiny(WALL, "#A?...Z#", WALL)
    game = started(level, [Scripted(moves=[(1, (2, 1))]), Scripted()], box=box(ghost=1))
    play_turn(game)
    line = last_turn(game)
    assert line["events"] == [["draw", [2, 1], "ghost"]]
    assert [(g["by"], len(g["path"])) for g in line["ghost"]] == [("draw", 1), ("turn", 1)]


def test_S23_a_question_mark_drawn_with_an_empty_box_does_nothing_and_is_removed() -> None:
    level = tiny(WALL, "#A?...Z#", WALL)
    game = started(level, [Scripted(moves=[(1, (2, 1))]), Scripted()], box=box())
    before = game.state.seats[0]
    play_turn(game)
    assert last_turn(game)["events"] == [["draw", [2, 1], "nothing"]]
    after = game.state.seats[0]
    assert (after.gems, after.health) == (before.gems, before.health)
    assert game.state.rows[1] == "#A....Z#"


SPIKE_ROW = (WALL, "#A?^..Z#", WALL)  # a question mark at (2,1), spikes at (3,1)


def knocked_game(knock: str, gems: int, drawn: str):
    level = tiny(*SPIKE_ROW, start_health=1)
    fox = Scripted(moves=[(2, (3, 1))], knock=knock)
    game = started(level, [fox, Scripted()], box=box(**{drawn: 1}))
    game.update_seat(0, gems=gems)
    play_turn(game)
    return game, fox


def test_S25_knocked_out_pays_3_gems_to_go_on_there_with_1_health() -> None:
    game, fox = knocked_game("pay", 4, "chest")
    line = last_turn(game)
    assert line["events"] == [["draw", [2, 1], "chest"], ["hurt", [3, 1]], ["place", [2, 1], "chest"],
                              ["knocked_out", [3, 1], "pay"]]
    seat = game.state.seats[0]
    assert (seat.at, seat.health, seat.gems, seat.status) == ((3, 1), 1, 1, "in")
    assert game.state.box == box()  # paid gems leave the game: not back in the box


def test_S25_knocked_out_back_to_the_door_with_full_health() -> None:
    game, fox = knocked_game("door", 4, "chest")
    seat = game.state.seats[0]
    assert (seat.at, seat.health, seat.gems) == ((1, 1), 3, 4)
    assert last_turn(game)["events"][-1] == ["knocked_out", [3, 1], "door"]


def test_S25_with_fewer_than_3_gems_only_the_door_is_left() -> None:
    game, fox = knocked_game("pay", 2, "chest")
    seat = game.state.seats[0]
    assert (seat.at, seat.health, seat.gems) == ((1, 1), 3, 2)
    assert fox.asked_knock == 0


def test_S25_a_gem_drawn_in_the_move_counts_for_the_price() -> None:
    game, fox = knocked_game("pay", 2, "gem")  # S29b: the draw is resolved before the choice
    seat = game.state.seats[0]
    assert last_turn(game)["events"] == [["draw", [2, 1], "gem"], ["hurt", [3, 1]], ["knocked_out", [3, 1], "pay"]]
    assert (seat.at, seat.health, seat.gems) == ((3, 1), 1, 0)


def test_S25_a_heart_drawn_in_the_move_does_not_undo_the_knock_out() -> None:
    game, fox = knocked_game("door", 0, "heart")
    seat = game.state.seats[0]
    assert last_turn(game)["events"][-1] == ["knocked_out", [3, 1], "door"]
    assert (seat.at, seat.health) == ((1, 1), 3)


def test_S25_the_knocked_out_move_ends_where_health_reached_0() -> None:
    # Card 4 would go on to (5,1); health 1 ends it on the spikes, no gem beyond is taken.
    level = tiny(WALL, "#A.!*.Z#", WALL, start_health=1, blade_points=3)
    game = started(level, [Scripted(moves=[lambda card, o: card == 4]), Scripted()])
    play_turn(game)
    line = last_turn(game)
    # (2,1) p3, blades (3,1) p2 < 3: hurt, health 0 (S17, S25).
    assert line["move"] == {"end": [3, 1], "exit": False, "trail": [[2, 1], [3, 1]]}
    assert line["events"] == [["hurt", [3, 1]], ["knocked_out", [3, 1], "door"]]
    assert game.state.rows[1] == "#A.!*.Z#"  # the gem beyond was not taken


# -- S24 the exit, in a game ------------------------------------------------------------------
def test_S24_exit_gems_by_order_of_leaving_plus_health() -> None:
    level = tiny(WALL, "#A....Z#", WALL)
    bots = [Scripted(moves=[(5, (6, 1))]), Scripted(moves=[(1, (2, 1)), (4, (6, 1))]), Scripted(moves=[(5, (6, 1))])]
    game = started(level, bots, first=0)
    for _ in range(5):
        play_turn(game)
    gems = [seat.gems for seat in game.state.seats]
    statuses = [seat.status for seat in game.state.seats]
    # Fox first out: 3 + 3 health; Mouse second: 2 + 3; Goat third: 1 + 3.
    assert gems == [6, 4, 5]
    assert statuses == ["exited"] * 3
    assert all(seat.at is None for seat in game.state.seats)
    exits = [event for line in game.lines if "turn" in line for event in line["events"] if event[0] == "exit"]
    assert exits == [["exit", [6, 1], 6], ["exit", [6, 1], 5], ["exit", [6, 1], 4]]


def test_S24_reaching_the_exit_triggers_the_ghost_before_its_turn_move() -> None:
    game = started(tiny(*CORRIDOR), [Scripted(moves=[(5, (6, 1))]), Scripted()])
    play_turn(game)
    assert [(g["by"], len(g["path"])) for g in last_turn(game)["ghost"]] == [("exit", 5), ("turn", 5)]


def test_S24_an_avatar_entering_the_exit_leaves_at_once_and_cannot_be_caught() -> None:
    # The ghost sits over the exit (squares 18-19 of row 4 lie in field (6,1)).
    game = started(tiny(*CORRIDOR), [Scripted(moves=[(5, (6, 1))], ghost=[(17, 4), (18, 4)]), Scripted()],
                   ghost=(18, 4))
    play_turn(game)
    line = last_turn(game)
    assert line["caught"] == [] and game.state.seats[0].status == "exited"
    assert game.state.seats[0].gems == 2 + 3


# -- S30 and S31 the ghost in a turn ------------------------------------------------------------
def test_S30_the_ghost_moves_by_the_card_played_at_the_end_of_the_turn() -> None:
    game = started(tiny(*LONG), [Scripted(moves=[(4, (5, 1))], ghost=[(7, 4)]),
                                                                        Scripted()])
    assert game.state.ghost == (3, 4)  # the bottom-left 2 x 2 squares of the door's field
    play_turn(game)
    assert last_turn(game)["ghost"] == [{"by": "turn", "path": [[4, 4], [5, 4], [6, 4], [7, 4]]}]
    assert game.state.ghost == (7, 4)


def test_S31_a_ghost_card_moves_the_ghost_by_the_card_played_then_the_turn_move_follows() -> None:
    level = tiny("##########", "#A..?...Z#", "##########")
    game = started(level, [Scripted(moves=[(3, (4, 1))], ghost=[(6, 4), (9, 4)]), Scripted()], box=box(ghost=1))
    play_turn(game)
    line = last_turn(game)
    assert line["ghost"] == [{"by": "draw", "path": [[4, 4], [5, 4], [6, 4]]},
                             {"by": "turn", "path": [[7, 4], [8, 4], [9, 4]]}]


# -- S32 caught -------------------------------------------------------------------------------
def test_S32_an_avatar_moving_under_the_ghost_is_caught_and_keeps_its_gems() -> None:
    # Ghost at (9,4): squares 9-10, 4-5, all in field (3,1).
    level = tiny(WALL, "#A*...Z#", WALL)
    game = started(level, [Scripted(moves=[(2, (3, 1))]), Scripted()], ghost=(9, 4))
    play_turn(game)
    line = last_turn(game)
    assert line["caught"] == [0]
    assert line["events"] == [["gem", [2, 1]], ["caught", [3, 1], 0]]
    seat = game.state.seats[0]
    assert (seat.at, seat.health, seat.gems, seat.status) == (None, 0, 1, "caught")


def test_S32_a_ghost_move_catches_every_avatar_under_it_at_its_end_only() -> None:
    # The ghost starts over field (2,1) (squares 7-8); Fox walks through it to (3,1): no
    # catch while passing. Goat walks there too and moves the ghost to (9,4): both caught.
    fox = Scripted(moves=[(2, (3, 1))], ghost=[(7, 4)])
    goat = Scripted(moves=[(2, (3, 1))], ghost=[(9, 4)])
    game = started(tiny(*LONG), [fox, goat], first=0, ghost=(7, 4))
    play_turn(game)
    assert last_turn(game)["caught"] == [] and game.state.seats[0].status == "in"
    play_turn(game)
    line = last_turn(game)
    assert line["caught"] == [0, 1]
    assert line["events"][-2:] == [["caught", [3, 1], 0], ["caught", [3, 1], 1]]
    assert game.state.on_board() == []


def test_S32_caught_by_another_players_ghost_move() -> None:
    level = tiny(*LONG)
    fox = Scripted(moves=[(3, (4, 1))], ghost=[(6, 4)])
    goat = Scripted(moves=[(6, (7, 1))], ghost=[(12, 4)])
    game = started(level, [fox, goat], first=0)
    play_turn(game)
    assert game.state.seats[0].status == "in"
    play_turn(game)  # Goat plays 6 and moves the ghost from (6,4) to (12,4): squares 12-13, field 4
    line = last_turn(game)
    assert line["caught"] == [0]
    assert line["events"][-1] == ["caught", [4, 1], 0]
    assert game.state.seats[0].status == "caught" and game.state.seats[1].status == "in"


def test_S32_the_ghost_never_catches_at_the_door() -> None:
    game = started(tiny(*CORRIDOR), [Scripted(), Scripted()])
    assert game.state.ghost == (3, 4)  # over the door
    game.catch()
    assert [seat.status for seat in game.state.seats] == ["in", "in"]


def test_S32_a_caught_avatar_gets_no_exit_gems_and_the_game_goes_on_without_it() -> None:
    level = tiny(WALL, "#A*...Z#", WALL)
    game = started(level, [Scripted(moves=[(2, (3, 1))]), Scripted(moves=[(5, (6, 1))])], ghost=(9, 4))
    play_turn(game)
    play_turn(game)
    assert game.state.on_board() == []
    assert [seat.gems for seat in game.state.seats] == [1, 2 + 3]  # Goat is the first out of 2


# -- S33 the end ------------------------------------------------------------------------------
def test_S33_the_game_ends_when_no_avatar_is_left_most_gems_wins() -> None:
    level = tiny(WALL, "#A*...Z#", WALL)
    lines = play_game(level, [Scripted(moves=[(5, (6, 1))]), Scripted(moves=[(5, (6, 1))])], seed=1)
    end = lines[-1]
    first = lines[0]["first"]
    gems = [0, 0]
    gems[first] = 1 + 2 + 3  # the gem on the way, first out, health
    gems[1 - first] = 1 + 3
    assert end == {"end": "out", "rounds": 1, "gems": gems, "winners": [first]}


def test_S33_after_max_rounds_avatars_inside_score_nothing_for_the_exit_and_ties_share() -> None:
    level = tiny("######", "#A.#Z#", "######", max_rounds=3)  # the exit cannot be reached
    lines = play_game(level, [Scripted(), Scripted()], seed=2)
    turns = [line for line in lines if "turn" in line]
    assert len(turns) == 6 and turns[-1]["round"] == 3
    assert lines[-1] == {"end": "max_rounds", "rounds": 3, "gems": [0, 0], "winners": [0, 1]}


def test_S33_the_same_seed_gives_the_same_game() -> None:
    level = tiny(WALL, "#A?*?.Z#", WALL)
    from printkit.sinpin.game.bots import Knowledge, make_bots

    knowledge = Knowledge(level)
    one = play_game(level, make_bots(["random"], 3, knowledge), seed=11)
    two = play_game(level, make_bots(["random"], 3, knowledge), seed=11)
    assert one == two
    others = [play_game(level, make_bots(["random"], 3, knowledge), seed=s) for s in range(12, 16)]
    assert any(other != one for other in others)


def test_random_draws_come_from_the_game_seed_only() -> None:
    random.seed(0)
    level = tiny(WALL, "#A?*?.Z#", WALL)
    one = play_game(level, [Scripted(), Scripted()], seed=4)
    random.seed(1)
    assert play_game(level, [Scripted(), Scripted()], seed=4) == one


def test_S32_a_catch_comes_before_the_draws_are_resolved() -> None:
    # The lead's reading: the catch right after the avatar's move (S32), then S29b. A gem
    # drawn in the move is kept (it keeps its gems), a heart restores nothing, and nothing
    # is left to choose after a knock-out (it is out of the game).
    level = tiny(WALL, "#A?^..Z#", WALL, start_health=1)
    fox = Scripted(moves=[(2, (3, 1))], knock="pay")
    game = started(level, [fox, Scripted()], box=box(gem=1), ghost=(9, 4))  # over (3,1)
    game.update_seat(0, gems=3)
    play_turn(game)
    line = last_turn(game)
    assert line["events"] == [["draw", [2, 1], "gem"], ["hurt", [3, 1]], ["caught", [3, 1], 0]]
    seat = game.state.seats[0]
    assert (seat.status, seat.health, seat.gems, seat.at) == ("caught", 0, 4, None)
    assert fox.asked_knock == 0


def test_S32_S34d_a_heart_drawn_in_the_move_that_is_caught_does_not_heal() -> None:
    # S34 (d): a caught avatar's draws still resolve, but a drawn heart does not heal it; it
    # lost all its health when caught (S32), and the catch comes before the draws (S34 c).
    level = tiny(WALL, "#A?...Z#", WALL)
    game = started(level, [Scripted(moves=[(1, (2, 1))]), Scripted()], box=box(heart=1), ghost=(6, 4))  # over (2,1)
    play_turn(game)
    line = last_turn(game)
    assert line["events"] == [["draw", [2, 1], "heart"], ["caught", [2, 1], 0]]
    assert line["health"] == 0 and game.state.box == box()  # the heart was drawn, and spent on nothing
    seat = game.state.seats[0]
    assert (seat.status, seat.health, seat.at) == ("caught", 0, None)
