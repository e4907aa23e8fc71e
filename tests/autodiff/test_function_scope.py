"""What a `tf.function` body observes, as TF's docstrings show it (tf.executing_eagerly, tf.inside_function,
tf.TensorArray, tf.numpy_function): the body runs eagerly in keraslike, but sees TF's in-function state."""

import numpy as np
import pytest

import keraslike as tf


def test_executing_eagerly_and_inside_function_in_a_body():
    seen = []

    @tf.function
    def fn():
        with tf.init_scope():
            seen.append((tf.executing_eagerly(), tf.inside_function()))
        seen.append((tf.executing_eagerly(), tf.inside_function()))

    fn()
    assert seen == [(True, False), (False, True)]
    assert tf.executing_eagerly() and not tf.inside_function()
    tf.config.run_functions_eagerly(True)
    try:
        seen.clear()
        fn()
        assert seen == [(True, False), (True, False)]
    finally:
        tf.config.run_functions_eagerly(False)


def test_dataset_functions_run_as_function_bodies():
    seen = []

    def data_fn(x):
        seen.append(tf.executing_eagerly())
        return x

    list(tf.data.Dataset.range(2).map(data_fn))
    assert seen and not any(seen)


def test_tensor_array_in_a_function_reads_twice():
    @tf.function
    def fibonacci(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        ta = ta.unstack([0., 1.])
        for i in range(2, n):
            ta = ta.write(i, ta.read(i - 1) + ta.read(i - 2))
        return ta.stack()

    np.testing.assert_array_equal(fibonacci(7).numpy(), [0, 1, 1, 2, 3, 5, 8])
    ta = tf.TensorArray(tf.float32, size=1).write(0, 1.0)  # eagerly TF enforces clear_after_read
    ta.read(0)
    with pytest.raises(tf.errors.InvalidArgumentError):
        ta.read(0)


def test_numpy_function_checks_tout_only_in_functions():
    def sinh(x):
        return np.sinh(x)

    eager = tf.numpy_function(sinh, [1.0], tf.float32)  # TF eager: the float64 result as it is
    assert eager.dtype == tf.float64 and abs(eager.numpy() - np.sinh(1.0)) < 1e-12

    @tf.function
    def f(x):
        return tf.numpy_function(sinh, [x], tf.float32)

    assert f(tf.constant(1.0)).dtype == tf.float32
    with pytest.raises(tf.errors.InvalidArgumentError):
        f(tf.constant(1.0, tf.float64))
    ds = tf.data.Dataset.range(2).map(lambda x: tf.numpy_function(lambda v: np.float64(v), [x], tf.float32))
    with pytest.raises(tf.errors.InvalidArgumentError):
        list(ds)
