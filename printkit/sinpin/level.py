"""A Sinpin level: the grid of tiles (S1, S3) with its name, players and rule knobs."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from printkit.sinpin.findings import Finding
from printkit.sinpin.rules import BOX_CHESTS, BOX_GHOSTS, MAX_LONG_SIDE, MAX_SHORT_SIDE, SETUP_KNOBS, SETUP_LIMITS, Rules
from printkit.sinpin.tiles import TILE_BY_CHAR, Tile, field_name

Position = tuple[int, int]  # (x, y): column from the left, row from the top, from 0 (S1)
# The player counts a level is for when its file does not say (level-format.md: the game is
# for 2 to 4 players, so every count).
DEFAULT_PLAYERS: tuple[int, ...] = (2, 3, 4)


def split_map(text: str) -> list[str]:
    """Cut a `map` text into rows as level-format.md says (trailing newlines dropped)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.rstrip("\n").split("\n")


def fits_paper(width: int, height: int) -> bool:
    """S2: at most 12 x 18 fields portrait or 18 x 12 landscape."""
    return (width <= MAX_SHORT_SIDE and height <= MAX_LONG_SIDE) or (
        width <= MAX_LONG_SIDE and height <= MAX_SHORT_SIDE
    )


def _shown(char: str) -> str:
    return repr(char) if not char.isprintable() or char in "'\"" else f"'{char}'"


# Characters that are easily typed for a tile's: a digit for a letter, a comma for a dot.
LOOKALIKES = {"0": Tile.TELEPORTER, "o": Tile.TELEPORTER, ",": Tile.OPEN, "W": Tile.WEB, "c": Tile.CHEST,
              "a": Tile.DOOR, "z": Tile.EXIT, "s": Tile.SPRING}


def _meant(char: str) -> str:
    """"; did you mean 'Z' (exit Ω)?" for an unknown map character that looks like a tile's."""
    tile = LOOKALIKES.get(char)
    return f"; did you mean '{tile.char}' ({tile.label})?" if tile else ""


def map_width(rows: list[str]) -> int:
    """The map's width: the length most rows have (the first row's among equals), so that
    one odd row does not set the size S2 checks, and S1's message can say which of two rows
    is the odd one."""
    lengths = [len(row) for row in rows]
    if not lengths:
        return 0
    counts = Counter(lengths)
    return max(counts, key=lambda length: (counts[length], length == lengths[0]))


def _row_length_findings(rows: list[str]) -> list[Finding]:
    """S1 as S27a reports it: one error for each row whose length differs from the first
    row's, at that row, at the column of the shorter of the two lengths. Each names the
    likely cause (a hand-typed map's whitespace traps) in whichever of the two rows it lies:
    the row reported, or the first row when that is the odd one (most rows as long as the
    reported one, map_width)."""
    first = len(rows[0]) if rows else 0
    if all(len(row) == first for row in rows):
        return []
    width = map_width(rows)
    first_cause = _length_cause(rows[0], 0, width) if first != width else None
    found = []
    for y, row in enumerate(rows[1:], start=1):
        if len(row) == first:
            continue
        if first_cause and len(row) == width:
            cause = "row 1" + first_cause[2:]  # "it ends in ..." -> "row 1 ends in ..."
        else:
            cause = _length_cause(row, y, width) or "all rows must be the same length"
        found.append(Finding("S1", f"row {y + 1} has {len(row)} field{'s' * (len(row) != 1)} but row 1 has {first};"
                                   f" {cause}", min(len(row), first), y))
    return found


def _length_cause(row: str, y: int, width: int) -> str | None:
    """Why a row is not `width` long, where the row shows it ("it ends in 3 spaces ..."), else None."""
    stripped = row.rstrip(" ")
    trailing = len(row) - len(stripped)
    if not row:
        return "it is empty (a blank line " + ("right after 'map: |')" if y == 0 else "inside the map)")
    if not stripped:
        return f"it is only {len(row)} space{'s' * (len(row) != 1)}"
    if trailing and len(row) > width:
        return f"it ends in {trailing} space{'s' * (trailing != 1)} (a space is open cave, S3)"
    if row.startswith(" ") and len(row) > width and len(row.lstrip(" ")) <= width:
        extra = len(row) - width
        return (f"it starts with {extra} space{'s' * (extra != 1)} more than the other rows (a space is open cave, S3):"
                " indent every line of the map alike")
    if "\t" in row:
        return "it holds a tab, which counts as one field"
    return None


