"""Bots: small policies over the legal outcomes the move engine lists (S28-S33).

Every bot makes every decision of a game: the card and the outcome of its move, its S25
choice, where drawn webs and chests go, where it places at set-up, and how it moves the
ghost. What they know of the level before play (`Knowledge`) comes from the validator's move
graph and its card-cycle distances, on the level's own map.

- `random`: a random card, then a random outcome of it; random places; a random ghost move.
- `rusher`: the outcome with the fewest turns left to the exit (the validator's graph and
  card cycle, S5, S26); pays 3 gems after a knock-out when that keeps it nearer the exit.
- `greedy`: gems first (chests too, each chest once): while a gem is within 3 turns it takes
  the outcome with the most gems, then the one nearest the next gem; otherwise it leaves as
  the rusher does. After a knock-out it keeps its gems and goes back to the door.
- `cautious`: as the rusher, but never an outcome that knocks it out (S25) when another
  exists, no damage at all when its health is 1, and not ending within the ghost's reach.

All but `random` place webs on the leader's way (at set-up on the level's shortest route),
gems and question marks where moves pass, a drawn chest where their own next move can reach
it, and move the ghost toward the nearest avatar of another player, away from their own.
"""

from __future__ import annotations

import math
from functools import lru_cache

from printkit.sinpin.game.state import Game
from printkit.sinpin.game.outcomes import GameOutcome
from printkit.sinpin.game.ghost import Place
from printkit.sinpin.level import Level, Position
from printkit.sinpin.moves.graph import MoveCache, move_graph
from printkit.sinpin.rules import CARD_VALUES, next_hand
from printkit.sinpin.moves.bounds import relaxed_turns_to_exit
from printkit.sinpin.moves.solver import solve
from printkit.sinpin.tiles import Tile

FAR = 99  # turns from a field the level's own map does not know (a placed chest's new rest)
PATIENCE = 3  # greedy: a gem is worth going for when a move within this many turns takes one


@lru_cache(maxsize=None)
def _hand_mask(hand: frozenset[int]) -> int:
    return sum(1 << (card - 1) for card in hand)


@lru_cache(maxsize=None)
def _after_mask(hand: frozenset[int], card: int) -> int:
    """The hand left after playing `card` (S5), as a mask."""
    return _hand_mask(next_hand(hand, card))


class Knowledge:
    """What every bot knows of a level before play, worked out once per level."""

    def __init__(self, level: Level):
        cache = MoveCache(level)
        graph = move_graph(cache)
        self.level = level
        self.width = level.width
        # Per hand mask: field -> least turns to the exit, for the fields it can be reached from.
        turns_to_exit = relaxed_turns_to_exit(cache, graph.nodes)
        self.turns_after_hand: list[dict[Position, int]] = [
            {pos: row[mask] for pos, row in turns_to_exit.items() if row[mask] is not None}
            for mask in range(1 << len(CARD_VALUES))]
        self.predecessors = {pos: tuple(sorted(graph.predecessors(pos))) for pos in graph.nodes}
        every = frozenset((x, y) for y in range(level.height) for x in range(level.width) if not level.is_rock(x, y))
        self.passes: dict[Position, frozenset[Position]] = {
            pos: frozenset().union(*(cache.engine.fields_passed(pos, card, every) for card in CARD_VALUES))
            for pos in graph.nodes if pos != level.exit
        }
        self.passable = frozenset().union(*self.passes.values()) if self.passes else frozenset()
        solution = solve(cache, graph.nodes) if level.exit in graph else None
        self.route = tuple(field for step in solution.route() for field in step.trail) if solution else ()
        # The route and the fields beside and above it: where a placed chest could shut the way.
        self.route_area = frozenset((x + dx, y + dy) for x, y in self.route for dx in (-1, 0, 1) for dy in (-1, 0))
        # For gem distances: the rest positions as small integers, their predecessors and the
        # fields they pass as bit masks (bit y * width + x, as GameMoves' masks).
        self._bfs_fields = sorted(self.predecessors.keys() | self.passes.keys())
        ids = {pos: index for index, pos in enumerate(self._bfs_fields)}
        self._bfs_predecessors = [[ids[before] for before in self.predecessors.get(pos, ()) if before in ids] for pos in self._bfs_fields]
        self._bfs_passes = [sum(1 << (y * level.width + x) for x, y in self.passes.get(pos, ())) for pos in self._bfs_fields]
        # Not an lru_cache of a bound method: that would be a reference cycle (see gcpause).
        self._gem_distances: dict[int, dict[Position, int]] = {}

    def turns(self, at: Position, hand: frozenset[int]) -> int:
        """Least turns from `at` with `hand` to the exit, health ignored (a lower bound)."""
        return self.turns_after_hand[_hand_mask(hand)].get(at, FAR)

    def gem_distance(self, gems: frozenset[Position]) -> dict[Position, int]:
        """Per rest position, the fewest moves until one can take one of `gems` (1: the next)."""
        return self.gem_distance_of(sum(1 << (y * self.width + x) for x, y in gems))

    def gem_distance_of(self, gems: int) -> dict[Position, int]:
        """`gem_distance` of the gems of a mask (bit y * width + x)."""
        found = self._gem_distances.get(gems)
        if found is None:
            if len(self._gem_distances) >= 256:
                self._gem_distances.clear()
            found = self._gem_distances[gems] = self._distances(gems)
        return found

    def _distances(self, gems: int) -> dict[Position, int]:
        # Breadth first over small integers (a tuple's hash is worked out at every look-up).
        fields, predecessors = self._bfs_fields, self._bfs_predecessors
        distance = [0] * len(fields)
        frontier = [index for index, passed in enumerate(self._bfs_passes) if passed & gems]
        for index in frontier:
            distance[index] = 1
        steps = 1
        while frontier:
            steps += 1
            following = []
            for index in frontier:
                for before in predecessors[index]:
                    if not distance[before]:
                        distance[before] = steps
                        following.append(before)
            frontier = following
        return {fields[index]: steps for index, steps in enumerate(distance) if steps}


