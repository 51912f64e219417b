"""Statistics every game shares, read from records in the frame of `printkit.games.record`:
games, length, how games ended, wins and win share per seat and per bot (with 95 %
intervals), ties.

Counts are exact integers (a win shared by k seats is SHARE // k parts, SHARE divisible by
every k up to 6), so statistics of chunks played anywhere merge exactly into the whole run's.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

SHARE = 60  # a win shared by k seats (k <= 6) gives each SHARE // k parts
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share; (0, 1) for no trials. Shared wins count as
    fractions of a success, the usual reading for win shares with ties."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class GameStats:
    games: int = 0
    ended: Counter = field(default_factory=Counter)  # how a game ended -> games
    length: Counter = field(default_factory=Counter)  # turns -> games
    ties: int = 0  # games won by more than one seat
    draws: int = 0  # games won by nobody
    seat_wins: Counter = field(default_factory=Counter)  # seat -> parts of SHARE
    bot_wins: Counter = field(default_factory=Counter)
    bot_seats: Counter = field(default_factory=Counter)  # bot -> seat-games played
    seats: int = 0

    def add_game(self, lines: list[dict]) -> None:
        head, end = lines[0], lines[-1]
        bots = [player["bot"] for player in head["players"]]
        self.add_result(bots, end["end"], sum(1 for line in lines if "turn" in line), end["winners"])

    def add_result(self, bots: list[str], ended: str, turns: int, winners: list[int]) -> None:
        """One game's figures without its record (a game's tuned loop that keeps no record
        adds the same as `add_game` of the record would)."""
        self.seats = max(self.seats, len(bots))
        self.games += 1
        self.ended[ended] += 1
        self.length[turns] += 1
        if not winners:
            self.draws += 1
        elif len(winners) > 1:
            self.ties += 1
        for seat, bot in enumerate(bots):
            self.bot_seats[bot] += 1
        for seat in winners:
            self.seat_wins[seat] += SHARE // len(winners)
            self.bot_wins[bots[seat]] += SHARE // len(winners)

    def merge(self, other: GameStats) -> None:
        for name, value in vars(other).items():
            if name == "seats":
                self.seats = max(self.seats, value)
            else:
                setattr(self, name, getattr(self, name) + value)

    def win_share(self, seat: int) -> tuple[float, float, float]:
        """(share, low, high) of the games seat won, shared wins as fractions."""
        wins = self.seat_wins[seat] / SHARE
        share = wins / self.games if self.games else 0.0
        return (share, *wilson(wins, self.games))

    def bot_win_share(self, bot: str) -> tuple[float, float, float]:
        """(share, low, high) of the seat-games the bot won."""
        played = self.bot_seats[bot]
        wins = self.bot_wins[bot] / SHARE
        return (wins / played if played else 0.0, *wilson(wins, played))

    def report(self) -> dict[str, object]:
        """The shared figures as JSON (each game's `simulate --json` nests them)."""
        games = self.games or 1
        turns = sorted(self.length.elements())
        seats = [dict(zip(("share", "low", "high"), (round(v, 4) for v in self.win_share(s)))) for s in range(self.seats)]
        bots = {bot: dict(zip(("share", "low", "high"), (round(v, 4) for v in self.bot_win_share(bot))))
                for bot in sorted(self.bot_seats)}
        return {
            "games": self.games,
            "ended": dict(sorted(self.ended.items())),
            "turns": {"mean": round(sum(turns) / games, 3), "median": _median(turns),
                      "min": turns[0] if turns else 0, "max": turns[-1] if turns else 0},
            "ties": self.ties, "draws": self.draws,
            "wins": {"per_seat": seats, "per_bot": bots},
        }


def _median(values: list[int]) -> float:
    if not values:
        return 0.0
    middle = len(values) // 2
    return float(values[middle]) if len(values) % 2 else (values[middle - 1] + values[middle]) / 2
