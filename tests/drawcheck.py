"""Read the geometry of written PDFs and SVGs back, in millimetres with y from the top.

Render tests check what reached the file, not what the code meant to draw:

    page = pdf_pages(path)[0]            # or: page = svg_page(path)
    assert page.width_mm == pytest.approx(210, abs=0.01)
    xs = sorted({round(line.x1, 3) for line in page.lines if line.is_vertical})
    assert spacings(xs) == [5.0]

PDF geometry comes from tests/pdfread.py, which reads it as pdfplumber does, several times
faster (forms are drawn out, so a Use shows up as its lines);
SVG geometry from xml.etree, with every ancestor transform applied, and the elements inside
<defs> listed by id rather than drawn.

PDF:  pdf_pages (geometry per page), pdf_fonts (embedded?), pdf_forms (shared art defined),
      pdf_form_draws (Uses per page), pdf_paint_alphas (opacity), pdf_paint_operators (fill rule),
      pdf_viewer_preferences.
SVG:  svg_page (geometry, uses, defs, aria-labels), parse_transform, parse_path.
Both: spacings (grid pitches), A4_PT.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pdfplumber
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfinterp import PDFContentParser
from pdfminer.pdfparser import PDFParser
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFObjectNotFound, PDFStream, resolve1
from pdfminer.psparser import PSEOF, PSKeyword, PSLiteral, keyword_name

from pdfread import read_pages

MM_PER_PT = 25.4 / 72.0
A4_PT = (595.276, 841.890)

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Segment:
    """A straight stroke from (x1, y1) to (x2, y2), mm; `width` mm; colours '#rrggbb' or None."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float | None = None
    stroke: str | None = None
    dash: tuple | None = None  # PDF: (dash array, phase) when dashed (an empty array is solid)

    @property
    def length(self) -> float:
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)

    @property
    def is_vertical(self) -> bool:
        return abs(self.x2 - self.x1) < 1e-6 and self.length > 0

    @property
    def is_horizontal(self) -> bool:
        return abs(self.y2 - self.y1) < 1e-6 and self.length > 0


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    stroke: str | None = None
    fill: str | None = None


@dataclass(frozen=True)
class Curve:
    """Any other path: the end points of its segments (a closed path's start again), mm."""

    points: tuple[Point, ...]
    stroke: str | None = None
    fill: str | None = None
    dash: tuple | None = None  # PDF: (dash array, phase) when dashed (an empty array is solid)


@dataclass(frozen=True)
class Char:
    text: str
    x: float  # left edge, mm
    baseline: float  # mm from the top of the page (for upright text)
    size: float  # em size, mm
    font: str
    x1: float = 0.0  # PDF: right edge of the glyph's box (its advance), mm
    top: float = 0.0  # PDF: the box from the font's descent to its size, mm from the top
    bottom: float = 0.0
    matrix: tuple[float, ...] = ()  # PDF: the glyph's text rendering matrix (points, y up)


@dataclass(frozen=True)
class PageGeometry:
    width_mm: float
    height_mm: float
    width_pt: float
    height_pt: float
    lines: list[Segment]
    rects: list[Box]
    curves: list[Curve]
    chars: list[Char]

    @property
    def text(self) -> str:
        return "".join(char.text for char in self.chars)


@dataclass(frozen=True)
class FontInfo:
    name: str
    subtype: str
    embedded: bool


def _hex(colour: object) -> str | None:
    if colour is None or isinstance(colour, str):
        return colour
    values = list(colour) if isinstance(colour, (tuple, list)) else [colour]
    if len(values) == 1:
        values *= 3
    if len(values) == 4:  # CMYK
        c, m, y, k = values
        values = [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)]
    return "#" + "".join(f"{round(float(value) * 255):02x}" for value in values[:3])


def _mm_points(points: Iterable[Sequence[float]]) -> tuple[Point, ...]:
    return tuple((x * MM_PER_PT, top * MM_PER_PT) for x, top in points)


