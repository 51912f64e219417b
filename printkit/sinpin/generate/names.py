"""Names for generated caves ("Mossy Hollow"), seeded: readable, printable in the map font."""

from __future__ import annotations

import random

ADJECTIVES = (
    "Mossy", "Dripping", "Crooked", "Glittering", "Hidden", "Whispering", "Echoing", "Sleepy",
    "Frosty", "Amber", "Rumbling", "Winding", "Silver", "Dusky", "Misty", "Tangled", "Hollow",
    "Copper", "Lantern", "Gloomy", "Velvet", "Rusty", "Chalky", "Salty", "Humming", "Tumbling",
    "Crystal", "Muddy", "Starlit", "Forgotten", "Bramble", "Thunder", "Quiet", "Sunken", "Golden",
)
NOUNS = (
    "Hollow", "Grotto", "Burrow", "Cavern", "Den", "Pit", "Warren", "Chasm", "Tunnel", "Vault",
    "Deeps", "Gully", "Mine", "Crevice", "Cellar", "Passage", "Nook", "Well", "Shaft", "Lair",
    "Galleries", "Caves", "Drop", "Steps", "Halls", "Rift", "Chimney", "Labyrinth", "Sink", "Crawl",
)


def cave_name(rng: random.Random) -> str:
    """An adjective and a noun that differ ("Hollow Hollow" is not a name)."""
    adjective = rng.choice(ADJECTIVES)
    noun = rng.choice([noun for noun in NOUNS if noun != adjective])
    return f"{adjective} {noun}"
