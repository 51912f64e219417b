"""The successor function against a plain reference written from the rules on the board's
geometry, the invariants of play (hypothesis), and the board's twelve symmetries."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.protocol import GameRules, GameState
from printkit.yinsh.actions import BLACK, MOVE, PLACE, REMOVE, WHITE
from printkit.yinsh.bits import INDICES, NAME, SYMMETRIES, index_of, map_mask, point_of
from printkit.yinsh.board import DIRECTIONS, LINES, POINTS, Point
from printkit.yinsh.game import YinshGame
from printkit.yinsh.knobs import MARKERS
from printkit.yinsh.state import State, initial_state, make_state

ON_BOARD = set(POINTS)
STEPS = [(dx * sign, dy * sign) for dx, dy in DIRECTIONS.values() for sign in (1, -1)]


def _pieces(state: State) -> dict[Point, str]:
    """Each occupied point: 'R0'/'R1' (a ring of a colour) or 'M0'/'M1' (a marker showing a colour)."""
    found = {}
    for i in INDICES:
        for colour in (WHITE, BLACK):
            if state.rings[colour] >> i & 1:
                found[point_of(i)] = f"R{colour}"
        if state.markers >> i & 1:
            found[point_of(i)] = "M0" if state.white >> i & 1 else "M1"
    return found


def reference_moves(state: State) -> dict[tuple[str, str], set[str]]:
    """Y3–Y4 read plainly: each (from, to) of the colour to move and the markers it passes."""
    pieces = _pieces(state)
    found = {}
    for start, piece in pieces.items():
        if piece != f"R{state.colour}":
            continue
        for step in STEPS:
            passed: list[Point] = []
            at = start.step(step)
            while at in ON_BOARD and not pieces.get(at, "").startswith("R"):
                if pieces.get(at, "").startswith("M"):
                    passed.append(at)
                else:
                    found[(start.name, at.name)] = {p.name for p in passed}
                    if passed:
                        break
                at = at.step(step)
    return found


def reference_rows(state: State, colour: int) -> set[tuple[str, str]]:
    """Y5 read plainly: every five adjacent markers of `colour` on one of the 33 lines."""
    pieces = _pieces(state)
    rows = set()
    for line in LINES:
        for k in range(len(line.points) - 4):
            five = line.points[k:k + 5]
            if all(pieces.get(p) == f"M{colour}" for p in five):
                rows.add((five[0].name, five[-1].name))
    return rows


def random_game(seed: int, limit: int = 200) -> list[State]:
    rng = random.Random(seed)
    states = [initial_state()]
    while not states[-1].is_terminal() and len(states) < limit:
        actions = states[-1].legal_actions()
        states.append(states[-1].apply(actions[rng.randrange(len(actions))]))
    return states


@pytest.fixture(scope="module")
def played() -> list[State]:
    """Positions of a few random games (every phase, rows for both colours)."""
    return [state for seed in range(6) for state in random_game(seed)]


def test_moves_and_rows_agree_with_the_reference(played: list[State]) -> None:
    phases = set()
    for state in played:
        phases.add(state.phase)
        if state.phase == MOVE:
            moves = {(NAME[a[1]], NAME[a[2]]) for a in state.legal_actions() if a[0] == "move"}
            assert moves == set(reference_moves(state))
            assert (state.legal_actions() == (("pass",),)) == (not moves)  # Y9
        if state.phase == REMOVE:
            rows = {(NAME[a[1]], NAME[a[2]]) for a in state.legal_actions()}
            assert rows == reference_rows(state, state.colour)
        elif state.phase == MOVE:
            assert not reference_rows(state, WHITE) and not reference_rows(state, BLACK)  # all resolved (Y5)
    assert phases >= {PLACE, MOVE, REMOVE}


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_invariants_of_play(seed: int) -> None:
    """Markers on board + pool = 51 with the pool counted here, not by the engine; rings on
    board + taken off = 5 a colour; a move flips exactly the markers it passed (Y4)."""
    states = random_game(seed)
    pool = MARKERS
    for before, after in zip(states, states[1:]):
        action = next(a for a in before.legal_actions() if before.after(a) == after)
        if action[0] == "move":
            pool -= 1
            start, end = point_of(action[1]), point_of(action[2])
            flips = reference_moves(before)[(start.name, end.name)]
            changed = {NAME[i] for i in INDICES if (before.white ^ after.white) >> i & 1} - {start.name}
            assert changed == flips
            assert after.markers == before.markers | 1 << action[1]
        elif action[0] == "remove":
            pool += 5
        assert after.markers.bit_count() + pool == MARKERS and after.pool == pool
        for colour in (WHITE, BLACK):
            on_board = after.rings[colour].bit_count()
            if after.phase == PLACE:
                assert on_board <= 5 and after.off[colour] == 0
            else:
                assert on_board + after.off[colour] == 5
        assert not after.rings[WHITE] & after.rings[BLACK] and not (after.rings[0] | after.rings[1]) & after.markers


def _mirrored(state: State, table: dict[int, int]) -> State:
    return make_state((map_mask(state.rings[0], table), map_mask(state.rings[1], table)),
                      map_mask(state.markers, table), map_mask(state.white, table), state.off, state.colour,
                      state.phase, mover=state.mover, moves=state.moves, passed=state.passed, knobs=state.knobs)


def _mapped_action(action: tuple, table: dict[int, int]) -> tuple:
    if action[0] == "remove":
        first, last = sorted((table[action[1]], table[action[2]]))
        return ("remove", first, last, table[action[3]])
    return (action[0], *(table[i] for i in action[1:]))


def test_the_twelve_symmetries_are_distinct_and_keep_lines() -> None:
    assert len({tuple(sorted(t.items())) for t in SYMMETRIES}) == 12
    segments = {frozenset(index_of(p) for p in line.points) for line in LINES}
    for table in SYMMETRIES:
        assert sorted(table.values()) == sorted(INDICES)
        assert {frozenset(table[i] for i in segment) for segment in segments} == segments


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=11))
def test_symmetries_leave_legal_actions_unchanged(seed: int, which: int) -> None:
    table = SYMMETRIES[which]
    states = random_game(seed)
    for state in states[:: max(1, len(states) // 12)]:
        image = _mirrored(state, table)
        assert len(image.legal_actions()) == len(state.legal_actions())
        assert set(image.legal_actions()) == {_mapped_action(a, table) for a in state.legal_actions()}


def test_the_protocol() -> None:
    game = YinshGame()
    assert isinstance(game, GameRules)
    state = game.initial_state(3)
    assert isinstance(state, GameState)
    assert state.to_act() == state.white_seat and state.scores() == (0.0, 0.0) and not state.winners()
    assert game.initial_state(3) == state and hash(game.initial_state(3)) == hash(state)
    after = state.apply(state.legal_actions()[0])
    assert after != state and state.rings == (0, 0)  # the old state is unchanged
    assert {YinshGame().initial_state(seed).white_seat for seed in range(20)} == {0, 1}
    assert YinshGame(white_seat=1).initial_state(0).to_act() == 1
