"""The loader every file is read with: no dates, no crash on a value that does not fit its
tag, overlong numbers kept as text, and at most MAX_NODES values (issue 13)."""

from __future__ import annotations

import pytest

from printkit.safeyaml import MAX_NODES, LongNumber
from printkit.sourceproblems import UnreadableSource
from printkit.yamlsource import Source, parse_document


def document(text: str):
    return parse_document(Source("spec.yaml", text))


def value(text: str, key: str):
    doc = document(text)
    return next(doc.value(node) for key_node, node in doc.root.value if key_node.value == key)


@pytest.mark.parametrize("scalar", ["2024-01-02", "2024-13-45", "2001-12-14t21:59:43.10-05:00", "2024-02-30 10:00:00"])
def test_dates_are_never_constructed_and_stay_the_text_they_are(scalar: str) -> None:
    assert value(f"when: {scalar}\n", "when") == scalar
    if scalar[5:7] != "13" and scalar[8:10] != "30":  # a valid date, tagged, is its text too
        assert value(f"when: !!timestamp {scalar}\n", "when") == scalar


@pytest.mark.parametrize("scalar", ["!!int abc", "!!int ''", "!!int 08", "!!float abc", "!!float ''", "!!bool maybe",
                                    "!!timestamp nope", "!!timestamp 2024-13-45"])
def test_a_value_that_does_not_fit_its_explicit_tag_is_unreadable_at_its_place(scalar: str) -> None:
    with pytest.raises(UnreadableSource) as caught:
        document(f"a: 1\nx-b: [1, {scalar}]\n")
    problem = caught.value.problem
    assert (problem.file, problem.line, problem.column) == ("spec.yaml", 2, 10)
    assert f"!!{scalar.split()[0][2:]}" in problem.message


def test_numbers_longer_than_max_number_chars_are_kept_as_their_text() -> None:
    for text in ("9" * 5000, "-" + "9" * 5000, "0x" + "f" * 5000, "1" + ":30" * 2000, "1" * 5000 + ".5"):
        kept = value(f"n: {text}\n", "n")
        assert isinstance(kept, LongNumber) and kept == text
    assert value("n: 0x" + "f" * 98 + "\n", "n") == 16 ** 98 - 1  # up to the limit, a number


@pytest.mark.parametrize("item", ["1", "!!str 1"])  # tagged values are not resolved, only constructed
def test_a_file_of_more_than_max_nodes_values_is_unreadable(item: str) -> None:
    with pytest.raises(UnreadableSource, match=f"more than {MAX_NODES:,} values"):
        document(f"x-many: [{', '.join([item] * MAX_NODES)}]\n")
    assert len(document(f"x-many: [{', '.join([item] * (MAX_NODES - 3))}]\n").root.value[0][1].value) == MAX_NODES - 3


