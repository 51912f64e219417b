"""The bit tables the engine looks up, against the board's geometry."""

from __future__ import annotations

from printkit.yinsh import bits
from printkit.yinsh.bits import BETWEEN, BY_NAME, INDICES, NAME, RAYS, has_row, index_of, point_of, rows_in
from printkit.yinsh.board import POINTS, neighbours, point


def _mask(*names: str) -> int:
    return sum(1 << BY_NAME[name] for name in names)


def test_indices_name_every_point_once() -> None:
    assert len(INDICES) == 85 and len(set(INDICES)) == 85
    assert (BY_NAME["a2"], BY_NAME["f6"], BY_NAME["k10"]) == (2, 66, 130)
    for p in POINTS:
        assert point_of(index_of(p)) == p and NAME[index_of(p)] == p.name
    assert not bits.on_board(0) and not bits.on_board(12) and not bits.on_board(-1)


def test_rays_follow_the_three_lines_both_ways() -> None:
    for i in INDICES:
        firsts = {point_of(ray[0][0]) for ray in RAYS[i]}
        assert firsts == set(neighbours(point_of(i)))  # (+1, −1) is never a step
    assert [len(ray) for ray in RAYS[BY_NAME["f6"]]] == [4] * 6
    assert len(RAYS[BY_NAME["a2"]]) == 3


def test_between() -> None:
    assert BETWEEN[BY_NAME["a2"] << 8 | BY_NAME["a5"]] == _mask("a3", "a4")
    assert BETWEEN[BY_NAME["e5"] << 8 | BY_NAME["i9"]] == _mask("f6", "g7", "h8")
    assert BETWEEN[BY_NAME["e5"] << 8 | BY_NAME["e6"]] == 0
    assert (BY_NAME["a2"] << 8 | BY_NAME["b4"]) not in BETWEEN  # not on a line


def test_rows_of_five() -> None:
    six = _mask("a4", "b4", "c4", "d4", "e4", "f4")
    assert [(NAME[a], NAME[b]) for a, b, _ in rows_in(six)] == [("a4", "e4"), ("b4", "f4")]
    assert not has_row(_mask("a4", "b4", "c4", "d4")) and has_row(_mask("d2", "d3", "d4", "d5", "d6"))
    # Padding keeps lines apart: c8 and d1 are neighbours as slots, never on one line.
    assert not has_row(_mask("c6", "c7", "c8", "d1", "d2"))
    assert [(NAME[a], NAME[b]) for a, b, _ in rows_in(_mask("f6", "g7", "h8", "i9", "j10"))] == [("f6", "j10")]
    assert point("e3") == point_of(BY_NAME["e3"])
