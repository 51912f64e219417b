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


def test_right_to_left_text_is_located_and_named(tmp_path: Path) -> None:
    """The font draws Hebrew and Arabic, but printkit prints left to right only (a review)."""
    problems = unprintable_text(_level_file(tmp_path, "\u05de\u05e2\u05e8\u05d4", author="\u0639\u0644\u064a"))
    assert [(p.line, p.column, p.rule) for p in problems] == [(1, 7, "format"), (2, 9, "format")]
    assert problems[0].message.startswith("the level's name has Hebrew text, written right to left (U+05DE HEBREW LETTER MEM")
    assert problems[1].message.startswith("the level's author has Arabic text, written right to left (U+0639 ARABIC LETTER AIN")
    assert all(p.message.endswith(": printkit prints left-to-right text only") for p in problems)
