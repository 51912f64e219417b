"""What a fresh `pip install .` gets: every package, the fonts, the bundled templates, levels
and documents; and the README's install commands, which .ci/run runs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from printkit.bundled import docs_path, template_path

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "printkit").rglob("__init__.py")}
    assert found | {"printkit.templates", "printkit.levels", "printkit.docs", "printkit.fonts"} == listed


def test_bundled_folders_are_mapped_with_their_files() -> None:
    """levels/, templates/ and docs/ install as printkit.levels, .templates and .docs, with
    every file a user can name (a level, a deck, a board spec, a document)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {"printkit.levels": "levels", "printkit.templates": "templates", "printkit.docs": "docs"}
    for package, folder in folders.items():
        assert setuptools["package-dir"][package] == folder
        patterns = setuptools["package-data"][package]
        names = {path.name for path in (ROOT / folder).iterdir() if path.is_file()}
        shipped = {name for name in names if any(Path(name).match(pattern) for pattern in patterns)}
        wanted = {name for name in names if name.endswith((".yaml", ".md"))}  # not the *.expect.json goldens
        assert shipped == wanted, package


def test_bundled_templates_are_found() -> None:
    for name in ("sinpin-deck.yaml", "yinsh.yaml", "sinoda-2.yaml"):
        assert template_path(name).is_file()
    assert docs_path("rules.md").read_text(encoding="utf-8").startswith("# Sinpin")


def test_the_readme_starts_with_the_install_steps_and_the_two_commands_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.+?)\n```", readme, re.DOTALL)
    clone, venv = blocks[0].splitlines()
    assert clone.startswith("git clone ") and clone.endswith("&& cd printkit")
    assert venv.startswith("python3 -m venv .venv && . .venv/bin/activate")  # PEP 668: never a bare pip install
    kit, tests = blocks[1], blocks[2]
    assert kit.startswith("pip install . && printkit kit levels/")
    assert tests == "pip install '.[test]' && pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci and kit.split("&& ", 1)[1] in ci
    assert "python3 -m venv" in ci


def test_ci_runs_the_readme_s_tests_before_it_installs_any_extra() -> None:
    """Issue 19: CI installed the dask extra first and so never saw the README's command fail
    where a newcomer's clone has no extra. Before the README's tests: the venv, pip itself
    and Debian's chromium only; after them, every extra, and the tests that need them."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in ci.splitlines() if line.strip() and not line.strip().startswith("#")]
    readme_tests = commands.index("pip install '.[test]' && pytest")
    before = [command for command in commands[:readme_tests] if "pip install" in command]
    assert before == ["python -m pip install --quiet --upgrade pip"]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra in set(extras) - {"test"}:
        installed = next(i for i, command in enumerate(commands) if f".[{extra}]" in command)
        assert installed > readme_tests
        if set(extras[extra]) <= set(extras["test"]):
            continue  # its tests need nothing the test extra lacks: they ran with the README's
        assert any(f"-m extra_{extra}" in command and f"PRINTKIT_EXTRAS={extra}" in command
                   for command in commands[installed:]), f"the {extra} extra's tests are not run after it is installed"
