"""A YINSH position and the one successor function: every legal action (Y2–Y9) and the
position after each.

A `State` is an immutable value (GameState of printkit.games.protocol). It holds the rings
and markers as bit sets (printkit.yinsh.bits), the rings each colour took off, who acts and
what they do now (`phase`): place a ring (Y2), move one (Y3), or remove a row and a ring
(Y5, Y6). After a move the rows are resolved as actions of the players concerned: first the
mover's rows, then the opponent's (Y5–Y6); a player who reaches `rows_to_win` wins at once
(Y7). The game also ends when a player is to move with the pool empty (Y8), when both
players cannot move in turn (Y9) or at the bound (Y10).

Colours are 0 (white) and 1 (black); seats are the protocol's. White's seat is drawn from
the game's seed (Y2); `to_act()` answers in seats, everything else in colours.
"""

from __future__ import annotations

from printkit.games.protocol import IllegalAction
from printkit.yinsh.actions import BLACK, COLOURS, MOVE, OVER, PASS, PHASES, PLACE, REMOVE, WHITE, Action
from printkit.yinsh.bits import BETWEEN, INDICES, RAYS, WINDOW_BY_ENDS, has_row, rows_in
from printkit.yinsh.knobs import MARKERS, PLACEMENTS, Knobs

_PLACE_ACTIONS = {i: ("place", i) for i in INDICES}


class State:
    """A YINSH position; never changed once made (apply returns a new one)."""

    __slots__ = ("rings", "markers", "white", "off", "colour", "phase", "mover", "moves", "passed",
                 "knobs", "white_seat", "ended", "winner_colours", "_actions")

    rings: tuple[int, int]  # the rings on the board, per colour (bit sets)
    markers: int  # every marker on the board
    white: int  # the markers showing white (a subset of markers); the rest show black
    off: tuple[int, int]  # rings taken off, per colour (Y5)
    colour: int  # the colour to act (meaningless once over)
    phase: int  # PLACE, MOVE, REMOVE or OVER (printkit.yinsh.actions)
    mover: int  # the colour whose move is being resolved (REMOVE; otherwise the last mover)
    moves: int  # moves made (Y3), for the bound (Y10)
    passed: bool  # the last action was a pass (Y9)
    knobs: Knobs
    white_seat: int
    ended: str | None  # a key of ENDS once over
    winner_colours: tuple[int, ...]

    # -- the protocol ---------------------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.colour ^ self.white_seat

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple[float, ...]:
        """Rings taken off, per seat."""
        return (float(self.off[self.white_seat]), float(self.off[1 - self.white_seat]))

    def winners(self) -> tuple[int, ...]:
        return tuple(sorted(colour ^ self.white_seat for colour in self.winner_colours))

    def legal_actions(self) -> tuple[Action, ...]:
        actions = self._actions
        if actions is None:
            actions = self._actions = _generate(self)
        return actions

    def apply(self, action: Action) -> State:
        """The position after a legal action; IllegalAction (naming the rule) otherwise."""
        if action not in self.legal_actions():
            from printkit.yinsh.legality import why_illegal

            raise IllegalAction(why_illegal(self, action))
        return self.after(action)

    def after(self, action: Action) -> State:
        """The position after `action`, which must be one of legal_actions() (searches and
        perft call this and skip the check)."""
        kind = action[0]
        if kind == "move":
            return _after_move(self, action[1], action[2])
        if kind == "remove":
            return _after_removal(self, action[1], action[2], action[3])
        if kind == "place":
            return _after_placement(self, action[1])
        return _to_move(self, 1 - self.colour, self.rings, self.markers, self.white, self.off, self.moves, True)

    # -- what else a reader of a position needs ----------------------------------------------

    @property
    def pool(self) -> int:
        """Markers in the pool (Y1): never lost, so 51 less those on the board."""
        return MARKERS - self.markers.bit_count()

    def markers_of(self, colour: int) -> int:
        return self.white if colour == WHITE else self.markers ^ self.white

    def key(self) -> tuple:
        return (self.rings, self.markers, self.white, self.off, self.colour, self.phase, self.mover,
                self.moves, self.passed, self.knobs, self.white_seat, self.ended, self.winner_colours)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return (f"State(phase={PHASES[self.phase]}, colour={COLOURS[self.colour]}, rings={self.rings}, "
                f"markers={self.markers:#x}, white={self.white:#x}, off={self.off}, moves={self.moves})")


