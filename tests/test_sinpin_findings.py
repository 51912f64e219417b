"""Findings carry a rule id and a field; JSON objects have exactly the documented keys."""

from printkit.sinpin.findings import Finding


def test_a_finding_names_its_field_as_printed_and_as_x_y() -> None:
    finding = Finding("S27", "soft-lock", 2, 4, "warning")
    assert finding.where == "C5 (x=2, y=4)"
    assert finding.as_json() == {"rule": "S27", "x": 2, "y": 4, "message": "soft-lock"}
    assert Finding("S26", "cannot be won").as_json() == {"rule": "S26", "x": None, "y": None, "message": "cannot be won"}
