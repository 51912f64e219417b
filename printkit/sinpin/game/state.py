"""The whole game of Sinpin (S28-S33): set-up, turns, the box, the ghost and the end.

A game is a pure function of (level, bots, seed): `play_game` draws the first player and
every question mark from one seeded random generator and asks the bots for every decision.
A replay takes chance from the record instead (sinpin.md fixes no generator): the first
player is given and a `drawer` answers the box's draws (printkit.sinpin.game.protocol).
A `GameState` is an immutable value; each turn makes a new one. Moves come from the move
engine through `GameMoves` (one successor function), on the map as it is at that turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from printkit.sinpin.game.outcomes import GameMoves, GameOutcome
from printkit.sinpin.game.ghost import GhostBoard, Place, fields_under, start_place
from printkit.sinpin.level import Level, Position
from printkit.sinpin.rules import FULL_HAND
from printkit.sinpin.tiles import Tile

AVATARS = ("Fox", "Goat", "Mouse", "Penguin")
BOX_KINDS = ("gem", "heart", "web", "chest", "ghost")  # what a question mark can draw (S29)
# S28's order: (the record's name, the tile, Level.setup_placed's key)
SETUP_KINDS = (("web", Tile.WEB, "web"), ("gem", Tile.GEM, "gem"), ("mark", Tile.QUESTION, "question"))
KNOCKOUT_PRICE = 3  # S25: gems paid to go on where the avatar stands


class Seat(NamedTuple):
    """One player's avatar and what it holds."""

    avatar: str
    at: Position | None  # None once out of the game
    health: int
    gems: int = 0
    hand: frozenset[int] = FULL_HAND  # cards still playable in this cycle (S5)
    status: str = "in"  # "in", "exited" (S24) or "caught" (S32)


_STATUS = Seat._fields.index("status")  # on_board is asked after every move: a plain index is faster


class GameState(NamedTuple):
    rows: tuple[str, ...]  # the map as it is now (S29b)
    seats: tuple[Seat, ...]
    ghost: Place
    box: tuple[int, ...]  # counts of BOX_KINDS left in the box (S29)
    first: int  # the seat that starts every round (S28)
    turn: int = 0  # turns played
    exits: int = 0  # avatars out through the exit so far (S24)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def round(self) -> int:
        """The round the next turn belongs to, from 1 (S29a)."""
        return self.turn // self.players + 1

    @property
    def rounds_played(self) -> int:
        """The round the last turn played belongs to (0 before the first): the end line's
        `rounds`, and the round a game over ended in."""
        return (self.turn - 1) // self.players + 1

    @property
    def seat(self) -> int:
        """Whose turn is next."""
        return (self.first + self.turn) % self.players

    def on_board(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat[_STATUS] == "in"]

    def vacant(self) -> list[Position]:
        """S28: open cave holding no item, not the door or the exit; reading order."""
        return [(x, y) for y, row in enumerate(self.rows) if "." in row for x, char in enumerate(row) if char == "."]


def set_tile(rows: tuple[str, ...], at: Position, tile: Tile) -> tuple[str, ...]:
    x, y = at
    row = rows[y]
    return rows[:y] + (row[:x] + tile.char + row[x + 1:],) + rows[y + 1:]


class Bot(Protocol):
    """A player's policy: every decision of a game (game.bots has the policies)."""

    name: str

    def choose_move(self, game: Game, seat: int, options: list[tuple[int, GameOutcome]]) -> int: ...
    def choose_card(self, game: Game, seat: int) -> int: ...
    def knocked_out(self, game: Game, seat: int) -> str: ...
    def place(self, game: Game, seat: int, kind: str, vacant: list[Position]) -> Position: ...
    def move_ghost(self, game: Game, seat: int, ends: list[tuple[Place, tuple[Place, ...]]]) -> int: ...


