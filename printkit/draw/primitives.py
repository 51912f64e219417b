"""The drawing vocabulary every printed page is laid out in, once, before any backend runs.

All lengths are millimetres. The origin is the page's top-left corner and y grows downwards,
as in SVG; the PDF backend flips. Angles are degrees; a positive angle turns from +x towards
+y, which is clockwise on the printed page (again as in SVG). Stroke widths and dashes scale
with any transform they are drawn under, in both backends alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, Union

from printkit.draw import fonts
from printkit.draw.geometry import IDENTITY, Command, Point, Transform, arc_commands, arc_to, rotate, translate

_COLOUR = re.compile(r"#[0-9a-f]{6}")
_SYMBOL_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")  # safe as an SVG id and a PDF name
CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")
ANCHORS = ("start", "middle", "end")
_ARGUMENTS = {"M": 2, "L": 2, "C": 6, "Z": 0}


def _colour(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    lowered = value.lower()
    if not _COLOUR.fullmatch(lowered):
        raise ValueError(f"{what} must be a colour written '#rrggbb' or None, not {value!r}")
    return lowered


@dataclass(frozen=True, slots=True)
class Style:
    """How a shape is painted. `stroke`/`fill` None means not stroked/filled; `dash` in mm."""

    stroke: str | None = "#000000"
    width: float = 0.25
    fill: str | None = None
    dash: tuple[float, ...] | None = None
    cap: str = "butt"
    join: str = "miter"
    opacity: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "stroke", _colour(self.stroke, "stroke"))
        object.__setattr__(self, "fill", _colour(self.fill, "fill"))
        if not self.width > 0:
            raise ValueError(f"stroke width must be positive, not {self.width}")
        if self.dash is not None:
            dash = tuple(float(length) for length in self.dash)
            if not dash or any(length < 0 for length in dash) or not any(dash):
                raise ValueError(f"dash must be non-negative lengths, not all zero: {self.dash!r}")
            object.__setattr__(self, "dash", dash)
        if self.cap not in CAPS:
            raise ValueError(f"cap must be one of {CAPS}, not {self.cap!r}")
        if self.join not in JOINS:
            raise ValueError(f"join must be one of {JOINS}, not {self.join!r}")
        if not 0.0 <= self.opacity <= 1.0:
            raise ValueError(f"opacity must be within 0..1, not {self.opacity}")


DEFAULT_STYLE = Style()


def _points(points: Iterable[Sequence[float]], minimum: int, what: str) -> tuple[Point, ...]:
    result = tuple((float(x), float(y)) for x, y in points)
    if len(result) < minimum:
        raise ValueError(f"a {what} needs at least {minimum} points, got {len(result)}")
    return result


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = DEFAULT_STYLE


@dataclass(frozen=True, slots=True)
class Polyline:
    points: tuple[Point, ...]
    style: Style = DEFAULT_STYLE

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _points(self.points, 2, "polyline"))


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    style: Style = DEFAULT_STYLE

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _points(self.points, 3, "polygon"))


@dataclass(frozen=True, slots=True)
class Rect:
    """Axis-parallel rectangle with top-left (x, y); `radius` rounds its corners."""

    x: float
    y: float
    w: float
    h: float
    style: Style = DEFAULT_STYLE
    radius: float = 0.0

    def __post_init__(self) -> None:
        if self.w < 0 or self.h < 0:
            raise ValueError(f"a Rect needs a non-negative size, got {self.w} × {self.h}")
        if not 0.0 <= self.radius <= min(self.w, self.h) / 2:
            raise ValueError(f"corner radius {self.radius} does not fit a {self.w} × {self.h} rectangle")


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = DEFAULT_STYLE


@dataclass(frozen=True, slots=True)
class Arc:
    """An open circular arc from `start_deg` to `end_deg`; end > start runs clockwise."""

    cx: float
    cy: float
    r: float
    start_deg: float
    end_deg: float
    style: Style = DEFAULT_STYLE

    def __post_init__(self) -> None:
        if not 0.0 < abs(self.end_deg - self.start_deg) <= 360.0:
            raise ValueError(f"an Arc sweeps more than 0° and at most 360°, not {self.start_deg}..{self.end_deg}")

    def to_path(self) -> Path:
        return Path(arc_commands(self.cx, self.cy, self.r, self.start_deg, self.end_deg), self.style)


@dataclass(frozen=True, slots=True)
class Path:
    """Outline made of ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y) and ("Z",)."""

    commands: tuple[Command, ...]
    style: Style = DEFAULT_STYLE
    even_odd: bool = False  # fill rule: True lets inner subpaths cut holes whatever their direction

    def __post_init__(self) -> None:
        commands = tuple((command[0], *map(float, command[1:])) for command in self.commands)
        if not commands or commands[0][0] != "M":
            raise ValueError("a Path must start with an ('M', x, y) command")
        for command in commands:
            if _ARGUMENTS.get(command[0]) != len(command) - 1:
                raise ValueError(f"bad path command {command!r}: use M/L x y, C x1 y1 x2 y2 x y, or Z")
        object.__setattr__(self, "commands", commands)


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; (x, y) is the anchor point on the baseline, `size` the em size in mm."""

    x: float
    y: float
    text: str
    size: float
    fill: str = "#000000"
    anchor: str = "start"
    bold: bool = False
    rotate: float = 0.0  # degrees about (x, y), clockwise on the page

    def __post_init__(self) -> None:
        object.__setattr__(self, "fill", _colour(self.fill, "text fill"))
        if self.anchor not in ANCHORS:
            raise ValueError(f"anchor must be one of {ANCHORS}, not {self.anchor!r}")
        if not self.size > 0:
            raise ValueError(f"text size must be positive, not {self.size}")

    def offset(self) -> float:
        """Where the text starts, in mm along its baseline, relative to the anchor point."""
        if self.anchor == "start":
            return 0.0
        width = fonts.text_width(self.text, self.size, self.bold)
        return -width / 2 if self.anchor == "middle" else -width

    def placement(self) -> Transform:
        """Maps font space (mm, y up, origin at the start of the baseline) onto the page."""
        return translate(self.x, self.y) @ rotate(self.rotate) @ Transform(d=-1.0, e=self.offset())


