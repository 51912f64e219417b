"""Training the field classifier on the project's own hand-drawn sheets, from a seed.

    python -m printkit.scan.train --seed 1 --fields 0 --hidden 128 --epochs 40 --out printkit/scan/scan_model.npz
    python -m printkit.scan.train --seed 1 [--fields 4000 --hidden 192 --epochs 20] [--out printkit/scan/scan_model_fields.npz]

(the two feature models of the four the package averages, classifier.MODEL_FILES; the
convolutional ones are train_convnet.py's; `--cache FILE.npz` keeps the sheets' patches
between the runs, and train_convnet.py reads the same file.)

Sheets are drawn in the training styles only (printkit.scan.synth.styles), photographed,
and read by the scan's own pipeline (markers, flattening, frame search, patches), so the
classifier learns from exactly what it will see. On top of them come single fields drawn
straight as patches (synth.patches): every form of every tile thousands of times, in pens
and hands varied past the styles' own, so that the classifier learns the tiles more than
the few ways the sheets draw them. A tenth of the sheets, in the same styles,
fits the temperature that calibrates the probabilities. The same seed gives the same
model: every random choice comes from it and numpy's arithmetic is deterministic on one
machine.
"""

from __future__ import annotations

import argparse
import sys
import time

import cv2
import numpy as np

from printkit.scan.classifier import CLASSES, Model
from printkit.scan.errors import ScanError
from printkit.scan.features import features
from printkit.scan.fields import field_patches, flatten
from printkit.scan.markers import find_sheet
from printkit.scan.synth.patches import drawn_fields
from printkit.scan.synth.sheets import SyntheticSheet, make_sheet
from printkit.scan.synth.styles import TRAINING_STYLES
from printkit.sinpin.tiles import TILE_BY_CHAR, Tile

INDEX = {tile.char: k for k, tile in enumerate(CLASSES)}
ROCK_EXTRA = 2  # single rock fields drawn, beyond the per-tile count, per tile's count


