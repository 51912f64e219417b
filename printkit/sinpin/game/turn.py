"""A turn of the whole game (S29a, S29b) and a whole game, as its record (game-record.md).

A turn: play a card (S5), move the avatar (section 2), resolve what the move did (S29b),
move the ghost (S30). Catches are checked after every avatar move and every ghost move
(S32). The record holds each decision and the state it led to, so that a program that knows
only the rules can replay and check every step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from printkit.games.record import end_line, header
from printkit.sinpin.game.state import AVATARS, KNOCKOUT_PRICE, Bot, Game, GameState, new_game, set_tile, set_up
from printkit.sinpin.game.outcomes import GameMoves, GameOutcome, way_events
from printkit.sinpin.level import Level
from printkit.sinpin.moves.events import health_after
from printkit.sinpin.rules import next_hand
from printkit.sinpin.tiles import Tile


def play_game(level: Level, bots: Sequence[Bot], seed: int, *, game: int = 0, level_name: str = "",
              moves: GameMoves | None = None, hows: dict[int, list[str]] | None = None) -> list[dict]:
    """Play one game to its end (S33); its record, one dict per JSON line. `hows`, if given,
    gets per turn how each field of the move's trail was entered (Game.hows, for the log)."""
    state = new_game(level, bots, seed, moves)
    state.hows = hows
    state.lines.append(record_header(level, bots, game, seed, level_name, state.state.first))
    set_up(state)
    limit = turn_limit(level, len(bots))
    while state.state.turn < limit:
        play_turn(state)
        if not state.state.on_board():
            break
    state.lines.append(record_end(state.state))
    return state.lines


def turn_limit(level: Level, players: int) -> int:
    """S33: the game ends after max_rounds rounds, one turn a player each."""
    return level.rules.max_rounds * players


def record_header(level: Level, bots: Sequence[Bot], game: int, seed: int, level_name: str, first: int) -> dict:
    """The record's header (game-record.md) in the frame every game's record shares."""
    return header("sinpin", game, seed, bots, first_keys={"level": level_name, "map": list(level.rows),
                                                      "rules": dataclasses.asdict(level.rules)},
                  seat_keys=[{"avatar": AVATARS[seat]} for seat in range(len(bots))], first=first)


# How a game ends (the end line's `end`, S33) in words: the log and the play page say it so.
ENDING_WORDS: dict[str, str] = {
    "out": "no avatar is left on the board (S33)",
    "max_rounds": "the last round was played (S33)",
}


def record_end(state: GameState) -> dict:
    """The record's end line: "out" once no avatar is left on the board, else the last
    round was played (S33); the most gems win, ties shared."""
    gems = [seat.gems for seat in state.seats]
    best = max(gems)
    return end_line("out" if not state.on_board() else "max_rounds", [i for i, count in enumerate(gems) if count == best],
                    before={"rounds": state.rounds_played, "gems": gems})


def play_turn(game: Game) -> None:
    state = game.state
    seat = state.seat
    player = state.seats[seat]
    line: dict = {"turn": state.turn + 1, "round": state.round, "seat": seat, "card": 0,
                  "from": list(player.at) if player.at is not None else None, "move": None, "events": [],
                  "ghost": [], "caught": []}
    game.turn_line = line
    # the card goes into the line as soon as it is chosen: a decision later in the turn (a
    # drawn item's place, S25, the ghost) shows the turn so far (SinpinState.turn_so_far)
    if player.status != "in":
        card = line["card"] = game.bots[seat].choose_card(game, seat)  # S29a: out, it still plays a card
        game.update_seat(seat, hand=next_hand(player.hand, card))
    else:
        options = game.options(seat)
        card, outcome = options[game.bots[seat].choose_move(game, seat, options)]
        line["card"] = card
        _move(game, seat, card, outcome, line)
    game.move_ghost(seat, card, "turn")  # S30: the ghost's ordinary move ends every turn
    after = game.state.seats[seat]
    line.update(health=after.health, gems=after.gems, hand=sorted(after.hand),
                at=list(after.at) if after.at is not None else None)
    game.lines.append(line)
    game.turn_line = None
    game.state = game.state._replace(turn=game.state.turn + 1)


def _move(game: Game, seat: int, card: int, outcome: GameOutcome, line: dict) -> None:
    player = game.state.seats[seat]
    trail = outcome.trail
    line["move"] = {"end": list(outcome.end), "exit": outcome.exited, "trail": [list(p) for p in trail]}
    drawn = _move_events(game, outcome, line["events"])
    # S29b: when the move ends the map changes: items taken, question marks drawn and webs
    # entered are removed (S18, S22, S23).
    rows = game.state.rows
    for mask in (outcome.gems, outcome.hearts, outcome.marks, outcome.webs):
        for at in game.moves.positions(mask):
            rows = set_tile(rows, at, Tile.OPEN)
    game.state = game.state._replace(rows=rows)
    exited = outcome.exited
    game.update_seat(seat, at=None if exited else outcome.end, health=outcome.health,
                     gems=player.gems + outcome.gained, hand=next_hand(player.hand, card),
                     status="exited" if exited else "in")
    game.catch()  # S32: after every avatar move
    maximum = game.level.rules.max_health
    for kind in drawn:  # S29b: the draws in the order drawn
        current = game.state.seats[seat]
        if kind == "gem":
            game.update_seat(seat, gems=current.gems + 1)
        elif kind == "heart":
            # An avatar on its way out keeps it too: S29b resolves the draws before the exit,
            # whose gems count its health (S24). A caught one has no health to restore (S32).
            if current.status != "caught":
                game.update_seat(seat, health=health_after(current.health, 1, False, maximum))  # S22
        elif kind == "ghost":
            game.move_ghost(seat, card, "draw")  # S31
        else:
            at = game.place(seat, kind, Tile.WEB if kind == "web" else Tile.CHEST)
            if at is not None:
                line["events"].append(["place", list(at), kind])
    current = game.state.seats[seat]
    if outcome.knocked_out and current.status == "in":  # S25
        choice = "door"
        if current.gems >= KNOCKOUT_PRICE and game.bots[seat].knocked_out(game, seat) == "pay":
            choice = "pay"
            game.update_seat(seat, gems=current.gems - KNOCKOUT_PRICE, health=1)
        else:
            game.update_seat(seat, at=game.door, health=maximum)
        line["events"].append(["knocked_out", list(outcome.end), choice])
    if exited:  # S24: exit gems by order of leaving, plus health; then the ghost (S31)
        current = game.state.seats[seat]
        bonus = max(0, game.state.players - game.state.exits) + current.health
        game.update_seat(seat, gems=current.gems + bonus)
        game.state = game.state._replace(exits=game.state.exits + 1)
        line["events"].append(["exit", list(outcome.end), bonus])
        game.move_ghost(seat, card, "exit")


def _move_events(game: Game, outcome: GameOutcome, events: list) -> list[str]:
    """The move's events in the order they happened (S15-S24); question marks are drawn as
    they are entered (S23), each once. Returns what was drawn, in order."""
    drawn: list[str] = []
    hows = None if game.hows is None else game.hows.setdefault(game.state.turn + 1, [])
    for kind, at, *detail in way_events(game.moves, game.state.rows, outcome):
        if kind == "enter" and hows is not None:
            hows.append(detail[0])
        if kind == "mark":
            kind = game.draw() if sum(game.state.box) else "nothing"
            if kind != "nothing":
                drawn.append(kind)
            events.append(["draw", list(at), kind])
        elif kind not in ("enter", "web"):  # not events of the record: the trail says them
            events.append([kind, list(at), *detail])
    return drawn