@dataclass(frozen=True, slots=True)
class Group:
    items: tuple[Item, ...]
    transform: Transform = IDENTITY

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))


@dataclass(frozen=True, slots=True)
class Symbol:
    """Art drawn once per document (PDF form, SVG defs) and placed by any number of Uses."""

    name: str
    items: tuple[Item, ...]

    def __post_init__(self) -> None:
        if not _SYMBOL_NAME.fullmatch(self.name):
            raise ValueError(f"symbol name {self.name!r} must be a letter then letters, digits, '_', '.', '-'")
        object.__setattr__(self, "items", tuple(self.items))


@dataclass(frozen=True, slots=True)
class Use:
    name: str
    transform: Transform = IDENTITY


Item = Union[Line, Polyline, Polygon, Rect, Circle, Arc, Path, Text, Group, Use]


class PageSize(NamedTuple):
    width: float
    height: float


A4_PORTRAIT = PageSize(210.0, 297.0)
A4_LANDSCAPE = PageSize(297.0, 210.0)
LETTER_PORTRAIT = PageSize(215.9, 279.4)
LETTER_LANDSCAPE = PageSize(279.4, 215.9)


@dataclass(frozen=True, slots=True)
class Page:
    """One sheet: `Page(*A4_PORTRAIT, items)`."""

    width: float
    height: float
    items: tuple[Item, ...] = ()

    def __post_init__(self) -> None:
        if not (self.width > 0 and self.height > 0):
            raise ValueError(f"a page needs a positive size, got {self.width} × {self.height} mm")
        object.__setattr__(self, "items", tuple(self.items))


