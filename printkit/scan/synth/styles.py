"""Ways of drawing: a pen (its width, ink, texture) and a hand (how it wobbles, slants and
sizes its forms). Training styles and held-out styles share no pen model and the held-out
ones also draw the forms' held-out variants, so the bench measures the classifier on
drawings unlike those it learnt from."""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[float, float, float]  # RGB, 0..1

BLACK: Colour = (0.08, 0.08, 0.1)
BLUE: Colour = (0.1, 0.2, 0.65)
DARK_BLUE: Colour = (0.05, 0.1, 0.35)
RED: Colour = (0.75, 0.1, 0.1)
GREEN: Colour = (0.1, 0.45, 0.2)
PURPLE: Colour = (0.4, 0.15, 0.55)
GRAPHITE: Colour = (0.25, 0.25, 0.27)
BROWN: Colour = (0.4, 0.25, 0.1)
ORANGE: Colour = (0.85, 0.4, 0.05)


@dataclass(frozen=True)
class Style:
    name: str
    pen: str  # fineliner, ballpoint, marker, felt, pencil | brush, crayon, gel | fountain, charcoal (held out)
    width: tuple[float, float]  # mm
    colours: tuple[Colour, ...]
    darkness: tuple[float, float]  # how much light the ink takes, 0..1
    wobble: float  # mm: slow wander of a stroke
    tremor: float  # mm: fast jitter
    scale: tuple[float, float]  # size of a form, 1 = the alphabet's
    slant: float  # degrees (standard deviation of a form's rotation)
    offset: float  # mm (standard deviation of a form's place in its field)
    smudges: float  # chance a field gets a stray mark or smudge
    held_out: int = 0  # 0: a training style; 1, 2: the first or second set held out of training


TRAINING_STYLES: tuple[Style, ...] = (
    Style("tidy fineliner", "fineliner", (0.3, 0.5), (BLACK,), (0.85, 0.97), 0.25, 0.05, (0.85, 1.05), 3, 0.4, 0.02),
    Style("blue ballpoint", "ballpoint", (0.3, 0.5), (BLUE, DARK_BLUE), (0.55, 0.85), 0.4, 0.08, (0.7, 1.0), 6, 0.7, 0.04),
    Style("kid's marker", "marker", (0.9, 1.5), (BLACK, BLUE, GREEN, RED), (0.75, 0.95), 0.8, 0.12, (0.8, 1.1), 10, 1.0, 0.06),
    Style("hurried black ballpoint", "ballpoint", (0.3, 0.45), (BLACK,), (0.6, 0.9), 0.55, 0.15, (0.55, 0.85), 12, 1.2, 0.05),
    Style("felt tips", "felt", (0.6, 0.9), (RED, GREEN, PURPLE, BLUE), (0.7, 0.9), 0.45, 0.08, (0.75, 1.05), 6, 0.8, 0.03),
    Style("HB pencil", "pencil", (0.35, 0.6), (GRAPHITE,), (0.35, 0.6), 0.4, 0.1, (0.7, 1.0), 7, 0.8, 0.08),
)

HELD_OUT_STYLES: tuple[Style, ...] = (
    Style("brush pen", "brush", (0.4, 1.6), (BLACK, DARK_BLUE), (0.8, 0.95), 0.5, 0.08, (0.75, 1.05), 8, 0.9, 0.04, 1),
    Style("soft crayon", "crayon", (1.1, 1.8), (RED, ORANGE, BLUE, BROWN), (0.55, 0.8), 0.9, 0.2, (0.8, 1.1), 12, 1.1, 0.06, 1),
    Style("tiny gel pen", "gel", (0.25, 0.35), (BLACK, PURPLE), (0.75, 0.9), 0.35, 0.1, (0.5, 0.7), 14, 1.2, 0.03, 1),
    Style("2B pencil, smudged", "pencil", (0.5, 0.8), (GRAPHITE,), (0.3, 0.5), 0.6, 0.12, (0.7, 1.05), 9, 1.0, 0.15, 1),
)

# A second set, added when training was given many more forms (synth.cousins): new pens,
# and the second set of held-out forms, so the bench still measures unseen drawings.
SECOND_HELD_OUT_STYLES: tuple[Style, ...] = (
    Style("fountain pen", "fountain", (0.25, 1.3), (DARK_BLUE, BLACK), (0.7, 0.9), 0.4, 0.06, (0.7, 1.0), 8, 0.8, 0.05, 2),
    Style("charcoal stick", "charcoal", (0.8, 1.6), (GRAPHITE, BLACK), (0.55, 0.85), 0.7, 0.25, (0.6, 1.1), 12, 1.3, 0.12, 2),
)

STYLES = {style.name: style for style in TRAINING_STYLES + HELD_OUT_STYLES + SECOND_HELD_OUT_STYLES}