def make_state(rings: tuple[int, int], markers: int, white: int, off: tuple[int, int], colour: int, phase: int,
               *, mover: int = WHITE, moves: int = 0, passed: bool = False, knobs: Knobs = Knobs(),
               white_seat: int = 0, ended: str | None = None, winner_colours: tuple[int, ...] = ()) -> State:
    state = object.__new__(State)
    state.rings, state.markers, state.white, state.off = rings, markers, white, off
    state.colour, state.phase, state.mover, state.moves, state.passed = colour, phase, mover, moves, passed
    state.knobs, state.white_seat, state.ended, state.winner_colours = knobs, white_seat, ended, winner_colours
    state._actions = None
    return state


def initial_state(knobs: Knobs = Knobs(), white_seat: int = 0) -> State:
    """Y2: the empty board, white to place."""
    return make_state((0, 0), 0, 0, (0, 0), WHITE, PLACE, mover=BLACK, knobs=knobs, white_seat=white_seat)


def settled(state: State) -> State:
    """A position typed with `state.colour` to move, or its end if the pool is empty (Y8)
    or the bound is reached (Y10)."""
    if state.phase != MOVE:
        return state
    return _to_move(state, state.colour, state.rings, state.markers, state.white, state.off, state.moves, False)


# -- the successor function ---------------------------------------------------------------


def ring_moves(ring: int, rings: int, markers: int) -> list[int]:
    """Y3: the points the ring on `ring` may move to: over vacant points, then over one
    unbroken run of markers to the first vacant point behind it; never over a ring or off
    the board."""
    found = []
    for ray in RAYS[ring]:
        jumped = False
        for point, bit in ray:
            if bit & rings:
                break
            if bit & markers:
                jumped = True
                continue
            found.append(point)
            if jumped:
                break
    return found


def _generate(state: State) -> tuple[Action, ...]:
    phase, colour = state.phase, state.colour
    if phase == MOVE:
        rings = state.rings[0] | state.rings[1]
        markers = state.markers
        actions = []
        own = state.rings[colour]
        while own:
            low = own & -own
            ring = low.bit_length() - 1
            own ^= low
            actions += [("move", ring, point) for point in ring_moves(ring, rings, markers)]
        return tuple(actions) if actions else (PASS,)
    if phase == REMOVE:
        rows = rows_in(state.markers_of(colour))
        rings = [i for i in INDICES if state.rings[colour] >> i & 1]
        return tuple(("remove", first, last, ring) for first, last, _ in rows for ring in rings)
    if phase == PLACE:
        taken = state.rings[0] | state.rings[1]
        return tuple(_PLACE_ACTIONS[i] for i in INDICES if not taken >> i & 1)
    return ()


def _after_placement(state: State, point: int) -> State:
    colour = state.colour
    rings = (state.rings[0] | 1 << point, state.rings[1]) if colour == WHITE else (state.rings[0], state.rings[1] | 1 << point)
    if (rings[0] | rings[1]).bit_count() < PLACEMENTS:
        return make_state(rings, 0, 0, state.off, 1 - colour, PLACE, mover=colour, knobs=state.knobs,
                          white_seat=state.white_seat)
    return _to_move(state, 1 - colour, rings, 0, 0, state.off, 0, False)