class Bot:
    """The shared decisions; each policy below changes what it must."""

    name = "bot"

    def __init__(self, knowledge: Knowledge):
        self.knowledge = knowledge

    # -- the move -----------------------------------------------------------------------------
    def choose_move(self, game: Game, seat: int, options: list[tuple[int, GameOutcome]]) -> int:
        raise NotImplementedError

    @staticmethod
    def _best(game: Game, keys: list) -> int:
        """The index of the highest key; ties broken at random (seeded)."""
        best = max(keys)
        ties = [index for index, value in enumerate(keys) if value == best]
        return ties[0] if len(ties) == 1 else game.rng.choice(ties)

    def _turns_left(self, game: Game, seat: int, options: list[tuple[int, GameOutcome]]) -> list[int]:
        """Per option, the least turns to the exit after it with the hand its card leaves
        (S5); 0 once out through the exit."""
        hand = game.state.seats[seat].hand
        tables = self.knowledge.turns_after_hand
        after = {card: tables[_after_mask(hand, card)] for card in hand}
        return [0 if o.exited else after[card].get(o.end, FAR) for card, o in options]

    def _rush(self, game: Game, seat: int, options: list[tuple[int, GameOutcome]]) -> int:
        """Fewest turns left, then the most health, then the most gems."""
        left = self._turns_left(game, seat, options)
        return self._best(game, [(-turns, o.health, o.gems.bit_count() + o.payout) for turns, (_, o) in zip(left, options)])

    # -- the other decisions --------------------------------------------------------------------
    def choose_card(self, game: Game, seat: int) -> int:
        """Out of the game: the card that lets the ghost get nearest another avatar (S29a)."""
        hand = sorted(game.state.seats[seat].hand)
        score = self._ghost_scorer(game, seat)
        scores = [min((score(place) for place in game.ghost_board.moves(game.state.ghost, card)),
                      default=(math.inf, 0.0)) for card in hand]
        return hand[scores.index(min(scores))]

    def knocked_out(self, game: Game, seat: int) -> str:
        return "door"  # S25: back to the door with full health, gems kept

    def place(self, game: Game, seat: int, kind: str, vacant: list[Position]) -> Position:
        state = game.state
        if kind == "web":
            wanted = self._leader_way(game, seat)
        elif kind == "chest":  # where its own next move can reach it, off the level's route:
            at = state.seats[seat].at  # a chest ends every move entering it (S21) and can shut a way
            near = self.knowledge.passes.get(at, frozenset()) if at is not None else frozenset()
            wanted = near - self.knowledge.route_area
        else:  # gems and question marks where moves pass (no item nobody can take)
            wanted = self.knowledge.passable
        good = [field for field in vacant if field in wanted]
        return game.rng.choice(good or vacant)

    def _leader_way(self, game: Game, seat: int) -> frozenset[Position]:
        """Where the leading opponent goes next: the level's shortest route before anyone
        moved, else the fields its next move can pass."""
        state = game.state
        rivals = [i for i in state.on_board() if i != seat]
        if state.turn == 0 or not rivals:
            return frozenset(self.knowledge.route)
        leader = max(rivals, key=lambda i: (state.seats[i].gems, -self.knowledge.turns(state.seats[i].at, state.seats[i].hand), -i))
        return self.knowledge.passes.get(state.seats[leader].at, frozenset())

    def move_ghost(self, game: Game, seat: int, ends: list[tuple[Place, tuple[Place, ...]]]) -> int:
        score = self._ghost_scorer(game, seat)
        scores = [score(place) for place, _ in ends]
        return scores.index(min(scores))

    def _ghost_scorer(self, game: Game, seat: int):
        """How good a place of the ghost is for this player: nearest an avatar of another
        player (not on the door, S32: no catch there), farthest from its own (lower is better)."""
        state = game.state
        others = [state.seats[i].at for i in state.on_board() if i != seat and state.seats[i].at != game.door]
        own = state.seats[seat]
        mine = own.at if own.status == "in" and own.at != game.door else None
        reach = game.ghost_board.reach  # S30: fields below the bound are out of its reach

        def score(place: Place) -> tuple[float, float]:
            near = min((reach(place, at) for at in others), default=math.inf)
            return (near, -min(reach(place, mine), 50.0) if mine is not None else -50.0)
        return score


