"""A PDF page's strokes, fills and characters read back quickly, as pdfplumber reads them.

Render tests read back every PDF they check (tests/drawcheck.py), and pdfplumber spent
about 40 s of the suite's CPU doing it: pdfminer tokenises content streams a character at
a time and pdfplumber turns every object into a dict of thirty attributes. This reader
keeps pdfminer for what it does once per file (the document's objects, its fonts' widths
and character maps) and interprets the pages' content streams itself, with one regular
expression for the tokens and only the state the tests read: about 4.5 times faster
(2.75 s instead of 12.5 s on 18 PDFs of every kind printkit writes).

It gives exactly what pdfplumber gives (compared once on those 18 PDFs; tests/test_pdfread.py
compares the two on a board, the cards, an overlay, the design sheet and a page of unusual
text and paint states), pdfminer's conventions included: a path is split at each
`m`; a single segment is a line, a closed axis-aligned four-sided one a rectangle, the
rest curves listed by their segments' end points; a line width is the `w` operand scaled
by the transformation in force when `w` was given; a form (`Do`) is drawn with the graphics state reset;
colours start black (0) and are kept as the operands given.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdffont import PDFFont, PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psparser import PSLiteral

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

# One token of a content stream (white space between tokens is skipped by the search).
# Literal strings may hold one level of unescaped parentheses (reportlab escapes them all).
_TOKEN = re.compile(rb"""
    ([+-]?(?:\d+\.?\d*|\.\d+))                          # 1 number
  | ([^\x00\t\n\x0c\r ()<>\[\]{}/%]+)                      # 2 operator (or true, false, null)
  | /([^\x00\t\n\x0c\r ()<>\[\]{}/%]*)                     # 3 name
  | \(((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*)\)          # 4 literal string
  | (\[)                                                 # 5
  | (\])                                                 # 6
  | <([0-9A-Fa-f\x00\t\n\x0c\r ]*)>                       # 7 hex string
  | (<<|>>|%[^\r\n]*)                                    # 8 dictionary marks, comments: skipped
""", re.X | re.S)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f", b"\n": b"", b"\r": b"", b"\r\n": b""}
_CONSTANTS = {b"true": True, b"false": False, b"null": None}


def _unescape(match: re.Match) -> bytes:
    code = match.group(1)
    if code in _ESCAPES:
        return _ESCAPES[code]
    if code[:1].isdigit():
        return bytes([int(code, 8) & 0xFF])
    return code


def operations(data: bytes) -> Iterator[tuple[str, list]]:
    """(operator, operands) of a content stream; numbers as floats, arrays as lists,
    strings as bytes, names as str."""
    operands: list = []
    stack: list[list] = []
    target = operands
    for token in _TOKEN.finditer(data):
        kind = token.lastindex
        if kind == 1:
            target.append(float(token.group(1)))
        elif kind == 2:
            word = token.group(2)
            if word in _CONSTANTS:
                target.append(_CONSTANTS[word])
            elif word == b"BI":
                raise NotImplementedError("inline images")
            else:
                yield word.decode("latin-1"), operands
                operands = target = []
                stack = []
        elif kind == 3:
            target.append(token.group(3).decode("latin-1"))
        elif kind == 4:
            value = token.group(4)
            target.append(_ESCAPE.sub(_unescape, value) if b"\\" in value else value)
        elif kind == 5:
            stack.append(target)
            target = []
        elif kind == 6:
            if stack:
                done, target = target, stack.pop()
                target.append(done)
        elif kind == 7:
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", token.group(7))
            target.append(bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode()))


def _mult(m1: Matrix, m0: Matrix) -> Matrix:
    a1, b1, c1, d1, e1, f1 = m1
    a0, b0, c0, d0, e0, f0 = m0
    return (a0 * a1 + c0 * b1, b0 * a1 + d0 * b1, a0 * c1 + c0 * d1, b0 * c1 + d0 * d1,
            a0 * e1 + c0 * f1 + e0, b0 * e1 + d0 * f1 + f0)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class _Text:
    font: PDFFont | None = None
    size: float = 0.0
    charspace: float = 0.0
    wordspace: float = 0.0
    scaling: float = 100.0
    leading: float = 0.0
    rise: float = 0.0
    matrix: Matrix = IDENTITY
    line: tuple[float, float] = (0.0, 0.0)

    def copy(self) -> _Text:
        return _Text(self.font, self.size, self.charspace, self.wordspace, self.scaling, self.leading, self.rise,
                     self.matrix, self.line)


@dataclass
class _State:
    ctm: Matrix
    linewidth: float = 0
    dash: tuple | None = None  # (dash array, phase) as `d` gave them
    stroke: object = 0
    fill: object = 0
    stroke_components: int = 1
    fill_components: int = 1
    text: _Text = field(default_factory=_Text)

    def copy(self) -> _State:
        return _State(self.ctm, self.linewidth, self.dash, self.stroke, self.fill, self.stroke_components,
                      self.fill_components, self.text.copy())


@dataclass
class RawPage:
    """A page as pdfplumber describes it, in points with y from the bottom (PDF's own)."""

    width: float
    height: float
    lines: list = field(default_factory=list)  # (linewidth, (x, y), (x, y), stroke colour, dash)
    rects: list = field(default_factory=list)  # (x0, y0, x1, y1, stroke?, fill?, stroke colour, fill colour)
    curves: list = field(default_factory=list)  # (points, stroke?, fill?, stroke colour, fill colour, dash)
    chars: list = field(default_factory=list)  # (text, (x0, y0, x1, y1), matrix, size, fontname)


_COMPONENTS = {"DeviceGray": 1, "DeviceRGB": 3, "DeviceCMYK": 4, "CalRGB": 3, "CalGray": 1, "Lab": 3}
_PAINT = {"S": (True, False, False), "s": (True, False, True), "f": (False, True, False),
          "F": (False, True, False), "f*": (False, True, False), "B": (True, True, False),
          "B*": (True, True, False), "b": (True, True, True), "b*": (True, True, True)}
_SUBPATH = re.compile(r"m[^m]+")


class _Reader:
    def __init__(self, document: PDFDocument) -> None:
        self.fonts = PDFResourceManager(caching=True)

    def page(self, page: PDFPage) -> RawPage:
        x0, y0, x1, y1 = (float(v) for v in page.mediabox)
        if (page.attrs.get("Rotate") or 0) % 360:
            raise NotImplementedError("rotated pages")
        raw = RawPage(abs(x1 - x0), abs(y1 - y0))
        streams = page.contents if isinstance(page.contents, list) else [page.contents]
        data = b"\n".join(resolve1(s).get_data() for s in streams if s is not None)
        self.run(raw, data, page.resources or {}, (1.0, 0.0, 0.0, 1.0, -min(x0, x1), -min(y0, y1)))
        return raw

    def _fontmap(self, resources: dict) -> dict[str, PDFFont]:
        fonts = {}
        for name, spec in (resolve1(resources.get("Font")) or {}).items():
            objid = spec.objid if isinstance(spec, PDFObjRef) else None
            fonts[name] = self.fonts.get_font(objid, resolve1(spec))
        return fonts

    def run(self, raw: RawPage, data: bytes, resources: dict, ctm: Matrix) -> None:
        fonts = self._fontmap(resources)
        xobjects = resolve1(resources.get("XObject")) or {}
        spaces = resolve1(resources.get("ColorSpace")) or {}
        state = _State(ctm)
        stack: list[_State] = []
        path: list[tuple] = []
        for op, args in operations(data):
            if op in ("m", "l"):
                path.append((op, float(args[0]), float(args[1])))
            elif op == "c":
                path.append(("c", *(float(a) for a in args[:6])))
            elif op in ("v", "y"):
                path.append((op, *(float(a) for a in args[:4])))
            elif op == "h":
                path.append(("h",))
            elif op == "re":
                x, y, w, h = (float(a) for a in args[:4])
                path += [("m", x, y), ("l", x + w, y), ("l", x + w, y + h), ("l", x, y + h), ("h",)]
            elif op in _PAINT:
                stroke, fill, close = _PAINT[op]
                if close:
                    path.append(("h",))
                self.paint(raw, state, stroke, fill, path)
                path = []
            elif op == "n":
                path = []
            elif op == "q":
                stack.append(state.copy())
            elif op == "Q":
                if stack:
                    state = stack.pop()
            elif op == "cm":
                state.ctm = _mult(tuple(float(a) for a in args[:6]), state.ctm)
            elif op == "w":  # pdfminer scales the width by the transformation in force when it is set
                state.linewidth = float(args[0]) * (state.ctm[0] ** 2 + state.ctm[1] ** 2) ** 0.5
            elif op in ("G", "g", "RG", "rg", "K", "k"):
                colour = float(args[0]) if len(args) == 1 else tuple(float(a) for a in args)
                if op.isupper():
                    state.stroke, state.stroke_components = colour, len(args)
                else:
                    state.fill, state.fill_components = colour, len(args)
            elif op in ("CS", "cs"):
                name = str(args[0])
                space = resolve1(spaces.get(name)) if name in spaces else name
                count = _COMPONENTS.get(str(space[0] if isinstance(space, list) else space).lstrip("/"), 1)
                if isinstance(space, list) and str(space[0]).strip("/") == "ICCBased":
                    count = int(resolve1(space[1]).get("N", 3))
                if op == "CS":
                    state.stroke_components = count
                else:
                    state.fill_components = count
            elif op in ("SC", "SCN", "sc", "scn"):
                count = state.stroke_components if op.isupper() else state.fill_components
                values = [a for a in args if isinstance(a, (int, float))][-count:]
                colour = tuple(float(v) for v in values) if count > 1 else (float(values[0]) if values else 0)
                if op.isupper():
                    state.stroke = colour
                else:
                    state.fill = colour
            elif op == "d":
                state.dash = (args[0], args[1])
            elif op == "Do":
                self.form(raw, xobjects, str(args[0]), resources, state.ctm)
            else:
                self.text(raw, state, fonts, op, args)

    def form(self, raw: RawPage, xobjects: dict, name: str, resources: dict, ctm: Matrix) -> None:
        xobject = resolve1(xobjects.get(name))
        if not isinstance(xobject, PDFStream):
            return
        subtype = xobject.attrs.get("Subtype")
        if not (isinstance(subtype, PSLiteral) and subtype.name == "Form" and "BBox" in xobject.attrs):
            return
        matrix = tuple(float(v) for v in resolve1(xobject.attrs.get("Matrix", IDENTITY)))
        own = resolve1(xobject.attrs.get("Resources"))
        self.run(raw, xobject.get_data(), own if own else dict(resources), _mult(matrix, ctm))

    def text(self, raw: RawPage, state: _State, fonts: dict, op: str, args: list) -> None:
        text = state.text
        if op == "BT":
            text.matrix, text.line = IDENTITY, (0.0, 0.0)
        elif op == "Tf":
            text.font, text.size = fonts.get(str(args[0]), text.font), args[1]
        elif op == "Tm":
            text.matrix, text.line = tuple(float(a) for a in args[:6]), (0.0, 0.0)
        elif op in ("Td", "TD"):
            tx, ty = args[0], args[1]
            a, b, c, d, e, f = text.matrix
            text.matrix, text.line = (a, b, c, d, tx * a + ty * c + e, tx * b + ty * d + f), (0.0, 0.0)
            if op == "TD":
                text.leading = ty
        elif op == "T*":
            self.next_line(text)
        elif op == "TL":
            text.leading = -args[0]
        elif op == "Tc":
            text.charspace = args[0]
        elif op == "Tw":
            text.wordspace = args[0]
        elif op == "Tz":
            text.scaling = args[0]
        elif op == "Ts":
            text.rise = args[0]
        elif op == "Tj":
            self.show(raw, state, [args[0]])
        elif op == "TJ":
            self.show(raw, state, args[0])
        elif op == "'":
            self.next_line(text)
            self.show(raw, state, [args[0]])
        elif op == '"':  # as pdfminer: no new line
            text.wordspace, text.charspace = args[0], args[1]
            self.show(raw, state, [args[2]])

    @staticmethod
    def next_line(text: _Text) -> None:
        a, b, c, d, e, f = text.matrix
        text.matrix, text.line = (a, b, c, d, text.leading * c + e, text.leading * d + f), (0.0, 0.0)

    def show(self, raw: RawPage, state: _State, seq: list) -> None:
        text = state.text
        font = text.font
        if font is None or font.is_vertical():
            return
        matrix = _mult(text.matrix, state.ctm)
        size = text.size
        scaling = text.scaling * 0.01
        charspace = text.charspace * scaling
        wordspace = 0 if font.is_multibyte() else text.wordspace * scaling
        dxscale = 0.001 * size * scaling
        descent = font.get_descent() * size
        low, high = descent + text.rise, descent + text.rise + size
        a, b, c, d, e, f = matrix
        x, y = text.line
        need_charspace = False
        for item in seq:
            if isinstance(item, (int, float)):
                x -= item * dxscale
                need_charspace = True
                continue
            for cid in font.decode(item):
                if need_charspace:
                    x += charspace
                try:
                    char = font.to_unichr(cid)
                except PDFUnicodeNotDefined:
                    char = f"(cid:{cid})"
                advance = font.char_width(cid) * size * scaling
                origin = (x * a + y * c + e, x * b + y * d + f)
                glyph = (a, b, c, d, *origin)
                corners = [_apply(glyph, px, py) for px, py in ((0, low), (advance, low), (advance, high), (0, high))]
                xs, ys = [p[0] for p in corners], [p[1] for p in corners]
                raw.chars.append((char, (min(xs), min(ys), max(xs), max(ys)), glyph, max(ys) - min(ys), font.fontname))
                x += advance
                if cid == 32 and wordspace:
                    x += wordspace
                need_charspace = True
        text.line = (x, y)

    def paint(self, raw: RawPage, state: _State, stroke: bool, fill: bool, path: list[tuple]) -> None:
        shape = "".join(segment[0] for segment in path)
        if shape[:1] != "m":
            return
        if shape.count("m") > 1:
            for sub in _SUBPATH.finditer(shape):
                self.paint(raw, state, stroke, fill, path[sub.start():sub.end()])
            return
        ctm = state.ctm
        pts = [_apply(ctm, *(segment[-2:] if segment[0] != "h" else path[0][-2:])) for segment in path]
        if len(shape) > 3 and shape[-2:] == "lh" and pts[-2] == pts[0]:
            shape = shape[:-2] + "h"
            pts.pop()
        if shape in ("mlh", "ml"):
            raw.lines.append((state.linewidth, pts[0], pts[1], state.stroke, state.dash))
            return
        if shape in ("mlllh", "mllll"):
            (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = pts
            square = (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)
            if pts[0] == pts[4] and square:
                xs, ys = (pts[0][0], pts[2][0]), (pts[0][1], pts[2][1])
                raw.rects.append((min(xs), min(ys), max(xs), max(ys), stroke, fill, state.stroke, state.fill))
                return
        raw.curves.append((pts, stroke, fill, state.stroke, state.fill, state.dash))


def read_pages(path: str | Path) -> list[RawPage]:
    """Every page of the PDF at `path`."""
    with open(path, "rb") as handle:
        document = PDFDocument(PDFParser(handle))
        reader = _Reader(document)
        return [reader.page(page) for page in PDFPage.create_pages(document)]