def pdf_pages(path: str | Path) -> list[PageGeometry]:
    """Every page of a PDF: size, lines, rectangles, other paths and characters, in mm
    (tests/pdfread.py reads them as pdfplumber would, several times faster)."""
    pages = []
    for raw in read_pages(path):
        height = raw.height

        def mm(point: tuple[float, float]) -> Point:
            return point[0] * MM_PER_PT, (height - point[1]) * MM_PER_PT

        lines = [Segment(*mm(a), *mm(b), width * MM_PER_PT, _hex(colour), dash) for width, a, b, colour, dash in raw.lines]
        curves = [Curve(tuple(mm(p) for p in points), _hex(scolour) if stroke else None, _hex(fcolour) if fill else None,
                        dash)
                  for points, stroke, fill, scolour, fcolour, dash in raw.curves]
        rects = [Box(x0 * MM_PER_PT, (height - y1) * MM_PER_PT, (x1 - x0) * MM_PER_PT, (y1 - y0) * MM_PER_PT,
                     _hex(scolour) if stroke else None, _hex(fcolour) if fill else None)
                 for x0, y0, x1, y1, stroke, fill, scolour, fcolour in raw.rects]
        chars = [Char(text, x0 * MM_PER_PT, (height - matrix[5]) * MM_PER_PT, size * MM_PER_PT, font, x1 * MM_PER_PT,
                      (height - y1) * MM_PER_PT, (height - y0) * MM_PER_PT, matrix)
                 for text, (x0, y0, x1, y1), matrix, size, font in raw.chars]
        pages.append(PageGeometry(raw.width * MM_PER_PT, height * MM_PER_PT, raw.width, height,
                                  lines, rects, curves, chars))
    return pages


def pdfplumber_pages(path: str | Path, first: int | None = None) -> list[PageGeometry]:
    """pdf_pages as pdfplumber reads them (the `first` pages only, if given): the reference
    tests/test_pdfread.py holds pdf_pages to."""
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages[:first]:
            lines, curves = [], []
            for line in page.lines:
                (x1, y1), (x2, y2) = _mm_points(line["pts"])
                lines.append(Segment(x1, y1, x2, y2, line["linewidth"] * MM_PER_PT, _hex(line["stroking_color"]),
                                     line["dash"]))
            for curve in page.curves:
                curves.append(Curve(
                    _mm_points(curve["pts"]),
                    _hex(curve["stroking_color"]) if curve["stroke"] else None,
                    _hex(curve["non_stroking_color"]) if curve["fill"] else None,
                    curve["dash"],
                ))
            rects = [
                Box(
                    rect["x0"] * MM_PER_PT, rect["top"] * MM_PER_PT,
                    rect["width"] * MM_PER_PT, rect["height"] * MM_PER_PT,
                    _hex(rect["stroking_color"]) if rect["stroke"] else None,
                    _hex(rect["non_stroking_color"]) if rect["fill"] else None,
                )
                for rect in page.rects
            ]
            chars = [
                Char(char["text"], char["x0"] * MM_PER_PT, (page.height - char["matrix"][5]) * MM_PER_PT,
                     char["size"] * MM_PER_PT, char["fontname"], char["x1"] * MM_PER_PT, char["top"] * MM_PER_PT,
                     char["bottom"] * MM_PER_PT, tuple(char["matrix"]))
                for char in page.chars
            ]
            pages.append(PageGeometry(
                float(page.width) * MM_PER_PT, float(page.height) * MM_PER_PT, float(page.width), float(page.height),
                lines, rects, curves, chars,
            ))
    return pages


def _name(value: object) -> str:
    value = resolve1(value)
    return value.name if isinstance(value, PSLiteral) else str(value)


@contextmanager
def _pdf_document(path: str | Path) -> Iterator[PDFDocument]:
    with open(path, "rb") as handle:
        yield PDFDocument(PDFParser(handle))


def _objects(document: PDFDocument) -> Iterator[object]:
    for xref in document.xrefs:
        for objid in xref.get_objids():
            try:
                yield resolve1(document.getobj(objid))
            except PDFObjectNotFound:
                continue


def _operators(page: PDFPage) -> Iterator[tuple[str, list]]:
    """The (operator, operands) of a page's own content streams; forms are not entered."""
    streams = page.contents if isinstance(page.contents, list) else [page.contents]
    parser = PDFContentParser(streams)
    operands: list = []
    while True:
        try:
            _, token = parser.nextobject()
        except PSEOF:
            return
        if isinstance(token, PSKeyword):
            yield keyword_name(token), operands
            operands = []
        else:
            operands.append(token)


