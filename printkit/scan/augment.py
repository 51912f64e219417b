"""Strong, batched augmentation of darkness patches for training the convolutional
classifier (PyTorch; only `printkit.scan.train_convnet` imports this module): every batch
is redrawn in other sizes, slants, places, pen widths, blurs, inks and papers, with a
neighbour's ink at an edge now and then, so the network learns the tiles and not the few
pens of the training styles. Every random choice comes from the generator given."""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

SCALE = (0.7, 1.15)  # a form drawn this much smaller or bigger
ROTATION_DEG = 15.0
SHIFT_PX = 4.0
ELASTIC_PX = 1.6  # standard deviation of the slow wobble added to every stroke


def _uniform(n: int, low: float, high: float, g: torch.Generator) -> torch.Tensor:
    return low + (high - low) * torch.rand(n, generator=g)


def _chance(n: int, p: float, g: torch.Generator) -> torch.Tensor:
    return (torch.rand(n, generator=g) < p).float().view(n, 1, 1, 1)


def warped(x: torch.Tensor, g: torch.Generator) -> torch.Tensor:
    """Each patch sized, turned, sheared and moved at random, and bent by a smooth random
    displacement (elastic distortion); what comes in from outside is paper (no ink)."""
    n, _, side, _ = x.shape
    scale = torch.exp(_uniform(n, math.log(SCALE[0]), math.log(SCALE[1]), g))
    angle = _uniform(n, -ROTATION_DEG, ROTATION_DEG, g) * math.pi / 180
    shear = _uniform(n, -0.12, 0.12, g)
    squash = torch.exp(_uniform(n, -0.1, 0.1, g))  # a little wider than tall, or taller
    shift = _uniform(2 * n, -SHIFT_PX, SHIFT_PX, g).view(n, 2) * 2 / side
    cos, sin = torch.cos(angle), torch.sin(angle)
    # the grid maps output to input coordinates: the inverse of drawing the form bigger
    a = torch.stack([torch.stack([cos, -sin + shear], 1), torch.stack([sin, cos], 1)], 1)
    a = a / (scale.unsqueeze(1) * torch.stack([squash, 1 / squash], 1)).unsqueeze(2)
    theta = torch.cat([a, -shift.unsqueeze(2)], 2)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    coarse = torch.randn(n, 2, 5, 5, generator=g) * (ELASTIC_PX * 2 / side)
    bend = F.interpolate(coarse, size=(side, side), mode="bicubic", align_corners=True).permute(0, 2, 3, 1)
    bend = bend * _chance(n, 0.7, g).view(n, 1, 1, 1)
    return F.grid_sample(x, grid + bend, mode="bilinear", padding_mode="zeros", align_corners=False)


def pen(x: torch.Tensor, g: torch.Generator) -> torch.Tensor:
    """A thicker pen (dilation) for some patches, a thinner one (erosion) for others, each by
    a random share of one pixel."""
    n = len(x)
    thick = F.max_pool2d(x, 3, 1, 1)
    thin = -F.max_pool2d(-x, 3, 1, 1)
    r = torch.rand(n, generator=g).view(n, 1, 1, 1)
    share = _uniform(n, 0.3, 1.0, g).view(n, 1, 1, 1)
    x = torch.where(r < 0.25, x + share * (thick - x), x)
    return torch.where((r >= 0.25) & (r < 0.45), x + share * (thin - x), x)


def strays(x: torch.Tensor, g: torch.Generator) -> torch.Tensor:
    """Some patches get a strip of another patch's ink at one edge: a neighbour's drawing
    over its frame line."""
    n, _, side, _ = x.shape
    partner = x[torch.randperm(n, generator=g)]
    depth = _uniform(n, 2.0, 9.0, g)  # px of the neighbour that show
    sign = torch.where(torch.rand(n, generator=g) < 0.5, -1.0, 1.0)
    along_x = torch.rand(n, generator=g) < 0.5
    offset = sign * (side - depth) * 2 / side
    shift = torch.stack([torch.where(along_x, offset, torch.zeros(n)), torch.where(along_x, torch.zeros(n), offset)], 1)
    theta = torch.cat([torch.eye(2).expand(n, 2, 2), shift.unsqueeze(2)], 2)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    neighbour = F.grid_sample(partner, grid, mode="bilinear", padding_mode="zeros", align_corners=False)
    return torch.maximum(x, neighbour * _chance(n, 0.25, g))


def _gaussian(sigma: float) -> torch.Tensor:
    t = torch.arange(-2, 3, dtype=torch.float32)
    k = torch.exp(-t * t / (2 * sigma * sigma))
    k = k / k.sum()
    return (k[:, None] * k[None, :]).view(1, 1, 5, 5)


BLUR = _gaussian(1.0)


