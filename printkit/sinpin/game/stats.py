"""Statistics of simulated games, read from their records (game-record.md).

What every game has (games, how they ended, wins and win share per seat and per bot) is
counted by `printkit.games.stats.GameStats`; the rest is Sinpin's own: rounds, gems, exits,
catches, health, items and where moves ended. Everything is kept as exact counts
(integers, histograms, win shares in GameStats' parts), so statistics of chunks of games
run anywhere merge exactly into the statistics of the whole run; means and percentiles are
worked out only at the end.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from printkit.games.stats import GameStats
from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import Tile

ITEM_KINDS = {Tile.GEM: "gem", Tile.HEART: "heart", Tile.QUESTION: "question mark"}


@dataclass
class SimStats:
    shared: GameStats = field(default_factory=GameStats)  # games, endings, wins per seat and per bot
    all_exited: int = 0  # games in which every avatar left by the exit
    rounds: Counter = field(default_factory=Counter)  # rounds -> games
    seat_gems: Counter = field(default_factory=Counter)  # seat -> gems summed over games
    bot_gems: Counter = field(default_factory=Counter)
    catches: int = 0
    health_losses: int = 0
    knock_outs: Counter = field(default_factory=Counter)  # "pay" / "door"
    exits: int = 0
    items_taken: Counter = field(default_factory=Counter)  # a level's own item field -> games taken in
    rests: Counter = field(default_factory=Counter)  # field -> moves ended there (S27)
    hurts: Counter = field(default_factory=Counter)  # field -> health lost there
    caught_at: Counter = field(default_factory=Counter)  # field -> avatars caught there

    @property
    def games(self) -> int:
        return self.shared.games

    @property
    def ended(self) -> Counter:
        """"out" / "max_rounds" -> games (S33)."""
        return self.shared.ended

    def add_game(self, lines: list[dict]) -> None:
        self.shared.add_game(lines)
        header, end = lines[0], lines[-1]
        bots = [player["bot"] for player in header["players"]]
        own_items = {(x, y) for y, row in enumerate(header["map"]) for x, c in enumerate(row) if c in "*h?"}
        taken: set[Position] = set()
        self.rounds[end["rounds"]] += 1
        for seat, gems in enumerate(end["gems"]):
            self.seat_gems[seat] += gems
            self.bot_gems[bots[seat]] += gems
        exits = 0
        for line in lines[1:-1]:
            if "turn" not in line:
                continue
            move = line["move"]
            if move is not None and not move["exit"]:
                self.rests[tuple(move["end"])] += 1
            for event in line["events"]:
                kind = event[0]
                if kind == "hurt":
                    self.health_losses += 1
                    self.hurts[tuple(event[1])] += 1
                elif kind in ("gem", "heart", "draw"):
                    taken.add(tuple(event[1]))
                elif kind == "knocked_out":
                    self.knock_outs[event[2]] += 1
                elif kind == "caught":
                    self.catches += 1
                    self.caught_at[tuple(event[1])] += 1
                elif kind == "exit":
                    exits += 1
        self.exits += exits
        self.all_exited += exits == len(bots)
        for at in own_items & taken:
            self.items_taken[at] += 1

    def merge(self, other: SimStats) -> None:
        for name, value in vars(other).items():
            if name == "shared":
                self.shared.merge(value)
            else:
                setattr(self, name, getattr(self, name) + value)

    # -- the report ------------------------------------------------------------------------
    def percentile(self, share: float) -> int:
        """The smallest number of rounds that at least `share` of the games took at most."""
        wanted, seen = share * self.games, 0
        for rounds in sorted(self.rounds):
            seen += self.rounds[rounds]
            if seen >= wanted:
                return rounds
        return 0

    def median(self) -> float:
        values = sorted(self.rounds.elements())
        if not values:
            return 0.0
        middle = len(values) // 2
        return float(values[middle]) if len(values) % 2 else (values[middle - 1] + values[middle]) / 2

    def report(self, level: Level, bots: list[str], seed: int) -> dict[str, object]:
        """The figures as one JSON object (the shape `printkit simulate --json` prints)."""
        games = self.games or 1
        players = len(bots)
        items = [(at, ITEM_KINDS[level.tile(*at)]) for at in sorted(p for tile in ITEM_KINDS for p in level.positions[tile])]
        return {
            "level": level.name, "games": self.games, "players": players, "seed": seed,
            "bots": bots,
            "finished": {"out": self.ended["out"], "all_exited": self.all_exited, "max_rounds": self.ended["max_rounds"]},
            "rounds": {"mean": round(sum(r * n for r, n in self.rounds.items()) / games, 3), "median": self.median(),
                       "p90": self.percentile(0.9), "min": min(self.rounds, default=0), "max": max(self.rounds, default=0)},
            "gems": {"per_seat": [round(self.seat_gems[s] / games, 3) for s in range(players)],
                     "per_bot": {b: round(self.bot_gems[b] / self.shared.bot_seats[b], 3) for b in sorted(self.shared.bot_seats)}},
            "wins": {"per_seat": [round(self.shared.win_share(s)[0], 4) for s in range(players)],
                     "per_bot": {b: round(self.shared.bot_win_share(b)[0], 4) for b in sorted(self.shared.bot_seats)}},
            "ghost_catches": self.catches,
            "health_losses": self.health_losses,
            "knock_outs": {"pay": self.knock_outs["pay"], "door": self.knock_outs["door"]},
            "exits": self.exits,
            "items": [{"at": list(at), "item": kind, "taken_in": self.items_taken[at]} for at, kind in items],
            "items_never_taken": [list(at) for at, _ in items if not self.items_taken[at]],
        }
