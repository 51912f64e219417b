"""What a game's view needs to draw its board, once a game: `GEOMETRY[name](rules)`.

Sinpin's is the level's map with the print's tile icons (the editor's palette). Sinoda's and
YINSH's are their board coordinates, in modules of their own (`sinoda_view.py`,
`yinsh_view.py`), registered here when they exist: each may add itself to GEOMETRY, or
define `geometry(rules) -> dict`, which `geometry_of` finds. A game with neither gets {}
and the page's generic view.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from typing import Any

from printkit.games.protocol import GameRules

VIEW_MODULES = {"sinoda": "printkit.play.sinoda_view", "yinsh": "printkit.play.yinsh_view"}


def sinpin_geometry(rules: Any) -> dict[str, Any]:
    """The level's map before set-up, its size, and the tile icons and column names the
    editor draws with (one look for the editor, the printed map and the game)."""
    from printkit.editor.palette import palette_json

    level = rules.level
    return {"width": level.width, "height": level.height, "map": list(level.rows), "level": rules.level_name,
            "door": list(level.door), "exit": list(level.exit), "palette": palette_json()}


# a game's geometry takes its rules and, if its seats take a spec's colours (Sinoda), them too
GEOMETRY: dict[str, Callable[..., dict[str, Any]]] = {"sinpin": sinpin_geometry}


def seats_of(rules: GameRules, players: Sequence[str]) -> list[dict[str, Any]]:
    """`/api/game`'s seats: each seat's player (a bot's name or "human") and, in a game whose
    seats have avatars (Sinpin), its avatar, for the page's one name for a seat."""
    avatars = getattr(rules, "avatars", None)
    return [{"seat": seat, "player": name, **({"avatar": avatars[seat]} if avatars else {})}
            for seat, name in enumerate(players)]


def endings_of(rules: GameRules) -> dict[str, str]:
    """The game's end codes in words ({} for a game without them: the page shows the code)."""
    return dict(getattr(rules, "endings", {}))


def geometry_of(rules: GameRules, colours: Sequence[str] = ()) -> dict[str, Any]:
    """GEOMETRY[rules.name](rules), after loading the game's view module if it has one; the
    seats coloured as the spec played prints them (`colours`, one a seat, given to the
    game's geometry, which gives each seat's inks on its colour too) when it has its own."""
    module_name = VIEW_MODULES.get(rules.name)
    if rules.name not in GEOMETRY and module_name is not None and importlib.util.find_spec(module_name) is not None:
        module = importlib.import_module(module_name)
        if rules.name not in GEOMETRY and hasattr(module, "geometry"):
            GEOMETRY[rules.name] = module.geometry
    found = GEOMETRY.get(rules.name)
    if found is None:
        return {}
    return found(rules, colours) if colours else found(rules)
