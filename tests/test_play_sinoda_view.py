"""printkit.play.sinoda_view: the play page's Sinoda board is the printed board's layout."""

from __future__ import annotations

import json
import math

import pytest

from printkit.boards.layout import sinoda_layout
from printkit.play.geometry import geometry_of
from printkit.play.sinoda_view import sinoda_geometry
from printkit.sinoda.board import ALL_SETUPS, Board, make_setup
from printkit.sinoda.game import SinodaGame


def inside(point, polygon) -> bool:
    """Even-odd ray casting."""
    x, y = point
    found = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


@pytest.mark.parametrize("setup", ALL_SETUPS, ids=lambda s: s.name)
def test_spaces_petals_and_flowers_are_the_boards(setup) -> None:
    """N1: 24 spaces on the small board, 54 on the large; a petal a lattice edge; each
    seat's start flower its six spaces (N2); coordinates those `printkit board` prints."""
    game = SinodaGame(setup)
    found = sinoda_geometry(game)
    json.dumps(found)
    board = Board(setup.n)
    assert len(found["spaces"]) == {2: 24, 3: 54}[setup.n] == len(board.triangles)
    assert [s["name"] for s in found["spaces"]] == list(game.reach.names)
    assert len(found["petals"]) == len(board.edges)
    printed = {space.name: space for space in sinoda_layout(setup).spaces}
    for space in found["spaces"]:
        assert space["centre"] == pytest.approx(list(printed[space["name"]].centre), abs=1e-3)
    centres = {tuple(s["centre"]) for s in found["spaces"]}
    assert len(centres) == len(found["spaces"])  # distinct places
    assert [s["seat"] for s in found["seats"]] == list(range(setup.players))
    for seat in found["seats"]:
        assert sorted(seat["flower"]["spaces"]) == sorted(game.space_name(i) for i in game.start_spaces[seat["seat"]])
        assert (seat["team"] is None) == (not setup.teams)
    x, y, w, h = found["view_box"]
    cx, cy = found["centre"]
    assert w == h and x < cx - found["outline_radius"] and x + w > cx + found["outline_radius"]


def test_each_space_outline_holds_its_centre_and_no_other() -> None:
    """The curved triangle between the petals is where a click picks the space."""
    found = sinoda_geometry(SinodaGame(make_setup(3)))
    outlines = {s["name"]: s["outline"] for s in found["spaces"]}
    for space in found["spaces"]:
        holders = [name for name, outline in outlines.items() if inside(space["centre"], outline)]
        assert holders == [space["name"]]
        # the outline stays within the space's triangle (the petals bulge into it)
        corners = space["corners"]
        assert all(inside((px + (space["centre"][0] - px) * 1e-3, py + (space["centre"][1] - py) * 1e-3), corners)
                   for px, py in space["outline"])


def test_player_one_sits_at_the_bottom_as_printed() -> None:
    found = sinoda_geometry(SinodaGame(make_setup(2)))
    one, two = found["seats"]
    assert one["badge"][1] > found["centre"][1] > two["badge"][1]  # y points down
    assert math.dist(one["badge"], found["centre"]) == pytest.approx((2 + 0.19) * found["edge"], abs=1e-2)


def test_the_play_page_finds_it() -> None:
    game = SinodaGame(make_setup(4, teams=2))
    assert geometry_of(game) == sinoda_geometry(game)


def test_the_page_colours_the_seats_as_the_played_specs_printed_board() -> None:
    """sinoda-4-teams prints players 3 and 4 orange and cyan (teammates in near hues); the
    page showed them in the default green and orange, not as the board on the table."""
    from pathlib import Path

    from printkit.boards.spec import DEFAULT_COLOURS, load_spec
    from printkit.cli.play import _match
    from printkit.play.session import Session

    path = str(Path(__file__).resolve().parent.parent / "templates" / "sinoda-4-teams.yaml")
    printed = [player.colour for player in load_spec(path).players]
    assert printed != list(DEFAULT_COLOURS["sinoda"][:4])  # the case: a spec with its own colours
    info = Session(_match("sinoda", path, path, ["random"] * 4, 0)).info()
    assert [seat["colour"] for seat in info["geometry"]["seats"]] == printed
