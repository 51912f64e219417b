"""A Sinpin record replayed through the protocol (printkit.sinpin.game.protocol).

A record line holds a whole turn: the card, the move's end and trail, what each question
mark drew and where drawn items went, the S25 choice and the ghost's paths. Each decision
the protocol asks while the line is played is answered from it, and must be one the rules
allow at that point: a set-up placement on a vacant field (S28), a card in the hand (S5), a
move the card makes (the successor function, section 2), a ghost path (S30). Chance comes
from the record too (sinpin.md fixes no generator): the header's `first` starts (a seat of
the game, S28) and each draw is one the box still holds (S29), so a record another program
wrote with its own generator replays alike; the seed is only recorded. A seat a bot played
is replayed as any seat is: its actions must be legal, not the ones printkit's bot would
choose. The replayed line must equal the record's in every key the record defines, or the
record is refused.
"""

from __future__ import annotations

from typing import Any

from printkit.games.protocol import JSON, IllegalAction
from printkit.play.matches import HUMAN, Match, sinpin_match
from printkit.play.record_check import compare, shown, sinpin_header
from printkit.play.steps import LineError, Step
from printkit.sinpin.game.protocol import RULES
from printkit.sinpin.game.state import BOX_KINDS
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules


class _Answers:
    """The answers one record line gives, each taken once."""

    def __init__(self, line: dict[str, JSON]):
        self.line = line
        events = [event for event in line.get("events", []) if isinstance(event, list) and event]
        self.places = [event[1] for event in events if event[0] == "place"]
        self.choices = [event[2] for event in events if event[0] == "knocked_out"]
        self.draws = [event for event in events if event[0] == "draw"]
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
            hand = sorted({card for card, _ in decision.options})
            why = (f"card {shown(line['card'])} is not in the hand {hand} (S5)" if line["card"] not in hand
                   else f"no move of card {line['card']} ends so (S6-S24)")
            raise ValueError(f"turn {line.get('turn')}: {why}")
        # A draw or a ghost move: the record's, in order. A question mark entered with an empty
        # box asks no one (S34 b) and a ghost move with one way to go neither, so the turn so far
        # says which recorded one this decision is; matching any unused path instead took a later
        # move's path for this one when both start on the same square (a draw's ghost move that
        # came back to where it stood, then the turn's own move, S30, S31).
        so_far = state.turn_so_far()
        if kind == "draw":
            done = sum(1 for event in so_far["events"] if event[0] == "draw") if so_far else 0
            if done >= len(self.draws):
                raise ValueError(f"turn {line.get('turn')}: the move enters more question marks than the record's"
                                 f" {len(self.draws)} draws (S23)")
            return ("draw", self.draws[done][2])
        done = len(so_far["ghost"]) if so_far else 0
        if done >= len(self.ghosts):
            raise ValueError(f"turn {line.get('turn')}: the ghost moves more often than the record's"
                             f" {len(self.ghosts)} ghost moves (S30, S31)")
        for place, path in decision.options:
            if [list(step) for step in path] == self.ghosts[done]:
                return ("ghost", *place)
        by = line["ghost"][done].get("by")
        raise ValueError(f"turn {line.get('turn')}: the ghost's move {done + 1} ({by}) has a path it could not take (S30)")


def _not_allowed(what: str, state: Any, wanted: tuple) -> str:
    """Why the rules do not allow the record's answer to the decision waiting (the protocol
    lists the ones they allow)."""
    decision = state.decision
    kind = decision.kind
    if kind == "draw":
        names = [f"{'ghost card' if name == 'ghost' else name}s" for name in BOX_KINDS]
        held = ", ".join(f"{count} {name}" for name, count in zip(names, decision.options))
        if wanted[1] == "nothing":
            return f"{what}: a question mark draws nothing, but the box is not empty (S29, S34 b; it holds {held})"
        return f"{what}: a question mark draws {shown(wanted[1])}, which the box does not hold now (S29; it holds {held})"
    if kind == "place":
        rule = "S28" if state.setting_up else "S29b"
        return (f"{what}: {shown(list(wanted[1:]))} is not a vacant field for the {decision.item} ({rule}: open cave"
                f" holding no item, not the door or the exit)")
    if kind == "card":
        return f"{what}: card {shown(wanted[1])} is not in seat {decision.seat}'s hand {list(decision.options)} (S5)"
    if kind == "knocked_out":
        return f"{what}: the knock-out choice is {shown(wanted[1])}, not pay or door (S25)"
    return f"{what}: {wanted!r} is not one of the {kind} choices now ({RULES[kind]})"


def _set_up_order(what: str, line: dict[str, JSON], state: Any, placed: dict[str, int]) -> str | None:
    """Why a line is out of S28's order: a set-up line once the set-up is over, or a turn
    line while S28 still places items."""
    if "setup" in line and not state.setting_up:
        counts = ", ".join(f"{count} {kind}" for kind, count in placed.items())
        return (f"{what}: the set-up is over: S28 places {counts} on this map (knobs setup_webs, setup_gems,"
                " setup_marks; fewer only when no vacant field is left)")
    if "setup" not in line and state.setting_up:
        return f"{what}: the set-up is not over: S28 places a {state.decision.item} next"
    return None


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

    sinpin_header(head)  # `first` is a seat of the game (S28)
    players = [str(player["bot"]) for player in head["players"]]
    playing = [name if name in BOTS else HUMAN for name in players]
    try:
        level = Level(tuple(head["map"]), rules=Rules(**head["rules"]), players=(len(players),))
    except ValueError as error:  # a map that is no level's (S1, S3)
        raise LineError(0, f"'map': {error}") from None
    match = sinpin_match(level, str(head.get("level", "")), playing, int(head["seed"]), chance="recorded")
    match.players = tuple(players)
    game = match.rules
    state = game.initial_state(int(head["seed"]), first=int(head["first"]))  # type: ignore[arg-type]
    placed = level.setup_placed
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
            if (order := _set_up_order(what, line, state, placed)) is not None:
                raise LineError(index, order)
            decision = state.decision
            try:
                wanted = answers.action(game, state)
            except KeyError as error:  # a defined key the decision needs
                raise LineError(index, f"{what}: the line lacks {error}") from None
            except (IndexError, ValueError, TypeError) as error:
                raise LineError(index, str(error)) from None
            if wanted not in decision.actions:
                raise LineError(index, _not_allowed(what, state, wanted))
            if decision.kind == "move":
                alternatives = [game.action_json(state, ("move", option)) for option, (card, _) in enumerate(decision.options)
                                if card == line["card"] and ("move", option) != wanted]
            if decision.kind != "draw":  # the page shows a player's action, not chance's
                last = {"seat": decision.seat, "action": game.action_json(state, wanted)}
            try:
                state = state.after(wanted, None)
            except IllegalAction as error:
                raise LineError(index, f"{what}: {error}") from None
        replayed = state.lines()[number]
        if "turn" in replayed and "at" not in line:  # printkit's own addition to a turn line, which the
            # record format does not define (a record another program wrote may lack it): checked when given
            replayed = {key: value for key, value in replayed.items() if key != "at"}
        compare(index, what, line, replayed, LINE_RULES)
        steps.append(Step(state, line, last, alternatives))
    return match, steps, record_end(state.current)
