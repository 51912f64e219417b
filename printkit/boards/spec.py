"""Board specs: one YAML file says which board to print and how (see templates/*.yaml).

`load_spec` reports every problem of a file at once as FILE:LINE:COL: format: message
(`SpecError`), or raises `UnreadableSource` when the bytes are not one YAML document; both
mean exit status 2 in the CLI. A spec that loads also fits its page.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import yaml

from printkit.boards import layout, pieces
from printkit.sinoda import board as sinoda
from printkit.sinoda.rules import SinodaRules, knob_error
from printkit.yinsh import board as yinsh
from printkit.yinsh import knobs as yinsh_knobs
from printkit.boards.layout import Page, SinodaLayout, YinshLayout
from printkit.boards.pieces import SinodaPieces, YinshPieces
from printkit.filekinds import BOARD, wrong_kind
from printkit.draw.colours import NAMED_COLOURS, parse_colour
from printkit.sourceproblems import SourceProblem, SpecError
from printkit.specreader import SpecReader, type_name
from printkit.yamlsource import Document, load_document

GAMES: tuple[str, ...] = ("sinoda", "yinsh")

COMMON_KEYS = frozenset(
    {"game", "players", "colours", "paper", "orientation", "margin_mm", "ink_saving", "labels"}
)
GAME_KEYS: dict[str, frozenset[str]] = {
    "sinoda": frozenset({"board", "teams", "edge_mm", "rotation", "rules"}),
    "yinsh": frozenset({"spacing_mm", "ring_mm", "rules"}),
}

EDGE_MM_RANGE = (21.0, 100.0)  # 21 mm: the smallest common d4 (16 mm) × 1.3 (boards.md)
SPACING_MM_RANGE = (12.0, 40.0)
RING_MM_RANGE = (8.0, 40.0)
MARGIN_MM_RANGE = (5.0, 40.0)  # shared/notes/printing.md: content inside a ≥ 5 mm safe margin

# Okabe–Ito hues: tell apart for most colour-blind players.
DEFAULT_COLOURS: dict[str, tuple[str, ...]] = {
    "sinoda": ("#d55e00", "#0072b2", "#009e73", "#e69f00", "#cc79a7", "#56b4e9"),
    "yinsh": ("#ffffff", "#000000"),
}
# Start areas carry a pattern as well as a colour so they read in black and white.
PATTERNS: tuple[str, ...] = ("diagonal", "dots", "crosshatch", "horizontal", "vertical", "grid")



@dataclass(frozen=True)
class Player:
    number: int  # 1 first, then clockwise
    colour: str  # #rrggbb
    pattern: str
    team: int | None  # 1-based team number; None when everyone plays alone


@dataclass(frozen=True)
class SinodaOptions:
    setup: sinoda.Setup
    edge_mm: float
    rotation_deg: float
    rules: SinodaRules = SinodaRules()  # the spec's `rules:` knobs (N10, N12)


@dataclass(frozen=True)
class YinshOptions:
    spacing_mm: float
    ring_mm: float | None  # None: RING_PER_SPACING of the spacing, so it scales with it
    rules: yinsh_knobs.Knobs = yinsh_knobs.Knobs()  # the spec's `rules:` knobs (Y12): rows_to_win sets the slots


@dataclass(frozen=True)
class BoardSpec:
    source: str  # the file as messages name it
    game: str  # "sinoda" | "yinsh"
    players: tuple[Player, ...]
    page: Page
    ink_saving: bool
    labels: bool
    options: SinodaOptions | YinshOptions

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.options.setup.teams if isinstance(self.options, SinodaOptions) else ()

    def layout(self) -> SinodaLayout | YinshLayout:
        options = self.options
        if isinstance(options, SinodaOptions):
            return layout.sinoda_layout(
                options.setup, self.page, options.edge_mm, options.rotation_deg
            )
        return layout.yinsh_layout(self.page, options.spacing_mm, options.ring_mm, self.labels, options.rules.rows_to_win)

    def pieces(self, duplex: str = "long") -> SinodaPieces | YinshPieces:
        """The pieces sheets; `duplex` is the edge YINSH's marker sheet turns over."""
        options = self.options
        if isinstance(options, SinodaOptions):
            return pieces.sinoda_pieces(options.setup.players, self.page, options.edge_mm)
        ring = options.ring_mm
        if ring is None:
            ring = layout.default_ring_mm(options.spacing_mm)
        return pieces.yinsh_pieces(
            self.page, options.spacing_mm, ring, yinsh.RINGS_PER_PLAYER, duplex
        )


def load_spec(path: str) -> BoardSpec:
    """Read and check a board spec; raise SpecError with every problem, or UnreadableSource."""
    return read_spec(load_document(path))