def pdf_fonts(path: str | Path) -> list[FontInfo]:
    """Every font object in the file and whether its glyphs are embedded."""
    found = []
    with _pdf_document(path) as document:
        for obj in _objects(document):
            if not (isinstance(obj, dict) and _name(obj.get("Type")) == "Font"):
                continue
            subtype = _name(obj.get("Subtype"))
            described = resolve1(resolve1(obj["DescendantFonts"])[0]) if subtype == "Type0" else obj
            descriptor = resolve1(described.get("FontDescriptor"))
            embedded = subtype == "Type3" or (
                isinstance(descriptor, dict) and any(key in descriptor for key in ("FontFile", "FontFile2", "FontFile3"))
            )
            found.append(FontInfo(_name(obj.get("BaseFont")), subtype, embedded))
    return found


def pdf_forms(path: str | Path) -> list[tuple[float, ...]]:
    """The bounding box (in the form's own units) of every form XObject: art defined once."""
    with _pdf_document(path) as document:
        return [
            tuple(float(value) for value in resolve1(obj.attrs["BBox"]))
            for obj in _objects(document)
            if isinstance(obj, PDFStream) and _name(obj.attrs.get("Subtype")) == "Form"
        ]


def pdf_form_draws(path: str | Path) -> list[int]:
    """How many times each page paints an XObject (`Do`): the Uses of shared art."""
    with _pdf_document(path) as document:
        return [sum(1 for op, _ in _operators(page) if op == "Do") for page in PDFPage.create_pages(document)]


_PAINTS = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*"}


def pdf_paint_operators(path: str | Path) -> list[list[str]]:
    """The operator that paints each path of each page (forms not entered): 'f' or 'B'
    fill by the non-zero winding rule, 'f*' and 'B*' by the even-odd rule."""
    with _pdf_document(path) as document:
        return [[op for op, _ in _operators(page) if op in _PAINTS] for page in PDFPage.create_pages(document)]


def pdf_paint_alphas(path: str | Path) -> list[list[tuple[float, float]]]:
    """(stroke alpha, fill alpha) in force at each path painted by each page (forms not entered)."""
    pages = []
    with _pdf_document(path) as document:
        for page in PDFPage.create_pages(document):
            states = resolve1(page.resources.get("ExtGState")) or {}
            alphas, stack, painted = (1.0, 1.0), [], []
            for op, operands in _operators(page):
                if op == "q":
                    stack.append(alphas)
                elif op == "Q":
                    alphas = stack.pop()
                elif op == "gs":
                    state = resolve1(states[_name(operands[0])])
                    alphas = (float(state.get("CA", alphas[0])), float(state.get("ca", alphas[1])))
                elif op in _PAINTS:
                    painted.append(alphas)
            pages.append(painted)
    return pages


def pdf_viewer_preferences(path: str | Path) -> dict[str, str]:
    with _pdf_document(path) as document:
        preferences = resolve1(document.catalog.get("ViewerPreferences")) or {}
        return {key: _name(value) for key, value in preferences.items()}


# ---------------------------------------------------------------- SVG

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


@dataclass(frozen=True)
class SvgUse:
    href: str  # the referenced id, without '#'
    matrix: Matrix  # user space of the referenced element -> page mm
    x: float  # where the referenced element's origin lands, mm
    y: float


@dataclass(frozen=True)
class SvgPath:
    commands: tuple[tuple, ...]  # absolute ("M", x, y), ("L", ...), ("C", ...), ("Q", ...), ("Z",), page mm
    stroke: str | None
    fill: str | None


