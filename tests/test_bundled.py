"""printkit.bundled: what ships with printkit, the names that pick it, and the one resolver."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printkit import bundled
from printkit.bundled import NotBundled, catalogue, find, resolve

ROOT = Path(__file__).resolve().parent.parent


def test_the_catalogue_holds_every_bundled_level_deck_and_board_spec() -> None:
    """By name and content, so that it holds for a checkout and for an installed printkit."""
    items = {item.path.name: item for item in catalogue()}
    levels = {path.name for path in (ROOT / "levels").glob("*.yaml")}
    templates = {path.name for path in (ROOT / "templates").glob("*.yaml")}
    assert {name for name, item in items.items() if item.kind == "level"} == levels
    assert {name for name, item in items.items() if item.kind != "level"} == templates
    for name, item in items.items():
        folder = "levels" if item.kind == "level" else "templates"
        assert item.path.read_bytes() == (ROOT / folder / name).read_bytes()
    assert [item.name for item in catalogue("deck")] == ["sinpin-deck"]
    assert "yinsh" in {item.name for item in catalogue("board")}


def test_a_level_is_named_with_or_without_its_number() -> None:
    for name in ("07-the-chimney", "the-chimney", "the-chimney.yaml", "07-the-chimney.yaml"):
        assert find(name, "level").path.name == "07-the-chimney.yaml"
    assert find("chimney", "level") is None
    assert find("yinsh", "level") is None and find("yinsh", "board").path.name == "yinsh.yaml"


def test_each_item_says_what_it_is() -> None:
    about = {item.name: item.about for item in catalogue()}
    assert about["01-first-steps"] == "First Steps: 6 x 5 fields, 2/3 players"
    assert about["sinpin-deck"] == "the Sinpin deck (59 cards)"
    assert about["yinsh"] == "YINSH for 2 players"


def test_a_bundled_name_resolves_to_the_bundled_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    level, deck = Path(resolve("first-steps", "level")), Path(resolve("sinpin-deck", "deck"))
    assert level.is_absolute() and level.read_bytes() == (ROOT / "levels" / "01-first-steps.yaml").read_bytes()
    assert deck.is_absolute() and deck.read_bytes() == (ROOT / "templates" / "sinpin-deck.yaml").read_bytes()


def test_a_file_that_exists_always_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "yinsh").write_text("game: yinsh\n")
    (tmp_path / "first-steps.yaml").write_text("map: A.Z\n")
    assert resolve("yinsh", "board") == "yinsh"
    assert resolve("first-steps.yaml", "level") == "first-steps.yaml"


def test_stdin_and_paths_are_never_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert resolve("-", "level") == "-"
    assert resolve("missing/first-steps", "level") == "missing/first-steps"  # "no such file" follows
    assert resolve(f".{os.sep}yinsh", "board") == f".{os.sep}yinsh"
    assert resolve("my-level.yaml", "level") == "my-level.yaml"  # missing: the reader says so


def test_a_name_of_another_kind_says_which_command_reads_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(NotBundled, match="'yinsh' is a bundled board spec, not a level; it is read by printkit board"):
        resolve("yinsh", "level")
    with pytest.raises(NotBundled, match=r"no bundled board spec is called 'yinch'; did you mean 'yinsh'\? \(bundled: sinoda-2, .*yinsh;"):
        resolve("yinch", "board")


def test_a_bundled_file_opens_by_its_path_and_is_shown_by_the_name_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: messages named bundled files by their site-packages path."""
    from printkit.yamlsource import display_name

    monkeypatch.chdir(tmp_path)
    found = resolve("the-chimney", "level")
    assert Path(found).read_text(encoding="utf-8").startswith("sinpin: 1")
    assert display_name(found) == "the-chimney (bundled)"
    assert display_name("my/level.yaml") == "my/level.yaml" and display_name("-") == "<stdin>"


def test_an_installed_layout_finds_its_own_folders(tmp_path: Path) -> None:
    """As `pip install .` lays it out (pyproject maps levels/, templates/, docs/ into the
    package): the bundled files come from inside the package, not from any checkout."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "printkit", site / "printkit", ignore=shutil.ignore_patterns("__pycache__"))
    for folder in ("levels", "templates", "docs"):
        shutil.copytree(ROOT / folder, site / "printkit" / folder)
    script = ("from printkit import bundled; print(len(bundled.catalogue()));"
              " print(bundled.resolve('the-chimney', 'level')); print(bundled.docs_path('rules.md'))")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run([sys.executable, "-c", script], cwd=elsewhere, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(site)}, check=True)
    count, level, rules = done.stdout.splitlines()
    assert int(count) == len(list((ROOT / "levels").glob("*.yaml"))) + len(list((ROOT / "templates").glob("*.yaml")))
    assert level == str(site / "printkit" / "levels" / "07-the-chimney.yaml")
    assert rules == str(site / "printkit" / "docs" / "rules.md")


def test_a_near_miss_of_a_bundled_name_gets_a_did_you_mean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(NotBundled, match="no bundled level is called 'the-chimny'; did you mean 'the-chimney'"):
        resolve("the-chimny", "level")
    with pytest.raises(NotBundled, match=r"called 'zzz' \(bundled"):
        resolve("zzz", "level")
