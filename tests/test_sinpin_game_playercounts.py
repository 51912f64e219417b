"""Player counts a level supports, by playing it: most avatars get out by the exit."""

from __future__ import annotations

from printkit.sinpin.loader import read_level
from printkit.sinpin.game.playercounts import SUPPORT_SHARE, exit_share, supported_counts


def level(name: str):
    return read_level(f"levels/{name}.yaml").level()


def test_the_chimney_exit_above_the_door_the_ghost_catches_along_the_doors_rows() -> None:
    # The exit lies above the door: the ghost walks sideways along the door's rows (S30 as
    # settled) and catches avatars still there, more the more players move it each round.
    shares = supported_counts(level("07-the-chimney"), (2, 4), games=6)
    assert shares[2] >= SUPPORT_SHARE > shares[4]


def test_with_the_exit_below_more_players_mean_more_ghost_and_fewer_out() -> None:
    pit = level("03-spike-pit")  # exit below the door
    two, four = exit_share(pit, 2, games=12), exit_share(pit, 4, games=12)
    assert two >= SUPPORT_SHARE > four
    assert exit_share(pit, 2, games=12) == two  # seeded: the same games again
