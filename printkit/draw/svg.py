"""SVG backend: one page drawn with svgwrite, one user unit per millimetre.

Text is drawn as glyph outlines taken from the bundled TTF (each distinct glyph once, in
<defs>, placed with <use>), so the SVG looks like the PDF with no font installed; the string
itself stays in an aria-label. Every id is explicit, so the same page gives the same bytes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

import svgwrite
from svgwrite.base import BaseElement

from printkit.draw import fonts
from printkit.draw.geometry import Transform
from printkit.draw.primitives import (
    Arc, Circle, Group, Item, Line, Page, Path, Polygon, Polyline, Rect, Style, Symbol, Text, Use, symbol_table,
    symbols_needed,
)


PAPER_ID = "paper"  # the page-sized white rectangle every SVG page starts with


def num(value: float) -> str:
    """A length as written to the SVG: at most 4 decimals (0.1 µm), no trailing zeros, no -0."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def symbol_id(name: str) -> str:
    return f"sym-{name}"


def glyph_id(gid: int, bold: bool) -> str:
    return f"glyph-{'b' if bold else 'r'}{gid}"


def transform_attribute(transform: Transform) -> str:
    if transform.a == 1.0 and transform.b == 0.0 and transform.c == 0.0 and transform.d == 1.0:
        return f"translate({num(transform.e)} {num(transform.f)})"
    # the linear part keeps 9 significant digits: glyphs are scaled by ~0.002 mm per font unit
    linear = " ".join(f"{value + 0.0:.9g}" for value in (transform.a, transform.b, transform.c, transform.d))
    return f"matrix({linear} {num(transform.e)} {num(transform.f)})"


def svg_bytes(page: Page, symbols: Iterable[Symbol] | Mapping[str, Symbol] = (), title: str = "") -> bytes:
    """`page` as a standalone SVG file; defines only the symbols and glyphs the page uses."""
    table = dict(symbols) if isinstance(symbols, Mapping) else symbol_table(symbols)
    drawing = svgwrite.Drawing(
        size=(f"{num(page.width)}mm", f"{num(page.height)}mm"),
        viewBox=f"0 0 {num(page.width)} {num(page.height)}",
        debug=False,
    )
    # PDF's default mitre limit, so sharp corners look the same in both formats
    drawing["stroke-miterlimit"] = "10"
    if title:
        drawing.set_desc(title=title)
    # White paper under everything: viewers with a dark or tinted canvas would otherwise
    # show their own colour through open cave, card faces and margins.
    drawing.add(drawing.rect((0, 0), (num(page.width), num(page.height)), id=PAPER_ID, fill="#ffffff", stroke="none"))
    writer = _Writer(drawing)
    for symbol in symbols_needed(page.items, table):
        group = drawing.g(id=symbol_id(symbol.name))
        writer.draw(symbol.items, group)
        drawing.defs.add(group)
    writer.draw(page.items, drawing)
    for (gid, bold), outline in writer.glyphs.items():
        drawing.defs.add(drawing.path(d=outline, id=glyph_id(gid, bold)))
    root = drawing.get_xml()
    ET.indent(root, space=" ")
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="utf-8", xml_declaration=False) + b"\n"


def _style_attributes(style: Style) -> dict[str, str]:
    attributes = {"fill": style.fill or "none", "stroke": style.stroke or "none"}
    if style.stroke:
        attributes["stroke-width"] = num(style.width)
        if style.dash:
            attributes["stroke-dasharray"] = " ".join(num(length) for length in style.dash)
        if style.cap != "butt":
            attributes["stroke-linecap"] = style.cap
        if style.join != "miter":
            attributes["stroke-linejoin"] = style.join
        if style.opacity != 1.0:
            attributes["stroke-opacity"] = num(style.opacity)
    if style.fill and style.opacity != 1.0:
        attributes["fill-opacity"] = num(style.opacity)
    return attributes


def path_data(commands: Iterable[tuple]) -> str:
    return " ".join(command[0] + " ".join(num(value) for value in command[1:]) for command in commands)


def _points(points: Iterable[tuple[float, float]]) -> list[tuple[str, str]]:
    return [(num(x), num(y)) for x, y in points]


class _Writer:
    def __init__(self, drawing: svgwrite.Drawing) -> None:
        self.drawing = drawing
        # (glyph id, bold) -> outline, in order of first use, for the <defs>
        self.glyphs: dict[tuple[int, bool], str] = {}

    def draw(self, items: Iterable[Item], parent: BaseElement) -> None:
        drawing = self.drawing
        for item in items:
            if isinstance(item, Group):
                if not item.items:
                    continue
                group = drawing.g()
                if not item.transform.is_identity:
                    group["transform"] = transform_attribute(item.transform)
                self.draw(item.items, group)
                parent.add(group)
                continue
            if isinstance(item, Use):
                element = drawing.use(f"#{symbol_id(item.name)}")
                if not item.transform.is_identity:
                    element["transform"] = transform_attribute(item.transform)
            elif isinstance(item, Text):
                element = self._text(item)
            else:
                if not (item.style.stroke or item.style.fill):
                    continue
                element = self._shape(item)
                element.update(_style_attributes(item.style))
            parent.add(element)

    def _shape(self, item: Line | Polyline | Polygon | Rect | Circle | Arc | Path) -> BaseElement:
        drawing = self.drawing
        if isinstance(item, Line):
            return drawing.line(start=(num(item.x1), num(item.y1)), end=(num(item.x2), num(item.y2)))
        if isinstance(item, Polyline):
            return drawing.polyline(_points(item.points))
        if isinstance(item, Polygon):
            return drawing.polygon(_points(item.points))
        if isinstance(item, Rect):
            element = drawing.rect(insert=(num(item.x), num(item.y)), size=(num(item.w), num(item.h)))
            if item.radius:
                element.update({"rx": num(item.radius), "ry": num(item.radius)})
            return element
        if isinstance(item, Circle):
            return drawing.circle(center=(num(item.cx), num(item.cy)), r=num(item.r))
        path = item.to_path() if isinstance(item, Arc) else item
        element = drawing.path(d=path_data(path.commands))
        if path.even_odd:
            element["fill-rule"] = "evenodd"
        return element

    def _text(self, item: Text) -> BaseElement:
        fonts.check_glyphs(item.text, item.bold)
        per_unit = item.size / fonts.units_per_em(item.bold)
        # font units, y up, origin at the start of the baseline: the glyphs' own coordinates
        placement = item.placement() @ Transform(a=per_unit, d=per_unit)
        group = self.drawing.g(transform=transform_attribute(placement), fill=item.fill)
        group.update({"role": "img", "aria-label": item.text})
        pen = 0
        for char in item.text:
            glyph = fonts.glyph(char, item.bold)
            if glyph.outline:
                self.glyphs.setdefault((glyph.gid, item.bold), glyph.outline)
                use = self.drawing.use(f"#{glyph_id(glyph.gid, item.bold)}")
                if pen:
                    use["x"] = str(pen)
                group.add(use)
            pen += glyph.advance
        return group
