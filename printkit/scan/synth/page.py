"""A printed design sheet with a level drawn on it, as an image of the page (R px a mm):
the squared paper, fields, coordinates and scan markers as `printkit paper` prints them,
then every field's tile drawn by hand in one style, with a name scribbled in the header
and the odd smudge."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from printkit.scan.alphabet import FORMS
from printkit.scan.layout import MARKER_GAP, SheetCode, marker_cells
from printkit.scan.synth import ink
from printkit.scan.synth.forms import variants
from printkit.scan.synth.styles import Style
from printkit.sinpin.rules import FIELD_MM, SQUARE_MM
from printkit.sinpin.tiles import TILE_BY_CHAR, Tile, column_name

PRINT_GREY = 140  # the squared paper's #8c8c8c


@dataclass(frozen=True)
class DrawnPage:
    image: np.ndarray  # RGB uint8, the page at px_per_mm
    px_per_mm: float
    code: SheetCode
    rows: tuple[str, ...]  # what was drawn
    variants: tuple[tuple[str, ...], ...]  # the variant drawn in each field


def printed_sheet(code: SheetCode, px_per_mm: float, toner: int = 0) -> np.ndarray:
    """The blank sheet as printed (grey level image): squares, fields, markers, labels."""
    width, height = code.page
    r = px_per_mm
    image = np.full((int(round(height * r)), int(round(width * r))), 255, np.uint8)
    left, top = code.grid_origin
    grid_w, grid_h = code.grid_size
    fine = max(1, int(round(0.15 * r)))
    x = left - SQUARE_MM * int((left - 5) // SQUARE_MM)
    while x <= width - 5:
        cv2.line(image, (int(x * r), int(5 * r)), (int(x * r), int((height - 5) * r)), PRINT_GREY, fine)
        x += SQUARE_MM
    y = top - SQUARE_MM * int((top - 5) // SQUARE_MM)
    while y <= height - 5:
        cv2.line(image, (int(5 * r), int(y * r)), (int((width - 5) * r), int(y * r)), PRINT_GREY, fine)
        y += SQUARE_MM
    black = toner
    side, quiet = code.marker_mm, code.quiet_mm
    for mx, my in code.marker_squares():
        cv2.rectangle(image, (int((mx - quiet) * r), int((my - quiet) * r)),
                      (int((mx + side + quiet) * r), int((my + side + quiet) * r)), 255, -1)
    line = max(1, int(round(0.45 * r)))
    for column in range(1, code.columns):
        xx = int(round((left + column * FIELD_MM) * r))
        cv2.line(image, (xx, int(top * r)), (xx, int((top + grid_h) * r)), black, line)
    for row in range(1, code.rows):
        yy = int(round((top + row * FIELD_MM) * r))
        cv2.line(image, (int(left * r), yy), (int((left + grid_w) * r), yy), black, line)
    cv2.rectangle(image, (int(left * r), int(top * r)), (int((left + grid_w) * r), int((top + grid_h) * r)), black,
                  max(1, int(round(0.9 * r))))
    cell = side / 6
    for marker_id, (mx, my) in zip(code.marker_ids(), code.marker_squares()):
        for row, cells in enumerate(marker_cells(marker_id)):
            for column, dark in enumerate(cells):
                if dark:
                    cv2.rectangle(image, (int(round((mx + column * cell) * r)), int(round((my + row * cell) * r))),
                                  (int(round((mx + (column + 1) * cell) * r)) - 1, int(round((my + (row + 1) * cell) * r)) - 1),
                                  black, -1)
    scale = 3.0 * r / 30.0
    for column in range(code.columns):
        cv2.putText(image, column_name(column), (int((left + (column + 0.5) * FIELD_MM - 1) * r), int((top - 1.3) * r)),
                    cv2.FONT_HERSHEY_SIMPLEX, scale, black, max(1, int(r / 5)), cv2.LINE_AA)
    for row in range(code.rows):
        baseline = int((top + (row + 0.5) * FIELD_MM + 1.1) * r)
        for xx in (left - 4.5, left + grid_w + 1.6):
            cv2.putText(image, str(row + 1), (int(xx * r), baseline), cv2.FONT_HERSHEY_SIMPLEX, scale, black,
                        max(1, int(r / 5)), cv2.LINE_AA)
    cv2.putText(image, "Level", (int(left * r), int((top - 5.5) * r)), cv2.FONT_HERSHEY_SIMPLEX, scale * 1.4, black,
                max(1, int(r / 4)), cv2.LINE_AA)
    # the legend below the map: the alphabet's forms, small; below the markers when it is
    # wider than the map (as `printkit paper` places it)
    legend_left = left if grid_w >= 14 * 12.5 else (width - 14 * 12.5) / 2
    legend_top = top + grid_h + (1.5 if legend_left >= left else MARKER_GAP + side + quiet + 1.0)
    for index, tile in enumerate(Tile):
        fx = legend_left + index * 12.5
        fy = legend_top
        if fx + 6 > width - 5 or fy + 6 > height - 5:
            break
        cv2.rectangle(image, (int(fx * r), int(fy * r)), (int((fx + 6) * r), int((fy + 6) * r)), black, 1)
        for stroke in FORMS[tile]:
            pts = (np.asarray(stroke) * 6 / FIELD_MM + (fx, fy)) * r
            cv2.polylines(image, [np.round(pts).astype(np.int32).reshape(-1, 1, 2)], False, black, 1, cv2.LINE_AA)
    return image


def draw_level(code: SheetCode, rows: tuple[str, ...], style: Style, rng: np.random.Generator,
               px_per_mm: float = 10.0, printed: np.ndarray | None = None) -> DrawnPage:
    """The sheet with `rows` drawn on it in `style` (one pen for the whole sheet); on
    `printed` (a grey page image at px_per_mm, such as `printkit paper`'s page 1 rendered
    by pdftoppm), else on the sheet as `printed_sheet` draws it."""
    if printed is None:
        printed = printed_sheet(code, px_per_mm, toner=int(rng.integers(0, 60)))
    mask = np.zeros(printed.shape, np.uint8)
    width_mm = rng.uniform(*style.width)
    left, top = code.grid_origin
    drawn: list[tuple[str, ...]] = []
    # each field drawn from its own generator (the sheet's seed and the field's place): a form
    # drawn differently changes only its own fields, not every field drawn after it
    fields_seed = int(rng.integers(2**62))
    for y, row in enumerate(rows):
        names = []
        for x, char in enumerate(row):
            field_rng = np.random.default_rng((fields_seed, y, x))
            tile = TILE_BY_CHAR[char]
            choices = variants(tile, style.held_out)
            if style.held_out and len(choices) > 1 and field_rng.random() < 0.4:
                variant = [v for v in choices if v.held_out][0]
            else:
                variant = choices[int(field_rng.integers(len([v for v in choices if not v.held_out])))]
            names.append(variant.name)
            origin = ((left + x * FIELD_MM) * px_per_mm, (top + y * FIELD_MM) * px_per_mm)
            strokes = ink.place(variant.make(field_rng), field_rng, style)
            ink.draw(mask, strokes, origin, px_per_mm, width_mm * field_rng.uniform(0.9, 1.1), style, field_rng)
            if field_rng.random() < style.smudges:
                _stray(mask, origin, px_per_mm, field_rng)
        drawn.append(tuple(names))
    _scribble_name(mask, code, px_per_mm, width_mm, rng)
    cover = ink.texture(mask, style, rng) * rng.uniform(*style.darkness)
    colour = np.asarray(style.colours[int(rng.integers(len(style.colours)))], np.float32)
    page = np.repeat(printed[:, :, None].astype(np.float32) / 255.0, 3, axis=2)
    page *= 1.0 - cover[:, :, None] * (1.0 - colour[None, None, :])
    image = np.clip(page * 255.0 + 0.5, 0, 255).astype(np.uint8)
    return DrawnPage(image, px_per_mm, code, rows, tuple(drawn))


def rendered_pdf_page(path: str, px_per_mm: float) -> np.ndarray:
    """Page 1 of a PDF as a grey image at px_per_mm, by poppler's pdftoppm (which must be
    installed: the tests that print a real sheet need it)."""
    import subprocess
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["pdftoppm", "-r", f"{px_per_mm * 25.4:.3f}", "-gray", "-png", "-f", "1", "-l", "1", path,
                        str(Path(folder) / "page")], check=True, capture_output=True)
        return cv2.imread(str(next(Path(folder).glob("page*.png"))), cv2.IMREAD_GRAYSCALE)


def _stray(mask: np.ndarray, origin: tuple[float, float], r: float, rng: np.random.Generator) -> None:
    """A stray mark: a short stroke, a dot, or a smudge of graphite (never bigger than a
    slip of the pen: a field holds one tile)."""
    cx, cy = origin[0] + rng.uniform(0, FIELD_MM) * r, origin[1] + rng.uniform(0, FIELD_MM) * r
    kind = rng.integers(3)
    if kind == 0:
        end = (int(cx + rng.normal(0, 2) * r), int(cy + rng.normal(0, 2) * r))
        cv2.line(mask, (int(cx), int(cy)), end, int(rng.integers(120, 255)), max(1, int(0.3 * r)), cv2.LINE_AA)
    elif kind == 1:
        cv2.circle(mask, (int(cx), int(cy)), max(1, int(rng.uniform(0.2, 0.5) * r)), 255, -1, cv2.LINE_AA)
    else:
        blob = np.zeros_like(mask)
        cv2.ellipse(blob, (int(cx), int(cy)), (int(rng.uniform(1, 3) * r), int(rng.uniform(0.5, 1.5) * r)),
                    float(rng.uniform(0, 180)), 0, 360, int(rng.integers(30, 80)), -1)
        blob = cv2.GaussianBlur(blob, (0, 0), r)
        np.maximum(mask, blob, out=mask)


def _scribble_name(mask: np.ndarray, code: SheetCode, r: float, width_mm: float, rng: np.random.Generator) -> None:
    """Handwriting-like loops on the header's name line."""
    left, top = code.grid_origin
    x = left + 18.0
    y = max(6.0, top - 7.5)
    points = []
    for k in range(int(rng.integers(20, 60))):
        points.append(((x + k * 0.9) * r, (y + 1.5 * np.sin(k * 1.7 + rng.normal(0, 0.4))) * r))
    pts = np.round(np.asarray(points) * (1 << ink.SHIFT)).astype(np.int32)
    cv2.polylines(mask, [pts.reshape(-1, 1, 2)], False, 255, max(1, int(width_mm * r)), cv2.LINE_AA, ink.SHIFT)


