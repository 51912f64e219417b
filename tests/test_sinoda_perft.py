"""Perft counts (printkit/sinoda/perft.py): golden files to depth 3 from each start (the
first seat to move), and small counts worked out by hand.

Set PRINTKIT_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change to the
move generator, and say in the commit which rule changed and why."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from printkit.sinoda.board import ALL_SETUPS
from printkit.sinoda.game import SinodaGame
from printkit.sinoda.perft import perft
from printkit.sinoda.position import successor

from sinodahelp import game, position

GOLDEN = Path(__file__).parent / "data" / "sinoda"
UPDATE = os.environ.get("PRINTKIT_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("setup", ALL_SETUPS, ids=lambda s: s.name)
def test_perft_to_depth_3_from_the_start_is_golden(setup) -> None:
    counts = perft(SinodaGame(setup).start_position(0), 3)
    text = "".join(f"{count}\n" for count in counts)
    golden = GOLDEN / f"perft-{setup.name}.txt"
    if UPDATE:
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"no golden perft {golden.name}; run with PRINTKIT_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


def test_perft_of_the_two_player_start_by_hand() -> None:
    # Each side has 10 actions at the start (test_sinoda_reach), and the flowers are too far
    # apart for one action to change what the other side can do: 10, then 10 × 10.
    counts = perft(game(2).start_position(0), 2)
    assert counts == [10, 100]


def test_perft_stops_at_the_end_of_a_game() -> None:
    # Player 1's capture of the lone 4 ends the game (N8b): no turns are counted after it.
    p = position("to move: 1; 1: A1=1 B9=1 | ; 2: A6=4 |")
    actions = p.legal_actions()
    assert len(actions) == 7  # A1: =2, >A2, >A6 (the capture), >B2; B9: =2, >B8, >B10
    children = [successor(p, a) for a in actions]
    assert [c.ended for c in children].count("no-pieces-left") == 1
    counts = perft(p, 2)
    assert counts == [7, sum(len(c.legal_actions()) for c in children)]
    assert all(len(c.legal_actions()) > 0 for c in children if c.ended is None)
    assert perft(p, 0) == [] and perft(children[2], 3) == [0, 0, 0]
