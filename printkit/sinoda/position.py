"""A Sinoda position as an immutable value, and the one successor function (N4–N12).

A position holds, besides its game (board tables, teams, knobs: `SinodaGame`):

- `cells`: bytes, one a space in name order: 0 for an empty space, else `seat << 3 | value`
  (N2: a space holds at most one piece);
- `masks`: per seat, the int with bit i set when that seat has a piece on space i;
  `occupied` is their union;
- `discs`: per seat, the values it captured, in capture order (N7), and `points` their sums;
- `to_move`: the seat that acts next, None once the game is over; `turn`: turns played;
- `ended`: how the game ended (a key of rules.ENDINGS), None while it goes on.

Actions are the ints of `printkit.sinoda.actions`. `successor` is the only code that makes
a position from another: the engine, the bots, the searches, perft and simulation all call
it, `apply` after checking the action is legal.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from printkit.games.protocol import IllegalAction
from printkit.sinoda.actions import CHANGE_BASE, SPACE_BITS, TARGET_MASK
from printkit.sinoda.board import Setup
from printkit.sinoda.reach import Reach, spaces_of
from printkit.sinoda.rules import PIECES, SinodaRules


class GameContext(Protocol):
    """What a position needs of its game (printkit.sinoda.game.SinodaGame is the one)."""

    setup: Setup
    rules: SinodaRules
    reach: Reach
    seats: int
    teams: tuple[tuple[int, ...], ...]
    allies: tuple[tuple[int, ...], ...]
    next_seat: tuple[int, ...]
    sinoda_applies: bool

    def player_name(self, seat: int) -> str: ...

    def position(self, cells: bytes, to_move: int, discs: tuple[tuple[int, ...], ...] | None = None,
                 turn: int = 0) -> Position: ...

    def action_json(self, state: Position, action: int) -> dict: ...


class Position(NamedTuple):
    game: GameContext
    cells: bytes
    masks: tuple[int, ...]
    occupied: int
    discs: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    to_move: int | None
    turn: int
    ended: str | None

    def __repr__(self) -> str:
        """The position in one line of its notation (printkit.sinoda.notation)."""
        names = self.game.reach.names
        state = f"to move: {self.to_move + 1}" if self.to_move is not None else f"game over: {self.ended}"
        players = "; ".join(
            f"{seat + 1}: " + " ".join(f"{names[space]}={value}" for space, value in self.pieces(seat))
            + " | " + " ".join(str(value) for value in self.discs[seat])
            for seat in range(self.game.seats))
        return f"Position({state}; turns played: {self.turn}; {players})"

    # -- the game protocol -------------------------------------------------------------
    def to_act(self) -> int | None:
        return self.to_move

    def legal_actions(self) -> tuple[int, ...]:
        """Every action of the seat to move (N4): per piece in space order its changes
        (N5: down, then up) and its moves (N6: one per end, ends in space order)."""
        seat = self.to_move
        if seat is None:
            return ()
        game = self.game
        reach_ends = game.reach.ends
        cells, masks, occupied = self.cells, self.masks, self.occupied
        friends = 0
        for ally in game.allies[seat]:  # N6, N11: never onto one's own side
            friends |= masks[ally]
        found: list[int] = []
        mine = masks[seat]
        while mine:
            low = mine & -mine
            space = low.bit_length() - 1
            mine ^= low
            value = cells[space] & 7
            base = space << SPACE_BITS
            if value > 1:
                found.append(base | (CHANGE_BASE + value - 2))  # N5: one lower
            if value < 4:
                found.append(base | (CHANGE_BASE + value))  # N5: one higher
            ends = reach_ends(space, value, occupied) & ~friends
            while ends:
                low = ends & -ends
                found.append(base | (low.bit_length() - 1))
                ends ^= low
        return tuple(found)

    def apply(self, action: int) -> Position:
        problem = self.illegal(action)
        if problem is not None:
            raise IllegalAction(problem)
        return successor(self, action)

    def is_terminal(self) -> bool:
        return self.to_move is None

    def scores(self) -> tuple[int, ...]:
        """N7: each seat's points, the sum of the values it captured."""
        return self.points

    def winners(self) -> tuple[int, ...]:
        """N9 (and N11 for teams); empty while the game goes on."""
        if self.to_move is not None:
            return ()
        leaders = self.leaders()
        if not self.game.teams:
            return leaders
        return tuple(sorted({ally for seat in leaders for ally in self.game.allies[seat]}))

    # -- reading a position ------------------------------------------------------------
    def leaders(self) -> tuple[int, ...]:
        """N9: the seats with the highest score, and of those the most pieces on the board."""
        best = max(self.points)
        tied = [seat for seat, points in enumerate(self.points) if points == best]
        most = max(self.masks[seat].bit_count() for seat in tied)
        return tuple(seat for seat in tied if self.masks[seat].bit_count() == most)

    def piece(self, space: int) -> tuple[int, int] | None:
        """(seat, value) of the piece on a space, or None."""
        code = self.cells[space]
        return (code >> 3, code & 7) if code else None

    def pieces(self, seat: int) -> list[tuple[int, int]]:
        """(space, value) of each piece of a seat, in space order."""
        return [(space, self.cells[space] & 7) for space in spaces_of(self.masks[seat])]

    def captures(self, action: int) -> tuple[int, int] | None:
        """(seat, value) of the piece an action captures (N7), or None."""
        target = action & TARGET_MASK
        if target >= CHANGE_BASE:
            return None
        return self.piece(target)

    def illegal(self, action: object) -> str | None:
        """Why an action may not be taken now (with the rule), or None when it may."""
        seat = self.to_move
        if seat is None:
            return f"the game is over ({self.ended}; N8, N10, N12)"
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < 1 << 2 * SPACE_BITS:
            return f"{action!r} is not a Sinoda action"
        names = self.game.reach.names
        space, target = action >> SPACE_BITS, action & TARGET_MASK
        if space >= len(names):
            return f"space {space} is not on the board (N1)"
        player = self.game.player_name(seat)
        found = self.piece(space)
        if found is None or found[0] != seat:
            return f"{player} has no piece on {names[space]} (N4: a turn acts on one of your own pieces)"
        value = found[1]
        if target >= CHANGE_BASE:
            wanted = target - CHANGE_BASE + 1
            if abs(wanted - value) != 1:
                return (f"the {value} on {names[space]} cannot be changed to {wanted}"
                        f" (N5: one higher or one lower, within 1-4, no wrap)")
            return None
        if target >= len(names):
            return f"space {target} is not on the board (N1)"
        if not self.game.reach.ends(space, value, self.occupied) >> target & 1:
            return (f"the {value} on {names[space]} cannot reach {names[target]}: N6 needs exactly {value}"
                    f" step{'s' * (value != 1)} across sides, through empty spaces, never entering a space twice")
        victim = self.piece(target)
        if victim is not None and victim[0] in self.game.allies[seat]:
            whose = "your own" if victim[0] == seat else "a teammate's"
            return f"{names[target]} holds {whose} piece (N6, N11: a move may end only on an empty space or a rival)"
        return None


