"""Every YINSH rule Y1–Y12 on a small position, named by its id."""

from __future__ import annotations

import pytest

from printkit.games.protocol import IllegalAction
from printkit.yinsh.actions import BLACK, MOVE, PASS, PLACE, REMOVE, WHITE, parse_action
from printkit.yinsh.bits import BY_NAME, INDICES, has_row
from printkit.yinsh.knobs import BLITZ, KnobError, Knobs, knobs_from
from printkit.yinsh.notation import game_text, read_game
from printkit.yinsh.position import PositionError
from printkit.yinsh.state import initial_state
from yinshcase import destinations, names, play, position, texts, walled

# Rings kept out of the way: none is on a line through a point the tests look at.
WHITE_FAR = "k7 k8 k9 k10"
BLACK_FAR = "g11 h11 i11 j11"


def test_Y1_a_point_holds_one_piece_and_markers_are_never_lost() -> None:
    state = play(initial_state(), "e5")
    with pytest.raises(IllegalAction, match="Y1: e5: the point holds a white ring"):
        state.apply(parse_action("e5"))
    with pytest.raises(PositionError, match="Y1: e5 is already"):
        position("white rings: e5; black markers: e5")
    state = position(f"white rings: e5 {WHITE_FAR}; black rings: e3 a2 a3 a4 b1; white markers: e7; black markers: e8")
    assert state.pool == 49
    after = play(state, "e5-e9")
    assert after.pool == 48 and after.markers.bit_count() + after.pool == 51


def test_Y2_an_empty_board_then_ten_placements_white_first() -> None:
    state = initial_state()
    assert state.phase == PLACE and state.colour == WHITE and len(state.legal_actions()) == 85
    placed = ["e5", "f6", "e4", "f7", "d4", "g7", "c4", "h7", "b4", "i7"]
    for count, point in enumerate(placed):
        assert state.colour == count % 2 and state.phase == PLACE
        assert len(state.legal_actions()) == 85 - count
        with pytest.raises(IllegalAction, match="Y2"):
            state.apply(("move", BY_NAME["e5"], BY_NAME["e6"]))
        state = play(state, point)
    assert state.phase == MOVE and state.colour == WHITE and state.markers == 0 and state.pool == 51
    assert names(state.rings[WHITE]) == set(placed[0::2]) and names(state.rings[BLACK]) == set(placed[1::2])
    assert initial_state(BLITZ).legal_actions() == initial_state().legal_actions()  # blitz starts the same
    with pytest.raises(IllegalAction, match="Y2"):
        state.apply(parse_action("a2"))


# A ring on e5 with markers around (WHITE_FAR and the black rings are off its lines):
#   up e6 . e7 w e8 b e9 .  -> e6, and e9 right behind the run; never e10
#   down e4 . e3 black ring -> e4 only
#   along 5: f5 w g5 .      -> g5 only (it cannot stop on f5, nor go on past g5)
#   back along 5: d5 c5 b5 a5 all vacant -> all four
#   diagonal up: f6 . g7 w h8 b i9 . -> f6 and i9
#   diagonal down: d4 b c3 . -> c3 only
Y3_POSITION = (f"white rings: e5 {WHITE_FAR}; black rings: e3 a2 a3 a4 b1;"
               "white markers: e7 f5 g7; black markers: e8 h8 d4; to move: white")


def test_Y3_a_ring_passes_vacant_points_then_one_run_of_markers_and_stops_behind_it() -> None:
    state = position(Y3_POSITION)
    assert destinations(state, "e5") == {"e6", "e9", "e4", "g5", "d5", "c5", "b5", "a5", "f6", "i9", "c3"}
    for illegal, reason in [("e5-e10", "first vacant point behind them"), ("e5-e2", "never passes over a ring"),
                            ("e5-f5", "vacant point"), ("e5-h5", "first vacant point behind them"),
                            ("e5-d6", "along a line"), ("e3-e4", "not a white ring")]:
        with pytest.raises(IllegalAction, match=f"Y3: {illegal}: .*{reason}"):
            state.apply(parse_action(illegal))
    # After the placements: the number of moves is the sum over the mover's rings.
    assert len(state.legal_actions()) == sum(len(destinations(state, r)) for r in ("e5", "k7", "k8", "k9", "k10"))


