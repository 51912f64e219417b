"""Scripted players for the game tests: a Bot that makes exactly the decisions a test gives it."""

from __future__ import annotations


from printkit.sinpin.game.state import Game, new_game, set_up
from printkit.sinpin.game.ghost import start_place
from printkit.sinpin.level import Level
from printkit.sinpin.rules import Rules


def tiny(*rows: str, **knobs: int) -> Level:
    """A tiny level; nothing is placed at set-up unless the test asks (S28 knobs 0)."""
    settings = {"setup_webs": 0, "setup_gems": 0, "setup_marks": 0, **knobs}
    return Level(tuple(rows), rules=Rules(**settings))


class Scripted:
    """Moves: (card, end) pairs or predicates over (card, outcome), one per turn; without a
    script the lowest card's first outcome. Places: fields in order (else the first vacant).
    Ghost: end places in order (else the end nearest its start row and column: it stays
    by the door). Knock-outs: the given answer."""

    name = "scripted"

    def __init__(self, moves=(), places=(), ghost=(), knock="door", cards=()):
        self.moves, self.places, self.ghost, self.cards = list(moves), list(places), list(ghost), list(cards)
        self.knock = knock
        self.offered: list[list] = []  # the vacant fields offered at each placement
        self.asked_knock = 0

    def choose_move(self, game: Game, seat: int, options) -> int:
        if not self.moves:
            return 0
        wanted = self.moves.pop(0)
        for index, (card, outcome) in enumerate(options):
            if callable(wanted) and wanted(card, outcome) or not callable(wanted) and (card, outcome.end) == wanted:
                return index
        raise AssertionError(f"no option {wanted} among {[(c, o.end) for c, o in options]}")

    def choose_card(self, game: Game, seat: int) -> int:
        return self.cards.pop(0) if self.cards else min(game.state.seats[seat].hand)

    def knocked_out(self, game: Game, seat: int) -> str:
        self.asked_knock += 1
        return self.knock

    def place(self, game: Game, seat: int, kind: str, vacant):
        self.offered.append(list(vacant))
        return self.places.pop(0) if self.places else vacant[0]

    def move_ghost(self, game: Game, seat: int, ends) -> int:
        places = [place for place, _ in ends]
        if self.ghost:
            return places.index(self.ghost.pop(0))
        home = start_place(game.door)
        return min(range(len(places)), key=lambda i: (places[i][1], abs(places[i][0] - home[0]), places[i][0]))


def started(level: Level, bots, *, first: int = 0, seed: int = 0, box=None, ghost=None) -> Game:
    """A game after set-up with the given first seat (S28), box (S29) and ghost place (S30)."""
    game = new_game(level, bots, seed)
    game.state = game.state._replace(first=first)
    set_up(game)
    if box is not None:
        game.state = game.state._replace(box=tuple(box))
    if ghost is not None:
        game.state = game.state._replace(ghost=ghost)
    return game
