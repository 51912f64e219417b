"""Safe YAML reading with positions, shared by the level, deck and board loaders."""

from pathlib import Path

import pytest

from printkit.yamlsource import MAX_BYTES, Source, SpecReader, SourceProblem, UnreadableSource, parse_document, read_source


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


def test_read_source_limits_size_and_encoding(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a" * (MAX_BYTES + 1))
    with pytest.raises(UnreadableSource, match="larger than 1 MB"):
        read_source(str(big))
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(UnreadableSource) as caught:
        read_source(str(latin))
    assert (caught.value.problem.line, caught.value.problem.column) == (1, 10)
