"""Typed access to a YAML spec's mappings, shared by the level, deck and board loaders:
values or defaults, each problem at its place."""

import pytest

from printkit.safeyaml import MAX_NUMBER_CHARS, LongNumber
from printkit.sourceproblems import SourceProblem
from printkit.specreader import SpecReader
from printkit.yamlsource import Source, parse_document


def reader(text: str) -> tuple[SpecReader, list[SourceProblem]]:
    problems: list[SourceProblem] = []
    doc = parse_document(Source("spec.yaml", text))
    return SpecReader(doc, doc.root, problems, "a spec"), problems


def test_typed_getters_return_values_or_defaults_with_located_problems() -> None:
    spec, problems = reader("size: 12\nwidth: 2.5\nflag: true\nkind: b\nname: 7\nbad: x\n")
    assert spec.integer("size", 0, 1, 20) == 12
    assert spec.number("width", 1.0, 0.0, 5.0) == 2.5
    assert spec.boolean("flag", False) is True
    assert spec.choice("kind", ("a", "b"), "a") == "b"
    assert spec.text("name") == "7"
    assert spec.integer("bad", 3, 1, 9) == 3
    assert spec.integer("missing", 4, 1, 9) == 4
    assert [str(p) for p in problems] == ["spec.yaml:6:6: format: 'bad' must be a whole number, not text"]


def test_out_of_range_and_wrong_choices_are_problems() -> None:
    spec, problems = reader("size: 30\nkind: c\nflag: 1\n")
    spec.integer("size", 0, 1, 20)
    spec.choice("kind", ("a", "b"), "a")
    spec.boolean("flag", False)
    assert [p.line for p in problems] == [1, 2, 3]
    assert "from 1 to 20, not 30" in problems[0].message and "one of a, b" in problems[1].message


def test_nested_mappings_and_lists_and_unknown_keys() -> None:
    spec, problems = reader("inner:\n  a: 1\nitems: [1, 2]\nother: 3\nx-free: 4\n")
    spec.check_keys({"inner", "items"}, required=("needed",))
    inner = spec.mapping("inner")
    assert inner is not None and inner.integer("a", 0, 0, 5) == 1
    assert len(spec.sequence("items") or []) == 2
    assert [str(p) for p in problems] == [
        "spec.yaml:4:1: format: unknown key 'other' in a spec (known keys: inner, items)",
        "spec.yaml:1:1: format: a spec has no 'needed'",
    ]



def test_rule_knobs_accepted_and_each_refused_one_placed_at_its_name_or_its_value() -> None:
    spec, problems = reader("rules:\n  fast: true\n  speed: 9\n  colour: red\n")

    def error(name: str, value: object) -> str | None:
        if name not in ("fast", "speed"):
            return f"unknown rule knob '{name}'"
        return "'speed' must be from 1 to 5" if name == "speed" and value > 5 else None  # type: ignore[operator]

    knobs = spec.mapping("rules")
    assert knobs is not None and knobs.accepted(error) == {"fast": True}
    assert [str(p) for p in problems] == [
        "spec.yaml:3:10: format: 'speed' must be from 1 to 5",  # at the value
        "spec.yaml:4:3: format: unknown rule knob 'colour'",  # at the name
    ]


@pytest.mark.parametrize("scalar, text", [("007", "007"), ("1_000", "1_000"), ("No", "No"), ("0x1F", "0x1F"), ("1e3", "1e3"),
                                          ("!!timestamp 2024-01-02", "2024-01-02")])
def test_a_text_field_takes_a_number_or_flag_as_written(scalar: str, text: str) -> None:
    spec, problems = reader(f"name: {scalar}\n")
    assert spec.text("name") == text and not problems


def test_a_number_too_long_to_convert_stays_text_and_a_number_field_says_how_long() -> None:
    digits = "9" * 5000
    spec, problems = reader(f"count: {digits}\nname: {digits}\nx-hex: 0x{'f' * 5000}\nsmall: {'1' * MAX_NUMBER_CHARS}\n")
    assert isinstance(spec.raw("count"), LongNumber) and isinstance(spec.raw("x-hex"), LongNumber)
    assert spec.raw("small") == int("1" * MAX_NUMBER_CHARS)
    assert spec.integer("count", 1, 0, 200) == 1
    assert spec.text("name") is None
    assert [p.message for p in problems] == ["'count' must be from 0 to 200, not a number of 5,000 characters",
                                             "'name' is 5,000 characters long; printkit takes at most 200"]