def sketch_rows(rows: list[str]) -> tuple[str, ...] | None:
    """The map as far as it can be drawn, for an overlay of its errors (S1, S3): unknown
    characters as open cave, short rows filled up with rock. None when there is nothing to
    draw (no rows, or only empty ones)."""
    width = max((len(row) for row in rows), default=0)
    if width == 0:
        return None
    return tuple("".join(char if char in TILE_BY_CHAR else Tile.OPEN.char for char in row).ljust(width, Tile.ROCK.char)
                 for row in rows)


def grid_findings(rows: list[str]) -> list[Finding]:
    """Errors of the raw map text: S1 ragged rows, S3 characters, doors and exits, S2 size."""
    found = _row_length_findings(rows)
    known = "".join(tile.char for tile in Tile)
    doors: list[Position] = []
    exits: list[Position] = []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            tile = TILE_BY_CHAR.get(char)
            if tile is None:
                tab = "; a tab is no map character: type '.' or a space for open cave" if char == "\t" else ""
                found.append(
                    Finding(
                        "S3",
                        f"unknown character {_shown(char)} at {field_name(x, y)}{_meant(char)}"
                        f" (map characters are {' '.join(known)} and space){tab}",
                        x,
                        y,
                    )
                )
            elif tile is Tile.DOOR:
                doors.append((x, y))
            elif tile is Tile.EXIT:
                exits.append((x, y))
    for tiles, char, what in ((doors, "A", "entry door α"), (exits, "Z", "exit Ω")):
        if not tiles:
            found.append(Finding("S3", f"there is no {what} ('{char}') on the map; a level needs exactly one"))
        for x, y in tiles[1:]:
            found.append(
                Finding("S3", f"a second {what} ('{char}') at {field_name(x, y)}; a level has exactly one", x, y)
            )
    width = map_width(rows)
    if not fits_paper(width, len(rows)):
        found.append(
            Finding(
                "S2",
                f"the map is {width} x {len(rows)} fields; one A4 sheet holds at most"
                f" {MAX_SHORT_SIDE} x {MAX_LONG_SIDE} (portrait) or {MAX_LONG_SIDE} x {MAX_SHORT_SIDE} (landscape)",
            )
        )
    return found


def supports(here: Tile, below: Tile) -> bool:
    """S4: an avatar on `here` with `below` under it is supported (on a ladder, or standing
    on rock or a ladder)."""
    return here is Tile.LADDER or below is Tile.ROCK or below is Tile.LADDER


@dataclass(frozen=True)
class MapReading:
    """A map's text read field by field, a sound grid or not, for the checks that need no
    search (the validator's S4, S20, S28 on a map with S1 or S3 errors too). A field is its
    tile, or None where the text does not tell it: an unknown character (S3), or a field a
    row lacks that the widest row has (S1: the map does not say whether the short row lost
    fields or the long one gained them). Nothing is guessed in their place, so a check that
    would read such a field is not made rather than risk a finding the mended map lacks."""

    rows: tuple[str, ...]

    @cached_property
    def width(self) -> int:
        return max((len(row) for row in self.rows), default=0)

    def tile(self, x: int, y: int) -> Tile | None:
        """The tile at (x, y), None when unknown; outside the rows and right of the widest
        is rock (S1) however the rows are mended."""
        if not (0 <= y < len(self.rows) and 0 <= x < self.width):
            return Tile.ROCK
        row = self.rows[y]
        return TILE_BY_CHAR.get(row[x]) if x < len(row) else None

    @cached_property
    def positions(self) -> dict[Tile, tuple[Position, ...]]:
        """Every known tile's positions in reading order (rows top to bottom, then columns)."""
        found: dict[Tile, list[Position]] = {tile: [] for tile in Tile}
        for y, row in enumerate(self.rows):
            for x, char in enumerate(row):
                tile = TILE_BY_CHAR.get(char)
                if tile is not None:
                    found[tile].append((x, y))
        return {tile: tuple(where) for tile, where in found.items()}

    @cached_property
    def complete(self) -> bool:
        """Every field of the widest-row rectangle known: no unknown character, no short row."""
        known = sum(len(where) for where in self.positions.values())
        return known == self.width * len(self.rows)


