"""PDF backend: a Document drawn with reportlab, at exact scale and byte-identical run to run."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfgen.canvas import Canvas, FILL_EVEN_ODD, FILL_NON_ZERO

from printkit.draw import fonts
from printkit.draw.geometry import Transform
from printkit.draw.primitives import (
    Arc, Circle, Document, Group, Item, Line, Path, Polygon, Polyline, Rect, Style, Symbol, Text, Use, bounding_box,
    symbols_needed,
)

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


@lru_cache(maxsize=None)
def _register_fonts() -> None:
    for bold in (False, True):
        pdfmetrics.registerFont(fonts.reportlab_font(bold))


@lru_cache(maxsize=None)
def _colour(value: str) -> tuple[float, float, float]:
    # a plain RGB tuple: reportlab Color objects carry an alpha that would silently reset opacity
    red, green, blue = (int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return red, green, blue


def pdf_bytes(document: Document) -> bytes:
    """All pages of `document` as one PDF; the same document always gives the same bytes."""
    _register_fonts()
    table = document.symbol_table()
    every_item = [item for page in document.pages for item in page.items]
    needed = symbols_needed(every_item, table)
    buffer = io.BytesIO()
    first = document.pages[0]
    canvas = Canvas(
        buffer,
        pagesize=(first.width * mm, first.height * mm),
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.REGULAR,
    )
    canvas.setTitle(document.title)
    canvas.setAuthor(document.author)
    canvas.setSubject(document.subject)
    canvas.setCreator("printkit")
    # keeps print dialogs from "fitting" the page and ruining the scale
    canvas.setViewerPreference("PrintScaling", PDFName("None"))
    for symbol in needed:
        _draw_form(canvas, symbol, table)
    for page in document.pages:
        canvas.setPageSize((page.width * mm, page.height * mm))
        canvas.saveState()
        # from here on one unit is 1 mm and y grows downwards, as in the layout
        canvas.transform(mm, 0, 0, -mm, 0, page.height * mm)
        _Painter(canvas).draw(page.items)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _form_name(name: str) -> str:
    return f"sym.{name}"


def _draw_form(canvas: Canvas, symbol: Symbol, table: dict[str, Symbol]) -> None:
    box = bounding_box(symbol.items, table)
    x0, y0, x1, y1 = box if box else (0.0, 0.0, 0.0, 0.0)
    # the box clips the form, so it must hold every stroke; it is in the mm space of the Use
    canvas.beginForm(_form_name(symbol.name), x0, y0, x1, y1)
    _Painter(canvas).draw(symbol.items)
    canvas.endForm()


class _Painter:
    """Draws items on the canvas, setting graphics state only when it changes.

    The state a form is drawn in is inherited from the page, so each painter (page or form)
    starts knowing nothing and sets every attribute it relies on.
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.state: dict[str, Any] = {}

    def _set(self, key: str, value: Any, apply: Callable[[Any], object]) -> None:
        if self.state.get(key, _UNSET) != value:
            self.state[key] = value
            apply(value)

    def _style(self, style: Style) -> tuple[int, int]:
        canvas = self.canvas
        if style.stroke:
            self._set("stroke", style.stroke, lambda value: canvas.setStrokeColor(_colour(value)))
            self._set("width", style.width, canvas.setLineWidth)
            self._set("dash", style.dash, lambda value: canvas.setDash(list(value) if value else [], 0))
            self._set("cap", style.cap, lambda value: canvas.setLineCap(_CAPS[value]))
            self._set("join", style.join, lambda value: canvas.setLineJoin(_JOINS[value]))
            self._set("stroke_alpha", style.opacity, canvas.setStrokeAlpha)
        if style.fill:
            self._set("fill", style.fill, lambda value: canvas.setFillColor(_colour(value)))
            self._set("fill_alpha", style.opacity, canvas.setFillAlpha)
        return (1 if style.stroke else 0), (1 if style.fill else 0)

    def draw(self, items: Iterable[Item]) -> None:
        canvas = self.canvas
        for item in items:
            if isinstance(item, Group):
                if item.transform.is_identity:
                    self.draw(item.items)
                elif item.items:
                    with self._transformed(item.transform):
                        self.draw(item.items)
            elif isinstance(item, Use):
                with self._transformed(item.transform):
                    canvas.doForm(_form_name(item.name))
            elif isinstance(item, Text):
                self._text(item)
            else:
                stroke, fill = self._style(item.style)
                if not (stroke or fill):
                    continue
                if isinstance(item, Line):
                    canvas.line(item.x1, item.y1, item.x2, item.y2)
                elif isinstance(item, Rect):
                    if item.radius:
                        canvas.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
                    else:
                        canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
                elif isinstance(item, Circle):
                    canvas.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
                else:
                    self._path(item, stroke, fill)

    @contextmanager
    def _transformed(self, transform: Transform) -> Iterator[None]:
        saved = dict(self.state)
        self.canvas.saveState()
        self.canvas.transform(*transform.as_tuple())
        yield
        self.canvas.restoreState()
        self.state = saved

    def _path(self, item: Polyline | Polygon | Arc | Path, stroke: int, fill: int) -> None:
        path = self.canvas.beginPath()
        even_odd = False
        if isinstance(item, (Polyline, Polygon)):
            (x, y), *rest = item.points
            path.moveTo(x, y)
            for x, y in rest:
                path.lineTo(x, y)
            if isinstance(item, Polygon):
                path.close()
        else:
            if isinstance(item, Arc):
                item = item.to_path()
            even_odd = item.even_odd
            for command in item.commands:
                letter = command[0]
                if letter == "M":
                    path.moveTo(*command[1:])
                elif letter == "L":
                    path.lineTo(*command[1:])
                elif letter == "C":
                    path.curveTo(*command[1:])
                else:
                    path.close()
        self.canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)

    def _text(self, item: Text) -> None:
        fonts.check_glyphs(item.text, item.bold)
        self._set("fill", item.fill, lambda value: self.canvas.setFillColor(_colour(value)))
        self._set("fill_alpha", 1.0, self.canvas.setFillAlpha)
        # the text matrix turns glyphs upright again in the flipped page space: no q/Q needed
        text = self.canvas.beginText()
        text.setTextTransform(*item.placement().as_tuple())
        text.setFont(fonts.font_name(item.bold), item.size)
        text.textOut(item.text)
        self.canvas.drawText(text)


_UNSET = object()
