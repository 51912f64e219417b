"""glare.clipped_fields: the fields a glare burned to white, told from paper merely bright."""

from __future__ import annotations

import numpy as np

from printkit.scan.glare import BRIGHT_PAPER, CLIPPED, CLIPPED_SHARE, clipped_fields

MARGIN, FIELD, INSET = 10, 40, 4


def flat_grid(paper: float, rows: int = 3, columns: int = 4) -> np.ndarray:
    return np.full((2 * MARGIN + rows * FIELD, 2 * MARGIN + columns * FIELD), paper, np.float32)


def burn(flat: np.ndarray, row: int, column: int, share: float) -> None:
    """White over the top `share` of one field's inside."""
    top, left = MARGIN + row * FIELD + INSET, MARGIN + column * FIELD + INSET
    inside = FIELD - 2 * INSET
    flat[top:top + int(round(share * inside)), left:left + inside] = 255.0


def test_a_field_clipped_over_a_quarter_of_its_inside_is_washed_out_and_no_other():
    flat = flat_grid(190.0)
    burn(flat, 1, 2, 0.5)
    burn(flat, 0, 0, CLIPPED_SHARE - 0.1)  # a little white: a highlight, not enough to lose a drawing
    burn(flat, 2, 3, CLIPPED_SHARE + 0.05)
    found = clipped_fields(flat, 3, 4, MARGIN, FIELD, INSET)
    assert found.shape == (3, 4)
    assert {tuple(map(int, at)) for at in np.argwhere(found)} == {(1, 2), (2, 3)}


def test_white_on_the_frame_alone_is_not_counted():
    """The inside starts INSET px in: a glare's edge along the frame line is not the field's."""
    flat = flat_grid(190.0)
    flat[MARGIN + FIELD:MARGIN + FIELD + INSET, :] = 255.0
    assert not clipped_fields(flat, 3, 4, MARGIN, FIELD, INSET).any()


def test_paper_exposed_near_clipping_says_nothing_of_a_glare():
    """A photo whose paper is white over a tenth of the grid or more (the camera exposing for a
    grey table, say) shows no glare by its light: none."""
    assert CLIPPED > BRIGHT_PAPER
    flat = flat_grid(252.0)
    flat[MARGIN:MARGIN + 20, MARGIN:MARGIN + 20] = 30.0  # some ink
    assert not clipped_fields(flat, 3, 4, MARGIN, FIELD, INSET).any()
    dimmer = flat_grid(BRIGHT_PAPER - 5)
    burn(dimmer, 0, 1, 1.0)
    assert clipped_fields(dimmer, 3, 4, MARGIN, FIELD, INSET).sum() == 1
    for column in range(4):  # white over a third of the grid: exposure, not a glare
        burn(dimmer, 1, column, 1.0)
    assert not clipped_fields(dimmer, 3, 4, MARGIN, FIELD, INSET).any()


def test_a_clipped_field_is_washed_out_only_with_a_piece_of_its_frame_faded():
    """fields.washed_out: clipped white and a frame piece faded (a glare's core) is washed out;
    clipped white with the whole frame showing (paper lit beside a shadow) is not; two pieces
    faded are washed out as before, clipped or not."""
    from printkit.scan.fields import FlatGrid, washed_out
    from printkit.scan.layout import SheetCode

    code = SheetCode(3, 1, False)
    photo = np.full((300, 400), 200, np.uint8)  # no contrast: not blurred, nothing discounted
    grid = FlatGrid(np.zeros((10, 10), np.float32), code, 0.5, 0.3, 200.0, np.zeros((4, 1)), np.zeros((2, 3)), 10.0,
                    faded=np.array([[1, 0, 2]], np.int8), clipped=np.array([[True, True, False]]))
    assert washed_out(grid, photo).tolist() == [True, False, True]
    unclipped = FlatGrid(**{**grid.__dict__, "clipped": np.zeros((1, 3), bool)})
    assert washed_out(unclipped, photo).tolist() == [False, False, True]
