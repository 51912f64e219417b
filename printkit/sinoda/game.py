"""Sinoda through the game protocol (printkit.games.protocol): a set-up and its rule knobs
make a game; a seed makes its first position (N2, N3); JSON for records and pages."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from printkit.games.protocol import JSON, IllegalAction
from printkit.sinoda.actions import change, destination, is_change, move, new_value, source
from printkit.sinoda.board import Setup, make_setup
from printkit.sinoda.position import Position, ending_of
from printkit.sinoda.reach import Reach, reach_for
from printkit.sinoda.rules import ENDING_WORDS, PIECES, START_VALUE, SinodaRules


@dataclass(frozen=True)
class SinodaGame:
    """A Sinoda set-up (players, board, teams) with its rule knobs. Seats are numbered from
    0 clockwise, seat k on the start flower the board prints as player k + 1 (N3)."""

    setup: Setup
    rules: SinodaRules = SinodaRules()
    name: ClassVar[str] = "sinoda"
    endings: ClassVar[dict[str, str]] = ENDING_WORDS  # the end line's codes in words (the play page shows these)
    # Worked out once from the set-up (not part of what a game is):
    reach: Reach = field(init=False, compare=False, repr=False)
    seats: int = field(init=False, compare=False, repr=False)
    teams: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)  # seats
    allies: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)  # a seat's side, itself included
    next_seat: tuple[int, ...] = field(init=False, compare=False, repr=False)
    sinoda_applies: bool = field(init=False, compare=False, repr=False)
    start_spaces: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        setup = self.setup
        players = setup.players
        reach = reach_for(setup.n)
        teams = tuple(tuple(player - 1 for player in team) for team in setup.teams)
        allies = tuple(next((team for team in teams if seat in team), (seat,)) for seat in range(players))
        board = setup.grid
        starts = tuple(tuple(sorted(reach.index_of[board.name(t)] for t in setup.start_flower(seat + 1)))
                       for seat in range(players))
        derived: dict[str, Any] = {
            "reach": reach, "seats": players, "teams": teams, "allies": allies,
            "next_seat": tuple((seat + 1) % players for seat in range(players)),  # N3: clockwise
            "sinoda_applies": players == 2 and not teams and self.rules.win_by_sinoda,  # N10
            "start_spaces": starts,
        }
        for key, value in derived.items():
            object.__setattr__(self, key, value)

    # -- positions ---------------------------------------------------------------------
    def initial_state(self, seed: int) -> Position:
        """N2 set-up; N3: the first player drawn from the seed."""
        return self.start_position(random.Random(seed).randrange(self.seats))

    def start_position(self, first: int = 0) -> Position:
        """N2: every piece a 1 on its player's start flower; `first` moves first."""
        cells = bytearray(self.reach.size)
        masks = []
        for seat, spaces in enumerate(self.start_spaces):
            mask = 0
            for space in spaces:
                cells[space] = seat << 3 | START_VALUE
                mask |= 1 << space
            masks.append(mask)
        assert all(len(spaces) == PIECES for spaces in self.start_spaces)
        return self.position(bytes(cells), first)

    def position(self, cells: bytes, to_move: int, discs: tuple[tuple[int, ...], ...] | None = None,
                 turn: int = 0) -> Position:
        """A position from its cells (see printkit.sinoda.position), judged for an end."""
        masks = [0] * self.seats
        occupied = 0
        for space, code in enumerate(cells):
            if code:
                masks[code >> 3] |= 1 << space
                occupied |= 1 << space
        discs = discs if discs is not None else ((),) * self.seats
        points = tuple(sum(disc) for disc in discs)
        found = Position(self, bytes(cells), tuple(masks), occupied, discs, points, to_move, turn, None)
        ended = ending_of(found)
        return found._replace(to_move=None, ended=ended) if ended else found

    def player_name(self, seat: int) -> str:
        return f"player {seat + 1}"

    def space_name(self, space: int) -> str:
        return self.reach.names[space]

    # -- JSON --------------------------------------------------------------------------
    def action_json(self, state: Position, action: int) -> dict[str, JSON]:
        """{"piece": "B3", "change": 2} or {"piece": "B3", "to": "C7"}, with "captures":
        {"seat": s, "value": v} when a move takes a piece (N7)."""
        names = self.reach.names
        data: dict[str, JSON] = {"piece": names[source(action)]}
        if is_change(action):
            data["change"] = new_value(action)
            return data
        data["to"] = names[destination(action)]
        taken = state.captures(action)
        if taken is not None:
            data["captures"] = {"seat": taken[0], "value": taken[1]}
        return data

    def action_label(self, state: Position, action: int) -> str:
        """The action in a player's words, for a page's list of choices: `B3: turn to 2`
        (N5), `B3 to C7` (N6), `B3 to C7, takes player 2's 3` (N7)."""
        names = self.reach.names
        piece = names[source(action)]
        if is_change(action):
            return f"{piece}: turn to {new_value(action)}"
        text = f"{piece} to {names[destination(action)]}"
        taken = state.captures(action)
        if taken is not None:
            text += f", takes {self.player_name(taken[0])}'s {taken[1]}"
        return text

    def action_from_json(self, state: Position, data: JSON) -> int:
        if not isinstance(data, dict) or "piece" not in data or ("change" in data) == ("to" in data):
            raise IllegalAction(f"{data!r} is not a Sinoda action: give piece and either change or to")
        index = self.reach.index_of
        piece = str(data["piece"]).upper()
        if piece not in index:
            raise IllegalAction(f"{data['piece']!r} is not a space of this board (N1)")
        if "change" in data:
            value = data["change"]
            if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2, 3, 4):  # 2.0 too
                raise IllegalAction(f"a die shows 1 to 4 (N2), not {value!r}")
            return change(index[piece], value)
        to = str(data["to"]).upper()
        if to not in index:
            raise IllegalAction(f"{data['to']!r} is not a space of this board (N1)")
        return move(index[piece], index[to])

    def state_json(self, state: Position) -> dict[str, JSON]:
        """What a page needs to draw a position and offer its actions: the pieces with seat
        and value on named spaces (as `printkit board --json` names them), capture discs,
        whose turn, and every legal action, each with the piece it acts on."""
        from printkit.sinoda.notation import format_position

        names = self.reach.names
        pieces = [{"space": names[space], "seat": code >> 3, "value": code & 7}
                  for space, code in enumerate(state.cells) if code]
        return {
            "game": self.name,
            "setup": self.setup.name,
            "board": self.setup.board,
            "seats": self.seats,
            "teams": [list(team) for team in self.teams],
            "turn": state.turn,
            "to_move": state.to_move,
            "ended": state.ended,
            "winners": list(state.winners()),
            "pieces": pieces,
            "captured": [list(disc) for disc in state.discs],
            "scores": list(state.points),
            "actions": [self.action_json(state, action) for action in state.legal_actions()],
            "position": format_position(state),
        }


def make_game(players: int = 2, board: str | None = None, teams: int | None = None,
              rules: SinodaRules = SinodaRules()) -> SinodaGame:
    return SinodaGame(make_setup(players, board, teams), rules)
