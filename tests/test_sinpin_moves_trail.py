"""A move told as a player would (issue 12 item 3): direction, start, fields in order."""

from __future__ import annotations

from printkit.sinpin.moves.engine import MoveEngine
from printkit.sinpin.moves.events import LEFT, RIGHT
from printkit.sinpin.level import Level
from printkit.sinpin.moves.trail import describe

LEDGE = Level.from_text("######\n#A..Z#\n###.##\n#....#\n######")


def test_steps_falls_and_the_exit_are_named_in_order():
    assert describe(LEDGE, (1, 1), RIGHT, ((2, 1), (3, 1), (3, 2), (3, 3), (4, 3))) == \
        "right → B2 → C2 → D2, falls to D4 → E4"  # one fall of two fields reads as one
    assert describe(LEDGE, (2, 1), RIGHT, ((3, 1), (4, 1)), exited=True) == "right → C2 → D2 → E2 (exit Ω)"


def test_a_teleport_and_a_ladder_climb_are_not_falls():
    level = Level.from_text("#######\n#AO..O#\n#H####Z\n#.....#\n#######".replace("Z", "#").replace("#.....#", "#Z....#"))
    assert describe(level, (1, 1), RIGHT, ((2, 1), (5, 1))) == "right → B2 → C2, teleports to F2"
    assert describe(level, (1, 1), LEFT, ((1, 2), (1, 3))) == "left → B2 → B3 → B4"  # climbs down, then steps off


def test_a_teleport_to_the_next_teleporter_is_told_as_a_teleport_not_a_step():
    """S20: D2 and E2 are teleporters side by side; with a 2, B2 -> C2 -> D2 spends both points,
    so E2 is reached by teleporting, which the engine's trail marks (MoveResult.arrival)."""
    level = Level.from_text("#######\n#A.OO.#\n###.###\n###Z###\n#######")
    told = {describe(level, (1, 1), RIGHT, result.trail, result.exited, result.arrival)
            for result in MoveEngine(level).moves((1, 1), 2, health=3, trail=True, direction=RIGHT)}
    assert told == {"right → B2 → C2 → D2, teleports to E2", "right → B2 → C2 → D2, falls to D4 (exit Ω)"}


def test_every_trail_the_engine_gives_is_told_from_its_own_fields():
    engine = MoveEngine(LEDGE)
    for direction in (LEFT, RIGHT):
        for result in engine.moves((1, 1), 4, health=3, trail=True, direction=direction):
            text = describe(LEDGE, (1, 1), direction, result.trail)
            assert text.startswith(("left" if direction == LEFT else "right") + " → B2")
            names = text.replace(",", " ").split()
            assert names[-1] == "E4" or names[-1] == "D4"  # the end is the last field named


HAZARDS = Level.from_text("#######\n#A.!w.#\n###.###\n###^###\n###.###\n#######")


def test_hazards_on_the_way_are_named_walking_and_falling():
    # walks onto the blades and the web; falls past the spikes to the pit's floor
    assert describe(HAZARDS, (1, 1), RIGHT, ((2, 1), (3, 1), (4, 1))) == "right → B2 → C2 → the blades at D2 → the web at E2"
    assert describe(HAZARDS, (2, 1), RIGHT, ((3, 1), (3, 2), (3, 3), (3, 4))) == \
        "right → C2 → the blades at D2, falls past the spikes at D4 to D5"
    assert describe(HAZARDS, (2, 1), RIGHT, ((3, 1), (3, 2), (3, 3))) == \
        "right → C2 → the blades at D2, falls onto the spikes at D4"
