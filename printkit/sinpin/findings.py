"""A finding of the validator: an error or warning with its rule id and field (S27a)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printkit.sinpin.tiles import field_name

Severity = Literal["error", "warning"]


MORE = "more"  # the kind of a finding that counts the problems past the first 100 of a file


@dataclass(frozen=True, order=True)
class Finding:
    rule: str  # "S1".."S33" or "format"
    message: str
    x: int | None = None  # map column (S1), None when the finding concerns the whole level
    y: int | None = None
    severity: Severity = "error"
    # what the finding is about when one rule has several kinds: "soft-lock" for S27's
    # soft-locks, which text output collapses into one line with a count
    kind: str = ""
    # a finding that stands for `count` problems (MORE: those past the first 100 of a file,
    # docs/limits.md), so a verdict's count of errors is every problem found
    count: int = 1

    @property
    def where(self) -> str:
        """The field as printed on the map and as (x, y), or '' for whole-level findings."""
        if self.x is None or self.y is None:
            return ""
        return f"{field_name(self.x, self.y)} (x={self.x}, y={self.y})"

    def as_json(self) -> dict[str, object]:
        return {"rule": self.rule, "x": self.x, "y": self.y, "message": self.message}
