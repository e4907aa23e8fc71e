"""Conv layers vs a naive numpy oracle with TF's explicit padding; shapes, layouts, param counts."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike.keras import layers

RNG = np.random.default_rng(0)


def tf_same_pads(n, k, s, d=1):
    k_eff = (k - 1) * d + 1
    total = max((-(-n // s) - 1) * s + k_eff - n, 0)
    return total // 2, total - total // 2


def naive_conv2d(x, kernel, strides=(1, 1), padding="valid", dilation=(1, 1)):
    """x (N, H, W, C), kernel (kh, kw, C, O): the textbook loop, TF padding."""
    kh, kw, _, out = kernel.shape
    if padding == "same":
        (t, b), (lft, r) = tf_same_pads(x.shape[1], kh, strides[0], dilation[0]), tf_same_pads(
            x.shape[2], kw, strides[1], dilation[1])
        x = np.pad(x, ((0, 0), (t, b), (lft, r), (0, 0)))
    eh, ew = (kh - 1) * dilation[0] + 1, (kw - 1) * dilation[1] + 1
    oh, ow = (x.shape[1] - eh) // strides[0] + 1, (x.shape[2] - ew) // strides[1] + 1
    y = np.zeros((x.shape[0], oh, ow, out), np.float64)
    for i in range(oh):
        for j in range(ow):
            patch = x[:, i * strides[0]:i * strides[0] + eh:dilation[0], j * strides[1]:j * strides[1] + ew:dilation[1]]
            y[:, i, j] = np.einsum("nabc,abco->no", patch, kernel)
    return y


@pytest.mark.parametrize("size,kernel,strides,padding,expected", [
    (5, 2, 2, "same", 3), (5, 2, 2, "valid", 2), (6, 3, 2, "same", 3), (7, 4, 1, "same", 7), (7, 3, 3, "valid", 2),
])
def test_conv2d_matches_naive_tf_padding(size, kernel, strides, padding, expected):
    x = RNG.standard_normal((2, size, size + 1, 3)).astype("float32")
    layer = layers.Conv2D(4, kernel, strides=strides, padding=padding)
    y = layer(x)
    assert tuple(y.shape)[1] == expected
    k, b = layer.get_weights()
    assert k.shape == (kernel, kernel, 3, 4) and b.shape == (4,)
    b = RNG.standard_normal(4).astype("float32")
    layer.set_weights([k, b])
    ref = naive_conv2d(x, k, (strides, strides), padding) + b
    np.testing.assert_allclose(layer(x).detach().numpy(), ref, rtol=1e-4, atol=1e-5)
    assert layer.compute_output_shape((None, size, size + 1, 3)) == (None, *tuple(y.shape)[1:])


def test_conv2d_dilation_and_channels_first():
    x = RNG.standard_normal((1, 7, 7, 2)).astype("float32")
    layer = layers.Conv2D(3, 3, dilation_rate=2, padding="same")
    k = layer(x) is not None and layer.get_weights()[0]
    np.testing.assert_allclose(layer(x).detach().numpy(), naive_conv2d(x, k, padding="same", dilation=(2, 2)),
                               rtol=1e-4, atol=1e-5)
    cf = layers.Conv2D(3, 3, padding="same", strides=2, data_format="channels_first")
    xcf = np.ascontiguousarray(x.transpose(0, 3, 1, 2))
    ycf = cf(xcf)
    kcf = cf.get_weights()[0]
    ref = naive_conv2d(x, kcf, (2, 2), "same").transpose(0, 3, 1, 2)
    np.testing.assert_allclose(ycf.detach().numpy(), ref, rtol=1e-4, atol=1e-5)


def test_conv2d_output_stays_channels_last_contiguous():
    x = torch.randn(2, 8, 8, 3)
    y = layers.Conv2D(5, 3, padding="same")(x)
    assert y.is_contiguous() and y.shape == (2, 8, 8, 5)


def test_conv1d_causal_and_same_and_conv3d():
    x = RNG.standard_normal((2, 6, 3)).astype("float32")
    layer = layers.Conv1D(2, 3, padding="causal", use_bias=False)
    y = layer(x).detach().numpy()
    k = layer.get_weights()[0]  # (3, 3, 2)
    xp = np.pad(x, ((0, 0), (2, 0), (0, 0)))
    ref = np.stack([np.einsum("nkc,kco->no", xp[:, t:t + 3], k) for t in range(6)], 1)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-5)
    same = layers.Conv1D(2, 4, strides=2, padding="same")
    assert tuple(same(x).shape) == (2, 3, 2)
    c3 = layers.Conv3D(2, 2, padding="same")
    v = RNG.standard_normal((1, 3, 3, 3, 2)).astype("float32")
    k3 = c3(v) is not None and c3.get_weights()[0]
    vp = np.pad(v, ((0, 0), (0, 1), (0, 1), (0, 1), (0, 0)))
    ref3 = np.zeros((1, 3, 3, 3, 2))
    for a in range(3):
        for b in range(3):
            for c in range(3):
                ref3[:, a, b, c] = np.einsum("nxyzi,xyzio->no", vp[:, a:a + 2, b:b + 2, c:c + 2], k3)
    np.testing.assert_allclose(c3(v).detach().numpy(), ref3, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("kernel,strides,padding", [(3, 2, "same"), (2, 2, "same"), (3, 2, "valid"), (1, 3, "same"),
                                                    (4, 2, "same")])
def test_conv2d_transpose_is_adjoint_of_tf_conv(kernel, strides, padding):
    x = RNG.standard_normal((1, 3, 4, 2)).astype("float32")
    layer = layers.Conv2DTranspose(5, kernel, strides=strides, padding=padding, use_bias=False)
    y = layer(x).detach().numpy()
    k = layer.get_weights()[0]
    assert k.shape == (kernel, kernel, 5, 2)
    expect = (3 * strides, 4 * strides) if padding == "same" else (
        3 * strides + max(kernel - strides, 0), 4 * strides + max(kernel - strides, 0))
    assert y.shape == (1, *expect, 5)
    # <conv(z), x> == <z, conv_transpose(x)> with the forward conv TF would differentiate.
    z = RNG.standard_normal(y.shape)
    forward = naive_conv2d(z, k, (strides, strides), padding)
    assert forward.shape == x.shape
    np.testing.assert_allclose((forward * x).sum(), (z * y).sum(), rtol=1e-4)


def test_depthwise_and_separable_match_naive():
    x = RNG.standard_normal((2, 5, 5, 3)).astype("float32")
    dw = layers.DepthwiseConv2D(2, strides=2, padding="same", depth_multiplier=2)
    y = dw(x).detach().numpy()
    k, b = dw.get_weights()
    assert k.shape == (2, 2, 3, 2) and b.shape == (6,) and y.shape == (2, 3, 3, 6)
    ref = np.concatenate([naive_conv2d(x[..., c:c + 1], k[:, :, c:c + 1, :], (2, 2), "same") for c in range(3)], -1)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-5)
    sep = layers.SeparableConv2D(4, 3, padding="same", depth_multiplier=2)
    ys = sep(x).detach().numpy()
    dk, pk, sb = sep.get_weights()
    assert dk.shape == (3, 3, 3, 2) and pk.shape == (1, 1, 6, 4) and sb.shape == (4,)
    mid = np.concatenate([naive_conv2d(x[..., c:c + 1], dk[:, :, c:c + 1, :], padding="same") for c in range(3)], -1)
    np.testing.assert_allclose(ys, mid @ pk[0, 0] + sb, rtol=1e-4, atol=1e-5)


def test_conv_errors_and_config():
    with pytest.raises(ValueError, match="Received: filters=0"):
        layers.Conv2D(0, 3)
    with pytest.raises(ValueError, match="Received: padding='full'"):
        layers.Conv2D(2, 3, padding="full")
    with pytest.raises(ValueError, match="Received: kernel_size"):
        layers.Conv2D(2, (3, 3, 3))
    cfg = layers.Conv2D(8, 3, strides=2, padding="same", activation="relu").get_config()
    assert cfg["filters"] == 8 and cfg["kernel_size"] == (3, 3) and cfg["padding"] == "same"
    assert layers.Conv2D.from_config(cfg).kernel_size == (3, 3)


def test_mnist_convnet_param_count_and_functional_shapes():
    model = tf.keras.Sequential([
        layers.Input((28, 28, 1)), layers.Conv2D(32, 3, activation="relu"), layers.MaxPooling2D(2),
        layers.Conv2D(64, 3, activation="relu"), layers.MaxPooling2D(2), layers.Flatten(), layers.Dropout(0.5),
        layers.Dense(10, activation="softmax"),
    ])
    assert model.count_params() == 34826
    inp = layers.Input((9, 9, 3))
    out = layers.Conv2D(4, 2, strides=2, padding="same")(inp)
    assert out.shape == (None, 5, 5, 4)
