"""More ways people draw each tile, beyond the alphabet's form and its first cousins in
`forms`: rock scribbled in loops or zigzags at any angle or hatched only in part, a ladder
with slanted or overhanging rungs, a spring's arrow with a triangle for a head, a chest
with straps, a faceted gem, ... (training), and a second set of forms held out of training
(their variants in `forms.VARIANTS` held out as 2), drawn only by the bench's second held-out
styles (`styles.SECOND_HELD_OUT_STYLES`), so that adding forms to training still leaves
forms the classifier has never seen to measure it on. In mm inside a 15 mm field."""

from __future__ import annotations

import math

import numpy as np

from printkit.scan.alphabet import FORMS, Form, Point, Stroke, circle, hatch, hatch_inside, spline
from printkit.sinpin.tiles import Tile


def _u(rng: np.random.Generator, low: float, high: float) -> float:
    return float(rng.uniform(low, high))


def ellipse(rng: np.random.Generator, r: float, cx: float = 7.5, cy: float = 7.5, gap: float = 0.0) -> Stroke:
    """A hand-drawn ring: a little squashed, closed past its start (or left open by `gap` radians)."""
    squash = _u(rng, 0.8, 1.15)
    start = _u(rng, 0, 2 * math.pi)
    over = _u(rng, 0.0, 0.6) - gap
    steps = 30
    return tuple((cx + r * math.cos(start + (2 * math.pi + over) * k / steps),
                  cy + r * squash * math.sin(start + (2 * math.pi + over) * k / steps)) for k in range(steps + 1))