def read_spec(doc: Document) -> BoardSpec:
    problems: list[SourceProblem] = []
    reader = SpecReader(doc, doc.root, problems)
    if not reader.ok:
        raise SpecError(problems)
    other = wrong_kind(doc, BOARD)
    if other is not None:  # a level or deck: one sentence, not a line per key
        raise SpecError([other])
    game = reader.choice("game", GAMES, None)
    known = COMMON_KEYS | (GAME_KEYS[game] if game else frozenset().union(*GAME_KEYS.values()))
    reader.check_keys(known, required=("game",))
    if game is None:
        raise SpecError(_sorted(problems))

    page = Page(
        paper=reader.choice("paper", layout.PAPERS, "A4", any_case=True) or "A4",  # a4 as --paper a4
        orientation=reader.choice("orientation", layout.ORIENTATIONS, "portrait", any_case=True) or "portrait",
        margin_mm=reader.number("margin_mm", layout.DEFAULT_MARGIN_MM, *MARGIN_MM_RANGE),
    )
    if game == "sinoda":
        options: SinodaOptions | YinshOptions | None = _sinoda_options(reader, page.paper)
        count = options.setup.players if options else None
    else:
        options = _yinsh_options(reader, page.paper)
        count = _yinsh_players(reader)
    colours = _colours(reader, game, count)
    ink_saving = reader.boolean("ink_saving", False)
    labels = reader.boolean("labels", game == "yinsh")  # GIPF coordinates are worth printing
    if problems or options is None or count is None:
        raise SpecError(_sorted(problems))

    setup = options.setup if isinstance(options, SinodaOptions) else None
    players = tuple(
        Player(n, colours[n - 1], PATTERNS[n - 1], setup.team_of(n) if setup else None)
        for n in range(1, count + 1)
    )
    spec = BoardSpec(doc.source.name, game, players, page, ink_saving, labels, options)
    _check_fit(reader, spec)
    return spec


def _sorted(problems: list[SourceProblem]) -> list[SourceProblem]:
    return sorted(problems, key=lambda p: (p.line or 0, p.column or 0))


def _whole_number(reader: SpecReader, key: str) -> int | None:
    value = reader.raw(key)
    if isinstance(value, bool) or not isinstance(value, int):
        reader.problem(
            reader.value_node(key), f"'{key}' must be a whole number, not {type_name(value)}"
        )
        return None
    return value


def _sinoda_options(reader: SpecReader, paper: str) -> SinodaOptions | None:
    players: int | None = None
    if not reader.has("players"):
        reader.problem(None, "the file has no 'players' (2, 3, 4 or 6 for Sinoda)")
    else:
        players = _whole_number(reader, "players")
        if players is not None and players not in sinoda.PLAYER_COUNTS:
            reader.problem(
                reader.value_node("players"),
                f"'players' must be 2, 3, 4 or 6 (Sinoda has no {players}-player game),"
                f" not {players}",
            )
            players = None
    board = reader.choice("board", tuple(sinoda.BOARD_SIZES), None)
    teams = _teams(reader, players)
    rotation = reader.number("rotation", layout.DEFAULT_ROTATION_DEG, 0.0, 360.0)
    # Without a valid player count the board is unknown; any default will do to check edge_mm.
    board = board or sinoda.default_board(players or 3)
    edge_mm = reader.number("edge_mm", layout.paper_default(layout.DEFAULT_EDGE_MM[board], paper), *EDGE_MM_RANGE)
    if players is None:
        return None
    if (players, board) not in sinoda.SEATS:
        boards = [b for (p, b) in sinoda.SEATS if p == players]
        reader.problem(
            reader.value_node("board"),
            f"{players} players play on the {' or '.join(boards)} board, not the {board} one",
        )
        return None
    rules = _sinoda_rules(reader)
    if teams is None:
        return None
    return SinodaOptions(sinoda.make_setup(players, board, teams or None), edge_mm, rotation, rules)


def _sinoda_rules(reader: SpecReader) -> SinodaRules:
    """The `rules:` block's knobs (printkit.sinoda.rules); each bad one is a problem."""
    knobs = reader.mapping("rules")
    if knobs is None or not knobs.ok:
        return SinodaRules()
    return SinodaRules(**knobs.accepted(knob_error))  # type: ignore[arg-type]


def _teams(reader: SpecReader, players: int | None) -> int | None:
    """The number of teams, 0 for none; None after a problem."""
    if not reader.has("teams"):
        return 0
    node = reader.value_node("teams")
    if isinstance(node, yaml.SequenceNode):
        reader.problem(
            node,
            "'teams' is the number of teams (2 or 3), not a list: teammates always sit"
            " opposite, so the number says who plays with whom",
        )
        return None
    teams = _whole_number(reader, "teams")
    if teams is None or players is None:
        return None
    allowed = sinoda.TEAM_COUNTS[players]
    if teams not in allowed:
        if allowed:
            options = " or ".join(str(k) for k in allowed)
            reader.problem(node, f"'teams' must be {options} for {players} players, not {teams}")
        else:
            reader.problem(
                node, f"{players} players cannot play in teams (team games need 4 or 6 players)"
            )
        return None
    return teams


