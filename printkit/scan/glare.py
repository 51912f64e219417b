"""A glare seen by its light: the fields whose paper a lamp's or the flash's reflection
burned to white (fields.washed_out counts them washed out when a piece of their printed
frame faded too).

A glare adds light: at its core paper, lines and ink all clip to white. Its frame lines
tell it where the field's frame is bare, but not where a drawing beside a line keeps the
line from counting as faded: a rock field under a glare of 10 mm radius (a sheet at 3.4 px
a mm, tests/test_scan_reading.py) lost one frame piece of four, its fill burned away, and
it read surely open, unlisted. White alone is not enough: paper lit beside a shadow clips
too, its lines and ink dark (7 of the training styles' 200 test photos have 1 to 19 such
fields, none with a faded frame piece)."""

from __future__ import annotations

import numpy as np

# Grey (0..255) a glare's core clips to, through JPEG and the warp's interpolation
CLIPPED = 250.0
# Paper this bright (the grid's 90th percentile grey, as fields.FlatGrid.paper_level): the
# photo is exposed near clipping, and white there says nothing of a glare. A sheet on a grey
# table, the camera exposing for the table, shows its paper at 254 and the ink dark: 39 of 64
# fields were clipped so (tests/test_scan_reading.py, the sheet `printkit paper` prints). A
# glare small enough to list its fields covers far less than a tenth of the grid.
BRIGHT_PAPER = 240.0
# A field this much of whose inside is clipped has lost what was drawn there
CLIPPED_SHARE = 0.25


def clipped_fields(flat: np.ndarray, rows: int, columns: int, margin: int, field: int, inset: int) -> np.ndarray:
    """(rows, columns) bool: the fields of the flat grid (`margin` px round it, fields `field`
    px apart) whose inside (`inset` px in from the frame) a glare clipped to white."""
    grid = flat[margin:margin + rows * field, margin:margin + columns * field]
    if grid.size == 0 or float(np.percentile(grid, 90)) >= BRIGHT_PAPER:
        return np.zeros((rows, columns), bool)
    white = (grid >= CLIPPED).reshape(rows, field, columns, field)[:, inset:field - inset, :, inset:field - inset]
    return white.mean(axis=(1, 3)) >= CLIPPED_SHARE
