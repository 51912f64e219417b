"""Statistics of simulated YINSH games, read from their records: the shared figures
(printkit.games.stats) and YINSH's own: wins by colour (white starts, Y2), how games end
(Y7–Y10), moves per game and rows a move made for the opponent (Y6).

Everything is an exact count, so statistics of chunks played anywhere merge exactly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from printkit.games.stats import GameStats, _median, wilson
from printkit.yinsh.actions import COLOURS

ENDINGS = ("rings", "markers_out", "no_move", "bound")  # Y7, Y8, Y9, Y10


@dataclass
class YinshStats:
    shared: GameStats = field(default_factory=GameStats)
    colour_wins: Counter = field(default_factory=Counter)  # "white" / "black" -> games won
    colour_bots: Counter = field(default_factory=Counter)  # (colour, bot) -> games played
    colour_bot_wins: Counter = field(default_factory=Counter)  # (colour, bot) -> games won
    moves: Counter = field(default_factory=Counter)  # Y3 moves in a game -> games
    rows_for_opponent: Counter = field(default_factory=Counter)  # colour whose moves made them -> rows
    games_with_rows_for_opponent: int = 0

    @property
    def games(self) -> int:
        return self.shared.games

    def add_game(self, lines: list[dict]) -> None:
        head, end = lines[0], lines[-1]
        self.shared.add_game(lines)
        white = head["white"]
        bots = [player["bot"] for player in head["players"]]
        for colour, seat in (("white", white), ("black", 1 - white)):
            self.colour_bots[(colour, bots[seat])] += 1
        for seat in end["winners"]:  # one winner at most: YINSH has draws, never shared wins
            colour = COLOURS[seat ^ white]
            self.colour_wins[colour] += 1
            self.colour_bot_wins[(colour, bots[seat])] += 1
        self.moves[end["moves"]] += 1
        for colour, rows in zip(COLOURS, end["rows_for_opponent"]):
            self.rows_for_opponent[colour] += rows
        self.games_with_rows_for_opponent += any(end["rows_for_opponent"])

    def merge(self, other: YinshStats) -> None:
        self.shared.merge(other.shared)
        for name in ("colour_wins", "colour_bots", "colour_bot_wins", "moves", "rows_for_opponent"):
            getattr(self, name).update(getattr(other, name))
        self.games_with_rows_for_opponent += other.games_with_rows_for_opponent

    def colour_share(self, colour: str) -> tuple[float, float, float]:
        """(share, low, high): the games `colour` won, with the 95 % Wilson interval."""
        games = self.games
        wins = self.colour_wins[colour]
        return (wins / games if games else 0.0, *wilson(wins, games))

    def report(self) -> dict[str, object]:
        games = self.games or 1
        moves = sorted(self.moves.elements())
        by_colour = {}
        for colour in COLOURS:
            share, low, high = self.colour_share(colour)
            bots = {bot: {"games": played, "wins": self.colour_bot_wins[(c, bot)]}
                    for (c, bot), played in sorted(self.colour_bots.items()) if c == colour}
            by_colour[colour] = {"wins": self.colour_wins[colour], "share": round(share, 4),
                                 "low": round(low, 4), "high": round(high, 4), "bots": bots}
        return {
            "games": self.games,
            "colours": by_colour,
            "draws": self.shared.draws,
            "ended": {ending: self.shared.ended[ending] for ending in ENDINGS},
            "moves": {"mean": round(sum(moves) / games, 3), "median": _median(moves),
                      "min": moves[0] if moves else 0, "max": moves[-1] if moves else 0},
            "rows_for_opponent": {"by_white": self.rows_for_opponent["white"],
                                  "by_black": self.rows_for_opponent["black"],
                                  "per_game": round(sum(self.rows_for_opponent.values()) / games, 4),
                                  "games": self.games_with_rows_for_opponent},
            "shared": self.shared.report(),
        }
