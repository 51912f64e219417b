"""Counted nouns read right for every number (issue 12 item 7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from printkit.wording import counted, listed, plural


def test_one_is_singular_everything_else_plural():
    assert counted(1, "card") == "1 card" and counted(2, "card") == "2 cards" and counted(0, "card") == "0 cards"
    assert counted(0, "heart", zero="no") == "no hearts" and counted(1, "heart", zero="no") == "1 heart"
    assert counted(3, "question mark") == "3 question marks" and plural("box") == "boxes"
    assert counted(2, "knife", "knives") == "2 knives"


@given(st.integers(min_value=0, max_value=10_000))
def test_no_count_is_worded_1_rounds(count):
    text = counted(count, "round")
    assert text.endswith("round") == (count == 1)


def test_lists_read_as_english():
    assert listed([]) == "" and listed(["a"]) == "a" and listed(["a", "b"]) == "a and b"
    assert listed(["a", "b", "c"]) == "a, b and c" and listed(["a", "b"], "or") == "a or b"
