"""Statistics of simulated Sinoda games: the shared ones (printkit.games.stats: length, how
games ended, wins per seat and per bot with 95 % intervals) and Sinoda's own: wins by place
in the turn order (first-player advantage), per team, points per seat and captures by value.

Seats are start flowers (N3: seat k sits on the flower the board numbers k + 1), so the
per-seat shares are the per-flower shares. Everything is an exact count, so the statistics
of chunks of games played anywhere merge exactly into the whole run's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from printkit.games.stats import SHARE, GameStats, wilson


@dataclass(frozen=True)
class GameSummary:
    """What the statistics read of one game (from the game itself or from its record)."""

    bots: tuple[str, ...]  # per seat
    first: int  # the seat that moved first (N3)
    turns: int
    ended: str
    winners: tuple[int, ...]
    points: tuple[int, ...]  # per seat (N7)
    captures: tuple[int, ...]  # the values captured, in order (N7)


def summary_from_record(lines: list[dict]) -> GameSummary:
    head, end = lines[0], lines[-1]
    turns = [line for line in lines if "turn" in line]
    captured = tuple(line["action"]["captures"]["value"] for line in turns if "captures" in line["action"])
    return GameSummary(
        bots=tuple(player["bot"] for player in head["players"]),
        first=turns[0]["seat"] if turns else 0,
        turns=len(turns),
        ended=end["end"],
        winners=tuple(end["winners"]),
        points=tuple(end["scores"]),
        captures=captured,
    )


@dataclass
class SinodaStats:
    shared: GameStats = field(default_factory=GameStats)
    order_wins: Counter = field(default_factory=Counter)  # place in the turn order (0 = first) -> parts of SHARE
    team_wins: Counter = field(default_factory=Counter)  # team -> games won (parts of SHARE when shared)
    seat_points: Counter = field(default_factory=Counter)  # seat -> points summed over games
    captures: Counter = field(default_factory=Counter)  # value -> pieces captured with it

    def add(self, summary: GameSummary, teams: tuple[tuple[int, ...], ...] = ()) -> None:
        seats = len(summary.bots)
        self.shared.add_result(list(summary.bots), summary.ended, summary.turns, list(summary.winners))
        winners = summary.winners
        for seat in winners:
            self.order_wins[(seat - summary.first) % seats] += SHARE // len(winners)
        if teams:
            won = [number for number, team in enumerate(teams) if any(seat in team for seat in winners)]
            for number in won:
                self.team_wins[number] += SHARE // len(won)
        for seat, points in enumerate(summary.points):
            self.seat_points[seat] += points
        self.captures.update(summary.captures)

    def merge(self, other: SinodaStats) -> None:
        self.shared.merge(other.shared)
        for name in ("order_wins", "team_wins", "seat_points", "captures"):
            getattr(self, name).update(getattr(other, name))

    def report(self, seats: int, teams: tuple[tuple[int, ...], ...] = ()) -> dict[str, object]:
        games = self.shared.games
        report = self.shared.report()
        report["wins"]["turn_order"] = [_share(self.order_wins[place], games) for place in range(seats)]
        if teams:
            report["wins"]["per_team"] = [_share(self.team_wins[number], games) for number in range(len(teams))]
        report["points"] = {"per_seat": [round(self.seat_points[seat] / games, 3) if games else 0.0
                                         for seat in range(seats)]}
        report["captures_by_value"] = {str(value): self.captures[value] for value in (1, 2, 3, 4)}
        return report


def _share(parts: int, games: int) -> dict[str, float]:
    wins = parts / SHARE
    share = wins / games if games else 0.0
    low, high = wilson(wins, games)
    return {"share": round(share, 4), "low": round(low, 4), "high": round(high, 4)}
