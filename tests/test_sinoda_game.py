"""printkit.sinoda.game: the words a page shows for each action (its list of choices)."""

from __future__ import annotations

from sinodahelp import position


def test_each_action_has_words_naming_piece_target_and_capture() -> None:
    """N5 a change says the new value; N6 a move its end; N7 a capture whose die it takes."""
    p = position("to move: 1; 1: A1=1 A3=2 | ; 2: A2=3 B9=1 |")
    game = p.game
    labels = [game.action_label(p, a) for a in p.legal_actions()]
    assert "A1: turn to 2" in labels and "A3: turn to 1" in labels and "A3: turn to 3" in labels
    assert "A1 to A6" in labels
    assert "A1 to A2, takes player 2's 3" in labels  # N7: the value as it was
    assert "A3 to B9, takes player 2's 1" in labels
    assert len(set(labels)) == len(labels) == len(p.legal_actions())  # every choice told apart
