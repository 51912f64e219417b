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
    common: GameStats = field(default_factory=GameStats)  # what every game's statistics have
    # place in the turn order (0 = first) -> parts of SHARE; in team games a place wins with its team
    order_wins: Counter = field(default_factory=Counter)
    team_wins: Counter = field(default_factory=Counter)  # team -> games won (parts of SHARE when shared)
    # Team games: a seat (or bot) wins a game its team wins, in parts of SHARE when teams share.
    seat_team_wins: Counter = field(default_factory=Counter)
    bot_team_wins: Counter = field(default_factory=Counter)
    shared_wins: int = 0  # games whose win was shared: between players, or in team games between teams
    seat_points: Counter = field(default_factory=Counter)  # seat -> points summed over games
    captures: Counter = field(default_factory=Counter)  # value -> pieces captured with it

    def add(self, summary: GameSummary, teams: tuple[tuple[int, ...], ...] = ()) -> None:
        seats = len(summary.bots)
        self.common.add_result(list(summary.bots), summary.ended, summary.turns, list(summary.winners))
        winners = summary.winners
        if not teams:
            for seat in winners:
                self.order_wins[(seat - summary.first) % seats] += SHARE // len(winners)
        if teams:
            won = [number for number, team in enumerate(teams) if any(seat in team for seat in winners)]
            for number in won:
                self.team_wins[number] += SHARE // len(won)
                for seat in teams[number]:
                    self.seat_team_wins[seat] += SHARE // len(won)
                    self.order_wins[(seat - summary.first) % seats] += SHARE // len(won)
                    self.bot_team_wins[summary.bots[seat]] += SHARE // len(won)
            self.shared_wins += len(won) > 1
        else:
            self.shared_wins += len(winners) > 1
        for seat, points in enumerate(summary.points):
            self.seat_points[seat] += points
        self.captures.update(summary.captures)

    def merge(self, other: SinodaStats) -> None:
        self.common.merge(other.common)
        for name in ("order_wins", "team_wins", "seat_team_wins", "bot_team_wins", "seat_points", "captures"):
            getattr(self, name).update(getattr(other, name))
        self.shared_wins += other.shared_wins

    def report(self, seats: int, teams: tuple[tuple[int, ...], ...] = ()) -> dict[str, object]:
        games = self.common.games
        report = self.common.report()
        report["wins"]["turn_order"] = [_share(self.order_wins[place], games) for place in range(seats)]
        report["shared_wins"] = self.shared_wins
        if teams:
            report["wins"]["per_team"] = [_share(self.team_wins[number], games) for number in range(len(teams))]
            report["wins"]["per_seat_team"] = [_share(self.seat_team_wins[seat], games) for seat in range(seats)]
            report["wins"]["per_bot_team"] = {bot: _share(self.bot_team_wins[bot], self.common.bot_seats[bot])
                                              for bot in sorted(self.common.bot_seats)}
        report["points"] = {"per_seat": [round(self.seat_points[seat] / games, 3) if games else 0.0
                                         for seat in range(seats)]}
        report["captures_by_value"] = {str(value): self.captures[value] for value in (1, 2, 3, 4)}
        return report


def _share(parts: int, games: int) -> dict[str, float]:
    wins = parts / SHARE
    share = wins / games if games else 0.0
    low, high = wilson(wins, games)
    return {"share": round(share, 4), "low": round(low, 4), "high": round(high, 4)}