def test_Y3_the_marker_stays_where_the_ring_was() -> None:
    after = play(position(Y3_POSITION), "e5-d5")
    assert "e5" in names(after.markers_of(WHITE)) and "d5" in names(after.rings[WHITE])
    assert "e5" not in names(after.rings[WHITE])


def test_Y4_every_marker_passed_flips_and_no_other() -> None:
    state = position(Y3_POSITION)
    after = play(state, "e5-e9")
    assert names(after.markers_of(WHITE)) == {"e5", "e8", "f5", "g7"}  # e7 to black, e8 to white
    assert names(after.markers_of(BLACK)) == {"e7", "h8", "d4"}
    diagonal = play(state, "e5-i9")  # over f6 (vacant), g7 and h8
    assert names(diagonal.markers_of(WHITE)) == {"e5", "e7", "f5", "h8"}
    plain = play(state, "e5-a5")  # only vacant points: nothing flips, the new marker is white
    assert plain.white == state.white | 1 << BY_NAME["e5"] and plain.markers == state.markers | 1 << BY_NAME["e5"]


def test_Y5_a_run_of_six_gives_two_rows_to_choose_from() -> None:
    state = position(f"white rings: d4 {WHITE_FAR}; black rings: a2 {BLACK_FAR}; white markers: a4 b4 c4 e4 f4")
    after = play(state, "d4-d5")
    assert after.phase == REMOVE and after.colour == WHITE
    rows = {text.split(" r ")[0] for text in texts(after)}
    assert rows == {"x a4-e4", "x b4-f4"} and len(texts(after)) == 2 * 5  # each with any of 5 rings
    done = play(after, "x a4-e4 r k9")
    assert done.phase == MOVE and done.colour == BLACK and done.off == (1, 0)
    assert names(done.markers) == {"f4"} and names(done.rings[WHITE]) == {"d5", "k7", "k8", "k10"}
    assert done.pool == 51 - 1


def test_Y5_crossing_rows_give_two_choices_and_cost_one_ring() -> None:
    state = position(f"white rings: d4 {WHITE_FAR}; black rings: a2 {BLACK_FAR};"
                     "white markers: b4 c4 e4 f4 d2 d3 d5 d6")
    after = play(state, "d4-e5")
    assert {text.split(" r ")[0] for text in texts(after)} == {"x b4-f4", "x d2-d6"}
    done = play(after, "x d6-d2 r k7")  # a row's ends in either order
    assert done.phase == MOVE and done.colour == BLACK and done.off == (1, 0)  # b4-f4 is broken at d4
    assert not has_row(done.markers_of(WHITE))


def test_Y5_two_rows_that_share_no_marker_cost_two_rings() -> None:
    # d4-d6 puts a white marker on d4 (row b4-f4) and flips d5 to white (row b5-f5).
    state = position(f"white rings: d4 {WHITE_FAR}; black rings: a2 {BLACK_FAR};"
                     "white markers: b4 c4 e4 f4 b5 c5 e5 f5; black markers: d5")
    after = play(state, "d4-d6")
    assert {text.split(" r ")[0] for text in texts(after)} == {"x b4-f4", "x b5-f5"}
    second = play(after, "x b5-f5 r k7")
    assert second.phase == REMOVE and second.colour == WHITE
    assert texts(second) == [f"x b4-f4 r {ring}" for ring in ("d6", "k8", "k9", "k10")]
    done = play(second, "x b4-f4 r d6")
    assert done.phase == MOVE and done.colour == BLACK and done.off == (2, 0) and done.markers == 0


def test_Y5_the_ring_taken_off_is_the_players_choice_and_their_own() -> None:
    after = play(position(f"white rings: d4 {WHITE_FAR}; black rings: a2 {BLACK_FAR}; white markers: a4 b4 c4 e4"),
                 "d4-d5")
    assert texts(after) == [f"x a4-e4 r {ring}" for ring in ("d5", "k7", "k8", "k9", "k10")]
    with pytest.raises(IllegalAction, match="Y5: .*a2 holds a black ring"):
        after.apply(parse_action("x a4-e4 r a2"))
    with pytest.raises(IllegalAction, match="Y5: .*must first take a row"):
        after.apply(parse_action("k7-j7"))


