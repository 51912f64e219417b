"""`printkit rules`: the shipped docs/rules.md, whole, by rule id, or as a list."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

from printkit.cli import main
from printkit.cli.rules import rule_sections

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "rules.md"
IDS = [f"S{n}" for n in range(1, 28)] + ["S27a", "S28", "S29", "S29a", "S29b", "S30", "S31", "S32", "S33", "S34"]


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, ["rules", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_every_rule_has_its_section_in_order() -> None:
    assert list(rule_sections(RULES_MD.read_text(encoding="utf-8"))) == IDS


def test_rules_prints_the_whole_page() -> None:
    result = run()
    assert result.exit_code == 0 and result.stdout == RULES_MD.read_text(encoding="utf-8")


def test_rules_by_id_print_just_those_rules_in_the_order_asked() -> None:
    result = run("s20", "S19")
    assert result.exit_code == 0
    headings = re.findall(r"^### (.+)$", result.stdout, re.MULTILINE)
    assert headings == ["S20 Teleporter", "S19 Spring board"]
    assert "a move teleports at most once" in result.stdout and "S21 Chest" not in result.stdout
    assert "## Special fields" not in result.stdout  # the next part's heading ends a rule
    last = run("S33")
    assert last.stdout.startswith("### S33 End") and last.stdout.rstrip().endswith("ties\nshare the win.")


def test_the_list_gives_ids_and_titles() -> None:
    lines = run("--list").stdout.splitlines()
    assert [line.split()[0] for line in lines] == IDS
    assert lines[IDS.index("S27a")] == "S27a  Errors"


def test_an_unknown_rule_is_a_usage_error() -> None:
    result = run("S35")
    assert result.exit_code == 2 and "no rule S35: the rules are S1, S2," in result.stderr


def test_every_rule_id_the_code_cites_is_in_the_rules() -> None:
    """Messages and comments cite rule ids; each must be one a reader can look up."""
    cited: set[str] = set()
    for path in (ROOT / "printkit").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r"\bS\d+[ab]?\b", text))
        for first, last in re.findall(r"\bS(\d+)\s*[-–]\s*S?(\d+)\b", text):
            cited |= {f"S{n}" for n in range(int(first), int(last) + 1)}
    assert cited - set(IDS) == set()