def successor(position: Position, action: int) -> Position:
    """The position after a legal action (not checked here: `Position.apply` checks it).

    N5 turns a piece; N6 moves it and N7 takes what it lands on to the mover's disc; then
    the game ends by N8 (a, b, c in that order), N10 or N12, or passes clockwise (N3)."""
    game = position.game
    seat = position.to_move
    assert seat is not None, "a finished game has no successor"
    space, target = action >> SPACE_BITS, action & TARGET_MASK
    cells = bytearray(position.cells)
    masks = position.masks
    discs, points = position.discs, position.points
    occupied = position.occupied
    ended = None
    if target >= CHANGE_BASE:  # N5
        cells[space] = seat << 3 | (target - CHANGE_BASE + 1)
    else:  # N6
        leave, land = 1 << space, 1 << target
        victim = cells[target]
        cells[target] = cells[space]
        cells[space] = 0
        changed = list(masks)
        changed[seat] ^= leave | land
        occupied = (occupied ^ leave) | land
        if victim:  # N7
            changed[victim >> 3] ^= land
            taken = list(discs)
            taken[seat] = discs[seat] + (victim & 7,)
            discs = tuple(taken)
            scored = list(points)
            scored[seat] += victim & 7
            points = tuple(scored)
            ended = _ended_by_capture(changed, discs[seat])
        masks = tuple(changed)
    turn = position.turn + 1
    if ended is None and game.sinoda_applies:
        ended = _sinoda(cells, masks, points)
    if ended is None and turn >= game.rules.max_turns:
        ended = "max-turns"  # N12
    to_move = None if ended else game.next_seat[seat]
    return Position(game, bytes(cells), masks, occupied, discs, points, to_move, turn, ended)


def _ended_by_capture(masks: list[int], mover_disc: tuple[int, ...]) -> str | None:
    """N8 after a capture (piece counts change only then)."""
    counts = [mask.bit_count() for mask in masks]
    if max(counts) == 1 and min(counts) == 1:
        return "one-piece-each"  # N8a
    if min(counts) == 0:
        return "no-pieces-left"  # N8b
    if len(mover_disc) >= PIECES:
        return "six-captured"  # N8c
    return None


def _sinoda(cells: bytearray | bytes, masks: tuple[int, ...], points: tuple[int, ...]) -> str | None:
    """N10 (two players): the leader wins when the other could not catch up even by
    capturing all the leader's pieces at today's values."""
    first, second = points
    if first == second:
        return None
    leader, other = (0, second) if first > second else (1, first)
    lead = points[leader] - other
    mask = masks[leader]
    on_board = 0
    while mask and on_board < lead:
        low = mask & -mask
        on_board += cells[low.bit_length() - 1] & 7
        mask ^= low
    return "sinoda" if lead > on_board else None


def ending_of(position: Position) -> str | None:
    """How a position is over, judged afresh (for positions typed in rather than played):
    N8 (a, b, c), N10, N12, in that order."""
    counts = [mask.bit_count() for mask in position.masks]
    if all(count == 1 for count in counts):
        return "one-piece-each"
    if min(counts) == 0:
        return "no-pieces-left"
    if any(len(disc) >= PIECES for disc in position.discs):
        return "six-captured"
    if position.game.sinoda_applies:
        found = _sinoda(position.cells, position.masks, position.points)
        if found:
            return found
    if position.turn >= position.game.rules.max_turns:
        return "max-turns"
    return None