@dataclass
class SvgGeometry:
    width_mm: float
    height_mm: float
    viewbox: tuple[float, float, float, float]
    title: str | None
    lines: list[Segment] = field(default_factory=list)  # <line>, and straight pieces of paths/polylines/polygons
    rects: list[Box] = field(default_factory=list)
    circles: list[tuple[float, float, float]] = field(default_factory=list)  # cx, cy, r in mm
    paths: list[SvgPath] = field(default_factory=list)
    uses: list[SvgUse] = field(default_factory=list)
    defs: dict[str, str] = field(default_factory=dict)  # id -> tag of each element directly in <defs>
    labels: list[str] = field(default_factory=list)  # aria-labels: the strings drawn as glyphs
    paper: Box | None = None  # the white page background (id "paper"), kept out of `rects`

    def uses_of(self, prefix: str) -> list[SvgUse]:
        return [use for use in self.uses if use.href.startswith(prefix)]


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m after n."""
    a, b, c, d, e, f = m
    return (a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3], b * n[2] + d * n[3],
            a * n[4] + c * n[5] + e, b * n[4] + d * n[5] + f)


def _apply(m: Matrix, x: float, y: float) -> Point:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def parse_transform(text: str | None) -> Matrix:
    matrix = IDENTITY
    for name, arguments in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        values = [float(value) for value in _NUMBER.findall(arguments)]
        if name == "matrix":
            step = tuple(values)
        elif name == "translate":
            step = (1.0, 0.0, 0.0, 1.0, values[0], values[1] if len(values) > 1 else 0.0)
        elif name == "scale":
            step = (values[0], 0.0, 0.0, values[1] if len(values) > 1 else values[0], 0.0, 0.0)
        elif name == "rotate":
            cos, sin = math.cos(math.radians(values[0])), math.sin(math.radians(values[0]))
            step = (cos, sin, -sin, cos, 0.0, 0.0)
            if len(values) == 3:
                cx, cy = values[1], values[2]
                step = _multiply(_multiply((1.0, 0.0, 0.0, 1.0, cx, cy), step), (1.0, 0.0, 0.0, 1.0, -cx, -cy))
        else:
            raise ValueError(f"unsupported SVG transform {name!r}")
        matrix = _multiply(matrix, step)
    return matrix


_PATH_TOKEN = re.compile(r"[MLHVCQZmlhvcqz]|" + _NUMBER.pattern)
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "Z": 0}


def parse_path(d: str) -> list[tuple]:
    """Path data as absolute M/L/C/Q/Z commands (H and V become L), in the path's user units."""
    tokens = _PATH_TOKEN.findall(d)
    commands: list[tuple] = []
    x = y = start_x = start_y = 0.0
    index, letter = 0, ""
    while index < len(tokens):
        if tokens[index].isalpha():
            letter = tokens[index]
            index += 1
        elif not letter:
            raise ValueError(f"path data must start with a command: {d[:40]!r}")
        upper, relative = letter.upper(), letter.islower()
        arguments = [float(value) for value in tokens[index:index + _ARITY[upper]]]
        index += _ARITY[upper]
        if upper == "Z":
            commands.append(("Z",))
            x, y = start_x, start_y
            continue
        if upper == "H":
            arguments = [arguments[0] + (x if relative else 0.0), y]
        elif upper == "V":
            arguments = [x, arguments[0] + (y if relative else 0.0)]
        elif relative:
            arguments = [value + (x if i % 2 == 0 else y) for i, value in enumerate(arguments)]
        x, y = arguments[-2], arguments[-1]
        if upper == "M":
            start_x, start_y = x, y
            letter = "l" if relative else "L"  # further pairs after M are line-tos
        commands.append(("L" if upper in "HV" else upper, *arguments))
    return commands


def _floats(text: str) -> list[float]:
    return [float(value) for value in _NUMBER.findall(text)]


def svg_page(path: str | Path) -> SvgGeometry:
    root = ET.parse(path).getroot()
    if root.tag != f"{SVG_NS}svg":
        raise ValueError(f"{path} is not an SVG document")
    width, height = (_length_mm(root.get(name)) for name in ("width", "height"))
    viewbox = tuple(_floats(root.get("viewBox", f"0 0 {width} {height}")))
    # user units -> mm, from the viewBox and the size in mm
    page_matrix = (width / viewbox[2], 0.0, 0.0, height / viewbox[3], -viewbox[0] * width / viewbox[2], -viewbox[1] * height / viewbox[3])
    title = root.find(f"{SVG_NS}title")
    geometry = SvgGeometry(width, height, viewbox, title.text if title is not None else None)
    for child in root:
        if child.tag == f"{SVG_NS}rect" and child.get("id") == "paper":
            geometry.paper = Box(*(float(child.get(name, 0)) for name in ("x", "y", "width", "height")),
                                 _paint(child, "stroke"), _paint(child, "fill"))
        elif child.tag == f"{SVG_NS}defs":
            geometry.defs.update({element.get("id"): element.tag.removeprefix(SVG_NS) for element in child})
        else:
            _walk(child, page_matrix, geometry)
    return geometry