# d3-d5 jumps d4 (white, flipped to black: the black row b4-f4) and leaves a white marker
# on d3 (the white row a3-e3).
BOTH_ROWS = (f"white rings: d3 {WHITE_FAR}; black rings: a2 {BLACK_FAR};"
             "white markers: a3 b3 c3 e3 d4; black markers: b4 c4 e4 f4")


def test_Y6_the_opponent_takes_off_the_row_made_for_them_before_their_move() -> None:
    state = position(BOTH_ROWS)
    mine = play(state, "d3-d5")
    assert mine.phase == REMOVE and mine.colour == WHITE  # the mover's row first (Y5)
    theirs = play(mine, "x a3-e3 r k7")
    assert theirs.phase == REMOVE and theirs.colour == BLACK  # then the opponent's, at once
    assert texts(theirs) == [f"x b4-f4 r {ring}" for ring in ("a2", "g11", "h11", "i11", "j11")]
    with pytest.raises(IllegalAction, match="Y6"):
        theirs.apply(parse_action("a2-b2"))
    moved = play(theirs, "x b4-f4 r g11")
    assert moved.phase == MOVE and moved.colour == BLACK and moved.off == (1, 1)


def test_Y6_a_row_made_only_for_the_opponent() -> None:
    state = position(f"white rings: d3 {WHITE_FAR}; black rings: a2 {BLACK_FAR};"
                     "white markers: d4; black markers: b4 c4 e4 f4")
    after = play(state, "d3-d5")
    assert after.phase == REMOVE and after.colour == BLACK and after.mover == WHITE
    done = play(after, "x b4-f4 r a2")
    assert done.phase == MOVE and done.colour == BLACK and done.off == (0, 1)


def test_Y7_three_rings_off_win_at_once() -> None:
    state = position("white rings: d4 k7 k8; black rings: a2 g11 h11; white markers: a4 b4 c4 e4;"
                     "white off: 2; black off: 2")
    over = play(state, "d4-d5", "x a4-e4 r k8")
    assert over.is_terminal() and over.ended == "rings" and over.winner_colours == (WHITE,)
    assert over.winners() == (0,) and over.scores() == (3.0, 2.0) and over.to_act() is None
    assert over.legal_actions() == ()
    with pytest.raises(IllegalAction, match="Y7: .*over"):
        over.apply(parse_action("k7-j7"))


def test_Y7_when_both_last_rows_are_made_the_mover_wins() -> None:
    state = position(BOTH_ROWS.replace(f"{WHITE_FAR};", "k7 k8;").replace(f"{BLACK_FAR};", "g11 h11;")
                     + "; white off: 2; black off: 2")
    over = play(state, "d3-d5", "x a3-e3 r k7")
    assert over.ended == "rings" and over.winner_colours == (WHITE,)  # black's row is never taken


def test_Y7_blitz_one_row_wins() -> None:
    state = position(f"white rings: d4 {WHITE_FAR}; black rings: a2 {BLACK_FAR}; white markers: a4 b4 c4 e4",
                     rows_to_win=1)
    assert play(state, "d4-d5", "x a4-e4 r k7").winner_colours == (WHITE,)