def sheet_patches(sheet: SyntheticSheet) -> tuple[np.ndarray, np.ndarray]:
    """The sheet's field patches as the scan reads them, and their true classes."""
    gray = cv2.imdecode(np.frombuffer(sheet.photo.jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)
    code = sheet.page.code
    try:
        found = find_sheet(gray)
        matrix, marker_px = found.page_to_photo, found.marker_px
    except ScanError:  # learn the fields even where the markers were missed
        matrix = sheet.photo.page_to_photo
        marker_px = float(np.sqrt(abs(np.linalg.det(matrix[:2, :2])))) * 6.0
    patches = field_patches(flatten(gray, matrix, code, marker_px))
    labels = np.array([INDEX[TILE_BY_CHAR[c].char] for row in sheet.rows for c in row])
    return patches.reshape(-1, *patches.shape[2:]), labels


def dataset(seeds: range, progress: bool = True) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    start = time.process_time()
    for count, seed in enumerate(seeds, 1):
        sheet = make_sheet(seed, TRAINING_STYLES, training=True, px_per_mm=8.0,
                           size=((2592, 1944), (2048, 1536), (3264, 2448))[seed % 3])
        patches, labels = sheet_patches(sheet)
        xs.append(patches.astype(np.float16))
        ys.append(labels)
        if progress and count % 20 == 0:
            print(f"  {count}/{len(seeds)} sheets, {time.process_time() - start:.0f} s", file=sys.stderr)
    return np.concatenate(xs), np.concatenate(ys)


def single_fields(per_tile: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Fields drawn straight as patches in the training styles and forms, varied
    (synth.patches): `per_tile` of every tile and ROCK_EXTRA times as many more of rock, the
    tile drawn in the most ways and the commonest on a sheet."""
    start = time.process_time()
    xs, ys = [], []
    for chunk in range(0, per_tile, 500):
        fx, fy = drawn_fields(min(500, per_tile - chunk), TRAINING_STYLES, seed * 1_000_000 + 900_000 + chunk)
        xs.append(fx)
        ys.append(fy)
        print(f"  {chunk + len(fy) // len(CLASSES)}/{per_tile} fields a tile, {time.process_time() - start:.0f} s", file=sys.stderr)
    fx, fy = drawn_fields(per_tile * ROCK_EXTRA, TRAINING_STYLES, seed * 1_000_000 + 800_000, tiles=(Tile.ROCK,))
    return np.concatenate(xs + [fx]), np.concatenate(ys + [fy])


def jittered(patches: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Each patch moved, turned and sized a little (a frame found a pixel off, a form drawn
    smaller): one more example of each field for training. (Jittering the pen too, thicker,
    thinner, lighter, was tried and read the held-out styles worse.)"""
    out = np.empty_like(patches)
    side = patches.shape[1]
    for k, patch in enumerate(patches):
        matrix = cv2.getRotationMatrix2D((side / 2, side / 2), float(rng.normal(0, 4)), float(rng.uniform(0.9, 1.1)))
        matrix[:, 2] += rng.normal(0, 1.2, 2)
        out[k] = cv2.warpAffine(patch, matrix, (side, side), flags=cv2.INTER_LINEAR, borderValue=0)
    return out


def train_network(x: np.ndarray, y: np.ndarray, seed: int, hidden: int = 128, epochs: int = 40,
                  scaling: tuple[np.ndarray, np.ndarray] | None = None) -> Model:
    """A one-hidden-layer network by mini-batch Adam on cross-entropy, classes weighted by
    the square root of their rarity, with weight decay."""
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0) if scaling is None else scaling[0]
    scale = x.std(axis=0) + 0.05 if scaling is None else scaling[1]
    x = (x - mean) / scale
    n, d = x.shape
    k = len(CLASSES)
    counts = np.bincount(y, minlength=k).astype(np.float64)
    class_weight = np.sqrt(counts.max() / np.maximum(counts, 1.0))
    params = {"w1": rng.normal(0, np.sqrt(2 / d), (d, hidden)), "b1": np.zeros(hidden),
              "w2": rng.normal(0, np.sqrt(1 / hidden), (hidden, k)), "b2": np.zeros(k)}
    moments = {name: (np.zeros_like(p), np.zeros_like(p)) for name, p in params.items()}
    step, rate, decay, batch = 0, 2e-3, 1e-4, 256
    for epoch in range(epochs):
        order = rng.permutation(n)
        if epoch == int(epochs * 0.7):
            rate /= 4
        for start in range(0, n, batch):
            index = order[start:start + batch]
            xb, yb = x[index], y[index]
            xb = xb + rng.normal(0, 0.05, xb.shape)  # a little noise: smoother boundaries
            h = np.maximum(xb @ params["w1"] + params["b1"], 0)
            z = h @ params["w2"] + params["b2"]
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            w = class_weight[yb][:, None]
            dz = p.copy()
            dz[np.arange(len(yb)), yb] -= 1
            dz *= w / w.sum()
            grads = {"w2": h.T @ dz + decay * params["w2"], "b2": dz.sum(axis=0)}
            dh = dz @ params["w2"].T * (h > 0)
            grads["w1"] = xb.T @ dh + decay * params["w1"]
            grads["b1"] = dh.sum(axis=0)
            step += 1
            for name, g in grads.items():
                m, v = moments[name]
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                params[name] -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return Model(mean.astype(np.float32), scale.astype(np.float32), params["w1"][None].astype(np.float32),
                 params["b1"][None].astype(np.float32), params["w2"][None].astype(np.float32),
                 params["b2"][None].astype(np.float32), 1.0, tuple(tile.char for tile in CLASSES))


def ensemble(members: list[Model]) -> Model:
    """Members trained on the same features (the first one's scaling) as one model."""
    first = members[0]
    stack = lambda name: np.concatenate([getattr(m, name) for m in members])  # noqa: E731
    return Model(first.mean, first.scale, stack("w1"), stack("b1"), stack("w2"), stack("b2"), 1.0, first.classes)


def fit_temperature(model: Model, x: np.ndarray, y: np.ndarray) -> float:
    """The temperature that makes the probabilities honest on sheets not trained on (the
    least negative log-likelihood over a grid)."""
    best, best_loss = 1.0, np.inf
    for t in np.exp(np.linspace(np.log(0.5), np.log(8.0), 40)):
        p = model.probabilities(x, float(t))
        loss = -np.mean(np.log(p[np.arange(len(y)), y] + 1e-12))
        if loss < best_loss:
            best, best_loss = float(t), loss
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train printkit scan's field classifier.")
    parser.add_argument("--sheets", type=int, default=360)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--members", type=int, default=3, help="networks averaged (each from its own seed)")
    parser.add_argument("--out", default="printkit/scan/scan_model_fields.npz")
    parser.add_argument("--cache", default=None, help="an .npz to keep (or reuse) the sheets' field patches in")
    parser.add_argument("--fields", type=int, default=4000,
                        help="single fields drawn straight as patches (synth.patches), per tile, on top of the sheets")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--hidden", type=int, default=192)
    args = parser.parse_args(argv)
    train_count = args.sheets - args.sheets // 10
    base = args.seed * 1_000_000
    cached = None
    if args.cache:
        try:
            with np.load(args.cache) as data:
                cached = tuple(data[name] for name in ("x", "y", "vx", "vy"))
        except OSError:
            cached = None
    if cached is None:
        print(f"drawing and reading {args.sheets} sheets (seed {args.seed})", file=sys.stderr)
        x, y = dataset(range(base, base + train_count))
        vx, vy = dataset(range(base + train_count, base + args.sheets))
        if args.cache:
            np.savez_compressed(args.cache, x=x, y=y, vx=vx, vy=vy)
    else:
        x, y, vx, vy = cached
    x = x.astype(np.float32)
    x = np.concatenate([x, jittered(x, np.random.default_rng(args.seed))])
    y = np.concatenate([y, y])
    if args.fields:
        print(f"drawing {args.fields} single fields a tile", file=sys.stderr)
        fx, fy = single_fields(args.fields, args.seed)
        x, y = np.concatenate([x, fx]), np.concatenate([y, fy])
    x = np.concatenate([features(x[k:k + 20000]) for k in range(0, len(x), 20000)])  # in parts: less memory
    vx = features(vx.astype(np.float32))
    start = time.process_time()
    members = []
    for member in range(args.members):
        rng = np.random.default_rng([args.seed, member])
        chosen = rng.choice(len(y), len(y))  # each member its own bootstrap sample
        scaling = None if not members else (members[0].mean, members[0].scale)
        members.append(train_network(x[chosen], y[chosen], args.seed * 100 + member, hidden=args.hidden,
                                     epochs=args.epochs, scaling=scaling))
        print(f"  member {member + 1}/{args.members} trained, {time.process_time() - start:.0f} s", file=sys.stderr)
    model = ensemble(members)
    temperature = fit_temperature(model, vx, vy)
    model = Model(model.mean, model.scale, model.w1, model.b1, model.w2, model.b2, temperature, model.classes)
    accuracy = float((model.probabilities(vx).argmax(axis=1) == vy).mean())
    print(f"{len(y)} fields trained on in {time.process_time() - start:.0f} s; validation fields right"
          f" {accuracy:.2%} ({len(vy)}), temperature {temperature:.2f}", file=sys.stderr)
    model.save(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