def _length_mm(value: str | None) -> float:
    match = re.fullmatch(r"\s*([-+\d.eE]+)\s*(mm|cm|in|pt|px)?\s*", value or "")
    if not match:
        raise ValueError(f"cannot read the SVG length {value!r}")
    unit = match.group(2) or "px"
    return float(match.group(1)) * {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": MM_PER_PT, "px": 25.4 / 96}[unit]


def _paint(element: ET.Element, name: str) -> str | None:
    value = element.get(name)
    return None if value in (None, "none") else value


def _walk(element: ET.Element, matrix: Matrix, geometry: SvgGeometry) -> None:
    tag = element.tag.removeprefix(SVG_NS)
    matrix = _multiply(matrix, parse_transform(element.get("transform")))
    stroke, fill = _paint(element, "stroke"), _paint(element, "fill")
    width = float(element.get("stroke-width", "1")) * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))

    def segment(x1: float, y1: float, x2: float, y2: float) -> Segment:
        return Segment(*_apply(matrix, x1, y1), *_apply(matrix, x2, y2), width, stroke)

    if tag == "g":
        if element.get("aria-label") is not None:
            geometry.labels.append(element.get("aria-label"))
        for child in element:
            _walk(child, matrix, geometry)
    elif tag == "use":
        href = (element.get(XLINK_HREF) or element.get("href") or "").removeprefix("#")
        placed = _multiply(matrix, (1.0, 0.0, 0.0, 1.0, float(element.get("x", 0)), float(element.get("y", 0))))
        geometry.uses.append(SvgUse(href, placed, placed[4], placed[5]))
    elif tag == "line":
        geometry.lines.append(segment(*(float(element.get(name, 0)) for name in ("x1", "y1", "x2", "y2"))))
    elif tag in ("polyline", "polygon"):
        values = _floats(element.get("points", ""))
        points = list(zip(values[::2], values[1::2]))
        if tag == "polygon":
            points.append(points[0])
        geometry.lines += [segment(*a, *b) for a, b in zip(points, points[1:])]
    elif tag == "rect":
        x, y, w, h = (float(element.get(name, 0)) for name in ("x", "y", "width", "height"))
        corners = [_apply(matrix, px, py) for px in (x, x + w) for py in (y, y + h)]
        xs, ys = [px for px, _ in corners], [py for _, py in corners]
        geometry.rects.append(Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), stroke, fill))
    elif tag == "circle":
        cx, cy = _apply(matrix, float(element.get("cx", 0)), float(element.get("cy", 0)))
        radius = float(element.get("r")) * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
        geometry.circles.append((cx, cy, radius))
    elif tag == "path":
        commands: list[tuple] = []
        here = start = (0.0, 0.0)
        for command in parse_path(element.get("d", "")):
            if command[0] == "Z":
                if here != start:
                    geometry.lines.append(segment(*here, *start))
                commands.append(("Z",))
                here = start
                continue
            values = command[1:]
            if command[0] == "L":
                geometry.lines.append(segment(*here, *values))
            mapped = [coordinate for i in range(0, len(values), 2) for coordinate in _apply(matrix, values[i], values[i + 1])]
            commands.append((command[0], *mapped))
            here = (values[-2], values[-1])
            if command[0] == "M":
                start = here
        geometry.paths.append(SvgPath(tuple(commands), stroke, fill))


def spacings(values: Iterable[float], ndigits: int = 3) -> list[float]:
    """The distinct gaps between consecutive distinct values, rounded: [5.0] for a 5 mm grid."""
    ordered = sorted({round(value, ndigits) for value in values})
    return sorted({round(b - a, ndigits) for a, b in zip(ordered, ordered[1:])})
