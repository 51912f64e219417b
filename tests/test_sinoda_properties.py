"""Properties of whole Sinoda games (hypothesis): dice are never lost, scores only grow,
every move obeys N6, and every game ends within max_turns (N12)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.sinoda.position import successor
from printkit.sinoda.rules import PIECES
from printkit.sinoda.simulate import make_bot

from sinodahelp import brute_force_ends, game, listed

SETUPS = [(2, None, None), (3, None, None), (3, "small", None), (4, None, None), (4, None, 2),
          (6, None, None), (6, None, 2), (6, None, 3)]


@settings(max_examples=12, deadline=None)
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32), bot=st.sampled_from(["random", "greedy"]),
       max_turns=st.integers(1, 400), check_every=st.integers(3, 9))
def test_whole_games(setup, seed, bot, max_turns, check_every) -> None:
    g = game(*setup, max_turns=max_turns)
    bots = [make_bot(bot, seed + s) for s in range(g.seats)]
    p = g.initial_state(seed)
    names = g.reach.names
    while not p.is_terminal():
        # N2, N7: every die is on the board or on a capture disc.
        assert p.occupied.bit_count() + sum(len(d) for d in p.discs) == PIECES * g.seats
        actions = p.legal_actions()
        assert len(set(actions)) == len(actions) > 0  # N4: always a turn, each action once
        if p.turn % check_every == 0:  # N6 against a brute-force walk, for every piece
            words = listed(p, actions)
            for space, _ in p.pieces(p.to_move):
                ends = {w.split(">")[1] for w in words if w.startswith(f"{names[space]}>")}
                assert ends == brute_force_ends(p, names[space])
        after = successor(p, actions[bots[p.to_move].choose(p, actions)])
        assert all(b >= a for a, b in zip(p.points, after.points))  # scores only grow (N7)
        assert all(d[:len(c)] == c for c, d in zip(p.discs, after.discs))  # captures stay
        p = after
    assert p.occupied.bit_count() + sum(len(d) for d in p.discs) == PIECES * g.seats
    assert p.turn <= max_turns and p.ended is not None  # N12 bounds every game
    assert p.winners()