def camera(x: torch.Tensor, g: torch.Generator) -> torch.Tensor:
    """Blur (a random share of a 1 px Gaussian), ink darkness and contrast (gain, gamma), a
    greyer or whiter paper, and noise."""
    n = len(x)
    blurred = F.conv2d(x, BLUR, padding=2)
    x = x + (blurred - x) * (_uniform(n, 0.0, 1.0, g).view(n, 1, 1, 1) * _chance(n, 0.5, g))
    gamma = torch.exp(_uniform(n, -0.5, 0.5, g)).view(n, 1, 1, 1)
    gain = _uniform(n, 0.55, 1.25, g).view(n, 1, 1, 1)
    x = x.clamp(0.0, 1.0) ** gamma * gain
    x = x + _uniform(n, -0.02, 0.05, g).view(n, 1, 1, 1)
    x = x + torch.randn(x.shape, generator=g) * _uniform(n, 0.0, 0.04, g).view(n, 1, 1, 1)
    return x.clamp(0.0, 1.0)


def _grown(x: torch.Tensor, radius: int) -> torch.Tensor:
    return F.max_pool2d(x, 2 * radius + 1, 1, radius)


def _shrunk(x: torch.Tensor, radius: int) -> torch.Tensor:
    return -F.max_pool2d(-x, 2 * radius + 1, 1, radius)


BLEED = _gaussian(1.6)
STROKE = 0.35  # darkness: drawn ink is darker than this, the printed squares' lines lighter


def broad(x: torch.Tensor, g: torch.Generator, share: float) -> torch.Tensor:
    """A broad pen (soft crayon, charcoal, a brush pen, a kid's marker: 1 to 2 mm, 3 to 6 px
    at the patch's scale of about 3 px a mm) for a share of the patches, the forms the held-out sets' surest
    misreads were drawn in (the coil a spring was drawn as, its zigzag gone to a dark blob read as rock): every stroke
    widened by 1 or 2 px a side (dilation, the last pixel a random share; the printed grid not), the ink bled (blurred
    and darkened back), strokes that lie close run together (a closing: grown 2 px, shrunk
    back) on some, paler and grainy as crayon or charcoal on some, and some drawn coarser (at a half or a third of the resolution)."""
    n, _, side, _ = x.shape
    chosen = _chance(n, share, g)
    radius = torch.randint(1, 3, (n,), generator=g).view(n, 1, 1, 1)
    part = _uniform(n, 0.3, 1.0, g).view(n, 1, 1, 1)
    strokes = x * (x > STROKE).float()  # the printed grid (up to about 0.3 dark) stays as thin as it is
    one, two = (torch.maximum(x, _grown(strokes, r)) for r in (1, 2))
    whole = torch.where(radius == 1, one, two)
    less = torch.where(radius == 1, x, one)
    out = less + part * (whole - less)
    bled = F.conv2d(out, BLEED, padding=2) * _uniform(n, 1.0, 1.6, g).view(n, 1, 1, 1)
    out = out + (torch.maximum(out, bled.clamp(0.0, 1.0)) - out) * _chance(n, 0.5, g)
    closed = _shrunk(_grown(out * (out > STROKE).float(), 2), 2)
    out = out + (torch.maximum(out, closed) - out) * _chance(n, 0.3, g)
    # crayon and charcoal: paler, and grainy (the paper's tooth shows through the ink)
    grain = F.interpolate(torch.rand(n, 1, side // 2, side // 2, generator=g), size=(side, side), mode="bilinear",
                          align_corners=False)
    out = out * (1 - _uniform(n, 0.0, 0.5, g).view(n, 1, 1, 1) * grain * _chance(n, 0.5, g))
    out = out * (1 - _uniform(n, 0.0, 0.4, g).view(n, 1, 1, 1) * _chance(n, 0.4, g))
    coarse = torch.where(torch.rand(n, generator=g) < 0.5, 2, 3)
    for factor in (2, 3):
        small = F.interpolate(out, size=(side // factor, side // factor), mode="area")
        back = F.interpolate(small, size=(side, side), mode="bilinear", align_corners=False)
        out = torch.where((coarse == factor).view(n, 1, 1, 1) & (_chance(n, 0.25, g) > 0), back, out)
    return torch.where(chosen > 0, out.clamp(0.0, 1.0), x)


def augmented(x: torch.Tensor, g: torch.Generator, keep: float = 0.15, broad_share: float = 0.0) -> torch.Tensor:
    """(N, 1, P, P) patches redrawn; a share `keep` of them left as they are, a share
    `broad_share` of the rest drawn with a broad pen first (none by default: the shipped
    recipe's random draws stay as they were)."""
    redrawn = broad(x, g, broad_share) if broad_share > 0 else x
    out = camera(strays(warped(pen(redrawn, g), g), g), g)
    return torch.where(_chance(len(x), keep, g) > 0, x, out)
