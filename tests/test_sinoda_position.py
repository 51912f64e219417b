"""The Sinoda rules N1-N12 on small positions (printkit/sinoda/position.py, game.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from printkit.games.protocol import GameRules, GameState, IllegalAction
from printkit.sinoda.actions import change, move
from printkit.sinoda.board import ALL_SETUPS, Board
from printkit.sinoda.game import SinodaGame
from printkit.sinoda.position import successor

from sinodahelp import brute_force_ends, game, named, position


def act(p, piece: str, to: str | None = None, value: int | None = None):
    index = p.game.reach.index_of
    action = move(index[piece], index[to]) if to else change(index[piece], value)
    return p.apply(action)


def test_the_game_implements_the_protocol() -> None:
    g = game(2)
    assert isinstance(g, GameRules)
    assert isinstance(g.initial_state(0), GameState)


@pytest.mark.parametrize(("n", "spaces"), [(2, 24), (3, 54)])
def test_N1_board_and_adjacency_across_sides(n: int, spaces: int) -> None:
    g = game(2) if n == 2 else game(3)
    board = Board(n)
    assert g.reach.size == spaces == len(board.triangles)
    for i, name in enumerate(g.reach.names):
        t = board.triangle(name)
        # A 1 reaches exactly the spaces sharing a side (never through a point).
        assert {g.reach.names[j] for j in range(spaces) if g.reach.ends(i, 1, 0) >> j & 1} == \
            {board.name(u) for u in board.neighbours(t)}
        sharing_a_point = {u for u in board.triangles if len(set(t.corners) & set(u.corners)) == 1}
        assert not {board.name(u) for u in sharing_a_point} & {g.reach.names[j] for j in g.reach.neighbours[i]}


@pytest.mark.parametrize("setup", ALL_SETUPS, ids=lambda s: s.name)
def test_N2_every_piece_a_1_on_its_start_flower(setup) -> None:
    g = SinodaGame(setup)
    p = g.start_position()
    for seat in range(setup.players):
        flower = {setup.grid.name(t) for t in setup.start_flower(seat + 1)}
        assert {g.reach.names[s]: v for s, v in p.pieces(seat)} == dict.fromkeys(flower, 1)
    assert p.occupied.bit_count() == 6 * setup.players  # one piece a space
    assert p.points == (0,) * setup.players and p.turn == 0


def test_N3_first_player_by_seed_then_clockwise() -> None:
    g = game(4)
    firsts = Counter(g.initial_state(seed).to_move for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3} and min(firsts.values()) > 30
    assert g.initial_state(7) == g.initial_state(7)
    p = g.start_position(2)
    order = []
    for _ in range(5):
        order.append(p.to_move)
        p = successor(p, p.legal_actions()[0])
    assert order == [2, 3, 0, 1, 2]


def test_N4_a_turn_is_one_action_on_ones_own_piece() -> None:
    p = position("to move: 1; 1: A1=4 B5=1 | ; 2: A4=1 B9=1 |")
    assert named(p, p.legal_actions()) >= {"A1=3", "B5=2"}
    assert all(name.startswith(("A1", "B5")) for name in named(p, p.legal_actions()))
    with pytest.raises(IllegalAction, match="N4"):
        act(p, "A4", value=2)  # player 2's piece
    # A piece hemmed in everywhere can still be changed: a player always has a turn.
    boxed = position("to move: 1; 1: B1=1 | ; 2: B2=1 B18=2 A1=1 |")
    assert named(boxed, boxed.legal_actions()) == {"B1=2", "B1>B2", "B1>B18"}


def test_N5_change_by_one_without_wrapping() -> None:
    p = position("to move: 1; 1: A1=1 A3=2 A5=4 | ; 2: B9=1 B10=1 |")
    changes = {name for name in named(p, p.legal_actions()) if "=" in name}
    assert changes == {"A1=2", "A3=1", "A3=3", "A5=3"}  # 1 -> 4 and 4 -> 1 are not changes
    after = act(p, "A3", value=3)
    assert after.piece(p.game.reach.index_of["A3"]) == (0, 3) and after.occupied == p.occupied
    with pytest.raises(IllegalAction, match="N5"):
        act(p, "A1", value=4)


def test_N6_exact_distance_around_a_piece_like_the_rulebook() -> None:
    # The rulebook's example: a 2 beside a 1 must go the other way round; the space one
    # step away, the space three steps away and the space beyond the 1 are not moves.
    p = position("to move: 1; 1: B4=2 B5=1 | ; 2: B12=1 B13=1 |")
    assert {n for n in named(p, p.legal_actions()) if n.startswith("B4>")} == {"B4>B2"}
    for target in ("B3", "B1", "A2", "B6"):
        with pytest.raises(IllegalAction, match="N6"):
            act(p, "B4", to=target)


def test_N6_a_2_next_to_its_own_piece_never_moves_through_it() -> None:
    p = position("to move: 1; 1: A1=2 A2=1 B2=1 | ; 2: B9=1 B10=1 |")
    ends = {n.split(">")[1] for n in named(p, p.legal_actions()) if n.startswith("A1>")}
    assert ends == {"A5", "B17"}  # only through A6; A2 and B2 block the other ways
    assert ends == brute_force_ends(p, "A1")


def test_N6_no_re_entry_a_3_never_ends_where_it_started() -> None:
    # A1 sits on the inner ring's 6-cycle: a 3 could go round a triangle of spaces only by
    # entering A1 again, which the board does not even have (no 3-cycles); every board
    # space is tried on an empty board.
    for n, players in ((2, 2), (3, 3)):
        g = game(players)
        for space in range(g.reach.size):
            for value in (1, 2, 3, 4):
                assert not g.reach.ends(space, value, 0) >> space & 1
                for path in g.reach.paths(space, value):
                    assert len(set(path)) == value and space not in path


def test_N6_moves_are_distinct_by_where_they_end() -> None:
    # A 4 on A1 reaches B11 two ways round the inner ring (A2 A3 A4 or A6 A5 A4): one move.
    p = position("to move: 1; 1: A1=4 | ; 2: B9=1 B10=1 |")
    moves = [a for a in p.legal_actions() if named(p, [a]).pop().startswith("A1>")]
    ends = [named(p, [a]).pop() for a in moves]
    assert len(ends) == len(set(ends))
    paths_to = Counter(path[-1] for path in p.game.reach.paths(p.game.reach.index_of["A1"], 4))
    assert paths_to[p.game.reach.index_of["B11"]] == 2 and ends.count("A1>B11") == 1
    assert {e.split(">")[1] for e in ends} == brute_force_ends(p, "A1")


def test_N6_a_move_may_end_on_a_rival_never_on_its_own_side() -> None:
    p = position("to move: 1; 1: A1=1 A2=1 | ; 2: A6=3 B9=1 |")
    names = named(p, p.legal_actions())
    assert "A1>A6" in names and "A1>A2" not in names
    with pytest.raises(IllegalAction, match="N6"):
        act(p, "A1", to="A2")


def test_N7_a_capture_keeps_its_value_and_scores_it() -> None:
    p = position("to move: 1; 1: A1=1 A3=1 | captured 2; 2: A6=3 B9=1 B10=1 |")
    after = act(p, "A1", to="A6")
    assert after.discs == ((2, 3), ()) and after.scores() == (5, 0)
    assert after.piece(p.game.reach.index_of["A6"]) == (0, 1)
    assert after.masks[1].bit_count() == 2
    assert p.captures(after_action(p, "A1", "A6")) == (1, 3)


def after_action(p, piece: str, to: str) -> int:
    index = p.game.reach.index_of
    return move(index[piece], index[to])


def test_N8a_every_player_down_to_one_piece() -> None:
    p = position("to move: 1; 1: A1=1 | ; 2: A6=2 B9=1 |")
    after = act(p, "A1", to="A6")
    assert after.ended == "one-piece-each" and after.is_terminal() and after.to_act() is None


def test_N8b_a_player_loses_the_last_piece() -> None:
    p = position("to move: 1; 1: A1=1 A3=1 | ; 2: A6=2 |")
    after = act(p, "A1", to="A6")
    assert after.ended == "no-pieces-left" and after.legal_actions() == ()


def test_N8c_a_player_captures_six_pieces() -> None:
    p = position("to move: 1; 1: A1=1 A3=1 B9=1 | captured 1 1 1 1 1; 2: A6=1 B1=1 B4=1 | ; 3: B12=1 B13=1 B15=1 |",
                 players=3, board="small")
    after = act(p, "A1", to="A6")
    assert after.ended == "six-captured" and len(after.discs[0]) == 6


def test_N8_the_game_goes_on_otherwise() -> None:
    p = position("to move: 1; 1: A1=1 A3=1 | ; 2: A6=2 B9=1 B10=1 |")
    assert act(p, "A1", to="A6").ended is None


def test_N9_highest_score_then_most_pieces_then_shared() -> None:
    over = position("game over; 1: A1=1 A3=1 | captured 3; 2: | captured 2")
    assert over.winners() == (0,)  # 3 points beat 2
    tie = position("game over; turns played: 400; 1: A1=1 B8=1 | captured 1 3; 2: A4=1 | captured 4")
    assert tie.points == (4, 4) and tie.winners() == (0,)  # tied: most pieces on the board
    shared = position("game over; 1: A1=1 | captured 3; 2: A4=1 | captured 1 2")
    assert shared.winners() == (0, 1)
    assert position("to move: 1; 1: A1=1 A3=1 | ; 2: A6=2 B9=1 |").winners() == ()


def test_N10_the_rulebooks_win_by_sinoda() -> None:
    # Blue (player 1) has 9 points and three 1s on the board, Red 5 points: 5 + 3 < 9.
    text = "to move: 2; 1: A1=2 A3=1 B9=1 | captured 4 3 2; 2: B1=1 B2=2 | captured 3 2"
    before = position(text)
    assert before.ended is None  # 9 > 5 + 4 is false while the 2 stands
    after = act(before._replace(to_move=0), "A1", value=1)
    assert after.ended == "sinoda" and after.winners() == (0,)


def test_N10_is_a_knob_and_only_for_two_players() -> None:
    text = "to move: 1; 1: A1=2 A3=1 B9=1 | captured 4 3 2; 2: B1=1 B2=2 | captured 3 2"
    p = position(text, win_by_sinoda=False)
    assert act(p, "A1", value=1).ended is None
    three = position(text + "; 3: B13=1 B15=1 |", players=3, board="small")
    assert act(three, "A1", value=1).ended is None  # three players: no win by Sinoda


def test_N11_teammates_never_land_on_each_other_and_block_paths() -> None:
    # 4 players, teams 1+3 and 2+4 (seats 0+2, 1+3).
    text = "to move: 1; 1: A1=1 A4=2 | ; 2: B3=1 B4=1 | ; 3: A2=1 A6=1 | ; 4: B9=1 B13=1 |"
    p = position(text, players=4, teams=2)
    names = named(p, p.legal_actions())
    assert "A1>A2" not in names and "A1>A6" not in names  # a teammate's pieces
    assert "A1>B2" in names
    assert brute_force_ends(p, "A4") == {n.split(">")[1] for n in names if n.startswith("A4>")}
    with pytest.raises(IllegalAction, match="teammate"):
        act(p, "A1", to="A2")
    over = position("game over; 1: A1=1 | captured 4; 2: B3=1 | captured 1; 3: A2=1 | ; 4: B9=1 |",
                    players=4, teams=2)
    assert over.leaders() == (0,) and over.winners() == (0, 2)  # the winner's team wins


def test_N11_team_scores_are_never_added() -> None:
    over = position("game over; 1: A1=1 | captured 2; 2: B3=1 | captured 3; 3: A2=1 | captured 2; 4: B9=1 |",
                    players=4, teams=2)
    assert over.winners() == (1, 3)  # 2 + 2 for seats 0 and 2 do not beat 3


def test_N12_the_game_stops_after_max_turns() -> None:
    p = game(2, max_turns=5).start_position()
    for _ in range(5):
        assert p.ended is None
        p = successor(p, p.legal_actions()[0])
    assert p.ended == "max-turns" and p.turn == 5 and p.is_terminal()


def test_apply_refuses_what_is_not_legal_naming_the_rule() -> None:
    p = game(2).start_position()
    assert successor(p, p.legal_actions()[0]) == p.apply(p.legal_actions()[0])
    with pytest.raises(IllegalAction, match="not a Sinoda action"):
        p.apply("B3")
    over = position("game over; 1: A1=1 | captured 3; 2: | captured 2")
    with pytest.raises(IllegalAction, match="over"):
        over.apply(change(0, 2))


def test_positions_are_immutable_values() -> None:
    p = game(2).start_position()
    q = successor(p, p.legal_actions()[0])
    assert p == game(2).start_position() and q != p
    with pytest.raises(AttributeError):
        p.turn = 3  # type: ignore[misc]
