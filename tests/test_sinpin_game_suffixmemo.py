"""SuffixMemo: a remembered suffix is offered only on maps with the same webs and chests on
its footprint, and memory stays within two generations of MEMO_BUDGET entries."""

from __future__ import annotations

import random
from types import SimpleNamespace

from test_sinpin_game_outcomes import variant

from printkit.sinpin.game import suffixmemo
from printkit.sinpin.game.outcomes import GameMoves
from printkit.sinpin.level import Level
from printkit.sinpin.game.suffixmemo import SuffixMemo


def board(webs: int = 0, chests: int = 0) -> SimpleNamespace:
    return SimpleNamespace(webs=webs, chests=chests)  # all SuffixMemo reads of a map


def test_an_entry_serves_only_maps_with_the_same_webs_and_chests_on_its_footprint() -> None:
    memo = SuffixMemo()
    memo.put("state", board(webs=0b0001, chests=0b1000), "worked out", footprint=0b0011)
    assert memo.get("state", board(webs=0b0001, chests=0b1000)) == "worked out"
    assert memo.get("state", board(webs=0b0101, chests=0b0000)) == "worked out"  # differences off the footprint
    assert memo.get("state", board(webs=0b0011)) is None  # a web more on it
    assert memo.get("state", board(webs=0b0000)) is None  # a web fewer on it
    assert memo.get("state", board(webs=0b0001, chests=0b0010)) is None  # a chest on it
    assert memo.get("other state", board(webs=0b0001)) is None


def test_variants_of_one_state_live_side_by_side() -> None:
    memo = SuffixMemo()
    memo.put("state", board(webs=0b01), "with the web", footprint=0b11)
    memo.put("state", board(webs=0b00), "without", footprint=0b111)
    assert memo.get("state", board(webs=0b01)) == "with the web"
    assert memo.get("state", board(webs=0b00)) == "without"


def test_a_state_keeps_at_most_max_footprints_the_oldest_going_first(monkeypatch) -> None:
    monkeypatch.setattr(suffixmemo, "MAX_FOOTPRINTS", 2)
    memo = SuffixMemo()
    for bit in range(3):
        memo.put("state", board(), f"footprint {bit}", footprint=1 << bit)
    assert memo.get("state", board()) == "footprint 1"  # footprint 0 went
    assert len(memo.entries["state"]) == 2


def test_a_full_generation_becomes_the_older_one_and_what_is_asked_again_moves_up(monkeypatch) -> None:
    monkeypatch.setattr(suffixmemo, "MEMO_BUDGET", 2)
    memo = SuffixMemo()
    for name in ("a", "b", "c"):
        memo.put(name, board(), name, footprint=1)
    assert memo.entries == {} and set(memo.older) == {"a", "b", "c"}
    assert memo.get("a", board()) == "a"  # from the older generation, now in the newer one
    assert set(memo.entries) == {"a"} and "a" not in memo.older
    memo.put("d", board(), "d", footprint=1)
    memo.put("e", board(), "e", footprint=1)  # the newer one is full again: b and c are dropped
    assert set(memo.older) == {"a", "d", "e"} and memo.get("b", board()) is None


def test_what_is_remembered_stays_within_its_budget(monkeypatch) -> None:
    monkeypatch.setattr(suffixmemo, "MEMO_BUDGET", 40)
    rng = random.Random(7)
    level = Level(("########", "#..*...#", "#.#..h.#", "#..?.#.#", "#......#", "########"))
    moves = GameMoves(level)
    starts = [(x, y) for x, y, tile in level.cells() if not tile.solid]
    for _ in range(400):
        rows = variant(level, rng)
        moves.outcomes(rows, rng.choice(starts), rng.randint(1, 6), 3, moves.item_masks(rows))
    memo = moves._memo

    def entries(generation: dict) -> int:
        return sum(len(variants) for footprints in generation.values() for variants in footprints.values())
    # A generation holds its budget and what one state brought along when it moved up.
    assert 0 < entries(memo.entries) <= 2 * 40 and 0 < entries(memo.older) <= 2 * 40
