"""What simulated games tell a level's designer (S28-S33), each with a code and a change.

Read from a run's statistics (`game/stats.py`), never from guesses: a finding is made only
where the numbers show it, and each says what a designer could change in the level (its map,
its items, its `rules:` knobs such as `max_rounds`) without changing the rules themselves.

Codes:
- `ghost-still`: the ghost never moved (S30);
- `ghost-caught-nobody`: it moved but caught nobody (S32);
- `most-caught`: more than half the avatars were caught (S32);
- `max-rounds-chest-farm`, `max-rounds-loop`, `max-rounds-stall`, `max-rounds-random-bot`,
  `max-rounds`: games that ran to `max_rounds` (S33), with the cause found in those games: a
  chest paying out again and again (S21), moves ending where they began again and again
  (often beside a chest drawn from the box, S29b), avatars left where no move reaches the
  exit (S27), random bots that never leave, or none of these;
- `items-never-taken`: items of the level's map no game took (S22, S23);
- `turn-order-advantage`: the first (or another) player in the turn order wins more or less
  than a fair share, outside the 95 % interval (S28 draws the first player).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass

from printkit.sinpin.game.stats import ITEM_KINDS, SimStats
from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import Tile, field_name

FARMED = 5  # pay-outs of one chest a stalled game from which bots are farming it
CAUGHT_SHARE = 0.5  # more than this share of the avatars caught is a finding


@dataclass(frozen=True)
class Finding:
    code: str
    text: str  # what the games show
    change: str  # what a designer could change, the rules kept

    def as_json(self) -> dict[str, str]:
        return asdict(self)

    def __str__(self) -> str:
        return f"{self.code}: {self.text}; {self.change}"


def findings(stats: SimStats, level: Level, bots: list[str], soft_locks: frozenset[Position] = frozenset()) -> list[Finding]:
    """Every finding the run's numbers show, in the order above."""
    if not stats.games:
        return []
    found: list[Finding] = []
    found += _ghost(stats, len(bots))
    found += _stalls(stats, level, soft_locks)
    found += _items(stats, level)
    found += _turn_order(stats, len(bots))
    return found


def _ghost(stats: SimStats, players: int) -> list[Finding]:
    games = stats.games
    if not stats.ghost_squares:
        return [Finding("ghost-still", f"the ghost never moved in {_games(games)}",
                        "give it squares to walk: the door's field inside the grid with room beside it")]
    if not stats.catches:
        return [Finding("ghost-caught-nobody", f"the ghost moved {stats.ghost_squares / games:.0f} squares a game"
                        f" but caught nobody in {_games(games)}",
                        "lead the way out past the ghost: a longer walk along the door's rows, or an exit below"
                        " the door so the ghost can follow down to the exit's row")]
    avatars = games * players
    if stats.catches > CAUGHT_SHARE * avatars:
        return [Finding("most-caught", f"{stats.catches} of {avatars} avatars were caught ({stats.catches / avatars:.0%})",
                        "print it for fewer players (the ghost moves every turn), or shorten the way the avatars"
                        " share with the ghost: leave the door's rows sooner, an exit higher up")]
    return []


