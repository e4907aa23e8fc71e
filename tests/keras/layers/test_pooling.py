"""Pooling vs naive numpy with TF padding ('same' averages over valid elements only)."""

import numpy as np
import pytest

from keraslike.keras import layers

RNG = np.random.default_rng(1)


def naive_pool2d(x, pool, strides, padding, mode):
    n, h, w, c = x.shape
    if padding == "same":
        oh, ow = -(-h // strides[0]), -(-w // strides[1])
        ph = max((oh - 1) * strides[0] + pool[0] - h, 0) // 2
        pw = max((ow - 1) * strides[1] + pool[1] - w, 0) // 2
    else:
        oh, ow = (h - pool[0]) // strides[0] + 1, (w - pool[1]) // strides[1] + 1
        ph = pw = 0
    y = np.zeros((n, oh, ow, c))
    for i in range(oh):
        for j in range(ow):
            r0, c0 = i * strides[0] - ph, j * strides[1] - pw
            win = x[:, max(r0, 0):r0 + pool[0], max(c0, 0):c0 + pool[1]]  # valid elements only
            y[:, i, j] = win.max(axis=(1, 2)) if mode == "max" else win.mean(axis=(1, 2))
    return y


@pytest.mark.parametrize("mode", ["max", "average"])
@pytest.mark.parametrize("size,pool,strides,padding", [
    (5, 2, None, "same"), (5, 2, None, "valid"), (6, 3, 1, "same"), (7, 3, 2, "same"), (4, 4, 1, "same"),
])
def test_pool2d_matches_naive(mode, size, pool, strides, padding):
    x = RNG.standard_normal((2, size, size + 1, 3)).astype("float32") - 2.0  # negatives: pads must not win
    cls = layers.MaxPooling2D if mode == "max" else layers.AveragePooling2D
    layer = cls(pool, strides=strides, padding=padding)
    y = layer(x).detach().numpy()
    s = pool if strides is None else strides
    ref = naive_pool2d(x, (pool, pool), (s, s), padding, mode)
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-6)
    assert layer.compute_output_shape((None, size, size + 1, 3)) == (None, *y.shape[1:])


def test_pool_shapes_1d_3d_and_channels_first():
    x = RNG.standard_normal((2, 7, 3)).astype("float32")
    y = layers.AveragePooling1D(2, padding="same")(x).detach().numpy()
    assert y.shape == (2, 4, 3)
    np.testing.assert_allclose(y[:, 3], x[:, 6], rtol=1e-6)  # last window holds one valid element
    np.testing.assert_allclose(layers.MaxPooling1D(3, strides=2)(x).detach().numpy()[:, 1], x[:, 2:5].max(1),
                               rtol=1e-6)
    v = RNG.standard_normal((1, 4, 4, 4, 2)).astype("float32")
    assert tuple(layers.MaxPooling3D()(v).shape) == (1, 2, 2, 2, 2)
    xcf = RNG.standard_normal((1, 3, 5, 5)).astype("float32")
    ycf = layers.MaxPooling2D(2, padding="same", data_format="channels_first")(xcf).detach().numpy()
    ref = naive_pool2d(xcf.transpose(0, 2, 3, 1), (2, 2), (2, 2), "same", "max").transpose(0, 3, 1, 2)
    np.testing.assert_allclose(ycf, ref, rtol=1e-6)


def test_global_pooling():
    x = RNG.standard_normal((2, 4, 5, 3)).astype("float32")
    np.testing.assert_allclose(layers.GlobalAveragePooling2D()(x).detach().numpy(), x.mean((1, 2)), rtol=1e-5)
    np.testing.assert_allclose(layers.GlobalMaxPooling2D()(x).detach().numpy(), x.max((1, 2)), rtol=1e-6)
    assert tuple(layers.GlobalAveragePooling2D(keepdims=True)(x).shape) == (2, 1, 1, 3)
    s = x[:, 0]
    np.testing.assert_allclose(layers.GlobalMaxPooling1D()(s).detach().numpy(), s.max(1), rtol=1e-6)
    np.testing.assert_allclose(layers.GlobalAveragePooling1D(data_format="channels_first")(s).detach().numpy(),
                               s.mean(2), rtol=1e-5)
    mask = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 1, 1]], bool)
    import torch
    y = layers.GlobalAveragePooling1D()(torch.tensor(s), mask=torch.tensor(mask)).numpy()
    np.testing.assert_allclose(y[0], s[0, :2].mean(0), rtol=1e-5)


def test_pool_errors():
    with pytest.raises(ValueError, match="Received: padding='causal'"):
        layers.MaxPooling2D(padding="causal")
    with pytest.raises(ValueError, match="Received: data_format='nhwc'"):
        layers.MaxPooling2D(data_format="nhwc")
