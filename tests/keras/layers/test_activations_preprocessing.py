"""Activation and preprocessing layers against hand-computed formulas."""

import numpy as np
import pytest
import torch

from keraslike.keras import layers

X = np.array([[-2.0, -0.5, 0.0, 0.5, 3.0]], "float32")


def np_of(t):
    return t.detach().cpu().numpy()


def test_relu_family():
    np.testing.assert_allclose(np_of(layers.ReLU()(X)), np.maximum(X, 0))
    np.testing.assert_allclose(np_of(layers.ReLU(max_value=1.0)(X)), np.clip(X, 0, 1))
    np.testing.assert_allclose(np_of(layers.ReLU(negative_slope=0.1, threshold=1.0)(X)),
                               np.where(X >= 1, X, 0.1 * (X - 1)), rtol=1e-6)
    assert layers.LeakyReLU().negative_slope == 0.3
    np.testing.assert_allclose(np_of(layers.LeakyReLU()(X)), np.where(X >= 0, X, 0.3 * X), rtol=1e-6)
    np.testing.assert_allclose(np_of(layers.LeakyReLU(alpha=0.1)(X)), np.where(X >= 0, X, 0.1 * X), rtol=1e-6)
    np.testing.assert_allclose(np_of(layers.ELU(0.5)(X)), np.where(X > 0, X, 0.5 * np.expm1(X)), rtol=1e-6)
    with pytest.raises(ValueError, match="Received: max_value=-1"):
        layers.ReLU(max_value=-1)


def test_prelu_weights_and_values():
    x = np.random.default_rng(0).standard_normal((2, 3, 3, 4)).astype("float32")
    layer = layers.PReLU(shared_axes=[1, 2])
    layer(x)
    assert layer.get_weights()[0].shape == (1, 1, 4)
    alpha = np.array([[[0.1, 0.2, 0.3, 0.4]]], "float32")
    layer.set_weights([alpha])
    np.testing.assert_allclose(np_of(layer(x)), np.where(x > 0, x, alpha * x), rtol=1e-6)
    assert layers.PReLU().build((None, 5, 2)) is None


def test_softmax_axis_and_mask():
    x = np.random.default_rng(1).standard_normal((2, 3, 4)).astype("float32")
    e = np.exp(x - x.max(-1, keepdims=True))
    np.testing.assert_allclose(np_of(layers.Softmax()(x)), e / e.sum(-1, keepdims=True), rtol=1e-5)
    e2 = np.exp(x - x.max((1, 2), keepdims=True))
    np.testing.assert_allclose(np_of(layers.Softmax(axis=(1, 2))(x)), e2 / e2.sum((1, 2), keepdims=True), rtol=1e-5)
    mask = torch.tensor([[True, True, False, False]])
    y = np_of(layers.Softmax()(torch.tensor(x[0]), mask=mask))
    assert np.allclose(y[:, 2:], 0) and np.allclose(y.sum(-1), 1)


def test_rescaling_and_normalization():
    img = np.array([[0, 255]], "uint8")
    np.testing.assert_allclose(np_of(layers.Rescaling(1 / 127.5, offset=-1)(torch.tensor(img))), [[-1, 1]],
                               rtol=1e-6)
    data = np.array([[0.0, 7.0, 4.0], [2.0, 9.0, 6.0], [0.0, 7.0, 4.0], [2.0, 9.0, 6.0]], "float32")
    norm = layers.Normalization()
    norm.adapt(data)
    np.testing.assert_allclose(np_of(norm(data[:1])), [[-1, -1, -1]], rtol=1e-5)
    assert [w.shape for w in norm.get_weights()] == [(3,), (3,), ()]  # mean, variance, Keras 3's count
    assert norm.trainable_weights == []
    flat = layers.Normalization(axis=None)
    flat.adapt(np.array([1.0, 2.0, 3.0, 4.0, 5.0], "float32"))
    np.testing.assert_allclose(np_of(flat(np.array([1.0, 2.0, 3.0], "float32"))), [-1.4142135, -0.70710677, 0],
                               rtol=1e-5)
    given = layers.Normalization(mean=3.0, variance=2.0)
    np.testing.assert_allclose(np_of(given(np.array([[1.0], [3.0]], "float32"))), [[-1.4142135], [0]], rtol=1e-5)
    inv = layers.Normalization(mean=3.0, variance=4.0, invert=True)
    np.testing.assert_allclose(np_of(inv(np.array([[1.0]], "float32"))), [[5.0]])
    batches = layers.Normalization()
    batches.adapt(iter([data[:2], (data[2:], None)]))  # a generator of x or (x, y) batches
    np.testing.assert_allclose(batches.get_weights()[0], data.mean(0), rtol=1e-6)
    np.testing.assert_allclose(batches.get_weights()[1], data.var(0), rtol=1e-5)
    with pytest.raises(ValueError, match="both `mean` and `variance`"):
        layers.Normalization(mean=1.0)
