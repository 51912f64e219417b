"""A board's geometry as JSON-ready data (what `printkit board SPEC --json` prints).

All lengths are millimetres on the page, origin at the top-left corner, y down, rounded to
0.001 mm so the output is stable across platforms.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from printkit.yinsh import board as yinsh
from printkit.boards.layout import SinodaLayout, YinshLayout
from printkit.boards.spec import BoardSpec

FORMAT_VERSION = 1

XY = tuple[float, float]


def _mm(value: float) -> float:
    return round(value, 3) + 0.0  # + 0.0 turns -0.0 into 0.0


def _xy(point: XY) -> list[float]:
    return [_mm(point[0]), _mm(point[1])]


def board_json(spec: BoardSpec) -> dict[str, Any]:
    lay = spec.layout()
    width, height = spec.page.size
    data: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "game": spec.game,
        "spec": spec.source,
        "units": "mm",
        "page": {
            "paper": spec.page.paper,
            "orientation": spec.page.orientation,
            "width": width,
            "height": height,
            "margin": spec.page.margin_mm,
            "origin": "top-left",
            "y_axis": "down",
        },
        "content": {
            "left": _mm(lay.content.left),
            "top": _mm(lay.content.top),
            "right": _mm(lay.content.right),
            "bottom": _mm(lay.content.bottom),
        },
        "options": {"ink_saving": spec.ink_saving, "labels": spec.labels},
        "players": [
            {"number": p.number, "colour": p.colour, "pattern": p.pattern, "team": p.team}
            for p in spec.players
        ],
        "teams": [list(team) for team in spec.teams],
        # every rule knob the game plays by, the spec's `rules:` over the defaults (N10, N12;
        # Y12), as a game record and `simulate --json` name them: the board alone does not
        # show them (YINSH's rows_to_win only as a count of slots)
        "rules": dataclasses.asdict(spec.options.rules),
    }
    if isinstance(lay, SinodaLayout):
        data.update(_sinoda(lay))
    else:
        data.update(_yinsh(lay))
    return data


def _sinoda(lay: SinodaLayout) -> dict[str, Any]:
    return {
        "board": {
            "setup": lay.setup.name,
            "size": lay.setup.board,
            "n": lay.setup.n,
            "edge_mm": _mm(lay.edge_mm),
            "rotation_deg": lay.rotation_deg,
            "centre": _xy(lay.centre),
            "outline_radius": _mm(lay.outline_radius),
        },
        "spaces": [
            {
                "name": space.name,
                "lattice": space.axial,
                "centre": _xy(space.centre),
                "corners": [_xy(c) for c in space.corners],
                "neighbours": list(space.neighbours),
            }
            for space in lay.spaces
        ],
        "petals": [
            {
                "tips": [_xy(t) for t in petal.tips],
                "arc_centres": [_xy(c) for c in petal.arc_centres],
                "radius": _mm(petal.radius),
            }
            for petal in lay.petals
        ],
        "start": [
            {
                "player": flower.player,
                "around": list(flower.around),
                "centre": _xy(flower.centre),
                "spaces": list(flower.spaces),
            }
            for flower in lay.flowers
        ],
    }


def _yinsh(lay: YinshLayout) -> dict[str, Any]:
    return {
        "board": {
            "spacing_mm": _mm(lay.spacing_mm),
            "ring_mm": _mm(lay.ring_mm),
            "rotation_deg": lay.rotation_deg,
            # the printed shape: this convex polygon grown by `reach`, corners rounded
            "shape": {"corners": [_xy(c) for c in lay.shape], "reach": _mm(lay.shape_reach)},
        },
        "points": [
            {
                "name": p.name,
                "centre": _xy(p.centre),
                "lines": list(p.lines),
                "neighbours": list(p.neighbours),
            }
            for p in lay.points
        ],
        "lines": [
            {
                "name": line.name,
                "direction": line.direction,
                "points": list(line.points),
                "from": _xy(line.start),
                "to": _xy(line.end),
            }
            for line in lay.lines
        ],
        "labels": [{"text": label.text, "at": _xy(label.at)} for label in lay.labels],
        "start": [
            {
                "player": row.player,
                "ring_slots": [_xy(c) for c in row.centres],
                "slot_diameter": _mm(row.diameter),
            }
            for row in lay.slots
        ],
        "rings_per_player": yinsh.RINGS_PER_PLAYER,
        "fixed_start_points": list(yinsh.START_POINTS),
    }