def _after_move(state: State, start: int, end: int) -> State:
    colour = state.colour
    moved = 1 << start | 1 << end
    rings = (state.rings[0] ^ moved, state.rings[1]) if colour == WHITE else (state.rings[0], state.rings[1] ^ moved)
    markers = state.markers
    white = state.white ^ (BETWEEN[start << 8 | end] & markers)  # Y4: every marker passed flips
    markers |= 1 << start  # Y3: the marker stays where the ring was, the mover's colour up
    if colour == WHITE:
        white |= 1 << start
    return _resolve(state, colour, rings, markers, white, state.off, state.moves + 1)


def _after_removal(state: State, first: int, last: int, ring: int) -> State:
    colour = state.colour
    row = WINDOW_BY_ENDS[(first, last)]
    markers = state.markers & ~row  # Y5: the five go back to the pool
    white = state.white & ~row
    if colour == WHITE:
        rings = (state.rings[0] & ~(1 << ring), state.rings[1])
        off = (state.off[0] + 1, state.off[1])
    else:
        rings = (state.rings[0], state.rings[1] & ~(1 << ring))
        off = (state.off[0], state.off[1] + 1)
    if off[colour] >= state.knobs.rows_to_win:  # Y7: at once, whatever else is pending
        return _over(state, rings, markers, white, off, state.moves, "rings", (colour,))
    mover = state.mover
    own = white if colour == WHITE else markers ^ white
    if has_row(own):  # Y5: while any row of theirs remains
        return make_state(rings, markers, white, off, colour, REMOVE, mover=mover, moves=state.moves,
                          knobs=state.knobs, white_seat=state.white_seat)
    if colour == mover:
        return _resolve(state, mover, rings, markers, white, off, state.moves, own_done=True)
    return _to_move(state, 1 - mover, rings, markers, white, off, state.moves, False)


def _resolve(state: State, mover: int, rings: tuple[int, int], markers: int, white: int, off: tuple[int, int],
             moves: int, own_done: bool = False) -> State:
    """Y5–Y6 after a move: the mover's rows first, then the opponent's, then the opponent moves."""
    knobs, white_seat = state.knobs, state.white_seat
    mover_markers = white if mover == WHITE else markers ^ white
    if not own_done and has_row(mover_markers):
        return make_state(rings, markers, white, off, mover, REMOVE, mover=mover, moves=moves, knobs=knobs,
                          white_seat=white_seat)
    if has_row(markers ^ mover_markers):
        return make_state(rings, markers, white, off, 1 - mover, REMOVE, mover=mover, moves=moves, knobs=knobs,
                          white_seat=white_seat)
    return _to_move(state, 1 - mover, rings, markers, white, off, moves, False)


def _to_move(state: State, colour: int, rings: tuple[int, int], markers: int, white: int, off: tuple[int, int],
             moves: int, passed: bool) -> State:
    """The position with `colour` to move, or the end: pool empty (Y8), the bound (Y10), or
    no move for either player in turn (Y9)."""
    if markers.bit_count() >= MARKERS:
        return _over(state, rings, markers, white, off, moves, "markers_out", _more_rings(off))
    if moves >= state.knobs.max_moves:
        return _over(state, rings, markers, white, off, moves, "bound", ())
    following = make_state(rings, markers, white, off, colour, MOVE, mover=1 - colour, moves=moves, passed=passed,
                           knobs=state.knobs, white_seat=state.white_seat)
    if passed and following.legal_actions() == (PASS,):
        return _over(state, rings, markers, white, off, moves, "no_move", _more_rings(off))
    return following


def _more_rings(off: tuple[int, int]) -> tuple[int, ...]:
    """Y8: the colour that took off more rings; nobody when equal."""
    return () if off[0] == off[1] else ((0,) if off[0] > off[1] else (1,))


def _over(state: State, rings: tuple[int, int], markers: int, white: int, off: tuple[int, int], moves: int,
          ended: str, winners: tuple[int, ...]) -> State:
    return make_state(rings, markers, white, off, state.colour, OVER, mover=state.mover, moves=moves,
                      knobs=state.knobs, white_seat=state.white_seat, ended=ended, winner_colours=winners)
