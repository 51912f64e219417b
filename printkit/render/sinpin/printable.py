"""Can the bundled font print a level's name and author? Printing commands refuse a level
whose text it cannot print, or would print reversed (right-to-left scripts: printkit sets
text left to right only); `validate` and the editor warn of it before anyone prints."""

from __future__ import annotations

from printkit.sinpin.loader import LevelFile
from printkit.sourceproblems import SourceProblem


def unprintable_text(level_file: LevelFile) -> tuple[SourceProblem, ...]:
    """The level's name or author with characters the bundled font lacks, located."""
    if all(text.isascii() and text.isprintable() for text in (level_file.title, level_file.author)):
        return ()  # the font has every printable ASCII character: no need to load it
    from printkit.draw import fonts  # only text beyond ASCII pays for loading the font

    problems = []
    for key, text in (("name", level_file.title), ("author", level_file.author)):
        missing, backwards = fonts.unprintable(text), fonts.right_to_left(text)
        line, column = level_file.text_positions.get(key, (None, None))
        if missing:
            shown = ", ".join(fonts.describe(char) for char in missing)
            problems.append(SourceProblem(level_file.name, line, column, "format",
                                          f"the level's {key} has characters the font (DejaVu Sans) cannot print: {shown}"))
        elif backwards:
            problems.append(SourceProblem(level_file.name, line, column, "format",
                                          f"the level's {key} has {fonts.right_to_left_words(backwards)}:"
                                          f" {fonts.LEFT_TO_RIGHT_ONLY}"))
    return tuple(problems)