@dataclass(frozen=True)
class Level:
    """A rectangular map of known tiles; door and exit counts are the validator's business."""

    rows: tuple[str, ...]
    name: str = ""
    author: str = ""
    players: tuple[int, ...] = DEFAULT_PLAYERS
    rules: Rules = field(default_factory=Rules)

    def __post_init__(self) -> None:
        # Spaces are open cave (S3); storing "." keeps equality and dumping canonical.
        normalised = tuple(row.replace(" ", Tile.OPEN.char) for row in self.rows)
        object.__setattr__(self, "rows", normalised)
        if not normalised or any(len(row) != len(normalised[0]) for row in normalised):
            raise ValueError("a Level needs rectangular rows (check grid_findings first)")
        unknown = {char for row in normalised for char in row} - set(TILE_BY_CHAR)
        if unknown:
            raise ValueError(f"unknown map characters {sorted(unknown)}")

    @classmethod
    def from_text(cls, text: str, **details: object) -> Level:
        return cls(tuple(split_map(text)), **details)  # type: ignore[arg-type]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def tile(self, x: int, y: int) -> Tile:
        """The tile at (x, y); everything outside the grid is rock (S1)."""
        if 0 <= y < len(self.rows) and 0 <= x < len(self.rows[0]):
            return TILE_BY_CHAR[self.rows[y][x]]
        return Tile.ROCK

    def is_rock(self, x: int, y: int) -> bool:
        return self.tile(x, y) is Tile.ROCK

    def supported(self, x: int, y: int) -> bool:
        """S4: on a ladder, or standing on rock or a ladder."""
        return supports(self.tile(x, y), self.tile(x, y + 1))

    @cached_property
    def positions(self) -> dict[Tile, tuple[Position, ...]]:
        """Every tile's positions in reading order (rows top to bottom, then columns)."""
        return MapReading(self.rows).positions

    @property
    def door(self) -> Position | None:
        doors = self.positions[Tile.DOOR]
        return doors[0] if doors else None

    @property
    def exit(self) -> Position | None:
        exits = self.positions[Tile.EXIT]
        return exits[0] if exits else None

    @property
    def items(self) -> frozenset[Position]:
        """Gems and hearts on the map: the items a move takes and removes (S22)."""
        return frozenset(self.positions[Tile.GEM] + self.positions[Tile.HEART])

    @cached_property
    def setup_placed(self) -> dict[str, int]:
        """S28: how many webs, gems and question marks ("web", "gem", "question") the players
        place, in that order, until the map holds the setup_webs, setup_gems and setup_marks
        knobs' numbers (its printed items count: a kind it holds enough of is not placed,
        S34 (a)); fewer when the vacant fields (open cave: no item, not the door or the exit)
        run out. The game's set-up places these (game.state.set_up), the token sheet prints them."""
        vacant = len(self.positions[Tile.OPEN])
        placed: dict[str, int] = {}
        for kind, tile in (("web", Tile.WEB), ("gem", Tile.GEM), ("question", Tile.QUESTION)):
            wanted = getattr(self.rules, SETUP_KNOBS[kind]) - len(self.positions[tile])
            placed[kind] = min(max(0, wanted), vacant)
            vacant -= placed[kind]
        return placed

    @property
    def box_drawn(self) -> bool:
        """Whether a game of this level can ever draw from the box: only a question mark draws
        (S23, S29), and only the map's own and those S28 places are ever on it (a box card puts
        a web or a chest on the map, never a mark). Without one the box stays shut, so nothing
        waits for a draw: the token sheet prints no web or chest for it."""
        return bool(self.positions[Tile.QUESTION]) or self.setup_placed["question"] > 0

    @cached_property
    def box_after_setup(self) -> dict[str, int]:
        """S29 with S34 (b): what the box holds once set-up is done, by kind ("gem", "heart",
        "web", "chest", "ghost"): 16 gems and 8 webs less those on the map then (printed, and
        placed by S28: setup_placed), never below 0; box_hearts hearts, 1 chest, 2 ghost cards.
        The same for every game of the level: only where set-up places items is chosen. The
        game's set-up fills its box from it (game.state.set_up); the kit prints its cards."""
        placed = self.setup_placed
        left = {kind: max(0, SETUP_LIMITS[kind] - len(self.positions[tile]) - placed[kind])
                for kind, tile in (("gem", Tile.GEM), ("web", Tile.WEB))}
        return {"gem": left["gem"], "heart": self.rules.box_hearts, "web": left["web"], "chest": BOX_CHESTS,
                "ghost": BOX_GHOSTS}

    def cells(self) -> list[tuple[int, int, Tile]]:
        return [(x, y, TILE_BY_CHAR[char]) for y, row in enumerate(self.rows) for x, char in enumerate(row)]
