"""One simulated game told turn by turn in words a person can follow (`simulate --log`)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from printkit.sinpin.game.ghost import reach
from printkit.sinpin.game.turn import ENDING_WORDS
from printkit.sinpin.level import Position
from printkit.sinpin.moves.events import BOUNCE, CLIMB, FALL, JUMP, RISE, SIDE_STEP, TELEPORT, WALK
from printkit.sinpin.tiles import Tile, field_name

DRAWN = {"gem": "a gem", "heart": "a heart", "web": "a web", "chest": "a chest", "ghost": "the ghost card",
         "nothing": "nothing (the box is empty)"}


# How each event of a move is told; `at` is the field's name, `detail` the event's third part.
EVENT_WORDS = {
    "gem": lambda at, detail: f"takes the gem at {at}",
    "heart": lambda at, detail: f"takes the heart at {at}",
    "hurt": lambda at, detail: f"loses 1 health at {at}",
    "payout": lambda at, detail: f"the chest at {at} pays {_plural(detail, 'gem')}",
    "draw": lambda at, detail: f"draws {DRAWN.get(detail, detail)} at {at}",
    "place": lambda at, detail: f"puts the {detail} on {at}",
    "knocked_out": lambda at, detail: "knocked out: pays 3 gems to go on" if detail == "pay" else "knocked out: back to the door",
    "exit": lambda at, detail: f"leaves by the exit with {_plural(detail, 'gem')} bonus",
}  # a catch is told after the ghost's move that made it


def _event_words(event: list) -> str:
    return EVENT_WORDS[event[0]](field_name(*event[1]), event[2] if len(event) > 2 else None)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# A step in words by how the engine made it (events.How) and, where the rules leave the way
# open, which way it went: a climb goes up, down or sideways (S11), a walk or a side step
# left or right (S8-S10). A fall is a fall whichever way it drifts (S14). Each is told from
# the step's (dx, dy) and whether the field it enters is a ladder field.
_SIDEWAYS = {-1: "left", 1: "right"}
_HOW_WORDS = {
    WALK: lambda dx, dy, ladder: f"walks {_SIDEWAYS[dx]}",
    JUMP: lambda dx, dy, ladder: "jumps up",
    SIDE_STEP: lambda dx, dy, ladder: f"steps {_SIDEWAYS[dx]}",
    FALL: lambda dx, dy, ladder: "falls",
    CLIMB: lambda dx, dy, ladder: _climb_words(dx, dy, ladder),
    BOUNCE: lambda dx, dy, ladder: "bounces up",
    RISE: lambda dx, dy, ladder: "rises",
    TELEPORT: lambda dx, dy, ladder: "teleports",
}


def _climb_words(dx: int, dy: int, ladder: bool) -> str:
    """A climb up or down a ladder, or down onto one from above (S11). A left or right step
    is a climb only from a ladder field (S11: any step there, up, down, left or right, into a
    field that is not rock): into another ladder field it goes on along the ladder, into any
    other field it leaves it, which a person says as a step, not a climb (then standing, or
    falling if unsupported, S12, S14)."""
    if dy:
        return f"climbs {'up' if dy < 0 else 'down'}"
    return f"climbs {_SIDEWAYS[dx]} along the ladder" if ladder else f"steps {_SIDEWAYS[dx]} off the ladder"


def _step_words(how: str, before: Position, after: Position, ladders: Collection[Position]) -> str:
    return _HOW_WORDS[how](after[0] - before[0], after[1] - before[1], after in ladders)


def ladder_fields(rows: Sequence[str]) -> frozenset[Position]:
    """The ladder fields of a map (a record's `map`, one string a row); set-up never puts an
    item on one (S28: vacant fields only), so they are the level's throughout the game."""
    return frozenset((x, y) for y, row in enumerate(rows) for x, tile in enumerate(row) if tile == Tile.LADDER.value)


def describe_trail(start: Position, trail: list[Position], hows: list[str], ladders: Collection[Position]) -> str:
    """"walks right to E7, jumps up to E6, falls to F8": runs of one kind of step, each named
    by the field where it ends; `hows` says how each field of the trail was entered, as the
    engine made the move (Game.hows), so a climb down a ladder is a climb (S11) and a fall a
    fall (S14); `ladders` (the level's ladder fields) tells a step off a ladder from a climb
    along it (S11)."""
    parts: list[str] = []
    here = start
    run_kind, run_end = None, None
    for field, how in zip(trail, hows, strict=True):
        kind = _step_words(how, here, field, ladders)
        if kind != run_kind and run_kind is not None:
            parts.append(f"{run_kind} to {field_name(*run_end)}")
        run_kind, run_end, here = kind, field, field
    if run_kind is not None:
        parts.append(f"{run_kind} to {field_name(*run_end)}")
    return ", ".join(parts) or "cannot move"


GHOST_CAUSES = {"draw": "the ghost card", "exit": "the exit", "turn": "the turn"}  # S31, S31, S30


def _toward(ghost: dict, avatars: list[str], seat: int, where: dict[int, Position]) -> str:
    """" toward Goat": the avatar of another player the move ends nearest (S30), if any is
    still on the board."""
    place = tuple(ghost["path"][-1])
    others = sorted((reach(place, at), other) for other, at in where.items() if other != seat)
    return f" toward {avatars[others[0][1]]}" if others and others[0][0] != float("inf") else ""


def ghost_words(ghosts: list[dict], avatars: list[str], seat: int, where: dict[int, Position]) -> str:
    """The ghost's moves of one turn in one phrase: "the ghost moves 3 squares toward Goat";
    with a ghost card or the exit (S31) as well, each move once with its cause: "the ghost
    moves 4 squares for the exit, then 4 for the turn, toward Goat". A move of 0 squares is
    left out; none at all is "the ghost cannot move"."""
    moved = [ghost for ghost in ghosts if ghost["path"]]
    if not moved:
        return "the ghost cannot move"
    towards = [_toward(ghost, avatars, seat, where) for ghost in moved]
    if len(moved) == 1:
        return f"the ghost moves {_plural(len(moved[0]['path']), 'square')}{towards[0]}"
    same = len(set(towards)) == 1  # then said once, at the end
    steps = [f"{_plural(len(ghost['path']), 'square') if index == 0 else len(ghost['path'])}"
             f" for {GHOST_CAUSES[ghost['by']]}{'' if same else toward}"
             for index, (ghost, toward) in enumerate(zip(moved, towards))]
    return "the ghost moves " + ", then ".join(steps) + (f",{towards[0]}" if same and towards[0] else "")


def tell(lines: list[dict], hows: dict[int, list[str]]) -> str:
    """The record of one game as text, a line per turn; `hows` says per turn how each field
    of the move's trail was entered (play_game's `hows`: the record keeps the trail alone)."""
    header = lines[0]
    avatars = [player["avatar"] for player in header["players"]]
    ladders = ladder_fields(header["map"])
    out = [f"Game {header['game']} of {header['level'] or 'a level'} (seed {header['seed']}): "
           + ", ".join(f"{p['avatar']} ({p['bot']})" for p in header["players"])
           + f"; {avatars[header['first']]} starts."]
    standing: dict[int, Position] = {}  # the avatars on the board and where they stand
    first_turn = next((line for line in lines if "turn" in line), None)
    if first_turn is not None and first_turn["from"] is not None:
        standing = {player["seat"]: tuple(first_turn["from"]) for player in header["players"]}
    placed = [line for line in lines if "setup" in line]
    if placed:
        out.append("Set-up: " + "; ".join(f"{avatars[p['seat']]} puts a {p['setup']} on {field_name(*p['at'])}" for p in placed) + ".")
    for line in lines:
        if "turn" not in line:
            continue
        who = avatars[line["seat"]]
        words = [f"Round {line['round']}: {who} plays {line['card']}"]
        if line["move"] is None:
            words[0] += " (out of the game)"
        else:
            move = line["move"]
            words.append(describe_trail(tuple(line["from"]), [tuple(p) for p in move["trail"]], hows[line["turn"]],
                                        ladders))
            words += [_event_words(event) for event in line["events"] if event[0] in EVENT_WORDS]
            if line["at"] is not None:
                words.append(f"{line['health']} health left, {_plural(line['gems'], 'gem')}")  # "2 health", not "healths"
            else:
                words[-1] += f": {_plural(line['gems'], 'gem')} in all"
        if line["at"] is not None:
            standing[line["seat"]] = tuple(line["at"])
        else:
            standing.pop(line["seat"], None)
        ghost = ghost_words(line["ghost"], avatars, line["seat"], standing)
        for event in line["events"]:
            if event[0] == "caught":
                standing.pop(event[2], None)
        ghost += "".join(f", and catches {avatars[event[2]]} at {field_name(*event[1])}" for event in line["events"]
                         if event[0] == "caught")
        out.append(", ".join(words) + "; " + ghost + ".")
    end = lines[-1]
    gems = ", ".join(f"{avatars[i]} {count}" for i, count in enumerate(end["gems"]))
    why = ENDING_WORDS.get(end["end"], end["end"])
    winners = " and ".join(avatars[i] for i in end["winners"])
    out.append(f"The game ends after {_plural(end['rounds'], 'round')}: {why}. Gems: {gems}. {winners} win{'s' if len(end['winners']) == 1 else ''}.")
    return "\n".join(out) + "\n"
