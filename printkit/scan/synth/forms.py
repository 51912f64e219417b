"""Each tile's form as people draw it, varied: the alphabet's form and its cousins (a ladder
of two to five rungs, rock filled, hatched, cross-hatched or scribbled, ...), in mm inside a
15 mm field. Some variants are `held out`: never drawn for training, only for the bench, to
measure how the classifier copes with ways of drawing it has not seen."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from printkit.scan.alphabet import Form, Point, Stroke, circle, hatch, spline
from printkit.scan.synth import cousins as c
from printkit.scan.synth.cousins import ellipse
from printkit.sinpin.tiles import Tile

Maker = Callable[[np.random.Generator], Form]


@dataclass(frozen=True)
class Variant:
    name: str
    make: Maker
    held_out: int = 0  # 0: drawn for training; 1: the first held-out set; 2: the second (synth.cousins)


def _u(rng: np.random.Generator, low: float, high: float) -> float:
    return float(rng.uniform(low, high))


# -- rock ------------------------------------------------------------------------------
def _box(rng: np.random.Generator) -> tuple[float, float, float, float]:
    inset = _u(rng, 0.3, 2.0)
    return inset + _u(rng, -0.3, 0.3), inset + _u(rng, -0.3, 0.3), 15 - inset, 15 - inset


def rock_hatch(rng: np.random.Generator) -> Form:
    return hatch(*_box(rng), _u(rng, 1.0, 2.6), float(rng.choice([45.0, 135.0, 60.0, 30.0, 0.0, 90.0])))


def rock_cross(rng: np.random.Generator) -> Form:
    box = _box(rng)
    angle = _u(rng, 0, 90)
    spacing = _u(rng, 1.4, 2.8)
    return hatch(*box, spacing, angle) + hatch(*box, spacing, angle + 90)


def rock_fill(rng: np.random.Generator) -> Form:
    # a filled field: dense strokes that the pen's width closes up
    return hatch(*_box(rng), _u(rng, 0.35, 0.6), _u(rng, 0, 180))


def rock_scribble(rng: np.random.Generator) -> Form:
    left, top, right, bottom = _box(rng)
    points: list[Point] = []
    y = top
    step = _u(rng, 0.8, 1.8)
    while y < bottom:
        points += [(left + _u(rng, -0.3, 0.6), y), (right + _u(rng, -0.6, 0.3), y + step / 2)]
        y += step
    return (tuple(points),)


def rock_spiral(rng: np.random.Generator) -> Form:
    # a scribble round and round (held out)
    points = []
    turns = _u(rng, 8, 12)  # a field filled round and round: rings under a millimetre apart
    for k in range(int(turns * 24)):
        t = k / 24
        r = 6.6 * (1 - t / turns) + 0.3
        a = 2 * math.pi * t
        points.append((7.5 + r * math.cos(a) + _u(rng, -0.3, 0.3), 7.5 + r * math.sin(a) + _u(rng, -0.3, 0.3)))
    return (tuple(points),)


# -- ladder, spikes, blades, web, spring -------------------------------------------------
def ladder(rng: np.random.Generator) -> Form:
    gap = _u(rng, 4.5, 8.0)
    left = 7.5 - gap / 2
    right = left + gap
    top, bottom = _u(rng, 0.5, 2.5), 15 - _u(rng, 0.5, 2.5)
    rungs = int(rng.integers(2, 6))
    strokes: list[Stroke] = [((left, top), (left, bottom)), ((right, top), (right, bottom))]
    for k in range(rungs):
        y = top + (bottom - top) * (k + 0.5 + _u(rng, -0.15, 0.15)) / rungs
        over = _u(rng, 0, 0.8)
        strokes.append(((left - over, y), (right + over, y)))
    return tuple(strokes)


def ladder_one_rail(rng: np.random.Generator) -> Form:
    # rails drawn as one "U" stroke each way, rungs after (held out)
    form = ladder(rng)
    (l0, l1), (r0, r1) = form[0], form[1]
    return ((l0, l1, r1, r0),) + form[2:]


def spikes(rng: np.random.Generator) -> Form:
    teeth = int(rng.integers(2, 7))
    left, right = _u(rng, 0.8, 3.0), 15 - _u(rng, 0.8, 3.0)
    base = 15 - _u(rng, 1.0, 3.5)
    tip = base - _u(rng, 4.0, 8.5)
    width = (right - left) / teeth
    points: list[Point] = [(left, base)]
    for tooth in range(teeth):
        points += [(left + width * (tooth + 0.5), tip + _u(rng, -0.6, 0.6)), (left + width * (tooth + 1), base)]
    strokes: list[Stroke] = [tuple(points)]
    if rng.random() < 0.3:
        strokes.append(((left, base), (right, base)))  # the floor line
    return tuple(strokes)


def spikes_separate(rng: np.random.Generator) -> Form:
    # each spike its own "^" (held out)
    teeth = int(rng.integers(3, 5))
    base = 15 - _u(rng, 1.5, 3.0)
    tip = base - _u(rng, 5, 8)
    width = 13.0 / teeth
    return tuple(((1 + width * k + 0.5, base), (1 + width * (k + 0.5), tip), (1 + width * (k + 1) - 0.5, base))
                 for k in range(teeth))


def blades(rng: np.random.Generator) -> Form:
    a, b = _u(rng, 1.5, 4.5), _u(rng, 1.5, 4.5)
    return (((a, b), (15 - _u(rng, 1.5, 4.5), 15 - _u(rng, 1.5, 4.5))),
            ((15 - _u(rng, 1.5, 4.5), _u(rng, 1.5, 4.5)), (_u(rng, 1.5, 4.5), 15 - _u(rng, 1.5, 4.5))))


def blades_saw(rng: np.random.Generator) -> Form:
    # an X with a ring round it: a saw blade (held out)
    return blades(rng) + (circle(7.5, 7.5, _u(rng, 2.0, 3.0), 16),)


def web(rng: np.random.Generator) -> Form:
    spokes = int(rng.choice([3, 4, 4, 4]))
    turn = _u(rng, -0.3, 0.3)
    reach = _u(rng, 4.5, 6.8)
    strokes: list[Stroke] = []
    for k in range(spokes):
        angle = math.pi * k / spokes + turn
        dx, dy = reach * math.cos(angle), reach * math.sin(angle)
        strokes.append(((7.5 - dx, 7.5 - dy), (7.5 + dx, 7.5 + dy)))
    return tuple(strokes)


def web_ring(rng: np.random.Generator) -> Form:
    # spokes and a thread round them (held out)
    return web(rng) + (circle(7.5, 7.5, _u(rng, 2.5, 4.0), 8),)


def spring(rng: np.random.Generator) -> Form:
    """The alphabet's arrow up from a bar: the head a V (drawn in one stroke, or each side
    from the tip), the shaft sometimes short of the bar, now and then no bar."""
    bar, tip = 15 - _u(rng, 1.5, 3.5), _u(rng, 1.5, 4.5)
    x = 7.5 + _u(rng, -1.0, 1.0)
    head, spread = _u(rng, 2.5, 5.0), math.radians(_u(rng, 28, 58))
    dx, dy = head * math.sin(spread), head * math.cos(spread)
    strokes: list[Stroke] = [((x + _u(rng, -0.5, 0.5), bar - (_u(rng, 0.3, 1.2) if rng.random() < 0.25 else 0.0)), (x, tip))]
    if rng.random() < 0.6:
        strokes.append(((x - dx, tip + dy), (x, tip), (x + dx, tip + dy)))
    else:
        strokes += [((x, tip), (x - dx, tip + dy)), ((x, tip), (x + dx, tip + dy))]
    if rng.random() < 0.92:
        half = _u(rng, 2.5, 5.5)
        strokes.append(((x - half, bar), (x + half + _u(rng, -0.5, 0.5), bar + _u(rng, -0.4, 0.4))))
    return tuple(strokes)


def spring_twin(rng: np.random.Generator) -> Form:
    # two arrows up from one bar (held out)
    bar, tip = 15 - _u(rng, 1.5, 3.0), _u(rng, 1.5, 4.0)
    head = _u(rng, 2.0, 3.0)
    strokes: list[Stroke] = [((2.5, bar), (12.5, bar))]
    for x in (7.5 - _u(rng, 2.2, 3.2), 7.5 + _u(rng, 2.2, 3.2)):
        strokes += [((x, bar), (x, tip)), ((x - head * 0.7, tip + head), (x, tip), (x + head * 0.7, tip + head))]
    return tuple(strokes)


# -- teleporter, chest, heart, gem, question ---------------------------------------------
def ring(rng: np.random.Generator) -> Form:
    r = _u(rng, 3.8, 6.6)
    strokes: list[Stroke] = [ellipse(rng, r)]
    if rng.random() < 0.3:
        strokes.append(ellipse(rng, r * _u(rng, 0.35, 0.6)))
    return tuple(strokes)


def ring_dot(rng: np.random.Generator) -> Form:
    # a ring with a filled dot (held out)
    return (ellipse(rng, _u(rng, 4.0, 6.4)), circle(7.5, 7.5, 0.6, 8), circle(7.5, 7.5, 1.0, 8))


def chest(rng: np.random.Generator) -> Form:
    left, right = _u(rng, 1.5, 4.0), 15 - _u(rng, 1.5, 4.0)
    top, bottom = _u(rng, 2.5, 5.0), 15 - _u(rng, 1.5, 3.5)
    lid = top + (bottom - top) * _u(rng, 0.28, 0.45)
    strokes: list[Stroke] = [((left, top), (right, top), (right, bottom), (left, bottom), (left, top)),
                             ((left, lid), (right, lid))]
    if rng.random() < 0.35:
        strokes.append(circle(7.5, lid + 1.0, 0.6, 8))  # the lock
    return tuple(strokes)


def chest_arched(rng: np.random.Generator) -> Form:
    # a chest with a rounded lid (held out)
    left, right, lid, bottom = 2.5, 12.5, 7.0, 12.5
    arch = spline(((left, lid), (left + 1, 3.8), (7.5, 2.8), (right - 1, 3.8), (right, lid)), 5)
    return (((left, lid), (left, bottom), (right, bottom), (right, lid), (left, lid)), arch)


def heart(rng: np.random.Generator) -> Form:
    w, h = _u(rng, 4.0, 6.0), _u(rng, 7.0, 10.5)
    dip = _u(rng, 0.5, 2.5)
    top = 7.5 - h / 2
    pts = ((7.5, top + dip), (7.5 + w * 0.35, top), (7.5 + w * 0.85, top + 0.3), (7.5 + w, top + h * 0.32),
           (7.5 + w * 0.6, top + h * 0.68), (7.5, top + h), (7.5 - w * 0.6, top + h * 0.68), (7.5 - w, top + h * 0.32),
           (7.5 - w * 0.85, top + 0.3), (7.5 - w * 0.35, top), (7.5, top + dip))
    strokes: list[Stroke] = [spline(pts, 5)]
    if rng.random() < 0.25:  # filled in
        strokes += hatch(7.5 - w * 0.6, top + 1.2, 7.5 + w * 0.6, top + h * 0.6, 0.6, 45)
    return tuple(strokes)


def heart_two_strokes(rng: np.random.Generator) -> Form:
    # each half its own stroke, meeting at the point (held out)
    w, h = _u(rng, 4.5, 5.8), _u(rng, 8, 10)
    top = 7.5 - h / 2
    left = spline(((7.5, top + 1.8), (7.5 - w * 0.5, top), (7.5 - w, top + h * 0.3), (7.5, top + h)), 6)
    right = spline(((7.5, top + 1.8), (7.5 + w * 0.5, top), (7.5 + w, top + h * 0.3), (7.5, top + h)), 6)
    return (left, right)


def gem(rng: np.random.Generator) -> Form:
    w, h = _u(rng, 3.5, 6.2), _u(rng, 4.0, 6.5)
    middle = 7.5 + _u(rng, -1.2, 0.8)
    strokes: list[Stroke] = [((7.5, 7.5 - h), (7.5 + w, middle), (7.5, 7.5 + h), (7.5 - w, middle), (7.5, 7.5 - h))]
    if rng.random() < 0.3:
        strokes.append(((7.5 - w, middle), (7.5 + w, middle)))
    return tuple(strokes)


def gem_cut(rng: np.random.Generator) -> Form:
    # a cut gem: flat top, pointed bottom (held out)
    return (((5.0, 3.5), (10.0, 3.5), (12.6, 6.4), (7.5, 12.8), (2.4, 6.4), (5.0, 3.5)), ((2.4, 6.4), (12.6, 6.4)))


def question(rng: np.random.Generator) -> Form:
    s = _u(rng, 0.75, 1.15)

    def p(x: float, y: float) -> Point:
        return 7.5 + (x - 7.5) * s, 7.5 + (y - 7.5) * s
    hook = spline((p(4.6, 5.0 + _u(rng, -0.8, 0.5)), p(5.6, 2.9), p(7.8, 2.3), p(10.0, 3.3), p(10.3, 5.4),
                   p(8.8, 7.0 + _u(rng, -0.5, 0.5)), p(7.5, 8.2), p(7.5, 10.0 + _u(rng, -0.8, 0.3))), 5)
    cx, cy = p(7.5, 12.4)
    return (hook, circle(cx, cy, _u(rng, 0.3, 0.8), 8))


def door(rng: np.random.Generator) -> Form:
    # α: loop and two tails; the tails' reach and the loop's size vary
    lw, lh = _u(rng, 3.0, 5.0), _u(rng, 2.5, 4.0)
    cx, cy = 7.5 - _u(rng, 0.5, 2.5), 7.5 + _u(rng, -0.5, 0.8)
    tail = _u(rng, 3.5, 6.0)
    pts = ((cx + tail, cy - lh - _u(rng, 0.3, 2.0)), (cx + lw * 0.7, cy - lh * 0.1), (cx + lw * 0.1, cy + lh),
           (cx - lw * 0.8, cy + lh * 0.7), (cx - lw, cy - lh * 0.1), (cx - lw * 0.5, cy - lh), (cx + lw * 0.3, cy - lh * 0.7),
           (cx + lw * 0.8, cy + lh * 0.2), (cx + tail, cy + lh + _u(rng, 0.3, 2.0)))
    return (spline(pts, 6),)


def door_round(rng: np.random.Generator) -> Form:
    # α as a round "a" with a tail on the right, not crossing (held out)
    return (ellipse(rng, 3.6), ((11.6, 4.0), (10.9, 8.0), (12.6, 11.5)))


def exit_(rng: np.random.Generator) -> Form:
    w, h = _u(rng, 3.5, 5.0), _u(rng, 6.5, 9.5)
    floor = 15 - _u(rng, 2.0, 3.8)
    top = floor - h
    inner = w * _u(rng, 0.3, 0.6)
    arch = spline(((7.5 - inner, floor), (7.5 - w, floor - h * 0.35), (7.5 - w * 0.9, top + h * 0.2), (7.5, top),
                   (7.5 + w * 0.9, top + h * 0.2), (7.5 + w, floor - h * 0.35), (7.5 + inner, floor)), 6)
    foot = _u(rng, 1.5, 3.0)
    if rng.random() < 0.5:
        return (((7.5 - inner - foot, floor), (7.5 - inner, floor)), arch, ((7.5 + inner, floor), (7.5 + inner + foot, floor)))
    return ((((7.5 - inner - foot, floor),) + arch + ((7.5 + inner + foot, floor),)),)


def exit_horseshoe(rng: np.random.Generator) -> Form:
    # Ω as an upside-down U without feet (held out)
    return (spline(((4.5, 12.5), (3.2, 7.0), (7.5, 3.0), (11.8, 7.0), (10.5, 12.5)), 6),)


VARIANTS: dict[Tile, tuple[Variant, ...]] = {
    Tile.ROCK: (Variant("hatch", rock_hatch), Variant("cross", rock_cross), Variant("fill", rock_fill),
                Variant("scribble", rock_scribble), Variant("loops", c.rock_loops), Variant("zigzag", c.rock_zigzag),
                Variant("scrawl", c.rock_scrawl), Variant("texture", c.rock_texture), Variant("partial", c.rock_partial), Variant("outlined", c.rock_outlined),
                Variant("spiral", rock_spiral, 1), Variant("bricks", c.rock_bricks, 2)),
    Tile.OPEN: (Variant("blank", lambda rng: ()),),
    Tile.DOOR: (Variant("alpha", door), Variant("slanted", c.door_slanted), Variant("round", door_round, 1),
                Variant("two strokes", c.door_two_strokes, 2)),
    Tile.EXIT: (Variant("omega", exit_), Variant("round", c.exit_round), Variant("horseshoe", exit_horseshoe, 1),
                Variant("square", c.exit_square, 2)),
    Tile.LADDER: (Variant("rungs", ladder), Variant("slanted", c.ladder_slanted), Variant("u-rails", ladder_one_rail, 1),
                  Variant("leaning", c.ladder_leaning, 2)),
    Tile.SPIKES: (Variant("zigzag", spikes), Variant("tall", c.spikes_tall), Variant("separate", spikes_separate, 1),
                  Variant("ceiling", c.spikes_ceiling, 2)),
    Tile.BLADES: (Variant("x", blades), Variant("double", c.blades_double), Variant("saw", blades_saw, 1),
                  Variant("ticked", c.blades_ticked, 2)),
    Tile.WEB: (Variant("star", web), Variant("spokes", c.web_spokes), Variant("ring", web_ring, 1), Variant("dot", c.web_dot, 2)),
    Tile.SPRING: (Variant("arrow", spring), Variant("triangle", c.spring_triangle), Variant("twin", spring_twin, 1),
                  Variant("trampoline", c.spring_trampoline, 2)),
    Tile.TELEPORTER: (Variant("ring", ring), Variant("open", c.ring_open), Variant("dot", ring_dot, 1),
                      Variant("swirl", c.ring_swirl, 2)),
    Tile.CHEST: (Variant("box", chest), Variant("straps", c.chest_straps), Variant("arched", chest_arched, 1),
                 Variant("trapezoid", c.chest_trapezoid, 2)),
    Tile.HEART: (Variant("heart", heart), Variant("round", c.heart_round), Variant("halves", heart_two_strokes, 1),
                 Variant("filled", c.heart_filled, 2)),
    Tile.GEM: (Variant("diamond", gem), Variant("faceted", c.gem_faceted), Variant("cut", gem_cut, 1),
               Variant("hexagon", c.gem_hexagon, 2)),
    Tile.QUESTION: (Variant("question", question), Variant("plain", c.question_plain),
                    Variant("angular", c.question_angular, 2)),
}


def variants(tile: Tile, held_out: int) -> tuple[Variant, ...]:
    """The variants a style may draw, those drawn for training first: training styles
    (held_out 0) never draw a held-out one; a style of the first or second held-out set
    draws the training variants and that set's held-out ones (only the first form where
    the set has none for the tile: synth.page draws a held-out one whenever there is a choice)."""
    training = tuple(v for v in VARIANTS[tile] if not v.held_out)
    held = tuple(v for v in VARIANTS[tile] if held_out and v.held_out == held_out)
    return training[:1] if held_out and not held else training + held
