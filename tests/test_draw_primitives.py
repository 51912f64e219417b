"""The primitives: validation, text placement, symbols and bounding boxes."""

from __future__ import annotations

import dataclasses

import pytest

from printkit.draw import fonts
from printkit.draw import (
    A4_LANDSCAPE, A4_PORTRAIT, Arc, Circle, Document, Group, Line, Page, Path, Polygon, Polyline, Rect, Style, Symbol, Text,
    Use, bounding_box, scale, translate,
)
from printkit.draw.primitives import symbols_needed


def test_style_checks_its_values_and_normalises_colours():
    assert Style(stroke="#AABBCC").stroke == "#aabbcc"
    assert Style(dash=[2, 1]).dash == (2.0, 1.0)
    for bad in ({"stroke": "red"}, {"fill": "#12345"}, {"width": 0}, {"cap": "flat"}, {"join": "sharp"},
                {"opacity": 1.5}, {"dash": (0, 0)}, {"dash": (-1, 1)}):
        with pytest.raises(ValueError):
            Style(**bad)


def test_primitives_are_frozen_and_hashable():
    line = Line(0, 0, 10, 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.x1 = 5  # type: ignore[misc]
    polyline = Polyline([[0, 0], [1, 2]])
    assert polyline.points == ((0.0, 0.0), (1.0, 2.0))
    assert len({polyline, Polyline([(0, 0), (1, 2)])}) == 1
    assert hash(Page(*A4_PORTRAIT, [Group([line])]))


def test_shapes_refuse_impossible_geometry():
    with pytest.raises(ValueError):
        Polygon([(0, 0), (1, 1)])
    with pytest.raises(ValueError):
        Polyline([(0, 0)])
    with pytest.raises(ValueError):
        Rect(0, 0, -1, 5)
    with pytest.raises(ValueError):
        Rect(0, 0, 10, 4, radius=3)
    with pytest.raises(ValueError):
        Arc(0, 0, 5, 10, 10)
    with pytest.raises(ValueError):
        Text(0, 0, "x", 3, anchor="center")
    with pytest.raises(ValueError):
        Page(0, 297)


def test_path_commands_are_checked():
    assert Path([("M", 0, 0), ("L", 1, 1), ("Z",)]).commands == (("M", 0.0, 0.0), ("L", 1.0, 1.0), ("Z",))
    with pytest.raises(ValueError, match="start with"):
        Path([("L", 1, 1)])
    with pytest.raises(ValueError, match="bad path command"):
        Path([("M", 0, 0), ("C", 1, 2, 3)])
    with pytest.raises(ValueError, match="bad path command"):
        Path([("M", 0, 0), ("A", 1, 1, 0, 0, 1, 5, 5)])


def test_page_sizes():
    assert A4_PORTRAIT == (210.0, 297.0)
    assert A4_LANDSCAPE.width == 297.0
    page = Page(*A4_LANDSCAPE)
    assert (page.width, page.height, page.items) == (297.0, 210.0, ())


def test_text_anchor_and_placement():
    width = fonts.text_width("α Ω", 5)
    assert Text(100, 50, "α Ω", 5).offset() == 0
    assert Text(100, 50, "α Ω", 5, anchor="middle").offset() == pytest.approx(-width / 2)
    assert Text(100, 50, "α Ω", 5, anchor="end").offset() == pytest.approx(-width)
    # font space is y up: a point 1 mm above the baseline lands 1 mm higher on the page
    assert Text(100, 50, "x", 5).placement().apply(0, 1) == (100.0, 49.0)
    assert Text(100, 50, "x", 5, rotate=90).placement().apply(2, 0) == pytest.approx((100, 52))


def test_symbols_needed_orders_dependencies_first_and_reports_mistakes():
    inner = Symbol("dot", [Circle(0, 0, 1)])
    outer = Symbol("pair", [Use("dot"), Use("dot", translate(3, 0))])
    lone = Symbol("unused", [Line(0, 0, 1, 1)])
    table = {symbol.name: symbol for symbol in (outer, inner, lone)}
    assert symbols_needed([Group([Use("pair")]), Use("dot")], table) == [inner, outer]
    with pytest.raises(ValueError, match="'nope'"):
        symbols_needed([Use("nope")], table)
    looped = {"a": Symbol("a", [Use("b")]), "b": Symbol("b", [Use("a")])}
    with pytest.raises(ValueError, match="cycle: a -> b -> a"):
        symbols_needed([Use("a")], looped)
    with pytest.raises(ValueError):
        Symbol("has space", [])


def test_document_checks_pages_and_symbol_names():
    with pytest.raises(ValueError, match="at least one page"):
        Document([])
    with pytest.raises(ValueError, match="two symbols"):
        Document([Page(*A4_PORTRAIT)], [Symbol("a", []), Symbol("a", [])])
    document = Document([Page(*A4_PORTRAIT)], [Symbol("a", [])], title="T")
    assert set(document.symbol_table()) == {"a"}


def test_bounding_box_covers_the_ink():
    assert bounding_box([], {}) is None
    box = bounding_box([Rect(10, 20, 30, 40, Style(width=0.2))], {})
    assert box == pytest.approx((9, 19, 41, 61))  # padded by 5 stroke widths for mitres
    unstroked = bounding_box([Circle(0, 0, 2, Style(stroke=None, fill="#000000"))], {}, translate(5, 5))
    assert unstroked == pytest.approx((3, 3, 7, 7))
    table = {"dot": Symbol("dot", [Circle(0, 0, 1, Style(stroke=None, fill="#000000"))])}
    assert bounding_box([Group([Use("dot", translate(10, 0))], scale(2))], table) == pytest.approx((18, -2, 22, 2))
    above, below = fonts.ink_extent(10)
    text_box = bounding_box([Text(0, 100, "Hi", 10)], {})
    assert text_box == pytest.approx((0, 100 - above, fonts.text_width("Hi", 10), 100 + below))