def random_rows(code: SheetCode, rng: np.random.Generator, training: bool = False) -> tuple[str, ...]:
    """A map to draw: rock walls and ledges, open cave, every other tile sprinkled in, one α
    and one Ω (the reader is tested on every tile, not on winnable levels); for training,
    doors and exits are sprinkled like the rest, so the classifier sees enough of them."""
    others = [tile.char for tile in Tile if tile not in (Tile.ROCK, Tile.OPEN, Tile.DOOR, Tile.EXIT)]
    if training:
        others += ["A", "Z"]
    weights = rng.dirichlet(np.ones(3) * 4)  # rock, open, other: each sheet its own mix
    rows = []
    for y in range(code.rows):
        row = []
        for x in range(code.columns):
            kind = rng.choice(3, p=weights)
            row.append("#" if kind == 0 else "." if kind == 1 else others[int(rng.integers(len(others)))])
        rows.append(row)
    if rng.random() < 0.6:  # a rock border, as most levels have
        for y in range(code.rows):
            rows[y][0] = rows[y][-1] = "#"
        rows[0] = ["#"] * code.columns
        rows[-1] = ["#"] * code.columns
    if training:
        return tuple("".join(row) for row in rows)
    cells = [(x, y) for y in range(code.rows) for x in range(code.columns)]
    picks = rng.choice(len(cells), size=min(2, len(cells)), replace=False)
    for pick, char in zip(picks, "AZ"):
        x, y = cells[int(pick)]
        rows[y][x] = char
    return tuple("".join(row) for row in rows)
