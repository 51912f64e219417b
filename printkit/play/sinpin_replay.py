"""A Sinpin record replayed through the protocol (printkit.sinpin.game.protocol).

A record line holds a whole turn: the card, the move's end and trail, where drawn items
went, the S25 choice and the ghost's paths. Each decision the protocol asks while the line
is played is answered from it. A seat played by a bot asks that bot too: Sinpin's bots break
ties with the game's own generator (so the box's later draws depend on them), and a bot that
chooses the recorded action leaves the generator as it did in the game. The replayed line
must equal the record's in every key the record defines, or the record is refused.
"""

from __future__ import annotations

from typing import Any

from printkit.games.protocol import JSON, IllegalAction
from printkit.play.matches import HUMAN, Match, sinpin_match
from printkit.play.record_check import compare, shown, sinpin_header
from printkit.play.steps import LineError, Step
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules


class _Answers:
    """The answers one record line gives, each taken once."""

    def __init__(self, line: dict[str, JSON]):
        self.line = line
        self.places = [event[1] for event in line.get("events", []) if event[0] == "place"]
        self.choices = [event[2] for event in line.get("events", []) if event[0] == "knocked_out"]
        self.ghosts = [step["path"] for step in line.get("ghost", [])]

    def action(self, game: Any, state: Any) -> tuple:
        decision = state.decision
        kind, line = decision.kind, self.line
        if kind == "place":
            at = line["at"] if "setup" in line else self.places.pop(0)
            return ("place", *at)
        if kind == "card":
            return ("card", line["card"])
        if kind == "knocked_out":
            return ("knocked_out", self.choices.pop(0))
        if kind == "move":
            move = line["move"]
            for index in range(len(decision.options)):
                found = game.action_json(state, ("move", index))
                if (found["card"], found["end"], found["trail"], found["exit"]) == (
                        line["card"], move["end"], move["trail"], move["exit"]):
                    return ("move", index)
            raise ValueError(f"turn {line.get('turn')}: no move of card {line['card']} ends so")
        # The ghost: the recorded moves in order (`by` order, game-record.md). A move with one
        # way to go is recorded but asked of no one, so the moves the turn has made so far say
        # which recorded move this decision is; matching any unused path instead took a later
        # move's path for this one when both start on the same square (a draw's ghost move
        # that came back to where it stood, then the turn's own move, S30, S31).
        so_far = state.turn_so_far()
        done = len(so_far["ghost"]) if so_far else 0
        if done >= len(self.ghosts):
            raise ValueError(f"turn {line.get('turn')}: the ghost moves more often than the record's"
                             f" {len(self.ghosts)} ghost moves (S30, S31)")
        for place, path in decision.options:
            if [list(step) for step in path] == self.ghosts[done]:
                return ("ghost", *place)
        by = line["ghost"][done].get("by")
        raise ValueError(f"turn {line.get('turn')}: the ghost's move {done + 1} ({by}) has a path it could not take (S30)")


# the rule that gives each key of a set-up or turn line (game-record.md), for what differs
LINE_RULES = {"setup": "S28", "at": "S25, S28", "turn": "S29a", "round": "S29a", "seat": "S28, S29a", "card": "S5",
              "from": "S29a", "move": "S6-S24", "events": "S29b", "health": "S16, S17, S22, S25", "gems": "S21-S25",
              "hand": "S5", "ghost": "S30, S31", "caught": "S32"}
END_RULES = {"end": "S33", "rounds": "S29a, S33", "gems": "S21-S25", "winners": "S33"}


def sinpin_steps(head: dict[str, JSON], body: list[dict[str, JSON]]) -> tuple[Match, list, dict[str, JSON]]:
    """The match, the steps of the record's set-up and turn lines, and the end line the
    replayed game writes. LineError (a line from the header, 0) for a line that does not replay."""
    from printkit.sinpin.game.bots import BOTS
    from printkit.sinpin.game.turn import record_end

    sinpin_header(head)
    players = [str(player["bot"]) for player in head["players"]]
    playing = [name if name in BOTS else HUMAN for name in players]
    try:
        level = Level(tuple(head["map"]), rules=Rules(**head["rules"]), players=(len(players),))
    except ValueError as error:  # a map that is no level's (S1, S3)
        raise LineError(0, f"'map': {error}") from None
    match = sinpin_match(level, str(head.get("level", "")), playing, int(head["seed"]))
    match.players = tuple(players)
    game = match.rules
    bots = match.bots()
    state = game.initial_state(int(head["seed"]))
    # The seed is checked through what it draws (here the first seat, later the box's draws):
    # sinpin.md fixes no generator, so a seed that draws all the record holds is as good as
    # the one played with, and no replay could tell them apart (docs/play.md)
    if state._start.state.first != head.get("first"):
        raise LineError(0, f"'first' is {shown(head.get('first'))}: the seed {head['seed']} draws seat"
                           f" {state._start.state.first} to start (S28)")
    steps = [Step(state, None)]
    for number, line in enumerate(body):
        index = number + 1  # the line's place in the game, from its header
        what = f"turn {line.get('turn')}" if "setup" not in line else f"the set-up's {line.get('setup')}"
        answers = _Answers(line)
        alternatives: list[JSON] = []
        last = None
        while len(state.lines()) <= number:
            if state.is_terminal():
                raise LineError(index, "the game is over before this line (S33): it ended after the line before")
            decision = state.decision
            try:
                wanted = answers.action(game, state)
            except KeyError as error:  # a defined key the decision needs
                raise LineError(index, f"{what}: the line lacks {error}") from None
            except (IndexError, ValueError, TypeError) as error:
                raise LineError(index, str(error)) from None
            if decision.kind == "move":
                alternatives = [game.action_json(state, ("move", option)) for option, (card, _) in enumerate(decision.options)
                                if card == line["card"] and ("move", option) != wanted]
            last = {"seat": decision.seat, "action": game.action_json(state, wanted)}
            after = None
            bot = bots[decision.seat]
            if bot is not None:
                choice, asked = bot.act(state, decision.actions)
                after = asked if decision.actions[choice] == wanted else None
            try:
                state = after if after is not None else state.after(wanted, None)
            except IllegalAction as error:
                raise LineError(index, f"{what}: {error}") from None
        replayed = state.lines()[number]
        if "turn" in replayed and "at" not in line:  # printkit's own addition to a turn line, which the
            # record format does not define (a record another program wrote may lack it): checked when given
            replayed = {key: value for key, value in replayed.items() if key != "at"}
        compare(index, what, line, replayed, LINE_RULES)
        steps.append(Step(state, line, last, alternatives))
    return match, steps, record_end(state.current)
