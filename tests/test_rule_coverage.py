"""Every rule the move engine, the validator and the game implement has a test named after it."""

import re
from pathlib import Path

RULES = [f"S{number}" for number in range(4, 34)] + ["S27a", "S29a", "S29b"]


def test_every_rule_from_S4_to_S33_has_a_named_test() -> None:
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        names.update(re.findall(r"^def (test_S\d+[ab]?)_", path.read_text(encoding="utf-8"), re.MULTILINE))
    missing = [rule for rule in RULES if f"test_{rule}" not in names]
    assert not missing, f"no test named after {', '.join(missing)}"


def test_every_sinoda_rule_from_N1_to_N12_has_a_named_test() -> None:
    names = set()
    for path in Path(__file__).parent.glob("test_sinoda_*.py"):
        names.update(re.findall(r"^def test_(N\d+)[a-c]?_", path.read_text(encoding="utf-8"), re.MULTILINE))
    missing = [f"N{number}" for number in range(1, 13) if f"N{number}" not in names]
    assert not missing, f"no test named after {', '.join(missing)}"
