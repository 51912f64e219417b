"""Sinoda actions as small ints (printkit/sinoda/actions.py)."""

from __future__ import annotations

from printkit.sinoda.actions import change, destination, is_change, move, new_value, source


def test_moves_and_changes_round_trip_and_never_meet() -> None:
    seen = set()
    for space in range(54):
        for to in range(54):
            action = move(space, to)
            assert (source(action), destination(action), is_change(action)) == (space, to, False)
            seen.add(action)
        for value in (1, 2, 3, 4):
            action = change(space, value)
            assert (source(action), new_value(action), is_change(action)) == (space, value, True)
            seen.add(action)
    assert len(seen) == 54 * 54 + 54 * 4
