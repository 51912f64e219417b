"""One synthetic sheet from a seed: a size, a map, a style, the drawn page and its photo.
The training script, the test-set script and the tests all make sheets this way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from printkit.scan.layout import SheetCode
from printkit.scan.synth.page import DrawnPage, draw_level, random_rows
from printkit.scan.synth.photo import Photo, photograph
from printkit.scan.synth.styles import Style

SIZES = ((12, 18, False), (18, 12, True), (12, 18, False), (10, 14, False), (16, 10, True), (8, 8, False))


@dataclass(frozen=True)
class SyntheticSheet:
    seed: int
    style: Style
    page: DrawnPage
    photo: Photo

    @property
    def rows(self) -> tuple[str, ...]:
        return self.page.rows


def make_sheet(seed: int, styles: tuple[Style, ...], *, training: bool = False, rows: tuple[str, ...] | None = None,
               code: SheetCode | None = None, px_per_mm: float = 10.0, printed: np.ndarray | None = None,
               printed_for: Callable[[SheetCode], np.ndarray] | None = None, **photo_options: object) -> SyntheticSheet:
    """A sheet from `seed`: its size (unless `code`), style, map (unless `rows`), the drawn
    page on `printed` or `printed_for(code)` (else the sheet as synth.page rasterises it),
    and its photo."""
    rng = np.random.default_rng(seed)
    if code is None:
        columns, height, landscape = SIZES[int(rng.integers(len(SIZES)))]
        code = SheetCode(columns, height, landscape)
    style = styles[int(rng.integers(len(styles)))]
    if printed_for is not None:
        printed = printed_for(code)
    rows = rows or random_rows(code, rng, training)
    # the drawing and the photo each from their own generator: a form drawn otherwise leaves
    # the camera where it was (the tests aim photos by their seed)
    page = draw_level(code, rows, style, np.random.default_rng((seed, 1)), px_per_mm, printed)
    photo = photograph(page.image, px_per_mm, np.random.default_rng((seed, 2)), **photo_options)  # type: ignore[arg-type]
    return SyntheticSheet(seed, style, page, photo)
