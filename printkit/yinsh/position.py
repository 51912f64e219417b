"""A YINSH position as text a person can type, both ways.

    # any line after # is a comment; ';' also ends a line
    white rings: a2 b3 c4 d5 e6
    black rings: f7 g8 h9 i10
    white markers: e5 e7
    black markers: f6
    white off: 0              rings taken off (Y5)
    black off: 1              so 4 black rings on the board: 5 in all (Y1)
    to move: white            or `to place:` while rings are being placed (Y2)
    rules: max_moves=200      rule knobs (Y12), when not the usual ones

Every key may be left out (no pieces, nothing taken off; who acts follows from the rings
while they are placed, else white). Points in GIPF notation, any case. Reading returns
every problem at once, each with its line and rule. A position read this way is one where
a player places a ring or moves: rows of five are already gone (Y5), so none may be on the
board. The moves made so far (Y10) start at 0.
"""

from __future__ import annotations

from printkit.wording import counted
from printkit.yinsh.actions import BLACK, COLOURS, MOVE, PLACE, REMOVE, WHITE, NotationError, point_index
from printkit.yinsh.bits import NAME, bits_of, rows_in
from printkit.yinsh.board import RINGS_PER_PLAYER
from printkit.yinsh.knobs import MARKERS, KnobError, Knobs, knobs_from
from printkit.yinsh.state import State, make_state, settled

KEYS = ("white rings", "black rings", "white markers", "black markers", "white off", "black off", "to move", "rules")
_SYNONYMS = {"to place": "to move", "to act": "to move"}


