"""The classifier network written as ONNX for OpenCV (printkit.scan.onnxgraph): the protocol
buffers encoding, and OpenCV's logits equal to numpy's (convnet.ConvNet.numpy_logits, itself
held to a per-pixel loop in test_scan_convnet.py) for networks of several shapes and batches."""

from __future__ import annotations

import numpy as np
import pytest

from printkit.scan import classifier, convnet
from printkit.scan.convnet import ConvNet
from printkit.scan.onnxgraph import _bytes, _int, _varint

CLASSES = tuple(tile.char for tile in classifier.CLASSES)


def test_varints_and_fields_are_encoded_as_protocol_buffers_define_them():
    assert _varint(0) == b"\x00" and _varint(1) == b"\x01" and _varint(127) == b"\x7f"
    assert _varint(128) == b"\x80\x01" and _varint(300) == b"\xac\x02"  # the protobuf documentation's examples
    assert _varint(2**35) == b"\x80\x80\x80\x80\x80\x01"
    assert _int(1, 150) == b"\x08\x96\x01"  # field 1, wire type 0
    assert _bytes(2, "testing") == b"\x12\x07testing"  # field 2, wire type 2


def network(seed: int, channels: tuple[int, ...], hidden: tuple[int, ...], side: int) -> ConvNet:
    rng = np.random.default_rng(seed)
    convs, before = [], 1
    for width in channels:
        convs.append((rng.normal(size=(width, before, 3, 3)).astype(np.float32), rng.normal(size=width).astype(np.float32)))
        before = width
    dense, inputs = [], before * (side >> len(channels)) ** 2
    for out in (*hidden, len(CLASSES)):
        dense.append((rng.normal(size=(out, inputs)).astype(np.float32) / np.sqrt(inputs), rng.normal(size=out).astype(np.float32)))
        inputs = out
    return ConvNet(tuple(convs), tuple(dense), 1.0, CLASSES)


@pytest.mark.parametrize(("channels", "hidden", "side", "count"), [
    ((3, 4), (5,), 8, 3),  # two blocks, one hidden layer
    ((2, 3, 5), (), 16, 1),  # three blocks straight to the logits, one patch
    ((4,), (6, 7), 40, convnet.DNN_CHUNK + 3),  # two hidden layers, a batch over OpenCV's chunk
])
def test_opencv_reads_the_network_as_numpy_does(channels, hidden, side, count):
    model = network(len(channels), channels, hidden, side)
    patches = np.random.default_rng(side).random((count, side, side)).astype(np.float32)
    want = model.numpy_logits(patches)
    got = model.logits(patches)
    assert got.shape == (count, len(CLASSES))
    assert np.allclose(got, want, rtol=1e-4, atol=1e-4 * np.abs(want).max())


def test_the_packaged_networks_read_alike_by_opencv_and_numpy():
    patches = np.random.default_rng(7).random((20, 40, 40)).astype(np.float32)
    patches[:10] *= patches[:10] > 0.8  # sparse ink, as a drawing is
    for model in classifier.packaged().models:
        if isinstance(model, ConvNet):
            want = model.numpy_logits(patches)
            assert np.abs(model.logits(patches) - want).max() < 1e-4 * np.abs(want).max()
            assert len(model.logits(patches[:0])) == 0
