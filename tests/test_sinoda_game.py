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


def test_an_action_from_a_page_or_a_record_with_a_die_value_not_a_whole_number_is_refused() -> None:
    """N2: a die shows 1 to 4. 2.0 equals 2 but is no face (it crashed the change's bit arithmetic)."""
    import pytest

    from printkit.games.protocol import IllegalAction

    p = position("to move: 1; 1: A1=1 A3=2 | ; 2: A2=3 B9=1 |")
    for value in (2.0, True, "2", 5):
        with pytest.raises(IllegalAction, match="a die shows 1 to 4"):
            p.game.action_from_json(p, {"piece": "A1", "change": value})
    assert p.game.action_from_json(p, {"piece": "A1", "change": 2}) in p.legal_actions()