class PositionError(ValueError):
    """A position that cannot be read or is not one YINSH can reach; every problem listed."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def read_position(text: str, knobs: Knobs = Knobs(), white_seat: int = 0) -> State:
    """The position `text` describes; PositionError with every problem otherwise. A `rules`
    line sets knobs over `knobs`."""
    problems: list[str] = []
    points: dict[str, list[tuple[int, int]]] = {key: [] for key in KEYS[:4]}  # key -> (point, line)
    numbers: dict[str, int] = {}
    to_move: int | None = None
    seen: dict[str, int] = {}
    for number, raw in _lines(text):
        key, colon, value = raw.partition(":")
        key = _SYNONYMS.get(" ".join(key.lower().split()), " ".join(key.lower().split()))
        if not colon or key not in KEYS:
            problems.append(f"line {number}: '{raw}' is not 'key: value' with a key of: {', '.join(KEYS)}")
            continue
        if key in seen:
            problems.append(f"line {number}: '{key}' again (first on line {seen[key]})")
            continue
        seen[key] = number
        words = value.split()
        if key == "rules":
            try:
                knobs = knobs_from(_settings(words), knobs)
            except (KnobError, ValueError) as error:
                problems.append(f"line {number}: {error}")
        elif key == "to move":
            if len(words) != 1 or words[0].lower() not in COLOURS:
                problems.append(f"line {number}: to move: 'white' or 'black', not '{value.strip()}'")
            else:
                to_move = COLOURS.index(words[0].lower())
        elif key.endswith(" off"):
            if len(words) != 1 or not words[0].isdecimal():
                problems.append(f"line {number}: {key}: a whole number of rings taken off, not '{value.strip()}'")
            else:
                numbers[key] = int(words[0])
        else:
            for word in words:
                try:
                    points[key].append((point_index(word.strip(",")), number))
                except NotationError as error:
                    problems.append(f"line {number}: {error}")
    state = _checked(points, numbers, to_move, knobs, white_seat, problems)
    if problems:
        raise PositionError(problems)
    assert state is not None
    return state


def _settings(words: list[str]) -> dict[str, object]:
    settings: dict[str, object] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals:
            raise ValueError(f"Y12: rules: name=number, not '{word}'")
        settings[name] = int(value) if value.isdecimal() else value
    return settings


def _lines(text: str):
    for number, line in enumerate(text.splitlines(), start=1):
        for part in line.split("#", 1)[0].split(";"):
            if part.strip():
                yield number, part.strip()


def _checked(points, numbers, to_move, knobs: Knobs, white_seat: int, problems: list[str]) -> State | None:
    held: dict[int, tuple[str, int]] = {}
    masks = {}
    for key, found in points.items():
        mask = 0
        for point, number in found:
            if point in held:
                other, line = held[point]
                problems.append(f"line {number}: Y1: {NAME[point]} is already {other} (line {line}); a point holds one piece")
                continue
            held[point] = (key[:-1], number)
            mask |= 1 << point
        masks[key] = mask
    rings = (masks["white rings"], masks["black rings"])
    white, black = masks["white markers"], masks["black markers"]
    off = (numbers.get("white off", 0), numbers.get("black off", 0))
    for colour in (WHITE, BLACK):
        name = COLOURS[colour]
        if off[colour] >= knobs.rows_to_win:
            problems.append(f"Y7: {name} has taken off {counted(off[colour], 'ring')}, and taking off"
                            f" {knobs.rows_to_win} wins (rows_to_win): the game is over")
        total = rings[colour].bit_count() + off[colour]
        if total > RINGS_PER_PLAYER:
            problems.append(f"Y1: {name} has {total} rings on the board and taken off; a player has {RINGS_PER_PLAYER}")
    if (white | black).bit_count() > MARKERS:
        problems.append(f"Y1: {(white | black).bit_count()} markers on the board; there are {MARKERS}")
    placing = any(rings[c].bit_count() + off[c] < RINGS_PER_PLAYER for c in (WHITE, BLACK))
    if placing:
        counts = (rings[WHITE].bit_count(), rings[BLACK].bit_count())
        if off != (0, 0) or white | black:
            problems.append("Y2: while rings are being placed no marker is on the board and no ring is taken off")
        if counts[WHITE] - counts[BLACK] not in (0, 1):
            problems.append(f"Y2: white places first and players take turns: {counts[WHITE]} white and "
                            f"{counts[BLACK]} black rings cannot be on the board while rings are placed")
        placer = WHITE if counts[WHITE] == counts[BLACK] else BLACK
        if to_move is not None and to_move != placer:
            problems.append(f"Y2: {COLOURS[placer]} places the next ring, not {COLOURS[to_move]}")
        to_move = placer
    for colour, mask in ((WHITE, white), (BLACK, black)):
        for first, last, _ in rows_in(mask):
            problems.append(f"Y5: a row of five {COLOURS[colour]} markers {NAME[first]}-{NAME[last]} is still on "
                            "the board; it would have been taken off")
    if problems:
        return None
    return settled(make_state(rings, white | black, white, off, WHITE if to_move is None else to_move,
                              PLACE if placing else MOVE, mover=BLACK if to_move in (None, WHITE) else WHITE,
                              knobs=knobs, white_seat=white_seat))


def position_text(state: State) -> str:
    """The position in the typed format; a position in the middle of a row's removal or
    over is written with a comment saying so (and does not read back as that)."""
    lines = []
    for key, mask in (("white rings", state.rings[WHITE]), ("black rings", state.rings[BLACK]),
                      ("white markers", state.markers_of(WHITE)), ("black markers", state.markers_of(BLACK))):
        lines.append(f"{key}: {' '.join(NAME[p] for p in bits_of(mask))}".rstrip())
    lines += [f"white off: {state.off[WHITE]}", f"black off: {state.off[BLACK]}"]
    if state.knobs != Knobs():
        lines.append("rules: " + " ".join(f"{k}={v}" for k, v in state.knobs.as_dict().items()))
    who = COLOURS[state.colour]
    if state.phase == PLACE:
        lines.append(f"to place: {who}")
    elif state.phase == MOVE:
        lines.append(f"to move: {who}")
    elif state.phase == REMOVE:
        lines.append(f"# {who} takes a row of five off (Y5), then {COLOURS[1 - state.mover]} moves")
    else:
        lines.append(f"# the game is over ({state.ended})")
    return "\n".join(lines) + "\n"

