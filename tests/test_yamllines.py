"""printkit.yamllines: a YAML file's entries, list items and notes as spans of lines, and values
compared as YAML (what printkit.yamledit lays out)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.yamllines import (common_run, dedented, entries_of, entry_lines, items_of, lines_of, notes_of,
                                reads_as, rewritten, same_value)
from printkit.yamlsource import Source, parse_document


def _document(text: str):
    return parse_document(Source("level.yaml", text))


def test_each_top_level_entry_has_its_value_and_its_lines_without_the_comments_after_it() -> None:
    text = "sinpin: 1\n# drawn in March\nrules:\n  blade_points: 2\n\n# the map\nmap: |\n  #A\n  Z#\n"
    entries = entries_of(_document(text))
    assert entries == {"sinpin": (1, 0, 1), "rules": ({"blade_points": 2}, 2, 4), "map": ("#A\nZ#\n", 6, 9)}
    assert entry_lines(lines_of(text), entries["rules"]) == ["rules:\n", "  blade_points: 2\n"]


@pytest.mark.parametrize("text", ["{sinpin: 1}\n", "sinpin: 1\rmap: x\r", "- a list\n",
                                  "name: &n Strip\nauthor: *n\n", "  sinpin: 1\n  name: Cave\n"])
def test_what_cannot_be_edited_line_by_line_has_no_entries(text: str) -> None:
    """A flow mapping, old Mac line ends, a list, an alias (its node stands at the anchor) and
    keys not at column 0."""
    assert entries_of(_document(text)) is None


def test_a_block_lists_items_start_at_their_dash() -> None:
    text = "- 2  # best\n-\n  x: 3\n  y: 4\n# gone\n- {x: 1}\n"
    assert items_of(_document(text)) == [(2, 0, 1), ({"x": 3, "y": 4}, 1, 4), ({"x": 1}, 5, 6)]
    assert items_of(_document("[2, 3]\n")) is None
    assert items_of(_document("a: 1\n")) is None


def test_each_entrys_own_note_after_its_value_or_its_key() -> None:
    text = ('name: Cave   # working title\nmap: |  # drawn on Sunday\n  #A\n  Z#\nplayers:  # not 4\n- 2\n'
            'author: Ada\nx-k: "a # b"\n')
    assert notes_of(_document(text)) == {"name": "   # working title", "map": "  # drawn on Sunday",
                                         "players": "  # not 4"}


def test_the_spans_are_replaced_and_the_lines_between_them_kept() -> None:
    lines = ["a: 1\n", "# note\n", "b:\n", "  c: 2\n", "\n", "d: 3\n"]
    assert rewritten(lines, {0: 1, 2: 4, 5: 6}, {0: ["a: 9\n"], 2: [], 5: ["d: 3\n", "e: 4\n"]}) == (
        "a: 9\n# note\n\nd: 3\ne: 4\n")


def test_an_empty_span_does_not_hold_the_loop() -> None:
    assert rewritten(["a\n", "b\n"], {0: 0}, {0: ["x\n"]}) == "x\nb\n"


def test_lines_end_with_a_line_end_and_dedented_keeps_less_indented_comments() -> None:
    assert lines_of("a: 1\nb: 2") == ["a: 1\n", "b: 2\n"]
    assert dedented(["    x: 1\n", "  # odd\n", "    y: 2\n"]) == (["x: 1\n", "# odd\n", "y: 2\n"], 4)
    assert dedented(["# only a note\n", "\n"]) == (None, 0)


@pytest.mark.parametrize("a, b", [(1, True), (1, 1.0), (0, False), ({1: "a", "b": 2}, {"1": "a", "b": 2})])
def test_values_python_calls_equal_are_not_the_same_yaml(a: object, b: object) -> None:
    assert not same_value(a, b)


def test_a_mappings_order_is_not_its_value() -> None:
    assert same_value({"x": 1, "y": [2, 3]}, {"y": [2, 3], "x": 1})
    assert not same_value([2, 3], [3, 2])


def test_reads_as_holds_for_the_text_of_the_value_only() -> None:
    assert reads_as("x: 1\ny: true\n", {"y": True, "x": 1})
    assert not reads_as("x: 1\ny: 1\n", {"y": True, "x": 1})
    assert not reads_as("x: [1\n", {"x": [1]})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=8), st.lists(st.integers(0, 4), max_size=8))
def test_the_common_run_is_in_order_alike_and_as_long_as_any(old: list[int], new: list[int]) -> None:
    pairs = common_run(old, new)
    assert all(old[i] == new[j] for i, j in pairs)
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(pairs, pairs[1:]))
    longest = [[0] * (len(new) + 1) for _ in range(len(old) + 1)]  # the textbook table, forwards
    for i in range(len(old)):
        for j in range(len(new)):
            longest[i + 1][j + 1] = longest[i][j] + 1 if old[i] == new[j] else max(longest[i][j + 1], longest[i + 1][j])
    assert len(pairs) == longest[len(old)][len(new)]
