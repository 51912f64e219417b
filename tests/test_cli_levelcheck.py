"""A level file read for a command (printkit.cli.levelcheck): here, the player-count check
`kit --players` and `kit --random` share (printkit.sinpin.game.playercounts)."""

from __future__ import annotations

from printkit.bundled import resolve
from printkit.cli.levelcheck import exit_share_note, poorly_suited
from printkit.sinpin.loader import read_level


def _level(name: str):
    return read_level(resolve(name, "level")).level()


def test_a_count_with_fewer_than_half_the_avatars_out_is_noted() -> None:
    chimney = _level("the-chimney")
    assert poorly_suited(chimney, 2) is None  # 62 % out by the exit
    assert poorly_suited(chimney, 3) == exit_share_note(3, 23 / 72) + "; fewer players may suit it better"
    # at 2 players there is no fewer: the note only says how it went (48 % out)
    assert poorly_suited(_level("treasure-vault"), 2) == exit_share_note(2, 23 / 48)


def test_the_note_reads_as_kit_random_words_it() -> None:
    assert exit_share_note(4, 0.26) == ("note: in 24 simulated games of 4 players only 26% of the avatars got out by the"
                                        " exit (the ghost, S30)")


def test_a_level_not_written_yet_gets_the_map_hint_too() -> None:
    """check_level(text=) (a level read from text) says a YAML error in the map as a file does."""
    import pytest

    from printkit.cli.levelcheck import check_level
    from printkit.sourceproblems import UnreadableSource

    with pytest.raises(UnreadableSource, match="x.yaml:5:2: .*; a map row indented less than the map's first row ends"):
        check_level("x.yaml", text="name: X\nmap: |\n  #####\n  #A..#\n .#Z.#\n  #####\n")
