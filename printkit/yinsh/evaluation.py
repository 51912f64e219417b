"""How the bots value a YINSH position, always from one colour's side (higher is better).

The score, in points:

- **Rings taken off** (Y5, Y7): 1000 a ring, the player's less the opponent's. In a position
  where a player still has a row to take off (the middle of a turn), that row counts as the
  ring it will cost.
- **Rows in the making**: every five points in a row on the board (123 of them) that holds
  markers of one colour only is worth 0, 1, 3, 9 or 27 to that colour for 0 … 4 markers
  (rings in it do not count: they move on). A window with both colours is worth nothing:
  a flip is needed before it can be a row. The player's windows less the opponent's.
- **Ring mobility** (alpha-beta only): 1 a point for each point the player's rings could
  move to (Y3), less the opponent's. Rings that can go far can make and break rows.

A won game is worth ±1,000,000 (less the ring moves it took, so a bot wins soon and loses late);
a draw 0. The greedy bot uses rings and rows in the making; the alpha-beta bot all three.
"""

from __future__ import annotations

from printkit.yinsh.actions import OVER, REMOVE
from printkit.yinsh.bits import WINDOW_MASKS, bits_of, has_row
from printkit.yinsh.state import State, ring_moves

RING = 1000
WIN = 1_000_000
WINDOW_WEIGHTS = (0, 1, 3, 9, 27, 81)  # markers of one colour in a five-point window; 5 only mid-turn
MOBILITY = 1


def outcome(state: State, colour: int) -> int:
    """A game that is over, from `colour`'s side: WIN less the moves it took, its negative
    for a loss, 0 for a draw."""
    if not state.winner_colours:
        return 0
    return WIN - state.moves if colour in state.winner_colours else state.moves - WIN


def rings_score(state: State, colour: int) -> int:
    """Rings taken off, the player's less the opponent's; a row still to take off counts."""
    mine, theirs = state.off[colour], state.off[1 - colour]
    if state.phase == REMOVE:
        mine += has_row(state.markers_of(colour))
        theirs += has_row(state.markers_of(1 - colour))
    return RING * (mine - theirs)


def rows_in_the_making(own: int, other: int) -> int:
    """The windows of `own`'s markers without `other`'s, weighted, less the reverse."""
    score = 0
    weights = WINDOW_WEIGHTS
    for window in WINDOW_MASKS:
        if own & window:
            if not other & window:
                score += weights[(own & window).bit_count()]
        elif other & window:
            score -= weights[(other & window).bit_count()]
    return score


def destinations(state: State, colour: int) -> int:
    """How many points `colour`'s rings could move to now (Y3), whoever is to move."""
    rings = state.rings[0] | state.rings[1]
    return sum(len(ring_moves(ring, rings, state.markers)) for ring in bits_of(state.rings[colour]))


def greedy_score(state: State, colour: int) -> int:
    if state.phase == OVER:
        return outcome(state, colour)
    own = state.markers_of(colour)
    return rings_score(state, colour) + rows_in_the_making(own, state.markers ^ own)


def full_score(state: State, colour: int) -> int:
    if state.phase == OVER:
        return outcome(state, colour)
    own = state.markers_of(colour)
    return (rings_score(state, colour) + rows_in_the_making(own, state.markers ^ own)
            + MOBILITY * (destinations(state, colour) - destinations(state, 1 - colour)))
