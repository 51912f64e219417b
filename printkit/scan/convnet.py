"""The convolutional field classifier: three blocks of a 3 x 3 convolution (zero padding),
ReLU and 2 x 2 max pooling over the 40 x 40 darkness patch, then a dense ReLU layer and the
tiles' logits. The weights (scan_convnet.npz: float16, the dense layers int8 with a scale a
row) are trained by `python -m printkit.scan.train_convnet` with PyTorch, which the scan
itself never needs: the issue asks for OpenCV and numpy.

OpenCV's dnn module runs it (`logits`), the network handed over as an ONNX model made in
memory from the weights (scan.onnxgraph): six times quicker than numpy (0.24 s against
1.49 s CPU for 1,080 patches), which lets the scan read each patch and its moved copies.
`numpy_logits` is the same network in numpy, the reference the tests hold OpenCV to: a
convolution is an im2col (sliding_window_view over the channels-last image) times the
kernel as a matrix. Batch normalisation was folded into the convolutions when exported.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from printkit.scan.onnxgraph import convnet_model

KIND = "convnet"  # the npz's "kind": classifier.load tells the model files apart by it
CHUNK = 128  # patches a numpy pass: the im2col of a bigger batch leaves the cache and is slower (measured)
DNN_CHUNK = 512  # patches an OpenCV pass: its first layer's output is then 52 MB


@dataclass(frozen=True)
class ConvNet:
    """convs: (weight (O, I, 3, 3), bias (O,)) a block; dense: (weight (out, in), bias (out,))
    a layer, the last one giving the logits (torch's layouts, so export is a copy)."""

    convs: tuple[tuple[np.ndarray, np.ndarray], ...]
    dense: tuple[tuple[np.ndarray, np.ndarray], ...]
    temperature: float
    classes: tuple[str, ...]

    @cached_property
    def _dnn(self) -> cv2.dnn.Net:
        """OpenCV's network, made once a model (6 to 30 ms CPU measured); the input's side follows from
        the first dense layer's width, the last block's channels and one halving a block."""
        channels = len(self.convs[-1][0])
        side = round((self.dense[0][0].shape[1] / channels) ** 0.5) * 2 ** len(self.convs)
        model = convnet_model(self.convs, self.dense, side)
        return cv2.dnn.readNetFromONNX(np.frombuffer(model, np.uint8))

    def logits(self, patches: np.ndarray) -> np.ndarray:
        """(N, P, P) darkness patches -> (N, K) logits, by OpenCV."""
        net, parts = self._dnn, []
        for k in range(0, len(patches), DNN_CHUNK):
            net.setInput(np.ascontiguousarray(patches[k:k + DNN_CHUNK, None], dtype=np.float32))
            parts.append(net.forward().reshape(-1, len(self.classes)))
        return np.concatenate(parts) if parts else np.zeros((0, len(self.classes)), np.float32)

    def numpy_logits(self, patches: np.ndarray) -> np.ndarray:
        """The same logits by numpy (the reference OpenCV's are tested against)."""
        parts = [self._logits(patches[k:k + CHUNK]) for k in range(0, len(patches), CHUNK)]
        return np.concatenate(parts) if parts else np.zeros((0, len(self.classes)), np.float32)

    def _logits(self, patches: np.ndarray) -> np.ndarray:
        x = np.ascontiguousarray(patches, dtype=np.float32)[..., None]  # (N, H, W, C): channels last
        for weight, bias in self.convs:
            # pooled before the bias and ReLU: the same (both keep the order of a channel's
            # values) on a quarter of the values
            x = np.maximum(pooled(conv3x3(x, weight)) + bias, 0.0)
        x = x.transpose(0, 3, 1, 2).reshape(len(x), -1)  # torch flattens (C, H, W)
        for k, (weight, bias) in enumerate(self.dense):
            x = x @ weight.T + bias
            if k < len(self.dense) - 1:
                x = np.maximum(x, 0.0)
        return x

    def probabilities(self, patches: np.ndarray, temperature: float | None = None) -> np.ndarray:
        """(N, P, P) patches -> (N, K) calibrated probabilities."""
        return softmax(self.logits(patches) / (self.temperature if temperature is None else temperature))

    def read(self, patches: np.ndarray) -> np.ndarray:
        return self.probabilities(patches)

    def arrays(self) -> dict[str, np.ndarray]:
        """What save writes (and the test of the export compares)."""
        out: dict[str, np.ndarray] = {"kind": np.array(KIND), "temperature": np.float32(self.temperature),
                                      "classes": np.array(self.classes)}
        for k, (weight, bias) in enumerate(self.convs):
            out[f"conv{k}_w"], out[f"conv{k}_b"] = weight.astype(np.float16), bias.astype(np.float32)
        for k, (weight, bias) in enumerate(self.dense):
            out[f"dense{k}_w"], out[f"dense{k}_s"] = quantised(weight)
            out[f"dense{k}_b"] = bias.astype(np.float32)
        return out

    def save(self, path: str) -> None:
        np.savez_compressed(path, **self.arrays())


def quantised(weight: np.ndarray, axis: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Weights as int8 and a scale for each line along `axis` (kept as an axis of 1; the
    weights are the int8 times the scale): a dense layer holds most of a network's weights,
    and so its file is half as big as in float16 (the reads agree within about 1 %:
    tests/test_scan_convnet.py)."""
    scale = np.maximum(np.abs(weight).max(axis=axis, keepdims=True), 1e-12) / 127.0
    return np.round(weight / scale).astype(np.int8), scale.astype(np.float32)


def from_arrays(data: dict[str, np.ndarray] | np.lib.npyio.NpzFile) -> ConvNet:
    def layers(name: str) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        count = sum(1 for key in data.keys() if key.startswith(name) and key.endswith("_w"))
        out = []
        for k in range(count):
            weight = np.asarray(data[f"{name}{k}_w"], np.float32)
            if f"{name}{k}_s" in data.keys():
                weight = weight * np.asarray(data[f"{name}{k}_s"], np.float32)
            out.append((weight, np.asarray(data[f"{name}{k}_b"], np.float32)))
        return tuple(out)
    return ConvNet(layers("conv"), layers("dense"), float(data["temperature"]), tuple(str(c) for c in data["classes"]))


def conv3x3(x: np.ndarray, weight: np.ndarray, bias: np.ndarray | None = None) -> np.ndarray:
    """(N, H, W, I) -> (N, H, W, O): a 3 x 3 convolution (cross-correlation, as torch's
    Conv2d) with one pixel of zero padding."""
    n, h, w, channels = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(1, 2))  # (N, H, W, I, 3, 3)
    columns = windows.reshape(n * h * w, channels * 9)  # a copy: the im2col
    kernel = weight.reshape(len(weight), channels * 9).T  # (I * 3 * 3, O), the same order
    out = columns @ kernel
    return (out if bias is None else out + bias).reshape(n, h, w, len(weight))


def pooled(x: np.ndarray) -> np.ndarray:
    """2 x 2 max pooling of (N, H, W, C) (H and W even)."""
    return np.maximum(np.maximum(x[:, 0::2, 0::2], x[:, 0::2, 1::2]), np.maximum(x[:, 1::2, 0::2], x[:, 1::2, 1::2]))


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)
