"""Reshaping, merging, Lambda, SpatialDropout: hand-computed values and the functional API."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike.keras import layers

RNG = np.random.default_rng(2)


def np_of(t):
    return t.detach().cpu().numpy()


def test_reshape_permute_repeat():
    x = np.arange(24, dtype="float32").reshape(2, 3, 4)
    np.testing.assert_array_equal(np_of(layers.Reshape((4, 3))(x)), x.reshape(2, 4, 3))
    np.testing.assert_array_equal(np_of(layers.Reshape((-1, 2))(x)), x.reshape(2, 6, 2))
    assert layers.Reshape((-1, 2)).compute_output_shape((None, 3, 4)) == (None, 6, 2)
    np.testing.assert_array_equal(np_of(layers.Permute((2, 1))(x)), x.transpose(0, 2, 1))
    np.testing.assert_array_equal(np_of(layers.RepeatVector(3)(x[:, 0])), np.repeat(x[:, None, 0], 3, 1))
    with pytest.raises(ValueError, match="Received: dims"):
        layers.Permute((0, 1))
    with pytest.raises(ValueError, match="target_shape"):
        layers.Reshape((5, 5))(x)


def test_padding_cropping_upsampling():
    x = RNG.standard_normal((1, 3, 4, 2)).astype("float32")
    y = np_of(layers.ZeroPadding2D(((1, 2), (0, 3)))(x))
    np.testing.assert_array_equal(y, np.pad(x, ((0, 0), (1, 2), (0, 3), (0, 0))))
    np.testing.assert_array_equal(np_of(layers.ZeroPadding2D(1)(x)), np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0))))
    np.testing.assert_array_equal(np_of(layers.Cropping2D(((1, 0), (1, 2)))(x)), x[:, 1:, 1:2])
    np.testing.assert_array_equal(np_of(layers.UpSampling2D((2, 3))(x)), x.repeat(2, 1).repeat(3, 2))
    xcf = np.ascontiguousarray(x.transpose(0, 3, 1, 2))
    np.testing.assert_array_equal(np_of(layers.ZeroPadding2D((1, 2), data_format="channels_first")(xcf)),
                                  np.pad(xcf, ((0, 0), (0, 0), (1, 1), (2, 2))))
    # bilinear with half-pixel centres: 1D row [0, 1] -> [0, .25, .75, 1]
    row = np.array([0.0, 1.0], "float32").reshape(1, 1, 2, 1)
    up = np_of(layers.UpSampling2D((1, 2), interpolation="bilinear")(row))
    np.testing.assert_allclose(up.reshape(-1), [0, 0.25, 0.75, 1.0], atol=1e-6)
    assert layers.ZeroPadding2D(2).compute_output_shape((None, 3, None, 1)) == (None, 7, None, 1)


def test_merge_layers_values_and_errors():
    a, b, c = (RNG.standard_normal((2, 3)).astype("float32") for _ in range(3))
    np.testing.assert_allclose(np_of(layers.Add()([a, b, c])), a + b + c, rtol=1e-6)
    np.testing.assert_allclose(np_of(layers.Subtract()([a, b])), a - b, rtol=1e-6)
    np.testing.assert_allclose(np_of(layers.Multiply()([a, b])), a * b, rtol=1e-6)
    np.testing.assert_allclose(np_of(layers.Average()([a, b])), (a + b) / 2, rtol=1e-6)
    np.testing.assert_allclose(np_of(layers.Maximum()([a, b])), np.maximum(a, b))
    np.testing.assert_allclose(np_of(layers.Minimum()([a, b])), np.minimum(a, b))
    np.testing.assert_allclose(np_of(layers.Concatenate()([a, b])), np.concatenate([a, b], -1))
    np.testing.assert_allclose(np_of(layers.Concatenate(axis=0)([a, b])), np.concatenate([a, b], 0))
    np.testing.assert_allclose(np_of(layers.Dot(axes=1)([a, b])), (a * b).sum(1, keepdims=True), rtol=1e-5)
    cos = np_of(layers.Dot(axes=1, normalize=True)([a, b]))
    np.testing.assert_allclose(cos[:, 0], (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1),
                               rtol=1e-5)
    s, t = RNG.standard_normal((2, 4, 3)).astype("float32"), RNG.standard_normal((2, 5, 3)).astype("float32")
    np.testing.assert_allclose(np_of(layers.Dot(axes=(2, 2))([s, t])), np.einsum("nik,njk->nij", s, t), rtol=1e-5)
    # lower-rank input gets axes inserted after the batch axis (Keras), not numpy's left-broadcast
    np.testing.assert_allclose(np_of(layers.Add()([s, a])), s + a[:, None, :], rtol=1e-6)
    with pytest.raises(ValueError, match="exactly 2"):
        layers.Subtract()([a, b, c])
    with pytest.raises(ValueError, match="list of inputs"):
        layers.Add()(torch.tensor(a))
    with pytest.raises(ValueError, match="Received: input_shape"):
        layers.Concatenate()([layers.Input((3, 2)), layers.Input((4, 3))])


def test_merge_in_functional_model():
    x = layers.Input((4,))
    y = layers.Add()([layers.Dense(3)(x), layers.Dense(3)(x)])
    z = layers.concatenate([y, x])
    model = tf.keras.Model(x, z)
    assert model.output_shape == (None, 7)
    data = RNG.standard_normal((5, 4)).astype("float32")
    out = np_of(model(data))
    assert out.shape == (5, 7)
    np.testing.assert_allclose(out[:, 3:], data, rtol=1e-6)


def test_lambda_and_spatial_dropout():
    lam = layers.Lambda(lambda t, k: t * k, arguments={"k": 3.0})
    np.testing.assert_allclose(np_of(lam(np.ones((2, 2), "float32"))), 3 * np.ones((2, 2)))
    inp = layers.Input((3,))
    out = layers.Lambda(lambda t: t[:, :2] ** 2)(inp)
    assert out.shape == (None, 2)
    with pytest.raises(TypeError, match="Received: function"):
        layers.Lambda(3)
    x = torch.ones(64, 4, 4, 8)
    sd = layers.SpatialDropout2D(0.5, seed=1)
    assert torch.equal(sd(x), x)
    y = sd(x, training=True)
    per_channel = y.amax(dim=(1, 2))
    assert torch.equal(y, per_channel[:, None, None, :].expand_as(y))  # whole maps dropped or kept
    assert set(per_channel.unique().tolist()) <= {0.0, 2.0}
    assert 0.3 < (per_channel == 0).float().mean().item() < 0.7


def test_configs_roundtrip():
    for layer in [layers.Reshape((2, 3)), layers.Permute((2, 1)), layers.RepeatVector(2), layers.ZeroPadding2D(2),
                  layers.Cropping2D(1), layers.UpSampling2D(3), layers.Concatenate(axis=1), layers.Dot(axes=1),
                  layers.Add(), layers.SpatialDropout2D(0.2), layers.Cropping1D(), layers.UpSampling1D()]:
        clone = type(layer).from_config(layer.get_config())
        assert clone.get_config() == {**layer.get_config(), "name": clone.name}
