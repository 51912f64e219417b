"""A Sinoda game told in words (printkit/sinoda/gamelog.py)."""

from __future__ import annotations

from printkit.sinoda.gamelog import tell
from printkit.sinoda.simulate import header_extra, make_bot, play_game

from sinodahelp import game


def test_every_turn_and_the_end_are_told() -> None:
    g = game(4, teams=2)
    bots = [make_bot("greedy", seat) for seat in range(4)]
    final, summary, lines = play_game(g, bots, 8, keep=True, spec_name="sinoda-4-teams")
    assert lines is not None and lines[0]["teams"] == header_extra(g, "x")["teams"]
    text = tell(g, lines).splitlines()
    assert text[0] == f"Sinoda, 4 players (large board; teams 1 + 3, 2 + 4), game 0, seed 8"
    turns = [line for line in text if line[:5].strip().rstrip(".").isdigit()]
    assert len(turns) == final.turn
    captures = [line for line in turns if "captures" in line]
    assert len(captures) == len(summary.captures) > 0
    assert text[-3].startswith(f"The game ends after {final.turn} turns")
    winners = final.winners()
    assert text[-1].endswith("wins.") or "share the win" in text[-1]
    if len(winners) == 2 and set(winners) in ({0, 2}, {1, 3}):
        assert f"The team of players {winners[0] + 1} + {winners[1] + 1} wins." in text[-1]
