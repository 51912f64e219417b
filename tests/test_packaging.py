"""What a fresh `pip install .` gets: every package, the fonts and the bundled templates."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from printkit.bundled import template_path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "printkit").rglob("__init__.py")}
    assert found | {"printkit.templates", "printkit.fonts"} == listed


def test_bundled_templates_are_found() -> None:
    for name in ("sinpin-deck.yaml", "yinsh.yaml", "sinoda-2.yaml"):
        assert template_path(name).is_file()


def test_the_readme_starts_with_the_two_commands_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.+?)\n```", readme)
    assert commands[0].startswith("pip install . && printkit kit levels/")
    assert commands[1] == "pip install '.[test]' && pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci and commands[0].split("&& ", 1)[1] in ci