def _yinsh_players(reader: SpecReader) -> int:
    if reader.has("players"):
        players = _whole_number(reader, "players")
        if players is not None and players != yinsh.PLAYERS:
            reader.problem(
                reader.value_node("players"), f"'players' must be 2 for YINSH, not {players}"
            )
    return yinsh.PLAYERS


def _yinsh_options(reader: SpecReader, paper: str) -> YinshOptions | None:
    spacing = reader.number("spacing_mm", layout.paper_default(layout.DEFAULT_SPACING_MM, paper), *SPACING_MM_RANGE)
    rules = _yinsh_rules(reader)
    if not reader.has("ring_mm"):
        return YinshOptions(spacing, None, rules)
    ring = reader.number("ring_mm", layout.default_ring_mm(spacing), *RING_MM_RANGE)
    if ring > spacing:
        reader.problem(
            reader.value_node("ring_mm") or reader.value_node("spacing_mm"),
            f"rings of {ring:g} mm would overlap on neighbouring points {spacing:g} mm apart:"
            " 'ring_mm' must not exceed 'spacing_mm'",
        )
        return None
    return YinshOptions(spacing, ring, rules)


def _yinsh_rules(reader: SpecReader) -> yinsh_knobs.Knobs:
    """The `rules:` block's knobs (Y12); each bad one is a problem under Y12, at its name when
    the knob is unknown, else at its value."""
    knobs = reader.mapping("rules")
    if knobs is None or not knobs.ok:
        return yinsh_knobs.Knobs()
    knobs.rule = "Y12"

    def error(name: str, value: object) -> str | None:
        problem = yinsh_knobs.knob_error(name, value)  # "Y12: ...": the rule id goes in its column
        return problem.removeprefix("Y12: ") if problem else None

    return yinsh_knobs.Knobs(**knobs.accepted(error))  # type: ignore[arg-type]


def _colours(reader: SpecReader, game: str, count: int | None) -> tuple[str, ...]:
    """One colour per player; `count` is None when the player count is wrong already."""
    default = DEFAULT_COLOURS[game]
    items = reader.sequence("colours")
    if items is None:
        return default[:count]
    if count is not None and len(items) != count:
        reader.problem(
            reader.value_node("colours"),
            f"'colours' must list {count} colours, one per player, not {len(items)}",
        )
        return default
    owners: dict[str, int] = {}  # colour -> the first player who has it
    for number, node in enumerate(items, start=1):
        value = reader.doc.value(node)
        colour = parse_colour(value)
        if colour is None:
            if value is None:
                hint = "nothing (null); quote hex codes, '#' starts a YAML comment: \"#d55e00\""
            elif isinstance(value, str) and len(value) < 40:
                hint = f"'{value}'"
            else:
                hint = type_name(value)
            reader.problem(
                node,
                f"colour of player {number} must be #rrggbb, #rgb or a name"
                f" ({', '.join(sorted(NAMED_COLOURS))}), not {hint}",
            )
        elif colour in owners:
            first = owners[colour]
            reader.problem(node, f"players {first} and {number} have the same colour {colour}")
        else:
            owners[colour] = number
    # Only used when no problem was found, and then every colour is in `owners`, in order.
    return tuple(owners)


# -- fitting the page ---------------------------------------------------------------------
def _check_fit(reader: SpecReader, spec: BoardSpec) -> None:
    board = spec.layout()
    if board.fits:
        try:
            spec.pieces()
        except ValueError as error:  # a row of pieces wider or taller than the margins allow
            blame = next((k for k in ("margin_mm", "paper", "orientation") if reader.has(k)), None)
            reader.problem(reader.value_node(blame) if blame else None, str(error))
            raise SpecError(reader.problems) from None
        return
    content = board.content
    usable_width, usable_height = spec.page.usable
    key = "edge_mm" if spec.game == "sinoda" else "spacing_mm"
    largest = _largest_fitting(spec, key)
    advice = f"; the largest '{key}' that fits is {largest:.1f}" if largest else ""
    blame = next(
        (k for k in (key, "ring_mm", "margin_mm", "paper", "orientation") if reader.has(k)), None
    )
    reader.problem(
        reader.value_node(blame) if blame else None,
        f"the board needs {content.width:.1f} × {content.height:.1f} mm but"
        f" {spec.page.describe()} leaves {usable_width:.1f} × {usable_height:.1f} mm inside"
        f" {spec.page.margin_mm:g} mm margins{advice}",
    )
    raise SpecError(reader.problems)


def _largest_fitting(spec: BoardSpec, key: str) -> float | None:
    """Bisect the board's size (edge or spacing) for the largest that fits, to 0.1 mm."""
    options = spec.options

    def fits(size: float) -> bool:
        return replace(spec, options=replace(options, **{key: size})).layout().fits

    if isinstance(options, SinodaOptions):
        low = EDGE_MM_RANGE[0]
    else:
        low = max(SPACING_MM_RANGE[0], options.ring_mm or 0.0)  # rings must fit the spacing
    high = getattr(options, key)
    if not fits(low):
        return None
    for _ in range(30):
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return int(low * 10) / 10  # rounded down, so the advice fits
