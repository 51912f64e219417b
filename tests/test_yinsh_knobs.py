"""printkit.yinsh.knobs: the Y12 knobs and what --blitz makes of a spec's (Y7)."""

from __future__ import annotations

from printkit.yinsh.knobs import BLITZ, Knobs, with_blitz


def test_blitz_sets_rows_to_win_over_a_spec_s_knobs_and_keeps_the_rest() -> None:
    spec = Knobs(rows_to_win=2, max_moves=40)
    assert with_blitz(spec, True) == Knobs(rows_to_win=1, max_moves=40)
    assert with_blitz(spec, True).blitz
    assert with_blitz(Knobs(), True) == BLITZ


def test_without_blitz_a_spec_s_knobs_are_played_as_they_are() -> None:
    spec = Knobs(rows_to_win=2, max_moves=40)
    assert with_blitz(spec, False) is spec
