"""Can the bundled font print a level's name and author (printkit.render.sinpin.printable)?"""

from __future__ import annotations

from pathlib import Path

from printkit.render.sinpin.printable import unprintable_text
from printkit.sinpin.loader import read_level


def _level_file(tmp_path: Path, name: str, author: str = "me"):
    path = tmp_path / "level.yaml"
    path.write_text(f'name: "{name}"\nauthor: "{author}"\nmap: |\n  #####\n  #A.Z#\n  #####\n', encoding="utf-8")
    return read_level(str(path))


def test_ascii_text_is_printable(tmp_path: Path) -> None:
    assert unprintable_text(_level_file(tmp_path, "The Cave")) == ()


def test_a_character_the_font_lacks_is_located(tmp_path: Path) -> None:
    [problem] = unprintable_text(_level_file(tmp_path, "Caf\u00e9", author="\U0001F987 bat"))  # é is in DejaVu Sans
    assert (problem.line, problem.column, problem.rule) == (2, 9, "format")
    assert "the level's author has characters the font (DejaVu Sans) cannot print: U+1F987 BAT" in problem.message
