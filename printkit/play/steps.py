"""A step of a replay: the state after one record line, the line, and what the page shows
with it (the replay's vocabulary, below the replayers of printkit.play.replay)."""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.games.protocol import JSON, GameState


class ReplayError(ValueError):
    """A record that cannot be replayed (the message names the line)."""


class ReplayInputError(ReplayError):
    """A record whose game cannot be set up here (it names a board spec that cannot be
    read), or a file that is no record at all (a line that is not JSON, or not an object):
    bad input (exit 2), not a record that fails to replay."""


class LineError(ReplayError):
    """A line of one game that does not replay: `index` counts the game's lines from its
    header (0); the replay says where the line is in the file."""

    def __init__(self, index: int, message: str):
        super().__init__(message)
        self.index = index


@dataclass
class Step:
    state: GameState
    line: dict[str, JSON] | None  # the record line this step played (None for step 0)
    last: dict[str, JSON] | None = None  # the last action, as the play page shows it
    alternatives: list[JSON] = field(default_factory=list)  # the other outcomes the card allowed (Sinpin)
