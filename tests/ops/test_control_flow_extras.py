"""Control flow, functional ops and custom gradients: what the TF goldens cannot show (torch oracle, fallbacks)."""

import warnings

import numpy as np
import pytest
import torch

import keraslike as tf


def test_vectorized_map_falls_back_with_warning_when_vmap_cannot_batch():
    def fn(t):  # `.item()` is data-dependent: torch.vmap refuses it
        return t * 2 if t.sum().item() > 2 else t

    x = tf.constant([[1.0, 0.0], [3.0, 4.0]])
    with pytest.warns(UserWarning, match="Using a loop for vectorized_map"):
        out = tf.vectorized_map(fn, x)
    np.testing.assert_allclose(out.numpy(), [[1.0, 0.0], [6.0, 8.0]])
    with pytest.raises(ValueError, match="fallback_to_while_loop=False"):
        tf.vectorized_map(fn, x, fallback_to_while_loop=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tf.vectorized_map(fn, x, warn=False)


def test_vectorized_map_matches_map_fn_and_gradients():
    w = tf.Variable(torch.randn(3, 2, dtype=torch.float64))
    x = tf.constant(np.random.randn(5, 3))
    with tf.GradientTape(persistent=True) as tape:
        a = tf.reduce_sum(tf.vectorized_map(lambda r: tf.tanh(tf.linalg.matvec(tf.transpose(w), r)), x))
        b = tf.reduce_sum(tf.map_fn(lambda r: tf.tanh(tf.linalg.matvec(tf.transpose(w), r)), x))
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-12)
    np.testing.assert_allclose(tape.gradient(a, w).numpy(), tape.gradient(b, w).numpy(), rtol=1e-12)


def test_custom_gradient_matches_torch_autograd_when_grad_fn_is_the_true_gradient():
    @tf.custom_gradient
    def f(x, y):
        out = tf.sin(x) * y

        def grad(upstream):
            return upstream * tf.cos(x) * y, upstream * tf.sin(x)
        return out, grad

    xs, ys = torch.randn(4, dtype=torch.float64), torch.randn(4, dtype=torch.float64)
    x, y = xs.clone().requires_grad_(), ys.clone().requires_grad_()
    (torch.sin(x) * y * torch.arange(4)).sum().backward()
    a, b = tf.constant(xs), tf.constant(ys)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        z = tf.reduce_sum(f(a, b) * tf.cast(tf.range(4), tf.float64))
    ga, gb = tape.gradient(z, [a, b])
    np.testing.assert_allclose(ga.numpy(), x.grad.numpy(), rtol=1e-12)
    np.testing.assert_allclose(gb.numpy(), y.grad.numpy(), rtol=1e-12)


def test_custom_gradient_variables_are_the_ones_read_and_keep_their_order():
    v1, v2 = tf.Variable(2.0), tf.Variable(3.0)
    seen = []

    @tf.custom_gradient
    def f(x):
        def grad(upstream, variables=None):
            seen.append([id(v) for v in variables])
            return upstream, [upstream * 7.0 for _ in variables]
        return x * v1 + v2, grad

    with tf.GradientTape() as tape:
        y = f(tf.constant(1.0))
    g1, g2 = tape.gradient(y, [v1, v2])
    assert float(g1) == 7.0 and float(g2) == 7.0
    assert sorted(seen[0]) == sorted([id(v1), id(v2)])


def test_custom_gradient_wrong_count_raises():
    @tf.custom_gradient
    def f(x, y):
        return x * y, lambda upstream: upstream

    a = tf.constant(1.0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        z = f(a, tf.constant(2.0))
    with pytest.raises(ValueError, match="expected to return 2 gradients but returned 1"):
        tape.gradient(z, a)


def test_while_loop_back_prop_false_records_nothing():
    x = tf.Variable(2.0)
    out = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x), (0, tf.constant(1.0)), back_prop=False)
    assert float(out[1]) == 8.0 and not out[1].requires_grad


def test_while_loop_shape_invariant_violation_names_the_argument():
    with pytest.raises(ValueError, match="shape_invariants"):
        tf.while_loop(lambda x: tf.shape(x)[0] < 4, lambda x: [tf.concat([x, x], 0)], [tf.constant([1.0])],
                      shape_invariants=[tf.TensorShape([1])])


def test_tensor_array_gradient_flows_through_stack():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(tf.float32, size=3)
        for i in range(3):
            ta = ta.write(i, x[i] ** 2)
        y = tf.reduce_sum(ta.stack())
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [2.0, 4.0, 6.0])


def test_recompute_grad_equals_plain_gradient():
    w = tf.Variable(torch.randn(4, 4, dtype=torch.float64))
    x = tf.constant(np.random.randn(2, 4))

    def block(t):
        return tf.nn.relu(tf.matmul(t, w)) ** 2

    with tf.GradientTape(persistent=True) as tape:
        a = tf.reduce_sum(tf.recompute_grad(block)(x))
        b = tf.reduce_sum(block(x))
    np.testing.assert_allclose(tape.gradient(a, w).numpy(), tape.gradient(b, w).numpy(), rtol=1e-12)


def test_enable_check_numerics_names_the_op():
    tf.debugging.enable_check_numerics()
    try:
        with pytest.raises(tf.errors.InvalidArgumentError, match="log"):
            tf.math.log(tf.constant([-1.0]))
    finally:
        tf.debugging.disable_check_numerics()
    assert np.isnan(tf.math.log(tf.constant([-1.0])).numpy()[0])


def test_py_function_decorator_and_numpy_function_no_gradient():
    @tf.py_function(Tout=tf.float32)
    def double(a):
        return a * 2

    np.testing.assert_allclose(double(tf.constant([1.0, 2.0])).numpy(), [2.0, 4.0])
    x = tf.Variable(3.0)
    assert not tf.numpy_function(lambda a: a * 2, [x], tf.float32).requires_grad


def test_shape_attributes_work_under_jit_compile():
    @tf.function(jit_compile=True)
    def f(x):
        return x * x.shape.as_list()[0] + (1.0 if x.dtype.is_floating else 0.0)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.testing.assert_allclose(f(tf.ones([3])).numpy(), [4.0, 4.0, 4.0])


def test_torch_size_and_dtype_keep_torch_behaviour():
    x = torch.zeros(2, 3)
    assert type(x.shape) is torch.Size and x.shape == (2, 3) and torch.zeros(x.shape).shape == x.shape
    assert tf.float32 is torch.float32 and str(tf.float32) == "torch.float32"
    assert x.shape.as_list() == [2, 3] and x.dtype.name == "float32" and x.get_shape() is not None
    assert isinstance(x.shape.merge_with([None, 3]), tf.TensorShape)