def _full_board(white_off: int, black_off: int) -> str:
    """Rings (rows_to_win 5: one a colour, two after only three rows) and 50 markers in no
    row, with a2-a3 still a move: the 51st marker goes on a2. A marker's colour follows
    (letter + 2·number) mod 4: along every line it changes at least every second point."""
    keep_free = {"a2", "a3", "a4", "k10", "k9"}
    free = [i for i in INDICES if _name(i) not in keep_free]
    markers = free[:50]
    white = [m for m in markers if (m // 12 + 2 * (m % 12)) % 4 < 2]
    black = [m for m in markers if m not in white]
    white_rings = "a2" + " a4" * (white_off == 3)
    black_rings = "k10" + " k9" * (black_off == 3)
    return (f"white rings: {white_rings}; black rings: {black_rings}; white off: {white_off}; black off: {black_off};"
            f"white markers: {' '.join(map(_name, white))}; black markers: {' '.join(map(_name, black))}")


def _name(index: int) -> str:
    from printkit.yinsh.bits import NAME

    return NAME[index]


@pytest.mark.parametrize(("off", "winners"), [((4, 3), (WHITE,)), ((3, 4), (BLACK,)), ((4, 4), ())])
def test_Y8_markers_running_out_end_the_game_more_rings_win(off: tuple[int, int], winners: tuple) -> None:
    state = position(_full_board(*off) + "; to move: white", rows_to_win=5)
    assert state.pool == 1 and state.phase == MOVE
    over = play(state, "a2-a3")
    assert over.pool == 0 and over.is_terminal() and over.ended == "markers_out"
    assert over.winner_colours == winners


def test_Y8_a_typed_position_with_the_pool_empty_is_over() -> None:
    state = play(position(_full_board(4, 4) + "; to move: white", rows_to_win=5), "a2-a3")
    from printkit.yinsh.position import position_text

    typed = position(position_text(state).replace("# the game is over (markers_out)", "to move: black"), rows_to_win=5)
    assert typed.ended == "markers_out"


def test_Y9_a_player_who_cannot_move_passes() -> None:
    state = walled(leave_out="k7")  # black's ring can go to k7
    assert state.legal_actions() == (PASS,)
    after = state.apply(PASS)
    assert after.phase == MOVE and after.colour == BLACK and after.passed and "k10-k7" in texts(after)
    assert after.moves == state.moves  # a pass is not a move (Y10)
    back = play(after, "k10-k7")
    assert back.legal_actions() == (PASS,) and not back.passed


@pytest.mark.parametrize(("black_off", "winners"), [(4, ()), (3, (WHITE,))])
def test_Y9_when_both_players_cannot_move_the_game_ends_as_Y8(black_off: int, winners: tuple) -> None:
    state = walled(black_off=black_off)
    assert state.legal_actions() == (PASS,)
    over = state.apply(PASS)
    assert over.ended == "no_move" and over.winner_colours == winners


def test_Y9_pass_only_when_no_ring_can_move() -> None:
    with pytest.raises(IllegalAction, match="Y9"):
        position(Y3_POSITION).apply(PASS)


def test_Y10_the_bound_is_a_draw() -> None:
    start = initial_state(Knobs(max_moves=2))
    state = play(start, "e5", "f6", "e4", "f7", "d4", "g7", "c4", "h7", "b4", "i7", "e5-e6")
    assert state.phase == MOVE
    over = play(state, "f6-f5")
    assert over.ended == "bound" and over.winner_colours == () and over.moves == 2


def test_Y11_gipf_notation_reads_back() -> None:
    state = position(BOTH_ROWS)
    actions = ["d3-d5", "x a3-e3 r k7", "x b4-f4 r g11"]
    after = play(state, *actions)
    assert [parse_action(a) for a in actions] == [("move", BY_NAME["d3"], BY_NAME["d5"]),
                                                  ("remove", BY_NAME["a3"], BY_NAME["e3"], BY_NAME["k7"]),
                                                  ("remove", BY_NAME["b4"], BY_NAME["f4"], BY_NAME["g11"])]
    assert after.colour == BLACK
    opening = ["e5", "f6", "e4", "f7", "d4", "g7", "c4", "h7", "b4", "i7", "e5-e6"]
    states = [initial_state()]
    for text in opening:
        states.append(play(states[-1], text))
    text = game_text(states, [parse_action(a) for a in opening])
    assert "11. e5-e6" in text and read_game(text).final == states[-1]


def test_Y12_knobs_unknown_ones_are_errors() -> None:
    assert Knobs() == Knobs(rows_to_win=3, max_moves=300) and BLITZ.blitz
    assert knobs_from({"rows_to_win": 1}) == BLITZ
    with pytest.raises(KnobError, match="Y12: unknown rule knob 'rows_to_winn'"):
        knobs_from({"rows_to_winn": 1})
    with pytest.raises(KnobError, match="Y12: .*from 1 to 5"):
        knobs_from({"rows_to_win": 6})
    with pytest.raises(KnobError, match="Y12"):
        knobs_from({"max_moves": "many"})
    with pytest.raises(AttributeError):
        Knobs().rows_to_win = 1  # type: ignore[misc]
