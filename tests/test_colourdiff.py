"""tests/colourdiff.py, the colour distance the page colour tests use, against published values."""

from __future__ import annotations

import pytest
from colourdiff import ciede2000, lab, nearest


@pytest.mark.parametrize("one, two, expected", [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),  # Sharma, Wu and Dalal 2005, table 1
    ((50.0, -1.0, 2.0), (50.0, 0.0, 0.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
])
def test_ciede2000_gives_the_published_differences(one, two, expected) -> None:
    assert ciede2000(one, two) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(two, one) == pytest.approx(expected, abs=1e-4)


def test_lab_of_white_and_the_dichromacies() -> None:
    assert lab("#ffffff") == pytest.approx((100.0, 0.0, 0.0), abs=0.05)
    # red and green, far apart for most, near for the red- and green-blind
    red, green = "#d55e00", "#009e73"
    assert ciede2000(lab(red), lab(green)) > 50
    assert nearest(red, {"green": green})[2] in ("protanopia", "deuteranopia")
