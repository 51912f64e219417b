"""Counted nouns read right for every number (issue 12 item 7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from printkit.wording import counted, install_hint, listed, numbered, plural


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


def test_numbers_are_said_as_a_range_or_in_full_or_with_their_count():
    """Review: replay's "it has 0, 1, …, 19" of a 100-game record cut the list at 20 unsaid."""
    assert numbered(range(100), "game") == "games 0 to 99"
    assert numbered([5, 3, 4], "game") == "games 3 to 5" and numbered([7], "game") == "game 7"
    assert numbered([0, 1], "game") == "games 0 and 1" and numbered([0, 2, 5], "game") == "games 0, 2 and 5"
    assert numbered([], "game") == "none"
    gapped = [n for n in range(100) if n != 50]
    assert numbered(gapped, "game") == "games 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … (99 games)"


@given(st.lists(st.integers(min_value=0, max_value=300), max_size=40))
def test_every_number_is_said_or_the_count_is(numbers):
    text = numbered(numbers, "game")
    held = sorted(set(numbers))
    said = f"({len(held)} games)" in text or " to " in text or all(str(n) in text.split() or f"{n}," in text for n in held)
    assert said and (len(held) != 1 or text == f"game {held[0]}")


def test_an_extra_is_installed_from_printkit_s_folder_not_from_pypi():
    """A newcomer's review: the hints said `pip install 'printkit[dask]'`, but printkit is not
    on PyPI and the PyPI package called printkit is another project's."""
    assert install_hint("dask") == "pip install '.[dask]' in printkit's folder (the dask extra)"
    assert install_hint("scan") == "pip install '.[scan]' in printkit's folder (the scan extra)"
