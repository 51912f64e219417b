"""`printkit rules [RULE...]`: the Sinpin rules (docs/rules.md, shipped in the package), whole
or rule by rule."""

from __future__ import annotations

import re

import click

from printkit.bundled import docs_path

# A rule's section runs from its "### S17 Blades" heading to the next heading.
_HEADING = re.compile(r"^### (S\d+[a-z]?) (.+)$")


def rule_sections(text: str) -> dict[str, tuple[str, str]]:
    """Each rule id ("S27a") -> (its title, its section's text), in the order written."""
    sections: dict[str, tuple[str, str]] = {}
    current: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading or line.startswith("#"):
            if current is not None:
                sections[current] = (sections[current][0], "\n".join(lines).strip() + "\n")
            current, lines = None, []
        if heading:
            current = heading.group(1)
            sections[current] = (heading.group(2), "")
            lines = [line]
        elif current is not None:
            lines.append(line)
    if current is not None:
        sections[current] = (sections[current][0], "\n".join(lines).strip() + "\n")
    return sections


@click.command("rules")
@click.argument("rule_ids", nargs=-1, metavar="[RULE...]")
@click.option("--list", "as_list", is_flag=True, help="Only the rule ids and their titles.")
def rules_command(rule_ids: tuple[str, ...], as_list: bool) -> None:
    """Print the Sinpin rules printkit plays, every rule with its id (S1-S34).

    \b
      printkit rules                 # all of them (docs/rules.md)
      printkit rules S19 S20         # the spring board and the teleporter
      printkit rules --list          # ids and titles
      printkit rules | less

    Error messages, warnings and the printed rules sheet cite these ids. The same text is
    docs/rules.md in printkit's repository.
    """
    text = docs_path("rules.md").read_text(encoding="utf-8")
    sections = rule_sections(text)
    if as_list:
        for rule, (title, _) in sections.items():
            click.echo(f"{rule:<5} {title}")
        return
    if not rule_ids:
        click.echo(text, nl=False)
        return
    by_upper = {rule.upper(): rule for rule in sections}
    unknown = [rule for rule in rule_ids if rule.upper() not in by_upper]
    if unknown:
        raise click.BadParameter(f"no rule {', '.join(unknown)}: the rules are {', '.join(sections)}", param_hint="'RULE'")
    click.echo("\n".join(sections[by_upper[rule.upper()]][1] for rule in rule_ids), nl=False)
