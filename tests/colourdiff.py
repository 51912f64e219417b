"""How far apart two colours look, for tests of the pages' colours: CIEDE2000 in CIELAB
(D65), for normal vision and as people with each kind of dichromacy see them (Machado,
Oliveira and Fernandes 2009, severity 1, applied in linear sRGB)."""

from __future__ import annotations

import math
import re
from pathlib import Path

Matrix = tuple[tuple[float, float, float], ...]

# the three dichromacies: red-blind, green-blind (the commonest), blue-blind
SIMULATIONS: dict[str, Matrix] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(colour: str) -> tuple[float, ...]:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return tuple(channel(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))


def lab(colour: str, seen: str = "normal") -> tuple[float, float, float]:
    """CIELAB of '#rrggbb' as a person with `seen` (a SIMULATIONS key) sees it."""
    rgb = _linear(colour)
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in SIMULATIONS[seen])
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b, 0.0193 * r + 0.1192 * g + 0.9505 * b)
    white = (0.95047, 1.0, 1.08883)
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (v / w for v, w in zip(xyz, white))]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def ciede2000(one: tuple[float, float, float], two: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal 2005): about 2 just noticeable, over
    20 plainly different colours."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 if abs(h2 - h1) <= 180 else h2 - h1 - 360 * math.copysign(1, h2 - h1))
    dhh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rt = (-2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def nearest(colour: str, others: dict[str, str]) -> tuple[float, str, str]:
    """The smallest difference between `colour` and any of `others` (name: colour), under
    any kind of vision: (difference, the other's name, the vision)."""
    return min((ciede2000(lab(colour, seen), lab(other, seen)), name, seen)
               for name, other in others.items() for seen in SIMULATIONS)


# How far the Sinpin page's outcome marks keep from what they must not be taken for: the
# avatars' discs (the printed colours, printkit.cards.model) and the last move's blue
# (sinpin/draw.js TRAIL). CIEDE2000 about 2 is just noticeable; the editor's orange, which
# the outcomes were drawn in, was 4.4 from Fox's vermillion for the green-blind.
OUTCOME_APART = 15.0
DRAW_JS = Path(__file__).resolve().parent.parent / "printkit" / "play" / "static" / "sinpin" / "draw.js"


def sinpin_marks() -> dict[str, str]:
    """The avatars' colours and the last move's blue, by name."""
    from printkit.cards.model import AVATAR_COLOURS

    trail = re.search(r'export const TRAIL = "(#[0-9a-fA-F]{6})"', DRAW_JS.read_text(encoding="utf-8"))
    assert trail, "sinpin/draw.js names the last move's colour TRAIL"
    return {**AVATAR_COLOURS, "the last move": trail[1].lower()}


def hex_of(css: str) -> str:
    """'#RRGGBB' or a computed 'rgb(r, g, b)' as '#rrggbb'."""
    if css.startswith("#"):
        return css.lower()
    return "#" + "".join(f"{int(n):02x}" for n in re.findall(r"\d+", css)[:3])
