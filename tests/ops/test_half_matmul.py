"""ops/half_matmul.py: Dense's float16 affine on CPU computed in float32 and rounded once.

Oracle: the float64 product rounded to float16 (what one rounding of an exact sum gives); torch's float16 addmm
(the route before) is within one float16 ulp of it as well. Gradients keep float16 and match float32 autograd.
"""

import numpy as np
import torch

import keraslike as tf
from keraslike._src.ops import half_matmul


def _ulp16(v):
    return np.spacing(np.abs(v).astype(np.float16)).astype(np.float64)


def test_values_within_one_ulp_of_the_exact_product():
    torch.manual_seed(0)
    x, w, b = torch.randn(32, 300).half(), torch.randn(300, 16).half(), torch.randn(16).half()
    exact = (x.double() @ w.double() + b.double()).numpy()
    for got in (half_matmul.affine(x, w, b), half_matmul.affine(x.unsqueeze(0), w, b)[0]):
        assert got.dtype == torch.float16
        assert np.all(np.abs(got.double().numpy() - exact) <= _ulp16(exact) + 1e-3)


def test_gradients_are_float16_and_match_float32_autograd():
    torch.manual_seed(1)
    x = torch.randn(8, 20).half().requires_grad_(True)
    w = torch.randn(20, 4).half().requires_grad_(True)
    b = torch.randn(4).half().requires_grad_(True)
    half_matmul.affine(x, w, b).float().sum().backward()
    assert x.grad.dtype == w.grad.dtype == b.grad.dtype == torch.float16
    x32, w32 = x.detach().float().requires_grad_(True), w.detach().float().requires_grad_(True)
    (x32 @ w32).sum().backward()
    torch.testing.assert_close(x.grad.float(), x32.grad, rtol=2e-3, atol=2e-3)
    torch.testing.assert_close(w.grad.float(), w32.grad, rtol=2e-3, atol=2e-3)


def test_mixed_float16_dense_trains():
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        layer = tf.keras.layers.Dense(3)
        out = layer(np.ones((2, 4), "float32"))
        assert out.dtype == tf.float16 and layer.kernel.dtype == tf.float32
        np.testing.assert_allclose(out.numpy().astype("float32"),
                                   np.ones((2, 4)) @ layer.kernel.numpy(), rtol=2e-3, atol=2e-3)
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")


def test_einsum_dense_float16_contraction():
    torch.manual_seed(2)
    x, w = torch.randn(4, 6, 50).half(), torch.randn(50, 3, 5).half()
    got = half_matmul.einsum("abc,cde->abde", x, w)
    exact = torch.einsum("abc,cde->abde", x.double(), w.double()).numpy()
    assert got.dtype == torch.float16
    assert np.all(np.abs(got.double().numpy() - exact) <= _ulp16(exact) + 1e-3)


def test_float16_convolution_in_float32():
    torch.manual_seed(3)
    x, w, b = torch.randn(2, 4, 9, 9).half(), torch.randn(5, 4, 3, 3).half(), torch.randn(5).half()
    got = half_matmul.in_float32(torch.nn.functional.conv2d, x, w, b, 1, 1)
    exact = torch.nn.functional.conv2d(x.double(), w.double(), b.double(), 1, 1).numpy()
    assert got.dtype == torch.float16
    assert np.all(np.abs(got.double().numpy() - exact) <= _ulp16(exact) + 1e-3)
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        layer = tf.keras.layers.Conv2D(3, 3, padding="same")
        out = layer(np.ones((1, 5, 5, 2), "float32"))
        assert out.dtype == tf.float16 and layer.kernel.dtype == tf.float32
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")


def test_dense_on_sequences_is_the_dense_on_their_rows():
    """(batch, time, features) inputs take one addmm over the flattened rows (no separate bias add): each row's
    value and every gradient are the 2-D Dense's, bit for bit; a non-contiguous input and zero rows work."""
    torch.manual_seed(2)
    w, b = torch.randn(16, 40, requires_grad=True), torch.randn(40, requires_grad=True)
    x = torch.randn(3, 5, 16, requires_grad=True)
    seq = half_matmul.affine(x, w, b)
    rows = half_matmul.affine(x.detach().reshape(15, 16), w, b).reshape(3, 5, 40)
    assert torch.equal(seq, rows)
    torch.testing.assert_close(seq, x @ w + b, rtol=1e-6, atol=1e-6)  # the value TF's MatMul + BiasAdd gives
    weights = torch.arange(600.0).reshape(3, 5, 40) % 7
    gx, gw, gb = torch.autograd.grad((seq * weights).sum(), (x, w, b))
    x2 = x.detach().reshape(15, 16).requires_grad_()
    want = torch.autograd.grad((torch.addmm(b, x2, w) * weights.reshape(15, 40)).sum(), (x2, w, b))
    for got, ref in zip((gx.reshape(15, 16), gw, gb), want):
        assert torch.equal(got, ref)
    strided = torch.randn(5, 3, 16).transpose(0, 1)
    torch.testing.assert_close(half_matmul.affine(strided, w, b), strided @ w + b, rtol=1e-6, atol=1e-6)
    assert half_matmul.affine(torch.randn(0, 5, 16), w, b).shape == (0, 5, 40)