@dataclass(frozen=True, slots=True)
class Document:
    pages: tuple[Page, ...]
    symbols: tuple[Symbol, ...] = ()
    title: str = ""
    author: str = ""
    subject: str = ""
    _table: dict[str, Symbol] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pages", tuple(self.pages))
        object.__setattr__(self, "symbols", tuple(self.symbols))
        if not self.pages:
            raise ValueError("a document needs at least one page")
        object.__setattr__(self, "_table", symbol_table(self.symbols))

    def symbol_table(self) -> Mapping[str, Symbol]:
        return self._table


def symbol_table(symbols: Iterable[Symbol]) -> dict[str, Symbol]:
    table: dict[str, Symbol] = {}
    for symbol in symbols:
        if symbol.name in table:
            raise ValueError(f"two symbols are named {symbol.name!r}")
        table[symbol.name] = symbol
    return table


def _uses(items: Iterable[Item]) -> Iterable[str]:
    for item in items:
        if isinstance(item, Use):
            yield item.name
        elif isinstance(item, Group):
            yield from _uses(item.items)


def symbols_needed(items: Iterable[Item], table: Mapping[str, Symbol]) -> list[Symbol]:
    """The symbols `items` place, directly or through other symbols, each after those it uses."""
    ordered: list[Symbol] = []
    done: set[str] = set()
    active: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in active:
            raise ValueError(f"symbols use each other in a cycle: {' -> '.join(active + [name])}")
        if name not in table:
            raise ValueError(f"a Use refers to symbol {name!r}, which the document does not define")
        active.append(name)
        for inner in _uses(table[name].items):
            visit(inner)
        active.pop()
        done.add(name)
        ordered.append(table[name])

    for name in _uses(items):
        visit(name)
    return ordered


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def bounding_box(items: Iterable[Item], table: Mapping[str, Symbol], transform: Transform = IDENTITY) -> Box | None:
    """A box that holds all ink of `items` (generous: curves by their control points, strokes
    padded for mitre joins); None when there is nothing to draw."""
    xs: list[float] = []
    ys: list[float] = []

    def add(points: Iterable[Point], pad: float, where: Transform) -> None:
        for x, y in points:
            for px, py in ((x - pad, y - pad), (x + pad, y - pad), (x - pad, y + pad), (x + pad, y + pad)):
                tx, ty = where.apply(px, py)
                xs.append(tx)
                ys.append(ty)

    def walk(members: Iterable[Item], where: Transform) -> None:
        for item in members:
            if isinstance(item, Group):
                walk(item.items, where @ item.transform)
            elif isinstance(item, Use):
                walk(table[item.name].items, where @ item.transform)
            elif isinstance(item, Text):
                above, below = fonts.ink_extent(item.size, item.bold)
                width = fonts.text_width(item.text, item.size, item.bold)
                add([(0.0, -below), (width, -below), (0.0, above), (width, above)], 0.0, where @ item.placement())
            else:
                pad = 5.0 * item.style.width if item.style.stroke else 0.0  # mitre limit 10 × half width
                add(_outline_points(item), pad, where)

    walk(items, transform)
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def _outline_points(item: Line | Polyline | Polygon | Rect | Circle | Arc | Path) -> list[Point]:
    if isinstance(item, Line):
        return [(item.x1, item.y1), (item.x2, item.y2)]
    if isinstance(item, (Polyline, Polygon)):
        return list(item.points)
    if isinstance(item, Rect):
        return [(item.x, item.y), (item.x + item.w, item.y + item.h)]
    if isinstance(item, (Circle, Arc)):
        return [(item.cx - item.r, item.cy - item.r), (item.cx + item.r, item.cy + item.r)]
    return [(command[i], command[i + 1]) for command in item.commands for i in range(1, len(command), 2)]


def lens(x1: float, y1: float, x2: float, y2: float, r: float, style: Style = DEFAULT_STYLE) -> Path:
    """The lens (vesica, petal) bounded by two arcs of radius `r` through both points."""
    return Path((("M", x1, y1), *arc_to(x1, y1, x2, y2, r), *arc_to(x2, y2, x1, y1, r), ("Z",)), style)