def _stalls(stats: SimStats, level: Level, soft_locks: frozenset[Position]) -> list[Finding]:
    stalled = stats.ended["max_rounds"]
    if not stalled:
        return []
    limit = level.rules.max_rounds
    head = f"{_games(stalled)} of {stats.games} ran to max_rounds ({limit})"
    found: list[Finding] = []
    if stats.stalled_top and stats.stalled_top[0] >= FARMED:
        most, game, chest = stats.stalled_top
        starts: Counter = Counter()
        for (at, start, _), n in stats.stalled_payout_moves.items():
            if at == chest:
                starts[start] += n
        start, n = starts.most_common(1)[0]
        own = chest in level.positions[Tile.CHEST]
        found.append(Finding(
            "max-rounds-chest-farm",
            f"{head}: in game {-game} a {'' if own else 'drawn '}chest at {field_name(*chest)} paid out {most} times"
            f" ({stats.stalled_payouts[chest] / stalled:.0f} a game in them): bots farm it, entering it from"
            f" {field_name(*start)} again and again ({n} times)",
            ("move the chest off that loop (where a move that ends on it cannot come back to it), or lower max_rounds"
             if own else "leave no vacant field on that loop where the box's chest can be placed (an item or rock"
             " there), fewer question marks (setup_marks) so it is drawn less, or lower max_rounds")))
    loop = _loop(stats, stalled, head)
    if loop is not None:
        found.append(loop)
    inside = sum(stats.stalled_inside.values())
    locked = Counter({at: n for (bot, at), n in stats.stalled_inside.items() if at in soft_locks})
    if locked:
        places = ", ".join(field_name(*at) for at, _ in locked.most_common(3))
        found.append(Finding("max-rounds-stall",
                             f"{head}: {sum(locked.values())} of the {inside} avatars still inside stood where no"
                             f" move reaches the exit ({places})",
                             "mend the soft-lock: a ladder, spring or teleporter out of it, or rock so it cannot be"
                             " entered (printkit validate lists it)"))
    random_inside = sum(n for (bot, _), n in stats.stalled_inside.items() if bot == "random")
    if inside and random_inside * 2 > inside:
        found.append(Finding("max-rounds-random-bot",
                             f"{head}: {random_inside} of the {inside} avatars still inside were random bots that"
                             " never leave",
                             "a random bot plays no plan; a shorter max_rounds ends its games sooner, or try the"
                             " level with other bots"))
    if not found:
        where = Counter({at: n for (_, at), n in stats.stalled_inside.items()})
        places = ", ".join(field_name(*at) for at, _ in where.most_common(3)) or "nowhere"
        found.append(Finding("max-rounds", f"{head}; the avatars still inside stood most often at {places}",
                             "lower max_rounds, or give those fields a shorter way to the exit"))
    return found


def _loop(stats: SimStats, stalled: int, head: str) -> Finding | None:
    """Moves that end where they began, again and again: an avatar going nowhere, often
    beside a chest drawn from the box and placed in its way (S21, S29b)."""
    if not stats.stalled_loops:
        return None
    count, at = max((n, at) for at, n in stats.stalled_loops.items())
    if count < FARMED * stalled:
        return None
    near = [chest for chest in stats.stalled_chests if max(abs(chest[0] - at[0]), abs(chest[1] - at[1])) <= 1]
    beside = (f"; a chest drawn from the box was placed beside it at {', '.join(field_name(*c) for c in sorted(near))}"
              if near else "")
    return Finding("max-rounds-loop",
                   f"{head}: moves from {field_name(*at)} ended on {field_name(*at)} again {count / stalled:.0f} times a"
                   f" game in them{beside}: the avatar goes nowhere",
                   "leave no vacant field where a placed chest or web can shut the way there (an item or rock"
                   " on it), fewer question marks (setup_marks) so the box's chest is drawn less, or lower max_rounds")


def _items(stats: SimStats, level: Level) -> list[Finding]:
    never = sorted(at for tile, name in ITEM_KINDS.items() for at in level.positions[tile] if not stats.items_taken[at])
    if not never:
        return []
    named = ", ".join(f"{ITEM_KINDS[level.tile(*at)]} at {field_name(*at)}" for at in never)
    return [Finding("items-never-taken", f"nobody took the {named} in {_games(stats.games)}",
                    "move them where moves pass (on or beside the way to the exit), or leave them out")]


def _turn_order(stats: SimStats, players: int) -> list[Finding]:
    found: list[Finding] = []
    verdict = stats.first_player_verdict(players)
    if verdict["verdict"] != "fair":
        found.append(Finding("turn-order-advantage", str(verdict["text"]),
                             "a race decided in the first turns favours the first to move: a longer way out, or"
                             " gems off the fastest route, gives the later players time to catch up"))
    return found


def _games(count: int) -> str:
    return f"{count} game{'s' * (count != 1)}"