def _turned(points: np.ndarray, angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return (points - 7.5) @ np.array([[c, -s], [s, c]]).T + 7.5


# -- rock --------------------------------------------------------------------------------
def rock_loops(rng: np.random.Generator) -> Form:
    """Rows of small cursive loops (eeee) filling the field, as a quick scribble fills."""
    radius = _u(rng, 0.7, 1.5)
    step = radius * _u(rng, 0.6, 1.1)
    strokes = []
    y = _u(rng, 1.0, 2.0)
    while y < 14.0:
        n = int(12.0 / step) * 10
        t = np.arange(n) / 10
        x = 1.5 + t * step + radius * np.cos(2 * math.pi * t + math.pi)
        yy = y + radius * np.sin(2 * math.pi * t) * _u(rng, 0.8, 1.2)
        strokes.append(tuple(zip(np.clip(x, 0.5, 14.5).tolist(), yy.tolist())))
        y += radius * _u(rng, 1.3, 1.9)
    return tuple(strokes)


def rock_zigzag(rng: np.random.Generator) -> Form:
    """One stroke going back and forth across the field at any angle, lines close together."""
    step = _u(rng, 0.5, 1.5)
    points: list[Point] = []
    offset = -9.0
    while offset < 9.0:
        points += [(offset, -9.0 + _u(rng, 0, 1.5)), (offset + step / 2, 9.0 - _u(rng, 0, 1.5))]
        offset += step
    turned = _turned(np.asarray(points) + 7.5, _u(rng, 0, math.pi))
    return (tuple(map(tuple, np.clip(turned, _u(rng, 0.3, 1.5), 15 - _u(rng, 0.3, 1.5)).tolist())),)


def rock_scrawl(rng: np.random.Generator) -> Form:
    """A random scrawl: a long stroke wandering all over the field."""
    points = [(7.5, 7.5)]
    heading = _u(rng, 0, 2 * math.pi)
    for _ in range(int(rng.integers(120, 220))):
        heading += rng.normal(0, 0.9)
        x, y = points[-1]
        x, y = x + 0.9 * math.cos(heading), y + 0.9 * math.sin(heading)
        if not 1.0 < x < 14.0:
            heading = math.pi - heading
        if not 1.0 < y < 14.0:
            heading = -heading
        points.append((min(max(x, 0.8), 14.2), min(max(y, 0.8), 14.2)))
    return (tuple(points),)


def rock_texture(rng: np.random.Generator) -> Form:
    """The field filled with any dense texture of small marks (rings, squiggles, ticks, dots):
    whatever a hand fills a field with, a field full of ink is rock."""
    strokes: list[Stroke] = []
    kind = int(rng.integers(3))
    for _ in range(int(rng.integers(18, 45))):
        cx, cy = _u(rng, 1.5, 13.5), _u(rng, 1.5, 13.5)
        size = _u(rng, 0.5, 2.2)
        mark = kind if rng.random() < 0.7 else int(rng.integers(3))
        if mark == 0:  # a small ring or loop
            strokes.append(circle(cx, cy, size, 10))
        elif mark == 1:  # a squiggle
            heading = _u(rng, 0, 2 * math.pi)
            points = [(cx, cy)]
            for _ in range(6):
                heading += rng.normal(0, 1.2)
                points.append((points[-1][0] + size * math.cos(heading), points[-1][1] + size * math.sin(heading)))
            strokes.append(tuple(points))
        else:  # a tick or a dash
            a = _u(rng, 0, math.pi)
            strokes.append(((cx - size * math.cos(a), cy - size * math.sin(a)), (cx + size * math.cos(a), cy + size * math.sin(a))))
    return tuple(tuple((min(max(x, 0.5), 14.5), min(max(y, 0.5), 14.5)) for x, y in stroke) for stroke in strokes)


def rock_partial(rng: np.random.Generator) -> Form:
    """Hatched, but not all the way: a hurried hand leaves a strip or a corner blank."""
    left, top, right, bottom = _u(rng, 0.5, 3.5), _u(rng, 0.5, 3.5), 15 - _u(rng, 0.5, 3.5), 15 - _u(rng, 0.5, 3.5)
    return hatch(left, top, right, bottom, _u(rng, 0.8, 2.2), _u(rng, 0, 180))


def rock_outlined(rng: np.random.Generator) -> Form:
    """The field's square drawn round and hatched inside."""
    a, b = _u(rng, 0.5, 1.5), 15 - _u(rng, 0.5, 1.5)
    return (((a, a), (b, a), (b, b), (a, b), (a, a)),) + hatch(a, a, b, b, _u(rng, 1.2, 2.5), _u(rng, 0, 180))


# -- door, exit ----------------------------------------------------------------------------
def door_slanted(rng: np.random.Generator) -> Form:
    """α written fast: a narrow slanted loop, the tails short."""
    lw, lh = _u(rng, 2.0, 3.2), _u(rng, 3.0, 4.5)
    cx, cy = 7.0, 7.5
    pts = ((cx + 4.0, cy - lh), (cx + lw * 0.6, cy), (cx, cy + lh), (cx - lw, cy + lh * 0.4), (cx - lw * 0.9, cy - lh * 0.5),
           (cx - lw * 0.1, cy - lh * 0.8), (cx + lw * 0.7, cy + lh * 0.2), (cx + 4.0, cy + lh))
    return (tuple(map(tuple, _turned(np.asarray(spline(pts, 6)), _u(rng, -0.35, 0.35)).tolist())),)


def exit_round(rng: np.random.Generator) -> Form:
    """Ω nearly a circle, open at the bottom, on two long feet."""
    r = _u(rng, 3.5, 5.0)
    floor = 7.5 + r * _u(rng, 0.7, 0.95)
    open_ = _u(rng, 0.5, 0.9)
    arc = [(7.5 + r * math.sin(a), 7.5 - r * math.cos(a)) for a in np.linspace(math.pi - open_, -math.pi + open_, 26)]
    arc = [(arc[0][0], floor)] + arc + [(arc[-1][0], floor)]
    foot = _u(rng, 1.5, 3.0)
    return (((arc[0][0] + foot, floor), (arc[0][0], floor)), tuple(arc), ((arc[-1][0], floor), (arc[-1][0] - foot, floor)))


# -- ladder, spikes, blades, web, spring ---------------------------------------------------
def ladder_slanted(rng: np.random.Generator) -> Form:
    """Rungs slanting, overhanging the rails, rails running past the last rung."""
    gap = _u(rng, 4.0, 7.5)
    left = 7.5 - gap / 2 + _u(rng, -1, 1)
    right = left + gap
    top, bottom = _u(rng, 0.3, 1.5), 15 - _u(rng, 0.3, 1.5)
    rungs = int(rng.integers(3, 8))
    tilt = _u(rng, -1.2, 1.2)
    strokes: list[Stroke] = [((left, top), (left + _u(rng, -0.8, 0.8), bottom)),
                             ((right, top), (right + _u(rng, -0.8, 0.8), bottom))]
    for k in range(rungs):
        y = top + 1 + (bottom - top - 2) * (k + 0.5) / rungs
        over = _u(rng, 0.3, 1.5)
        strokes.append(((left - over, y - tilt / 2), (right + over, y + tilt / 2)))
    return tuple(strokes)


def spikes_tall(rng: np.random.Generator) -> Form:
    """Few tall teeth, sharp or rounded, standing on a floor line."""
    teeth = int(rng.integers(2, 5))
    left, right = _u(rng, 0.5, 2.0), 15 - _u(rng, 0.5, 2.0)
    base, tip = 15 - _u(rng, 0.8, 2.0), _u(rng, 1.0, 4.0)
    width = (right - left) / teeth
    points: list[Point] = [(left, base)]
    for tooth in range(teeth):
        points += [(left + width * (tooth + 0.35), tip + _u(rng, -0.5, 1.5)), (left + width * (tooth + 0.65), tip + _u(rng, -0.5, 1.5)),
                   (left + width * (tooth + 1), base)] if rng.random() < 0.3 else \
                  [(left + width * (tooth + 0.5), tip + _u(rng, -0.5, 1.5)), (left + width * (tooth + 1), base)]
    return (tuple(points), ((left - 0.5, base), (right + 0.5, base)))


def blades_double(rng: np.random.Generator) -> Form:
    """Each blade of the X drawn twice, side by side (a thick X), or with a tick at each end."""
    a, b = _u(rng, 1.0, 3.5), 15 - _u(rng, 1.0, 3.5)
    gap = _u(rng, 0.6, 1.4)
    strokes: list[Stroke] = [((a, a), (b, b)), ((b, a), (a, b))]
    if rng.random() < 0.5:
        strokes += [((a + gap, a), (b, b - gap)), ((b - gap, a), (a, b - gap))]
    else:
        t = _u(rng, 1.0, 2.0)
        strokes += [((a - t / 2, a + t / 2), (a + t / 2, a - t / 2)), ((b - t / 2, b + t / 2), (b + t / 2, b - t / 2)),
                    ((b - t / 2, a - t / 2), (b + t / 2, a + t / 2)), ((a - t / 2, b - t / 2), (a + t / 2, b + t / 2))]
    return tuple(strokes)


def web_spokes(rng: np.random.Generator) -> Form:
    """Five to eight spokes from near the middle, not all through one point."""
    spokes = int(rng.integers(5, 9))
    strokes: list[Stroke] = []
    cx, cy = 7.5 + _u(rng, -0.8, 0.8), 7.5 + _u(rng, -0.8, 0.8)
    turn = _u(rng, 0, math.pi)
    for k in range(spokes):
        angle = turn + 2 * math.pi * (k + _u(rng, -0.15, 0.15)) / spokes
        reach = _u(rng, 4.0, 6.5)
        start = _u(rng, 0.0, 0.6)
        strokes.append(((cx + start * math.cos(angle), cy + start * math.sin(angle)),
                        (cx + reach * math.cos(angle), cy + reach * math.sin(angle))))
    return tuple(strokes)


def spring_triangle(rng: np.random.Generator) -> Form:
    """The arrow's head a triangle, outlined or filled in, on a shaft from the bar (or from
    two bars, a floor under the bar)."""
    bar, tip = 15 - _u(rng, 1.5, 3.5), _u(rng, 1.5, 4.0)
    x = 7.5 + _u(rng, -0.8, 0.8)
    height, half = _u(rng, 2.5, 4.5), _u(rng, 1.8, 3.5)
    base = tip + height
    head = ((x, tip), (x + half, base), (x - half, base))
    strokes: list[Stroke] = [(*head, head[0])]
    if rng.random() < 0.35:  # filled in: the triangle, not the box round it (a T, read as web or rock)
        strokes += list(hatch_inside(head, _u(rng, 0.4, 0.7), 0.0))
    strokes.append(((x + _u(rng, -0.3, 0.3), base), (x + _u(rng, -0.5, 0.5), bar)))
    half_bar = _u(rng, 2.5, 5.5)
    strokes.append(((x - half_bar, bar), (x + half_bar, bar)))
    if rng.random() < 0.25:
        strokes.append(((x - half_bar - 0.5, bar + 1.2), (x + half_bar + 0.5, bar + 1.2)))
    return tuple(strokes)


# -- teleporter, chest, heart, gem, question -----------------------------------------------
def ring_open(rng: np.random.Generator) -> Form:
    """A ring left a little open, or drawn round twice."""
    r = _u(rng, 3.5, 6.5)
    if rng.random() < 0.5:
        return (ellipse(rng, r, gap=_u(rng, 0.3, 0.9)),)
    return (ellipse(rng, r), ellipse(rng, r * _u(rng, 0.88, 1.0)))


def chest_straps(rng: np.random.Generator) -> Form:
    """A box with a lid line and two straps (or a handle on the lid)."""
    left, right = _u(rng, 1.0, 3.5), 15 - _u(rng, 1.0, 3.5)
    top, bottom = _u(rng, 2.0, 5.0), 15 - _u(rng, 1.0, 3.0)
    lid = top + (bottom - top) * _u(rng, 0.25, 0.45)
    strokes: list[Stroke] = [((left, top), (right, top), (right, bottom), (left, bottom), (left, top)), ((left, lid), (right, lid))]
    if rng.random() < 0.5:
        for x in (left + (right - left) * 0.3, left + (right - left) * 0.7):
            strokes.append(((x, top), (x, bottom)))
    else:
        strokes.append(((6.5, top), (6.5, top - 1.2), (8.5, top - 1.2), (8.5, top)))
    return tuple(strokes)


def heart_round(rng: np.random.Generator) -> Form:
    """A heart with big round lobes and a short point, or a tall narrow one, drawn in one go."""
    w, h = _u(rng, 4.5, 6.8), _u(rng, 6.0, 11.5)
    top = 7.5 - h / 2
    lobe = _u(rng, 0.3, 0.5)
    pts = ((7.5, top + h * 0.2), (7.5 + w * 0.3, top), (7.5 + w, top + h * 0.05), (7.5 + w * 1.05, top + h * lobe),
           (7.5, top + h), (7.5 - w * 1.05, top + h * lobe), (7.5 - w, top + h * 0.05), (7.5 - w * 0.3, top), (7.5, top + h * 0.2))
    return (spline(pts, 6),)


def gem_faceted(rng: np.random.Generator) -> Form:
    """A diamond with facet lines: across its middle and from the middle to the tips."""
    w, h = _u(rng, 4.0, 6.5), _u(rng, 4.5, 6.8)
    middle = 7.5 + _u(rng, -1.5, 0.5)
    outline = ((7.5, 7.5 - h), (7.5 + w, middle), (7.5, 7.5 + h), (7.5 - w, middle), (7.5, 7.5 - h))
    strokes: list[Stroke] = [outline, ((7.5 - w, middle), (7.5 + w, middle))]
    if rng.random() < 0.6:
        strokes.append(((7.5, 7.5 - h), (7.5, 7.5 + h)))
    else:
        strokes += [((7.5 - w / 2, middle), (7.5, 7.5 + h)), ((7.5 + w / 2, middle), (7.5, 7.5 + h))]
    return tuple(strokes)


def question_plain(rng: np.random.Generator) -> Form:
    """A question mark with a rounder hook, its dot a dash or a blob."""
    s = _u(rng, 0.7, 1.1)
    hook = spline(((4.2, 5.0), (5.0, 2.5), (7.5, 1.8), (10.5, 3.0), (10.5, 5.5), (7.8, 7.2), (7.5, 10.2)), 6)
    hook = tuple((7.5 + (x - 7.5) * s, 7.5 + (y - 7.5) * s) for x, y in hook)
    cy = 7.5 + 4.9 * s
    dot = ((7.3, cy), (7.7, cy + 0.6)) if rng.random() < 0.5 else circle(7.5, cy, _u(rng, 0.6, 1.0), 8)
    return (hook, dot)


# -- the second held-out set: forms never drawn for training -------------------------------
def rock_bricks(rng: np.random.Generator) -> Form:
    """A wall of bricks (held out, second set)."""
    strokes: list[Stroke] = []
    rows = int(rng.integers(3, 6))
    height = 13.0 / rows
    for k in range(rows + 1):
        strokes.append(((1.0, 1.0 + k * height), (14.0, 1.0 + k * height)))
    for k in range(rows):
        for x in (np.arange(1.0 + (k % 2) * 2.2, 14.0, 4.4)):
            strokes.append(((float(x), 1.0 + k * height), (float(x), 1.0 + (k + 1) * height)))
    return tuple(strokes)


def ladder_leaning(rng: np.random.Generator) -> Form:
    """A ladder narrowing upwards, like a step ladder (held out, second set)."""
    top_gap, bottom_gap = _u(rng, 2.5, 3.5), _u(rng, 7.0, 9.0)
    strokes: list[Stroke] = [((7.5 - top_gap / 2, 1.5), (7.5 - bottom_gap / 2, 13.5)), ((7.5 + top_gap / 2, 1.5), (7.5 + bottom_gap / 2, 13.5))]
    for k in range(1, 5):
        t = k / 5
        gap = top_gap + (bottom_gap - top_gap) * t
        strokes.append(((7.5 - gap / 2, 1.5 + 12 * t), (7.5 + gap / 2, 1.5 + 12 * t)))
    return tuple(strokes)


def spikes_ceiling(rng: np.random.Generator) -> Form:
    """Teeth hanging from the ceiling (held out, second set)."""
    teeth = int(rng.integers(3, 6))
    width = 12.0 / teeth
    base = _u(rng, 1.5, 2.5)
    points: list[Point] = [(1.5, base)]
    for tooth in range(teeth):
        points += [(1.5 + width * (tooth + 0.5), base + _u(rng, 5, 8)), (1.5 + width * (tooth + 1), base)]
    return (((1.0, base), (14.0, base)), tuple(points))


def blades_ticked(rng: np.random.Generator) -> Form:
    """A plus turned a little with an arrow tip on each arm (held out, second set)."""
    strokes: list[Stroke] = []
    turn = _u(rng, 0.2, 0.5)
    for k in range(2):
        a = turn + k * math.pi / 2
        dx, dy = 5.5 * math.cos(a), 5.5 * math.sin(a)
        strokes.append(((7.5 - dx, 7.5 - dy), (7.5 + dx, 7.5 + dy)))
    for k in range(4):
        a = turn + k * math.pi / 2
        tip = (7.5 + 5.5 * math.cos(a), 7.5 + 5.5 * math.sin(a))
        strokes.append((tip, (tip[0] + 2 * math.cos(a + 2.5), tip[1] + 2 * math.sin(a + 2.5))))
    return tuple(strokes)


def web_dot(rng: np.random.Generator) -> Form:
    """A star of spokes round a filled dot, the spider (held out, second set)."""
    strokes: list[Stroke] = []
    for k in range(4):
        a = math.pi * k / 4 + 0.2
        strokes.append(((7.5 - 6 * math.cos(a), 7.5 - 6 * math.sin(a)), (7.5 + 6 * math.cos(a), 7.5 + 6 * math.sin(a))))
    return tuple(strokes) + tuple(circle(7.5, 7.5, r, 10) for r in (0.6, 1.1, 1.6))


def spring_trampoline(rng: np.random.Generator) -> Form:
    """A trampoline: a bar on two legs, an arrow up above it, its head a curved cap (held
    out, second set)."""
    bar, floor = _u(rng, 9.5, 11.0), _u(rng, 12.8, 13.8)
    tip = _u(rng, 2.0, 3.5)
    strokes: list[Stroke] = [((2.5, bar), (12.5, bar)), ((3.5, bar), (3.0, floor)), ((11.5, bar), (12.0, floor)),
                             ((7.5, bar - 1.0), (7.5, tip)),
                             spline(((4.8, tip + 3.0), (6.2, tip + 0.8), (7.5, tip), (8.8, tip + 0.8), (10.2, tip + 3.0)), 4)]
    return tuple(strokes)


def ring_swirl(rng: np.random.Generator) -> Form:
    """A ring drawn as a swirl of two turns closing in (held out, second set)."""
    points = []
    for k in range(80):
        t = k / 40
        r = 6.0 - 1.6 * t
        points.append((7.5 + r * math.cos(2 * math.pi * t), 7.5 + r * math.sin(2 * math.pi * t)))
    return (tuple(points),)


def chest_trapezoid(rng: np.random.Generator) -> Form:
    """A chest drawn in perspective: a box with a slanting top face (held out, second set)."""
    return (((2.5, 6.0), (10.5, 6.0), (10.5, 13.0), (2.5, 13.0), (2.5, 6.0)),
            ((2.5, 6.0), (4.5, 3.0), (12.5, 3.0), (10.5, 6.0)), ((12.5, 3.0), (12.5, 10.0), (10.5, 13.0)))


def heart_filled(rng: np.random.Generator) -> Form:
    """A heart filled in solid (held out, second set)."""
    outline = FORMS[Tile.HEART][0]  # the alphabet's heart
    fill = tuple(tuple((7.5 + (x - 7.5) * f, 7.5 + (y - 7.5) * f) for x, y in outline) for f in (0.8, 0.6, 0.4, 0.2))
    return (outline,) + fill


def gem_hexagon(rng: np.random.Generator) -> Form:
    """A gem as a hexagon with a star of facets (held out, second set)."""
    corners = [(7.5 + 5.5 * math.cos(math.pi / 3 * k), 7.5 + 5.5 * math.sin(math.pi / 3 * k)) for k in range(7)]
    return (tuple(corners), (corners[0], corners[3]), (corners[1], corners[4]), (corners[2], corners[5]))


def door_two_strokes(rng: np.random.Generator) -> Form:
    """α as a c and a ) crossing it, two strokes (held out, second set)."""
    c = tuple((6.5 + 3.5 * math.cos(a), 7.5 + 3.2 * math.sin(a)) for a in np.linspace(0.5, 2 * math.pi - 0.5, 20))
    return (c, ((9.0, 3.5), (10.8, 7.5), (9.0, 11.5)))


def exit_square(rng: np.random.Generator) -> Form:
    """Ω with square shoulders (held out, second set)."""
    return (((2.5, 12.0), (5.0, 12.0), (3.5, 9.0), (3.5, 3.5), (11.5, 3.5), (11.5, 9.0), (10.0, 12.0), (12.5, 12.0)),)


def question_angular(rng: np.random.Generator) -> Form:
    """A question mark with a square hook, like a 7 on a stem (held out, second set)."""
    return (((4.5, 4.5), (4.5, 2.5), (10.5, 2.5), (10.5, 6.0), (7.5, 7.5), (7.5, 10.0)), circle(7.5, 12.5, 0.7, 8))