class RandomBot(Bot):
    name = "random"

    def choose_move(self, game, seat, options):
        card = game.rng.choice(sorted({card for card, _ in options}))
        return game.rng.choice([index for index, (c, _) in enumerate(options) if c == card])

    def choose_card(self, game, seat):
        return game.rng.choice(sorted(game.state.seats[seat].hand))

    def knocked_out(self, game, seat):
        return game.rng.choice(("pay", "door"))

    def place(self, game, seat, kind, vacant):
        return game.rng.choice(vacant)

    def move_ghost(self, game, seat, ends):
        return game.rng.randrange(len(ends))


class RusherBot(Bot):
    name = "rusher"

    def choose_move(self, game, seat, options):
        return self._rush(game, seat, options)

    def knocked_out(self, game, seat):
        player = game.state.seats[seat]
        here, door = self.knowledge.turns(player.at, player.hand), self.knowledge.turns(game.door, player.hand)
        return "pay" if here < door else "door"


class GreedyBot(Bot):
    name = "greedy"

    def __init__(self, knowledge: Knowledge):
        super().__init__(knowledge)
        self.paid_by: set[Position] = set()  # chests that paid it already: each counts once
        self.idle = 0  # moves since it last gained a gem

    def choose_move(self, game, seat, options):
        distance = self.knowledge.gem_distance_of(game.items()[0])
        here = game.state.seats[seat].at
        # The distances are the level's own map's; a placed chest or web can make a gem that
        # looks near unreachable, so it gives up after twice its patience without a gem.
        if distance.get(here, math.inf) > PATIENCE or self.idle > 2 * PATIENCE:
            return self._rush(game, seat, options)
        left = self._turns_left(game, seat, options)
        keys = [(o.gems.bit_count() + (self._new_payout(game, o) if o.payout else 0), -distance.get(o.end, FAR), o.health, -turns)
                for turns, (_, o) in zip(left, options)]
        index = self._best(game, keys)
        chosen = options[index][1]
        chest = self._chest_of(game, chosen)
        if chest is not None:
            self.paid_by.add(chest)
        self.idle = 0 if chosen.gems else self.idle + 1
        return index

    def _new_payout(self, game: Game, outcome: GameOutcome) -> int:
        """A chest's pay-out counts only from a chest that has not paid this bot yet."""
        return 0 if self._chest_of(game, outcome) in self.paid_by else outcome.payout

    @staticmethod
    def _chest_of(game: Game, outcome: GameOutcome) -> Position | None:
        if not outcome.payout:
            return None
        rows = game.state.rows
        return next((f for f in outcome.trail if rows[f[1]][f[0]] == Tile.CHEST.char), None)


class CautiousBot(Bot):
    name = "cautious"

    def choose_move(self, game, seat, options):
        player = game.state.seats[seat]
        safe = [o for o in options if not o[1].knocked_out] or options
        if player.health == 1:
            safe = [o for o in safe if not o[1].damage] or safe
        ghost = game.state.ghost
        left = self._turns_left(game, seat, safe)
        door, far = game.door, max(CARD_VALUES)
        keys = [(o.exited or o.end == door or game.ghost_board.reach(ghost, o.end) > far, -turns, o.health, o.gained)
                for turns, (_, o) in zip(left, safe)]
        return options.index(safe[self._best(game, keys)])


BOTS: dict[str, type[Bot]] = {bot.name: bot for bot in (RandomBot, RusherBot, GreedyBot, CautiousBot)}


def make_bots(names: list[str], players: int, knowledge: Knowledge) -> list[Bot]:
    """Fresh bots for one game: `names` assigned to the seats in order, cycling."""
    unknown = [name for name in names if name not in BOTS]
    if unknown or not names:
        raise ValueError(f"unknown bot {', '.join(unknown) or '(none)'}; bots: {', '.join(BOTS)}")
    return [BOTS[names[seat % len(names)]](knowledge) for seat in range(players)]
