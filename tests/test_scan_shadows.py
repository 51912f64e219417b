"""shadows.deep_shadow: where the evened paper lies under half the lit paper, and where under
a third (its dark paper, where rock read is listed: reading.decide)."""

from __future__ import annotations

import numpy as np

from printkit.scan.shadows import DARK_SHADOW, DEEP_SHADOW, deep_shadow

BLOCK = 10


def test_no_paper_that_dark_no_deep_shadow():
    paper = np.full((120, 160), 200.0, np.float32)
    paper[:, 100:] = 200.0 * (DEEP_SHADOW + 0.1)
    assert deep_shadow(paper.copy(), paper, BLOCK) is None


def test_a_shadow_at_two_fifths_is_deep_and_one_at_a_quarter_dark_too():
    """Paper lit at 200, a band at 40 % of it and a band at 25 %: both deep (under half), only
    the second dark (under a third, and a block round it: a soft edge's paper); the masks
    follow the blocks, the lit paper is neither."""
    assert DARK_SHADOW < 0.4 < DEEP_SHADOW and DARK_SHADOW > 0.25
    paper = np.full((120, 200), 200.0, np.float32)
    paper[:, 120:160] = 80.0
    paper[:, 160:] = 50.0
    shadow = deep_shadow(paper.copy(), paper, BLOCK)
    assert shadow is not None
    assert shadow.inside[:, 120:].all() and not shadow.inside[:, :120].any()
    assert shadow.dark[:, 160 - BLOCK:].all() and not shadow.dark[:, :160 - BLOCK].any()
    assert shadow.near[:, 120 - 3 * BLOCK:].all()  # NEAR_BLOCKS blocks round it
