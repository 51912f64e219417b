"""A record's lines compared with the replayed game (printkit.play.record_check)."""

from __future__ import annotations

import pytest

from printkit.play.record_check import LineError, compare


def said(recorded: dict, replayed: dict) -> str:
    with pytest.raises(LineError) as caught:
        compare(3, "turn 2", recorded, replayed, {"events": "S29b", "hand": "S5"})
    return str(caught.value)


def test_a_short_list_is_shown_whole_with_its_rule():
    assert said({"hand": [1, 2]}, {"hand": [1, 3]}) == "turn 2 does not replay: 'hand' is [1, 2] in the record, the rules give [1, 3] (S5)"


def test_a_long_list_that_differs_is_told_at_its_first_differing_item():
    """Review: a draw changed near the end of a long events list was told with both lists
    cut short alike at 80 characters ('events' is [["draw", [2, 3], "ghost"], … in the
    record, the rules give [["draw", [2, 3], "ghost"], …), hiding the difference."""
    replayed = [["draw", [2, 3], "ghost"], ["draw", [3, 3], "ghost"], ["draw", [4, 3], "chest"], ["gem", [5, 3]],
                ["draw", [6, 3], "nothing"]]
    recorded = [*replayed[:4], ["draw", [6, 3], "gem"]]
    text = said({"events": recorded}, {"events": replayed})
    assert text == ("turn 2 does not replay: 'events[4]' is [\"draw\", [6, 3], \"gem\"] in the record, the rules give"
                    " [\"draw\", [6, 3], \"nothing\"] (S29b)")


def test_a_long_list_of_another_length_is_told_where_one_ends():
    replayed = [["gem", [x, 3]] for x in range(8)]
    assert "'events[8]' is [\"gem\", [8, 3]] in the record, the rules give \"nothing more\" (S29b)" in said(
        {"events": [*replayed, ["gem", [8, 3]]]}, {"events": replayed})
    assert "'events[7]' is missing in the record, the rules give [\"gem\", [7, 3]]" in said(
        {"events": replayed[:7]}, {"events": replayed})
