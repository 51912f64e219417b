"""Golden files: every bundled level's `--json` verdict equals its `*.expect.json` beside it.

Set PRINTKIT_UPDATE_GOLDEN=1 to rewrite the expectations after a deliberate change, then
review the diff like code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from printkit.cli.validate import check_file
from printkit.sinpin.loader import read_level
from printkit.sinpin.tiles import Tile

LEVELS = Path(__file__).resolve().parent.parent / "levels"
LEVEL_FILES = sorted(LEVELS.glob("*.yaml"))
UPDATE = os.environ.get("PRINTKIT_UPDATE_GOLDEN") == "1"


def golden_path(level: Path) -> Path:
    return level.with_suffix(".expect.json")


@pytest.mark.parametrize("level", LEVEL_FILES, ids=lambda p: p.stem)
def test_level_verdict_matches_golden(level: Path) -> None:
    name = f"levels/{level.name}"
    verdict, _, status = check_file(str(level))
    actual = verdict.as_json(name)
    golden = golden_path(level)
    if UPDATE:
        golden.write_text(json.dumps(actual, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert golden.exists(), f"no golden verdict {golden.name}; run with PRINTKIT_UPDATE_GOLDEN=1"
    assert actual == json.loads(golden.read_text(encoding="utf-8"))
    assert status == 0 and actual["valid"] and actual["solvable"]


def test_bundled_levels_use_every_tile_and_span_the_sizes() -> None:
    levels = [read_level(str(path)).level() for path in LEVEL_FILES]
    assert len(levels) >= 8
    used = {tile for level in levels for _, _, tile in level.cells()}
    assert used == set(Tile)
    sizes = {(level.width, level.height) for level in levels}
    assert (6, 5) in sizes and (12, 18) in sizes and (18, 12) in sizes


def test_every_golden_file_has_its_level() -> None:
    for golden in LEVELS.glob("*.expect.json"):
        assert golden.with_name(golden.name.removesuffix(".expect.json") + ".yaml").exists()
