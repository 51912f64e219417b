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

from printkit.games.stats import SHARE, GameStats, wilson
from printkit.sinpin.level import Level, Position
from printkit.sinpin.tiles import Tile

ITEM_KINDS = {Tile.GEM: "gem", Tile.HEART: "heart", Tile.QUESTION: "question mark"}
FATES = ("exited", "caught", "inside")  # how an avatar's game ended: by the exit (S24), caught (S32), still in (S33)


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
    passed: Counter = field(default_factory=Counter)  # field -> times a move passed it (S27: entered or ended on)
    ghost_squares: int = 0  # squares the ghost moved in all games (S30, S31)
    fates: Counter = field(default_factory=Counter)  # (seat, bot, fate) -> games
    seat_knock_outs: Counter = field(default_factory=Counter)  # (seat, bot) -> knock-outs (S25)
    seat_health_lost: Counter = field(default_factory=Counter)  # (seat, bot) -> health lost (S16, S17)
    order_wins: Counter = field(default_factory=Counter)  # place in the turn order (0: first) -> parts of SHARE
    payouts: Counter = field(default_factory=Counter)  # chest field -> pay-outs (S21)
    # What the games stopped at max_rounds (S33) did, to find why they stalled:
    stalled_payouts: Counter = field(default_factory=Counter)  # chest field -> pay-outs in them
    stalled_payout_moves: Counter = field(default_factory=Counter)  # (chest, from, card) -> moves into it
    stalled_knock_outs: int = 0
    stalled_inside: Counter = field(default_factory=Counter)  # (bot, field) -> avatars still inside there
    stalled_top: tuple = ()  # the most pay-outs of one chest in one such game: (pay-outs, -game, chest)
    stalled_loops: Counter = field(default_factory=Counter)  # field -> moves in them that ended where they began
    stalled_chests: Counter = field(default_factory=Counter)  # field -> chests drawn and placed there in them (S29b)

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
        players = len(bots)
        own_items = {(x, y) for y, row in enumerate(header["map"]) for x, c in enumerate(row) if c in "*h?"}
        taken: set[Position] = set()
        self.rounds[end["rounds"]] += 1
        for seat, gems in enumerate(end["gems"]):
            self.seat_gems[seat] += gems
            self.bot_gems[bots[seat]] += gems
        for seat in end["winners"]:  # S28: the first player is drawn; its place in the order counts
            self.order_wins[(seat - header.get("first", 0)) % players] += SHARE // len(end["winners"])
        fate = ["inside"] * players
        last_at: list = [None] * players
        exits = 0
        stalled = end["end"] == "max_rounds"
        payouts: Counter = Counter()
        for line in lines[1:-1]:
            if "turn" not in line:
                continue
            seat = line["seat"]
            last_at[seat] = line.get("at")
            for ghost in line["ghost"]:
                self.ghost_squares += len(ghost["path"])
            move = line["move"]
            if move is not None:
                if not move["exit"]:
                    self.rests[tuple(move["end"])] += 1
                    if stalled and move["end"] == line["from"]:
                        self.stalled_loops[tuple(move["end"])] += 1
                for at in {tuple(at) for at in move["trail"]} | {tuple(move["end"])}:
                    self.passed[at] += 1
            for event in line["events"]:
                kind = event[0]
                if kind == "hurt":
                    self.health_losses += 1
                    self.hurts[tuple(event[1])] += 1
                    self.seat_health_lost[(seat, bots[seat])] += 1
                elif kind in ("gem", "heart", "draw"):
                    taken.add(tuple(event[1]))
                elif kind == "knocked_out":
                    self.knock_outs[event[2]] += 1
                    self.seat_knock_outs[(seat, bots[seat])] += 1
                    self.stalled_knock_outs += stalled
                elif kind == "caught":
                    self.catches += 1
                    self.caught_at[tuple(event[1])] += 1
                    fate[event[2]] = "caught"
                elif kind == "exit":
                    exits += 1
                    fate[seat] = "exited"
                elif kind == "place" and stalled and event[2] == "chest":
                    self.stalled_chests[tuple(event[1])] += 1
                elif kind == "payout":
                    chest = tuple(event[1])
                    payouts[chest] += 1
                    if stalled:
                        self.stalled_payout_moves[(chest, tuple(line["from"] or ()), line["card"])] += 1
        self.exits += exits
        self.all_exited += exits == players
        self.payouts.update(payouts)
        for seat, bot in enumerate(bots):
            self.fates[(seat, bot, fate[seat])] += 1
        if stalled:
            self.stalled_payouts.update(payouts)
            if payouts:
                count, chest = max((n, at) for at, n in payouts.items())
                self.stalled_top = max(self.stalled_top, (count, -header["game"], chest))
            for seat, bot in enumerate(bots):
                if fate[seat] == "inside" and last_at[seat] is not None:
                    self.stalled_inside[(bot, tuple(last_at[seat]))] += 1
        for at in own_items & taken:
            self.items_taken[at] += 1

    def merge(self, other: SimStats) -> None:
        for name, value in vars(other).items():
            if name == "shared":
                self.shared.merge(value)
            elif name == "stalled_top":
                self.stalled_top = max(self.stalled_top, value)
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
            "ghost_squares_per_game": round(self.ghost_squares / games, 2),
            "fates": {"per_seat": [self._fates([(seat, bots[seat])]) for seat in range(players)],
                      "per_bot": {b: self._fates([(s, b) for s in range(players) if bots[s] == b]) for b in sorted(set(bots))}},
            "seat_wins": [self._interval(self.shared.seat_wins[seat] / SHARE) for seat in range(players)],
            "order_wins": [self._interval(self.order_wins[place] / SHARE) for place in range(players)],
            "first_player": self.first_player_verdict(players),
        }

    def _fates(self, keys: list[tuple[int, str]]) -> dict[str, float]:
        """Shares of the games the avatars of these (seat, bot)s exited, were caught, were
        still inside at the end; mean knock-outs and health lost a game."""
        played = sum(self.fates[(seat, bot, fate)] for seat, bot in keys for fate in FATES) or 1
        found = {fate: round(sum(self.fates[(seat, bot, fate)] for seat, bot in keys) / played, 4) for fate in FATES}
        found["knock_outs"] = round(sum(self.seat_knock_outs[key] for key in keys) / played, 3)
        found["health_lost"] = round(sum(self.seat_health_lost[key] for key in keys) / played, 3)
        return found

    def _interval(self, wins: float) -> dict[str, float]:
        low, high = wilson(wins, self.games)
        return {"share": round(wins / self.games if self.games else 0.0, 4), "low": round(low, 4), "high": round(high, 4)}

    def first_player_verdict(self, players: int) -> dict[str, object]:
        """Does playing first pay? The first player's win share (S28 draws it at random each
        game) with its 95 % interval, against a fair 1 / players."""
        share = self._interval(self.order_wins[0] / SHARE)
        fair = 1 / players
        margin = (share["high"] - share["low"]) / 2
        if share["low"] > fair:
            judged = "more than"
        elif share["high"] < fair:
            judged = "less than"
        else:
            judged = "within the interval of"
        text = f"the first player wins {share['share']:.0%} ± {margin:.0%}: {judged} a fair {fair:.0%}"
        return {**share, "fair": round(fair, 4), "verdict": judged.replace("within the interval of", "fair").split()[0], "text": text}
