"""The convolutional field classifier (printkit.scan.convnet) run by numpy and by OpenCV,
checked against a slow loop written from the definitions; and, where torch is installed (for training only),
against torch's own forward pass, the export and the training's reproducibility."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources

import numpy as np
import pytest

from printkit.scan import classifier
from printkit.scan.convnet import ConvNet, conv3x3, pooled
from printkit.sinpin.tiles import Tile

CLASSES = tuple(tile.char for tile in classifier.CLASSES)


def tiny(seed: int = 0, side: int = 8) -> ConvNet:
    """Two blocks (1 -> 3 -> 4 channels) over an 8 x 8 patch, a dense layer of 5, 14 logits."""
    rng = np.random.default_rng(seed)
    convs = ((rng.normal(size=(3, 1, 3, 3)), rng.normal(size=3)), (rng.normal(size=(4, 3, 3, 3)), rng.normal(size=4)))
    flat = 4 * (side // 4) ** 2
    dense = ((rng.normal(size=(5, flat)), rng.normal(size=5)), (rng.normal(size=(14, 5)), rng.normal(size=14)))
    as32 = lambda layers: tuple((w.astype(np.float32), b.astype(np.float32)) for w, b in layers)  # noqa: E731
    return ConvNet(as32(convs), as32(dense), 1.5, CLASSES)


def slow_logits(model: ConvNet, patch: np.ndarray) -> np.ndarray:
    """One patch through the network by loops over every output pixel, as the layers are defined."""
    x = patch[None].astype(np.float64)  # (C, H, W)
    for weight, bias in model.convs:
        c, h, w = x.shape
        padded = np.zeros((c, h + 2, w + 2))
        padded[:, 1:-1, 1:-1] = x
        out = np.zeros((len(weight), h, w))
        for o in range(len(weight)):
            for i in range(h):
                for j in range(w):
                    out[o, i, j] = (padded[:, i:i + 3, j:j + 3] * weight[o]).sum() + bias[o]
        out = np.maximum(out, 0)
        x = np.array([[[out[o, 2 * i:2 * i + 2, 2 * j:2 * j + 2].max() for j in range(w // 2)] for i in range(h // 2)]
                      for o in range(len(weight))])
    v = x.reshape(-1)
    for k, (weight, bias) in enumerate(model.dense):
        v = weight @ v + bias
        if k < len(model.dense) - 1:
            v = np.maximum(v, 0)
    return v


def test_numpy_and_opencv_forwards_equal_a_slow_loop_over_every_pixel():
    model = tiny()
    patches = np.random.default_rng(1).random((3, 8, 8)).astype(np.float32)
    slow = np.array([slow_logits(model, p) for p in patches])
    for fast in (model.numpy_logits(patches), model.logits(patches)):
        assert fast.shape == (3, 14)
        assert np.allclose(fast, slow, rtol=1e-4, atol=1e-4)
    p = model.probabilities(patches)
    z = slow / 1.5
    e = np.exp(z - z.max(axis=1, keepdims=True))
    assert np.allclose(p, e / e.sum(axis=1, keepdims=True), atol=1e-5)


def test_a_convolution_with_a_centre_kernel_copies_and_padding_is_zero():
    x = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    centre = np.zeros((1, 1, 3, 3), np.float32)
    centre[0, 0, 1, 1] = 1
    assert (conv3x3(x, centre, np.zeros(1, np.float32)) == x).all()
    right = np.zeros((1, 1, 3, 3), np.float32)
    right[0, 0, 1, 2] = 1  # each output takes its right neighbour; the last column sees the zero padding
    out = conv3x3(x, right, np.zeros(1, np.float32))[0, :, :, 0]
    assert (out[:, :3] == x[0, :, 1:, 0]).all() and (out[:, 3] == 0).all()
    assert (pooled(x)[0, :, :, 0] == [[5, 7], [13, 15]]).all()


def test_saved_weights_load_back_as_a_convnet_through_the_classifier(tmp_path):
    model = tiny(2)
    path = tmp_path / "net.npz"
    model.save(str(path))
    loaded = classifier.load(str(path))
    assert isinstance(loaded, ConvNet) and loaded.temperature == 1.5 and loaded.classes == CLASSES
    patches = np.random.default_rng(3).random((4, 8, 8)).astype(np.float32)
    # float16 kernels, int8 dense weights with a scale a row: within 2 % of the largest logit
    want = model.logits(patches)
    assert np.abs(loaded.logits(patches) - want).max() < 0.02 * np.abs(want).max()
    for (weight, _), (back, _) in zip(model.dense, loaded.dense):
        step = np.abs(weight).max(axis=1, keepdims=True) / 127
        assert (np.abs(back - weight) <= step / 2 + 1e-6).all()  # each weight rounded to its row's nearest step
    assert np.allclose(loaded.read(patches).sum(axis=1), 1)


def test_the_packaged_convnets_are_small_and_read_blank_as_open():
    nets = [model for model in classifier.packaged().models if isinstance(model, ConvNet)]
    assert len(nets) == 2
    # the second is the wider network (train_convnet --channels 24,48,96 --hidden 192, docs/scan.md)
    assert [[w.shape[0] for w, _ in model.convs] for model in nets] == [[16, 32, 64], [24, 48, 96]]
    assert [model.dense[0][0].shape[0] for model in nets] == [128, 192]
    for model in nets:
        assert model.classes == CLASSES
        p = model.read(np.zeros((2, 40, 40), np.float32))
        assert (p.argmax(axis=1) == classifier.CLASSES.index(Tile.OPEN)).all()


def test_reading_patches_never_imports_torch():
    """The scan runs on OpenCV and numpy (torch is for training only)."""
    code = ("import sys, numpy as np; from printkit.scan import classifier; "
            "classifier.packaged().read(np.zeros((1, 40, 40), np.float32)); print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "False"


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch")


def test_the_export_folds_batch_norm_and_equals_torchs_forward(torch):
    from printkit.scan.train_convnet import exported, network

    torch.manual_seed(0)
    net = network()
    net.train()
    with torch.no_grad():  # batch norm's running statistics away from 0 and 1
        for _ in range(3):
            net(torch.rand(32, 1, 40, 40) * 2)
    net.eval()
    x = np.random.default_rng(0).random((5, 40, 40)).astype(np.float32)
    with torch.no_grad():
        want = net(torch.from_numpy(x).unsqueeze(1)).numpy()
    assert np.allclose(exported(net).logits(x), want, rtol=1e-4, atol=1e-5)


def test_augmentation_keeps_patches_in_range_and_is_the_same_from_the_same_seed(torch):
    from printkit.scan.augment import augmented

    x = torch.zeros(16, 1, 40, 40)
    x[:, :, 15:25, 10:30] = 0.8
    one = augmented(x, torch.Generator().manual_seed(4))
    two = augmented(x, torch.Generator().manual_seed(4))
    assert one.shape == x.shape and bool((one == two).all())
    assert float(one.min()) >= 0 and float(one.max()) <= 1
    assert not bool((one == x).all())


def test_training_is_the_same_from_the_same_seed(torch):
    from printkit.scan.train_convnet import train

    rng = np.random.default_rng(0)
    x = rng.random((64, 40, 40)).astype(np.float16)
    y = rng.integers(0, 14, 64)
    one = [p.detach().clone() for p in train(x, y, seed=5, epochs=1, batch=32).parameters()]
    two = [p.detach().clone() for p in train(x, y, seed=5, epochs=1, batch=32).parameters()]
    assert all(bool((a == b).all()) for a, b in zip(one, two))


def test_channels_and_hidden_units_shape_the_network_trained_and_exported(torch):
    from printkit.scan.train_convnet import _widths, exported, train

    rng = np.random.default_rng(0)
    x = rng.random((32, 40, 40)).astype(np.float16)
    y = rng.integers(0, 14, 32)
    model = exported(train(x, y, seed=5, epochs=1, batch=16, channels=_widths("8,12,24"), hidden=20))
    assert [w.shape[0] for w, _ in model.convs] == [8, 12, 24] and model.dense[0][0].shape == (20, 24 * 5 * 5)
    assert model.read(np.zeros((2, 40, 40), np.float32)).shape == (2, 14)
    for bad in ("", "8,x", "8,0,4"):
        with pytest.raises(__import__("argparse").ArgumentTypeError):
            _widths(bad)


def test_the_broad_pen_thickens_drawn_ink_but_not_the_printed_grid_and_is_the_same_from_the_same_seed(torch):
    from printkit.scan.augment import broad

    x = torch.zeros(8, 1, 40, 40)
    x[:, :, 19:21, 5:35] = 0.9  # a stroke 2 px wide
    x[:, :, :, 10] = 0.25  # a printed grid line, lighter than ink
    one = broad(x, torch.Generator().manual_seed(3), share=1.0)
    two = broad(x, torch.Generator().manual_seed(3), share=1.0)
    assert bool((one == two).all())
    assert float(one.min()) >= 0 and float(one.max()) <= 1
    ink = lambda t: (t > 0.35).float().sum(dim=(1, 2, 3))  # noqa: E731
    assert bool((ink(one) > ink(x)).all())  # every patch's strokes wider
    assert float(one[:, :, 2:8, 10].max()) <= 0.25 + 1e-6  # the grid line far from the stroke stays as it was
    assert bool((broad(x, torch.Generator().manual_seed(3), share=0.0) == x).all())


def test_augmentation_without_the_broad_pen_is_the_shipped_recipe(torch):
    from printkit.scan.augment import augmented

    x = torch.zeros(16, 1, 40, 40)
    x[:, :, 15:25, 10:30] = 0.8
    plain = augmented(x, torch.Generator().manual_seed(4))
    assert bool((plain == augmented(x, torch.Generator().manual_seed(4), broad_share=0.0)).all())
    assert not bool((plain == augmented(x, torch.Generator().manual_seed(4), broad_share=0.5)).all())


def test_fine_tuning_starts_from_the_saved_weights(torch):
    from printkit.scan.convnet import from_arrays
    from printkit.scan.train_convnet import exported, initialised, network, train

    with resources.as_file(resources.files("printkit.scan") / "scan_convnet.npz") as path, np.load(path) as data:
        saved = from_arrays(data)
    x = np.random.default_rng(1).random((6, 40, 40)).astype(np.float32)
    net = initialised(network(), saved).eval()
    with torch.no_grad():
        got = net(torch.from_numpy(x).unsqueeze(1)).numpy()
    assert np.allclose(got, saved.numpy_logits(x), rtol=1e-4, atol=1e-4)  # starts as the saved model
    assert np.allclose(exported(net).numpy_logits(x), saved.numpy_logits(x), rtol=1e-4, atol=1e-4)
    y = np.random.default_rng(1).integers(0, 14, 32)
    patches = np.random.default_rng(2).random((32, 40, 40)).astype(np.float16)
    tuned = train(patches, y, seed=5, epochs=1, batch=16, rate=1e-4, init=saved, broad_share=0.5, threads=1)
    norms = [layer for layer in tuned if isinstance(layer, torch.nn.BatchNorm2d)]
    assert all(float(n.running_var.min()) == pytest.approx(1 - n.eps) for n in norms)  # kept frozen
    moved = exported(tuned).numpy_logits(x)
    assert not np.allclose(moved, got)  # trained
    assert np.abs(moved - got).max() < 0.5 * np.abs(got).max()  # but near where it started


def test_initialising_from_another_shape_is_refused(torch):
    from printkit.scan.convnet import from_arrays
    from printkit.scan.train_convnet import initialised, network

    with resources.as_file(resources.files("printkit.scan") / "scan_convnet.npz") as path, np.load(path) as data:
        saved = from_arrays(data)
    with pytest.raises(ValueError, match="not this network's"):
        initialised(network(channels=(8, 16, 32)), saved)