@dataclass
class Game:
    """One game being played: the level, the bots, the random generator and the state."""

    level: Level
    bots: Sequence[Bot]
    rng: random.Random
    moves: GameMoves
    state: GameState
    ghost_board: GhostBoard
    lines: list[dict] = field(default_factory=list)  # the game record (game-record.md)
    turn_line: dict | None = None
    drawer: Callable[[Game], str] | None = None  # what the box draws, when not the generator (S29)
    # Per turn, how each field of the move's trail was entered (the engine's, events.How), when
    # asked for: the log tells a move by it (game.log); the record keeps the trail alone.
    hows: dict[int, list[str]] | None = None

    @property
    def door(self) -> Position:
        return self.level.door  # type: ignore[return-value]

    def items(self) -> tuple[int, int, int]:
        return self.moves.item_masks(self.state.rows)

    def options(self, seat: int) -> list[tuple[int, GameOutcome]]:
        """Every (card, outcome) the seat may choose this turn (S5, section 2)."""
        player = self.state.seats[seat]
        items = self.items()
        return [(card, outcome) for card in sorted(player.hand)
                for outcome in self.moves.outcomes(self.state.rows, player.at, card, player.health, items)]

    # -- the pieces of a turn -------------------------------------------------------------------
    def update_seat(self, seat: int, **changes: object) -> None:
        state = self.state
        seats = list(state.seats)
        seats[seat] = seats[seat]._replace(**changes)
        self.state = GameState(state.rows, tuple(seats), *state[2:])  # (positional: faster than _replace)

    def move_ghost(self, seat: int, squares: int, by: str) -> None:
        """The player moves the ghost by `squares` (S30, S31), then catches are checked (S32)."""
        ends = list(self.ghost_board.moves(self.state.ghost, squares).items())
        # one way to go (a ghost that cannot move, S30) is no decision to ask a bot for
        place, path = ends[self.bots[seat].move_ghost(self, seat, ends) if len(ends) > 1 else 0]
        self.state = self.state._replace(ghost=place)
        if self.turn_line is not None:
            self.turn_line["ghost"].append({"by": by, "path": [list(p) for p in path]})
        self.catch()

    def catch(self) -> None:
        """S32: every avatar on the board under the ghost is caught, except on the door."""
        under = fields_under(self.state.ghost)
        door = self.door
        for index, seat in enumerate(self.state.seats):
            at = seat.at
            if seat[_STATUS] == "in" and at in under and at != door:
                self.update_seat(index, at=None, health=0, status="caught")
                if self.turn_line is not None:
                    self.turn_line["events"].append(["caught", list(at), index])
                    self.turn_line["caught"].append(index)

    def place(self, seat: int, kind: str, tile: Tile) -> Position | None:
        vacant = self.state.vacant()
        if not vacant:
            return None  # S28: fewer only when no vacant field is left
        at = self.bots[seat].place(self, seat, kind, vacant)
        if at not in vacant:
            raise ValueError(f"bot {self.bots[seat].name} placed a {kind} on {at}, which is not vacant (S28)")
        self.state = self.state._replace(rows=set_tile(self.state.rows, at, tile))
        return at

    def draw(self) -> str:
        """S29: one card of the box, uniformly at random (or the kind the drawer says, which
        the box must hold); it does not go back."""
        box = list(self.state.box)
        if self.drawer is not None:
            kind = self.drawer(self)
            index = BOX_KINDS.index(kind)
            if not box[index]:
                raise ValueError(f"the box holds no {kind} now (S29)")
        else:
            pick = self.rng.randrange(sum(box))
            index = 0
            while pick >= box[index]:
                pick -= box[index]
                index += 1
        box[index] -= 1
        self.state = self.state._replace(box=tuple(box))
        return BOX_KINDS[index]


def new_game(level: Level, bots: Sequence[Bot], seed: int, moves: GameMoves | None = None,
             first: int | None = None) -> Game:
    """The game before set-up: avatars on the door, the first player drawn (S28), or `first`
    when it is given (a record's)."""
    if level.door is None or level.exit is None:
        raise ValueError("a game needs a level with one door and one exit")
    if not 2 <= len(bots) <= len(AVATARS):
        raise ValueError("a game has 2 to 4 players")
    if first is not None and not 0 <= first < len(bots):
        raise ValueError(f"the first player is a seat from 0 to {len(bots) - 1}, not {first} (S28)")
    rng = random.Random(seed)
    rules = level.rules
    seats = tuple(Seat(AVATARS[i], level.door, rules.start_health) for i in range(len(bots)))
    state = GameState(level.rows, seats, start_place(level.door), (),
                      rng.randrange(len(bots)) if first is None else first)
    return Game(level, bots, rng, moves or GameMoves(level), state, GhostBoard(level.width, level.height, level.exit))


def set_up(game: Game) -> None:
    """S28: webs, then gems, then question marks, one a turn in seat order from the first
    player, until the map holds the knobs' numbers; then the box gets the rest (S29)."""
    turn = 0
    counts = game.level.setup_placed  # what S28 places, vacant fields allowing (the token sheet prints it)
    for kind, tile, key in SETUP_KINDS:
        for _ in range(counts[key]):
            seat = (game.state.first + turn) % game.state.players
            at = game.place(seat, kind, tile)
            if at is None:  # cannot be: the counts allow for the vacant fields
                raise ValueError(f"no vacant field left for a {kind} (S28)")
            game.lines.append({"setup": kind, "seat": seat, "at": list(at)})
            turn += 1
    box = game.level.box_after_setup  # what set-up left (S29, S34 (b)): the kit prints these cards
    game.state = game.state._replace(box=tuple(box[kind] for kind in BOX_KINDS))
