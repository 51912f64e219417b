"""Print furniture the printed pages share: squared paper, the calibration bar, crop marks,
hatching and wrapped text. Each function returns a Group of primitives (possibly empty)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from printkit.draw import fonts
from printkit.draw.geometry import Command, Point, rotate
from printkit.draw.primitives import Group, Path, Polygon, Rect, Style, Text

GRID_STYLE = Style(stroke="#8c8c8c", width=0.15)
CROP_STYLE = Style(stroke="#000000", width=0.25)
HATCH_STYLE = Style(stroke="#000000", width=0.2)
_EPSILON = 1e-9


def _path(commands: list[Command], style: Style) -> Group:
    return Group((Path(tuple(commands), style),) if commands else ())


def squared_paper(x: float, y: float, w: float, h: float, pitch: float = 5.0, style: Style = GRID_STYLE, *, centre: bool = True) -> Group:
    """Whole squares of side `pitch` filling the area (x, y, w, h), as one path.

    With `centre` the grid sits in the middle of the area, otherwise at its top-left corner.
    """
    if not pitch > 0:
        raise ValueError(f"the grid pitch must be positive, not {pitch}")
    columns = math.floor(w / pitch + _EPSILON)
    rows = math.floor(h / pitch + _EPSILON)
    if columns < 1 or rows < 1:
        return Group(())
    if centre:
        x += (w - columns * pitch) / 2
        y += (h - rows * pitch) / 2
    # each position from its index, not by repeated addition, so the pitch stays exact
    right, bottom = x + columns * pitch, y + rows * pitch
    commands: list[Command] = []
    for column in range(columns + 1):
        commands += [("M", x + column * pitch, y), ("L", x + column * pitch, bottom)]
    for row in range(rows + 1):
        commands += [("M", x, y + row * pitch), ("L", right, y + row * pitch)]
    return _path(commands, style)


CALIBRATION_LABEL_GAP = 0.3  # between the longest ticks and the label's capitals


def calibration_height(label_size: float = fonts.SMALLEST_PRINTED) -> float:
    """How tall calibration_bar is: bar and ticks 4 mm, the gap, the label with descenders."""
    return 4.0 + CALIBRATION_LABEL_GAP + fonts.ascent(label_size) + 0.24 * label_size


def calibration_bar(x: float, y: float, length: float = 50.0, *, label_size: float = fonts.SMALLEST_PRINTED) -> Group:
    """A bar `length` mm long with (x, y) its top-left corner: 10 mm blocks, mm ticks below,
    and the words that tell the user to print at actual size (8 pt: a family reads them),
    calibration_height() tall."""
    height = 2.0
    items: list[Rect | Path | Text] = []
    for start in range(0, math.ceil(length - _EPSILON), 20):
        items.append(Rect(x + start, y, min(10.0, length - start), height, Style(stroke=None, fill="#000000")))
    items.append(Rect(x, y, length, height, Style(width=0.15)))
    ticks: list[Command] = []
    for millimetre in range(math.floor(length + _EPSILON) + 1):
        tall = 2.0 if millimetre % 10 == 0 else 1.5 if millimetre % 5 == 0 else 1.0
        ticks += [("M", x + millimetre, y + height), ("L", x + millimetre, y + height + tall)]
    items.append(Path(tuple(ticks), Style(width=0.1)))
    label = f"{length:g} mm — print at 100 % / actual size"
    items.append(Text(x, y + height + 2.0 + CALIBRATION_LABEL_GAP + fonts.ascent(label_size), label, label_size))
    return Group(tuple(items))


RectLike = Rect | tuple[float, float, float, float]


def _box(rect: RectLike) -> tuple[float, float, float, float]:
    return (rect.x, rect.y, rect.w, rect.h) if isinstance(rect, Rect) else tuple(map(float, rect))


def _free_pieces(start: float, end: float, blocked: list[tuple[float, float]], shortest: float) -> list[tuple[float, float]]:
    """What is left of [start, end] after removing the open intervals in `blocked`."""
    pieces = [(start, end)]
    for low, high in blocked:
        pieces = [part for a, b in pieces for part in ((a, min(b, low)), (max(a, high), b)) if part[1] > part[0]]
    return [(a, b) for a, b in pieces if b - a >= shortest]


def crop_marks(rects: Iterable[RectLike], length: float | tuple[float, float] = 5.0, offset: float = 2.0,
               style: Style = CROP_STYLE) -> Group:
    """Cut marks continuing the edges of `rects` outwards, starting `offset` mm from the corner.

    `length` is one length for every mark, or (marks continuing the horizontal edges, left
    and right; marks continuing the vertical ones, up and down), 0 for none of them.
    Marks keep `offset` mm clear of every rectangle, so on a sheet of touching or closely set
    cards only the marks outside the block remain and none prints on a card; marks shared by
    neighbours are drawn once.
    """
    if offset < style.width / 2:
        raise ValueError(f"offset {offset} mm lets a {style.width} mm mark touch the cards")
    across, down = (length, length) if isinstance(length, (int, float)) else length
    boxes = [_box(rect) for rect in rects]
    segments: set[tuple[float, float, float, float]] = set()
    for bx, by, bw, bh in boxes:
        for line_y in (by, by + bh) if across > 0 else ():
            blocked = [(x - offset, x + w + offset) for x, y, w, h in boxes if y - offset < line_y < y + h + offset]
            for start, end in ((bx - offset - across, bx - offset), (bx + bw + offset, bx + bw + offset + across)):
                segments.update((a, line_y, b, line_y) for a, b in _free_pieces(start, end, blocked, min(1.0, across)))
        for line_x in (bx, bx + bw) if down > 0 else ():
            blocked = [(y - offset, y + h + offset) for x, y, w, h in boxes if x - offset < line_x < x + w + offset]
            for start, end in ((by - offset - down, by - offset), (by + bh + offset, by + bh + offset + down)):
                segments.update((line_x, a, line_x, b) for a, b in _free_pieces(start, end, blocked, min(1.0, down)))
    commands: list[Command] = []
    for x1, y1, x2, y2 in sorted(segments):
        commands += [("M", x1, y1), ("L", x2, y2)]
    return _path(commands, style)


def hatch(shape: Rect | Polygon | Sequence[Point], spacing: float = 2.0, angle: float = 45.0, style: Style = HATCH_STYLE) -> Group:
    """Parallel lines `spacing` mm apart at `angle` degrees filling `shape` (concave shapes too).

    The lines are anchored to the page origin, so neighbouring hatched areas line up. The
    outline itself is not drawn.
    """
    if not spacing > 0:
        raise ValueError(f"hatch spacing must be positive, not {spacing}")
    if isinstance(shape, Rect):
        points = [(shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h)]
    else:
        points = list(shape.points if isinstance(shape, Polygon) else shape)
    # turn the shape so the hatch lines run along x, cut it with horizontal scan lines, turn back
    to_flat, back = rotate(-angle), rotate(angle)
    flat = [to_flat.apply(px, py) for px, py in points]
    edges = list(zip(flat, flat[1:] + flat[:1]))
    ys = [py for _, py in flat]
    commands: list[Command] = []
    for k in range(math.ceil(min(ys) / spacing), math.floor(max(ys) / spacing) + 1):
        scan = k * spacing
        # half-open edges, so a scan line through a vertex counts it once
        crossings = sorted(
            ax + (scan - ay) * (bx - ax) / (by - ay)
            for (ax, ay), (bx, by) in edges
            if (ay <= scan < by) or (by <= scan < ay)
        )
        for left, right in zip(crossings[::2], crossings[1::2]):
            if right - left > _EPSILON:
                commands += [("M", *back.apply(left, scan)), ("L", *back.apply(right, scan))]
    return _path(commands, style)


def paragraph(
    x: float, y: float, width: float, text: str, size: float, *,
    leading: float = 1.25, bold: bool = False, fill: str = "#000000", anchor: str = "start",
) -> Group:
    """`text` wrapped to `width` mm as lines `leading × size` apart; (x, y) anchors the first
    baseline, as for Text. The block is len(fonts.wrap(text, width, size, bold)) lines tall."""
    lines = fonts.wrap(text, width, size, bold)
    return Group(tuple(
        Text(x, y + index * leading * size, line, size, fill=fill, anchor=anchor, bold=bold)
        for index, line in enumerate(lines)
        if line
    ))
