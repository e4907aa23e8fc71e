"""`tf.autodiff.ForwardAccumulator` against `torch.func.jvp` (the oracle) and TF's docstring examples
(tensorflow/python/eager/forwardprop.py: linear regression JVPs vs backprop, forward-over-backward HVP)."""

import logging

import numpy as np
import pytest
import torch

import keraslike as tf


def _jvp_oracle(fn, primal, tangent):
    return torch.func.jvp(fn, (primal,), (tangent,))[1]


@pytest.mark.parametrize("name, fn", [
    ("sin_sum", lambda x: torch.sin(x).sum(dim=0)),
    ("matmul", lambda x: x @ x.T),
    ("softmax", lambda x: torch.softmax(x * 3.0, dim=-1)),
    ("tf_ops", lambda x: tf.reduce_logsumexp(tf.square(x) + tf.exp(x), axis=1)),
    ("operators_and_slices", lambda x: (x[::-1] * [1.0, 2.0, 3.0]) ** 2),
])
def test_jvp_matches_torch_func_jvp(name, fn):
    x = torch.randn(4, 3, dtype=torch.float64)
    x_before = x.clone()
    tangent = torch.randn(4, 3, dtype=torch.float64)
    want = _jvp_oracle(fn, x.clone(), tangent)
    with tf.autodiff.ForwardAccumulator(x, tangent) as acc:
        y = fn(x)
        inside = acc.jvp(y)
    torch.testing.assert_close(inside, want)
    torch.testing.assert_close(acc.jvp(y), want)  # after the block too, as TF
    torch.testing.assert_close(x, x_before, rtol=0, atol=0)  # watching leaves the primal's values alone


def test_structures_variables_and_unconnected():
    a, b = tf.Variable([1.0, 2.0]), tf.constant([[3.0]])
    ta, tb = tf.constant([1.0, -1.0]), tf.constant([[2.0]])
    with tf.autodiff.ForwardAccumulator({"a": a, "b": b}, {"a": ta, "b": tb}) as acc:
        y = tf.reduce_sum(a * a) * b
        z = tf.constant(5.0) * 2
    want = torch.func.jvp(lambda a_, b_: (a_ * a_).sum() * b_, (a.detach(), b), (ta, tb))[1]
    jvps = acc.jvp({"y": y, "z": z, "a": a})
    torch.testing.assert_close(jvps["y"], want)
    assert jvps["z"] is None
    torch.testing.assert_close(jvps["a"], ta)
    zero = acc.jvp(z, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    torch.testing.assert_close(zero, torch.zeros(()))
    after = a * 3.0  # computed after the block: no JVP, as TF
    assert acc.jvp(after) is None
    np.testing.assert_array_equal(a.numpy(), [1.0, 2.0])  # the primal's value is untouched


def test_tf_docstring_linear_regression_jvps_equal_backprop():
    x = tf.constant([[2.0, 3.0], [1.0, 4.0]])
    targets = tf.constant([[1.0], [-1.0]])
    dense = tf.keras.layers.Dense(1)
    dense.build([None, 2])

    def loss_fn():
        return tf.reduce_sum((dense(x) - targets) ** 2.0)

    kernel_fprop = []
    for column in ([[1.0], [0.0]], [[0.0], [1.0]]):
        with tf.autodiff.ForwardAccumulator(dense.kernel, tf.constant(column)) as acc:
            kernel_fprop.append(acc.jvp(loss_fn()))
    with tf.autodiff.ForwardAccumulator(dense.bias, tf.constant([1.0])) as acc:
        bias_fprop = acc.jvp(loss_fn())
    with tf.GradientTape() as tape:
        loss = loss_fn()
    kernel_grad, bias_grad = tape.gradient(loss, (dense.kernel, dense.bias))
    np.testing.assert_allclose(kernel_grad.numpy(), tf.stack(kernel_fprop)[:, tf.newaxis].numpy(), rtol=1e-6)
    np.testing.assert_allclose(bias_grad.numpy(), bias_fprop[tf.newaxis].numpy(), rtol=1e-6)


def test_forward_over_backward_hessian_vector_product():
    v = tf.Variable([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 0.0])) as acc:
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(v ** 3.0)
        backward = tape.gradient(y, v)
    np.testing.assert_allclose(backward.numpy(), [3.0, 12.0])
    np.testing.assert_allclose(acc.jvp(backward).numpy(), [6.0, 0.0])  # TF's docstring value


def test_backward_over_forward():
    x = tf.Variable([0.5, 1.5])
    with tf.GradientTape() as tape:
        with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
            y = tf.reduce_sum(tf.sin(x) * x)
        jvp = acc.jvp(y)  # sum(cos(x) * x + sin(x))
    grad = tape.gradient(jvp, x)  # d/dx: -sin(x) * x + 2 cos(x)
    xs = np.array([0.5, 1.5])
    np.testing.assert_allclose(grad.numpy(), -np.sin(xs) * xs + 2 * np.cos(xs), rtol=1e-6)


def test_errors_and_warnings(caplog):
    x = tf.constant([1.0, 2.0])
    with pytest.raises(ValueError, match="multiple times"):
        tf.autodiff.ForwardAccumulator([x, x], [x, x])
    with pytest.raises(ValueError, match="shape"):
        tf.autodiff.ForwardAccumulator(x, tf.constant([1.0]))
    with pytest.raises(ValueError, match="structure"):
        tf.autodiff.ForwardAccumulator([x], [x, x])
    with pytest.raises(TypeError, match="tensors and Variables"):
        tf.autodiff.ForwardAccumulator([1.0], [1.0])
    with tf.autodiff.ForwardAccumulator(x, tf.ones(2)):
        with pytest.raises(NotImplementedError, match="one level"):
            with tf.autodiff.ForwardAccumulator(tf.constant(1.0), tf.constant(1.0)):
                pass
    with caplog.at_level(logging.WARNING, logger="keraslike"):
        with tf.autodiff.ForwardAccumulator(tf.constant([1, 2]), tf.constant([1, 1])) as acc:
            pass
    assert "must be floating" in caplog.text and acc.jvp(tf.constant(1.0)) is None


def test_gradient_tape_alias():
    assert tf.autodiff.GradientTape is tf.GradientTape
