"""The field classifier: small neural networks whose weights are in the package
(MODEL_FILES), their probabilities averaged. Two kinds: a convolutional network over the
field's patch (scan.convnet, trained by `python -m printkit.scan.train_convnet`) and
one-hidden-layer networks over hand-made features of it (`Model` here, scan.features,
trained by `python -m printkit.scan.train`). Where the members disagree the average is
unsure (measured on held-out styles: see docs/scan.md).

OpenCV's dnn module runs the convolutional networks (scan.convnet, scan.onnxgraph) and
numpy the feature networks, a few matrix products (OpenCV 5 has no ML module any more, and
training is done by the scripts, not at run time). The probabilities are calibrated (a temperature fitted on sheets not
trained on), so that "62 %" means about that.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from typing import Protocol

import numpy as np

from printkit.scan import convnet
from printkit.scan.features import features
from printkit.sinpin.tiles import Tile

CLASSES: tuple[Tile, ...] = tuple(Tile)
MODEL_FILES = ("scan_convnet.npz", "scan_convnet_2.npz", "scan_model.npz", "scan_model_fields.npz")


class Reader(Protocol):
    """What reads field patches: (N, P, P) darkness patches -> (N, tiles) probabilities."""

    classes: tuple[str, ...]

    def read(self, patches: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True)
class Model:
    """A few networks trained from different seeds (members), their probabilities averaged:
    where they disagree the average is unsure, which keeps it honest on drawings unlike the
    training ones. Weights are stacked by member: w1 (E, F, H), b1 (E, H), w2 (E, H, K), b2 (E, K)."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    temperature: float
    classes: tuple[str, ...]

    def member_logits(self, features: np.ndarray) -> np.ndarray:
        """(E, N, K) logits of every member."""
        x = (features - self.mean) / self.scale
        hidden = np.maximum(np.einsum("nf,efh->enh", x, self.w1) + self.b1[:, None, :], 0.0)
        return np.einsum("enh,ehk->enk", hidden, self.w2) + self.b2[:, None, :]

    def probabilities(self, features: np.ndarray, temperature: float | None = None) -> np.ndarray:
        z = self.member_logits(features) / (self.temperature if temperature is None else temperature)
        z -= z.max(axis=2, keepdims=True)
        e = np.exp(z)
        return (e / e.sum(axis=2, keepdims=True)).mean(axis=0)

    def read(self, patches: np.ndarray) -> np.ndarray:
        return self.probabilities(features(patches))

    def save(self, path: str) -> None:
        """The weights as int8 with a scale for each hidden unit and output (convnet.quantised)."""
        (w1, w1_s), (w2, w2_s) = convnet.quantised(self.w1, axis=1), convnet.quantised(self.w2, axis=1)
        np.savez_compressed(path, mean=self.mean.astype(np.float32), scale=self.scale.astype(np.float32),
                            w1=w1, w1_s=w1_s, b1=self.b1.astype(np.float32), w2=w2, w2_s=w2_s,
                            b2=self.b2.astype(np.float32), temperature=np.float32(self.temperature),
                            classes=np.array(self.classes))


def load(path: str) -> Model | convnet.ConvNet:
    with np.load(path) as data:
        classes = tuple(str(c) for c in data["classes"])
        if classes != tuple(tile.char for tile in CLASSES):
            raise ValueError(f"the scan model's classes {classes} are not the tiles of S3")
        if "kind" in data.files and str(data["kind"]) == convnet.KIND:
            return convnet.from_arrays(data)
        w1, w2 = (data[name].astype(np.float32) * (data[f"{name}_s"] if f"{name}_s" in data.files else 1.0)
                  for name in ("w1", "w2"))  # int8 and a scale, or (models saved before) float16
        return Model(data["mean"].astype(np.float32), data["scale"].astype(np.float32), w1, data["b1"], w2,
                     data["b2"], float(data["temperature"]), classes)


@dataclass(frozen=True)
class Models:
    """Several models (of either kind) read as one: their probabilities averaged."""

    models: tuple[Reader, ...]

    @property
    def classes(self) -> tuple[str, ...]:
        return self.models[0].classes

    def read(self, patches: np.ndarray) -> np.ndarray:
        return np.mean([model.read(patches) for model in self.models], axis=0)


@lru_cache(maxsize=1)
def packaged() -> Models:
    models = []
    for name in MODEL_FILES:
        with resources.as_file(resources.files("printkit.scan") / name) as path:
            models.append(load(str(path)))
    return Models(tuple(models))
