"""Why an action is not legal in a position, in words that name the rule (Y1–Y9).

Only asked about actions the successor function does not list (printkit.yinsh.state), so it
explains and never decides: a case it does not recognise still gets a message.
"""

from __future__ import annotations

from printkit.yinsh.actions import COLOURS, ENDS, MOVE, OVER, PLACE, REMOVE, Action, action_text
from printkit.yinsh.bits import NAME, RAYS, WINDOW_BY_ENDS, bits_of
from printkit.yinsh.knobs import PLACEMENTS


def _piece(state, point: int) -> str:
    for colour in (0, 1):
        if state.rings[colour] >> point & 1:
            return f"a {COLOURS[colour]} ring"
    if state.markers >> point & 1:
        return f"a {'white' if state.white >> point & 1 else 'black'} marker"
    return "nothing"


def why_illegal(state, action: Action) -> str:
    """The rule `action` breaks in `state`, as a message starting with the rule id."""
    try:
        shown = action_text(action)
    except (ValueError, KeyError, IndexError, TypeError):
        return f"{action!r} is not a YINSH action"
    who = COLOURS[state.colour]
    kind = action[0]
    if state.phase == OVER:
        return f"{ENDS.get(state.ended, 'Y7')}: {shown}: the game is over"
    if state.phase == PLACE and kind != "place":
        placed = (state.rings[0] | state.rings[1]).bit_count()
        return f"Y2: {shown}: the rings are still being placed ({placed} of {PLACEMENTS}); {who} places a ring"
    if state.phase == REMOVE and kind != "remove":
        rule = "Y5" if state.colour == state.mover else "Y6"
        return f"{rule}: {shown}: {who} must first take a row of five {who} markers off, and one of their rings"
    if state.phase == MOVE and kind == "place":
        return f"Y2: {shown}: all rings are on the board; a turn is a move (Y3)"
    if state.phase == MOVE and kind == "remove":
        return f"Y5: {shown}: there is no row of five to take off now"
    if kind == "place":
        return f"Y1: {shown}: the point holds {_piece(state, action[1])}"
    if kind == "pass":
        return f"Y9: pass: a player passes only when none of their rings can move, and {who} can move"
    if kind == "move":
        return _why_not_a_move(state, action[1], action[2], shown, who)
    if kind == "remove":
        return _why_not_a_removal(state, action[1], action[2], action[3], shown, who)
    return f"{shown} is not legal now"


def _why_not_a_move(state, start: int, end: int, shown: str, who: str) -> str:
    if not state.rings[state.colour] >> start & 1:
        return f"Y3: {shown}: {NAME[start]} holds {_piece(state, start)}, not a {who} ring"
    for ray in RAYS[start]:
        points = [point for point, _ in ray]
        if end not in points:
            continue
        jumped = False
        for point in points[: points.index(end)]:
            if (state.rings[0] | state.rings[1]) >> point & 1:
                return f"Y3: {shown}: a ring never passes over a ring ({NAME[point]})"
            if state.markers >> point & 1:
                jumped = True
            elif jumped:
                return (f"Y3: {shown}: after passing markers the ring stops on the first vacant point "
                        f"behind them ({NAME[point]})")
        if (state.rings[0] | state.rings[1] | state.markers) >> end & 1:
            return f"Y3: {shown}: a ring moves to a vacant point; {NAME[end]} holds {_piece(state, end)}"
        return f"Y3: {shown} is not legal now"
    return f"Y3: {shown}: a ring moves along a line (same letter, same number, or both one up); {NAME[end]} is not on one from {NAME[start]}"


def _why_not_a_removal(state, first: int, last: int, ring: int, shown: str, who: str) -> str:
    rule = "Y5" if state.colour == state.mover else "Y6"
    row = WINDOW_BY_ENDS.get((first, last))
    if row is None:
        return f"Y5: {shown}: {NAME[first]}-{NAME[last]} is not five points in a line"
    own = state.markers_of(state.colour)
    wrong = [NAME[point] for point in bits_of(row & ~own)]
    if wrong:
        return f"{rule}: {shown}: not five {who} markers in a row ({', '.join(wrong)} not {who})"
    if not state.rings[state.colour] >> ring & 1:
        return f"{rule}: {shown}: {NAME[ring]} holds {_piece(state, ring)}, not a {who} ring to take off"
    return f"{rule}: {shown} is not legal now"

