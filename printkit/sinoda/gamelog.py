"""A Sinoda game told in words, turn by turn, from its record (for `simulate --log`)."""

from __future__ import annotations

from printkit.games.protocol import apply_json
from printkit.sinoda.game import SinodaGame
from printkit.sinoda.rules import ENDING_WORDS
from printkit.wording import counted


def tell(game: SinodaGame, lines: list[dict]) -> str:
    head, end = lines[0], lines[-1]
    setup = game.setup
    bots = ", ".join(f"player {p['seat'] + 1} {p['bot']}" for p in head["players"])
    teams = ""
    if game.teams:
        teams = "; teams " + ", ".join(" + ".join(str(seat + 1) for seat in team) for team in game.teams)
    out = [f"Sinoda, {setup.players} players ({setup.board} board{teams}), game {head['game']}, seed {head['seed']}",
           f"Bots: {bots}."]
    state = game.initial_state(head["seed"])
    names = game.reach.names
    for line in lines[1:-1]:
        if "turn" not in line:
            continue
        action = line["action"]
        who = f"player {line['seat'] + 1}"
        piece = game.reach.index_of[action["piece"]]
        value = state.cells[piece] & 7
        if "change" in action:
            text = f"{who} turns the {value} on {action['piece']} to {action['change']}"
        else:
            text = f"{who} moves the {value} from {action['piece']} to {action['to']}"
            taken = action.get("captures")
            if taken:
                points = state.points[line["seat"]] + taken["value"]
                text += f" and captures player {taken['seat'] + 1}'s {taken['value']} ({counted(points, 'point')})"
        out.append(f"{line['turn']:>4}. {text}")
        state = apply_json(game, state, action)
    ending = ENDING_WORDS.get(end["end"], end["end"])
    scores = ", ".join(f"player {seat + 1} {score}" for seat, score in enumerate(end["scores"]))
    winners = end["winners"]
    if len(winners) == 1:
        result = f"Player {winners[0] + 1} wins."
    elif game.teams and any(set(winners) == set(team) for team in game.teams):
        result = "The team of players " + " + ".join(str(s + 1) for s in winners) + " wins."
    else:
        result = "Players " + ", ".join(str(s + 1) for s in winners) + " share the win."
    left = ", ".join(f"{names[space]}={code & 7}" for space, code in enumerate(state.cells) if code)
    out += [f"The game ends after {state.turn} turns: {ending}.", f"Left on the board: {left or 'nothing'}.",
            f"Scores: {scores}. {result}"]
    return "\n".join(out) + "\n"
