"""Training the convolutional field classifier (printkit.scan.convnet) from a seed, with PyTorch.

    pip install torch==2.13.0   # the CPU build; training only: the scan itself never imports it
    python -m printkit.scan.train_convnet --seed 1 --epochs 10 --cache output/scan-train.npz \
        --fields-cache output/scan-fields.npz --out printkit/scan/scan_convnet.npz

Why PyTorch: a convolutional network is trained by gradient descent through its
convolutions, and autograd (with a fast CPU convolution) does that in minutes where
hand-written numpy backpropagation would take hours and be a second copy of the network to
keep right. What ships is only the weights: `convnet.ConvNet` runs them with OpenCV's dnn
module (numpy is its tested reference), as the issue asks of the scan ("opencv-python-headless
and numpy"). torch is no extra of the
package: every extra is installed and its tests run in CI (tests/test_packaging.py), and
neither printkit nor CI needs torch.

The data are train.py's: the sheets drawn in the training styles and read by the scan's own
pipeline (a tenth of them, never trained on, fit the temperature) and single fields drawn
straight as patches (synth.patches), also in training styles only; the held-out styles are
the bench's honest measure and are never seen here. Every batch is augmented strongly
(scan.augment). Reproducible: every random choice comes from the seed, torch runs
deterministic algorithms on a fixed number of threads. `--init` fine-tunes a saved network
(its batch normalisation, folded into the convolutions when saved, kept as the identity);
`--broad` draws a share of the patches with a broad pen (augment.broad; it did not help:
docs/scan.md).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
import torch
from torch import nn

from printkit.scan.augment import augmented
from printkit.scan.classifier import CLASSES
from printkit.scan.convnet import ConvNet, from_arrays
from printkit.scan.train import dataset, fit_temperature, single_fields

CHANNELS = (16, 32, 64)
HIDDEN = 128
THREADS = 2


def network(channels: tuple[int, ...] = CHANNELS, hidden: int = HIDDEN, side: int = 40) -> nn.Sequential:
    layers: list[nn.Module] = []
    before = 1
    for width in channels:
        layers += [nn.Conv2d(before, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(), nn.MaxPool2d(2)]
        before = width
        side //= 2
    layers += [nn.Flatten(), nn.Dropout(0.25), nn.Linear(before * side * side, hidden), nn.ReLU(), nn.Dropout(0.25),
               nn.Linear(hidden, len(CLASSES))]
    return nn.Sequential(*layers)


def exported(net: nn.Sequential, temperature: float = 1.0) -> ConvNet:
    """The trained network as numpy arrays, each batch normalisation folded into the
    convolution before it (inference: a fixed scale and shift a channel)."""
    convs, dense = [], []
    layers = list(net)
    for k, layer in enumerate(layers):
        if isinstance(layer, nn.Conv2d):
            norm = layers[k + 1]
            assert isinstance(norm, nn.BatchNorm2d)
            factor = (norm.weight / torch.sqrt(norm.running_var + norm.eps)).detach()
            weight = layer.weight.detach() * factor.view(-1, 1, 1, 1)
            bias = (layer.bias.detach() - norm.running_mean) * factor + norm.bias.detach()
            convs.append((weight.numpy().astype(np.float32), bias.numpy().astype(np.float32)))
        elif isinstance(layer, nn.Linear):
            dense.append((layer.weight.detach().numpy().astype(np.float32), layer.bias.detach().numpy().astype(np.float32)))
    return ConvNet(tuple(convs), tuple(dense), temperature, tuple(tile.char for tile in CLASSES))


def rounded(model: ConvNet) -> ConvNet:
    """The model with its weights rounded as saved: the temperature is fitted to these."""
    return from_arrays(model.arrays())


def initialised(net: nn.Sequential, model: ConvNet) -> nn.Sequential:
    """The network given a saved model's weights, to fine-tune it: the convolutions get the
    exported (batch normalisation folded in) weights and each batch normalisation becomes
    the identity, kept in inference mode while training (`_train_mode`), so the network
    starts as the saved model and stays the same shape to export."""
    convs = [layer for layer in net if isinstance(layer, nn.Conv2d)]
    norms = [layer for layer in net if isinstance(layer, nn.BatchNorm2d)]
    denses = [layer for layer in net if isinstance(layer, nn.Linear)]
    if [tuple(c.weight.shape) for c in convs] != [w.shape for w, _ in model.convs] or \
            [tuple(d.weight.shape) for d in denses] != [w.shape for w, _ in model.dense]:
        raise ValueError("the saved model's layers are not this network's")
    with torch.no_grad():
        for layer, (weight, bias) in zip(convs + denses, model.convs + model.dense):
            layer.weight.copy_(torch.from_numpy(weight))
            layer.bias.copy_(torch.from_numpy(bias))
        for norm in norms:
            norm.weight.fill_(1.0)
            norm.bias.zero_()
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)  # sqrt(var + eps) = 1: the identity
    net.frozen_norms = True
    return net


def _train_mode(net: nn.Sequential) -> None:
    net.train()
    if getattr(net, "frozen_norms", False):
        for layer in net:
            if isinstance(layer, nn.BatchNorm2d):
                layer.eval()


def train(x: np.ndarray, y: np.ndarray, seed: int, epochs: int, batch: int = 256, rate: float = 3e-3,
          check: tuple[np.ndarray, np.ndarray] | None = None, init: ConvNet | None = None,
          broad_share: float = 0.0, threads: int = THREADS, channels: tuple[int, ...] = CHANNELS,
          hidden: int = HIDDEN) -> nn.Sequential:
    """The network trained by AdamW with a one-cycle learning rate on augmented batches;
    from a saved model's weights if `init` (fine-tuning), a share `broad_share` of the
    patches drawn with a broad pen (augment.broad)."""
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(threads)
    generator = torch.Generator().manual_seed(seed)
    net = network(channels, hidden) if init is None else initialised(network(channels, hidden), init)
    inputs = torch.from_numpy(x.astype(np.float16)).unsqueeze(1)
    labels = torch.from_numpy(y.astype(np.int64))
    steps = epochs * (len(y) // batch)
    optimiser = torch.optim.AdamW(net.parameters(), lr=rate, weight_decay=5e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=rate, total_steps=steps, pct_start=0.2)
    loss_of = nn.CrossEntropyLoss(label_smoothing=0.05)
    start = time.process_time()
    for epoch in range(epochs):
        _train_mode(net)
        order = torch.randperm(len(y), generator=generator)
        total = 0.0
        for k in range(len(y) // batch):
            index = order[k * batch:(k + 1) * batch]
            xb = augmented(inputs[index].float(), generator, broad_share=broad_share)
            loss = loss_of(net(xb), labels[index])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        note = ""
        if check is not None:
            right = (exported(net.eval()).logits(check[0]).argmax(axis=1) == check[1]).mean()
            note = f", validation fields right {right:.2%}"
        print(f"  epoch {epoch + 1}/{epochs}: loss {total / max(len(y) // batch, 1):.3f}{note},"
              f" {time.process_time() - start:.0f} s CPU", file=sys.stderr)
    return net.eval()


class _Logits:
    """Logits computed once, read as train.fit_temperature reads a model (by index)."""

    def __init__(self, logits: np.ndarray):
        self.logits = logits

    def probabilities(self, index: np.ndarray, temperature: float) -> np.ndarray:
        z = self.logits[index] / temperature
        e = np.exp(z - z.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)


def _cached(path: str | None, names: tuple[str, ...], make) -> tuple[np.ndarray, ...]:
    if path:
        try:
            with np.load(path) as data:
                return tuple(data[name] for name in names)
        except OSError:
            pass
    arrays = make()
    if path:
        np.savez_compressed(path, **dict(zip(names, arrays)))
    return arrays


def _widths(text: str) -> tuple[int, ...]:
    try:
        widths = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not channels such as 16,32,64") from None
    if not widths or min(widths) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not channels such as 16,32,64")
    return widths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train printkit scan's convolutional field classifier (needs torch).")
    parser.add_argument("--sheets", type=int, default=360, help="sheets drawn (a tenth fit the temperature)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fields", type=int, default=4000, help="single fields drawn a tile (synth.patches)")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--cache", default=None, help="an .npz to keep (or reuse) the sheets' patches in (train.py's)")
    parser.add_argument("--fields-cache", default=None, help="an .npz to keep (or reuse) the single fields in")
    parser.add_argument("--out", default="printkit/scan/scan_convnet.npz")
    parser.add_argument("--init", default=None, help="a saved network (.npz) to fine-tune instead of starting afresh")
    parser.add_argument("--rate", type=float, default=3e-3, help="the one-cycle schedule's highest learning rate")
    parser.add_argument("--broad", type=float, default=0.0,
                        help="the share of patches drawn with a broad pen (augment.broad; 0: the shipped recipe)")
    parser.add_argument("--threads", type=int, default=THREADS, help="torch's threads (the result depends on them)")
    parser.add_argument("--channels", type=_widths, default=CHANNELS, metavar="C1,C2,C3",
                        help="the convolutions' channels, block by block")
    parser.add_argument("--hidden", type=int, default=HIDDEN, help="the dense layer's units")
    args = parser.parse_args(argv)
    base = args.seed * 1_000_000
    train_count = args.sheets - args.sheets // 10
    x, y, vx, vy = _cached(args.cache, ("x", "y", "vx", "vy"), lambda: (
        *dataset(range(base, base + train_count)), *dataset(range(base + train_count, base + args.sheets))))
    fx, fy = _cached(args.fields_cache, ("x", "y"), lambda: tuple(
        (a.astype(np.float16) if a.dtype == np.float32 else a) for a in single_fields(args.fields, args.seed)))
    x, y = np.concatenate([x, fx]), np.concatenate([y, fy])
    vx = vx.astype(np.float32)
    print(f"training on {len(y)} fields ({len(fy)} single), checking on {len(vy)}", file=sys.stderr)
    init = None
    if args.init:
        with np.load(args.init) as data:
            init = from_arrays(data)
    if init is not None:
        right = float((init.logits(vx).argmax(axis=1) == vy).mean())
        print(f"from {args.init}: validation fields right {right:.2%}", file=sys.stderr)
    net = train(x, y, args.seed, args.epochs, rate=args.rate, check=(vx, vy), init=init, broad_share=args.broad,
                threads=args.threads, channels=args.channels, hidden=args.hidden)
    model = rounded(exported(net))
    temperature = fit_temperature(_Logits(model.logits(vx)), np.arange(len(vy)), vy)
    model = ConvNet(model.convs, model.dense, temperature, model.classes)
    right = float((model.probabilities(vx).argmax(axis=1) == vy).mean())
    print(f"validation fields right {right:.2%} ({len(vy)}), temperature {temperature:.2f}", file=sys.stderr)
    model.save(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
