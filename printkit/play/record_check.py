"""What a record's lines must say beyond their decisions (docs/game-record.md): the header's
keys checked before a game is set up from them, and a replayed line compared with the
record's key by key, naming each key that differs with both values.

Only the keys a record defines are compared: keys may be added in later versions, and a
reader ignores keys it does not know (game-record.md), so an extra key is no difference, but
a defined key that is missing or holds another value is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from printkit.games.protocol import JSON
from printkit.games.record import VERSION
from printkit.play.matches import HUMAN
from printkit.play.steps import LineError

READS = (VERSION,)  # the record versions this printkit reads


def whole(value: object) -> bool:
    """A JSON whole number (true and false are ints in Python, never in a record)."""
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: object, width: int = 80) -> str:  # (SHOWN)
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[:width - 1] + "…"


def check_frame(head: dict[str, JSON]) -> None:
    """The keys every game's header has (the frame): `version` one this printkit reads,
    `game` and `seed` whole numbers, `players` one object a seat, in seat order, each with
    a `bot` naming who played it: a label (game-record.md: "which bot played it"), any bot of
    any program, since a replay asks no bot but checks each action against the rules."""
    version = head.get("version")
    if "version" not in head or not whole(version) or version not in READS:
        given = "no version" if "version" not in head else f"version {shown(version)}"
        reads = " and ".join(str(number) for number in READS)
        raise LineError(0, f"{given}: this printkit reads records of version {reads} (game-record.md)")
    for key in ("game", "seed"):
        if not whole(head.get(key)) or head[key] < 0:
            got = "missing" if key not in head else shown(head[key])
            raise LineError(0, f"'{key}' is {got}, not a whole number from 0")
    players = head.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(player, dict) for player in players):
        raise LineError(0, f"'players' is {shown(players)}, not one object a seat")
    for seat, player in enumerate(players):
        if player.get("seat") != seat or not whole(player.get("seat")):
            raise LineError(0, f"players[{seat}]: 'seat' is {shown(player.get('seat'))}, not {seat} (seats in order, from 0)")
        bot = player.get("bot")
        if not isinstance(bot, str) or not bot.strip():
            raise LineError(0, f"players[{seat}]: 'bot' is {shown(bot)}, not the name of who played the seat"
                               f" ({HUMAN} or a bot's name)")


def check_rules(head: dict[str, JSON], knobs: Sequence[str], knob_error: Callable[[str, object], str | None]) -> None:
    """`rules`: every knob in force (game-record.md), each a valid value; nothing else."""
    rules = head.get("rules")
    if not isinstance(rules, dict):
        raise LineError(0, f"'rules' is {shown(rules)}, not a mapping of every rule knob in force")
    problems = [problem for name, value in rules.items() if (problem := knob_error(name, value))]
    missing = [name for name in knobs if name not in rules]
    if missing:
        problems.append(f"rules lack {', '.join(missing)} (a record holds every knob in force)")
    if problems:
        raise LineError(0, "; ".join(problems))


def differences(recorded: JSON, replayed: JSON, path: str = "") -> list[tuple[str, JSON, JSON]]:
    """Where a record's value differs from the replayed one: (key path, recorded, replayed).
    In a mapping only the replayed (defined) keys count; `...` stands for a missing key."""
    if isinstance(replayed, dict):
        if not isinstance(recorded, dict):
            return [(path, recorded, replayed)]
        found = []
        for key, value in replayed.items():
            inner = f"{path}.{key}" if path else key
            found += [(inner, ..., value)] if key not in recorded else differences(recorded[key], value, inner)
        return found
    if isinstance(replayed, list):
        if not isinstance(recorded, list) or len(recorded) != len(replayed) or any(
                differences(a, b) for a, b in zip(recorded, replayed)):
            if max(len(json.dumps(recorded, ensure_ascii=False)), len(json.dumps(replayed, ensure_ascii=False))) <= SHOWN:
                return [(path, recorded, replayed)]  # a short list (a trail, a hand) is shown whole
            return [_first_difference(path, recorded, replayed)]  # a long one where it differs
        return []
    same = type(recorded) is type(replayed) or (whole(recorded) or isinstance(recorded, float)) and (
        whole(replayed) or isinstance(replayed, float))  # 1 and 1.0 are the same number in JSON
    return [] if same and recorded == replayed else [(path, recorded, replayed)]


SHOWN = 80  # characters of a value a message shows (`shown`)


def _first_difference(path: str, recorded: JSON, replayed: list[JSON]) -> tuple[str, JSON, JSON]:
    """A long list that differs, told at its first differing item: two long event lists cut
    short alike by `shown` read as the same (a review: a draw changed at the list's end)."""
    if not isinstance(recorded, list):
        return (path, recorded, replayed)
    for number, (got, want) in enumerate(zip(recorded, replayed)):
        if differences(got, want):
            return (f"{path}[{number}]", got, want)
    number = min(len(recorded), len(replayed))
    return (f"{path}[{number}]", recorded[number] if number < len(recorded) else ...,
            replayed[number] if number < len(replayed) else "nothing more")


def compare(index: int, what: str, recorded: dict[str, JSON], replayed: dict[str, JSON],
            rules: dict[str, str] | None = None) -> None:
    """Refuse line `index` when a defined key differs, naming each key with both values and,
    where known, the rule that gives the value."""
    found = differences(recorded, replayed)
    if not found:
        return
    said = []
    for path, got, want in found[:3]:
        rule = (rules or {}).get(path.split(".")[0].split("[")[0])
        have = "missing" if got is ... else shown(got)
        said.append(f"'{path}' is {have} in the record, the rules give {shown(want)}" + (f" ({rule})" if rule else ""))
    more = f"; and {len(found) - 3} more" if len(found) > 3 else ""
    raise LineError(index, f"{what} does not replay: {'; '.join(said)}{more}")


def check_white(head: dict[str, JSON]) -> None:
    """YINSH: `white` is a seat of the game (Y2). Y2 draws it at random and fixes no
    generator, so the record is its source, as Sinpin's `first` is (game-record.md): a record
    another program wrote with its own generator replays; the seed is only recorded."""
    white = head.get("white")
    if not whole(white) or white not in (0, 1):
        raise LineError(0, f"'white' is {shown(white)}, not a seat of the game: 0 or 1 (Y2)")


def sinpin_header(head: dict[str, JSON]) -> None:
    """Sinpin's own header keys (game-record.md), before a level is made of them."""
    from printkit.sinpin.game.state import AVATARS
    from printkit.sinpin.rules import KNOB_RANGES, knob_error

    check_frame(head)
    if not isinstance(head.get("level"), str):
        raise LineError(0, f"'level' is {shown(head.get('level'))}, not the level's name")
    rows = head.get("map")
    if not isinstance(rows, list) or not rows or not all(isinstance(row, str) for row in rows):
        raise LineError(0, f"'map' is {shown(rows)}, not the map's rows as strings (S1)")
    check_rules(head, list(KNOB_RANGES), knob_error)
    players: list[Any] = head["players"]  # type: ignore[assignment]
    if not 2 <= len(players) <= len(AVATARS):
        raise LineError(0, f"'players' holds {len(players)} seats: a level is played by 2 to {len(AVATARS)}"
                           " (the level format's 'players')")
    for seat, player in enumerate(players):
        if player.get("avatar") != AVATARS[seat]:
            raise LineError(0, f"players[{seat}]: 'avatar' is {shown(player.get('avatar'))}, not {AVATARS[seat]}"
                               f" (seat {seat}'s avatar)")
    first = head.get("first")
    if not whole(first) or not 0 <= first < len(players):  # type: ignore[operator]
        raise LineError(0, f"'first' is {shown(first)}, not a seat from 0 to {len(players) - 1} (S28)")


def generic_header(head: dict[str, JSON]) -> None:
    """A Sinoda or YINSH header's keys, before its game is set up from them."""
    if head.get("record") == "yinsh-game":
        from printkit.yinsh.knobs import KNOB_RANGES as YINSH_KNOBS
        from printkit.yinsh.knobs import knob_error as yinsh_knob_error

        check_frame(head)
        check_rules(head, list(YINSH_KNOBS), yinsh_knob_error)
        check_white(head)
    elif head.get("record") == "sinoda-game":
        from printkit.sinoda.rules import KNOB_TYPES
        from printkit.sinoda.rules import knob_error as sinoda_knob_error

        check_frame(head)
        check_rules(head, list(KNOB_TYPES), sinoda_knob_error)
