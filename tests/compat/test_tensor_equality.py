"""`tf.compat.v1.disable_tensor_equality()` / `enable_tensor_equality()`, as the TF1-vs-TF2 migration guide runs them.

TF2 (the default): `x == y` on two variables is an elementwise boolean tensor. TF1 (`disable_tensor_equality`):
`x == y` is identity, a Python bool (hand-checked against TF 2.21: `False` for two distinct variables).
"""

import numpy as np
import pytest

import keraslike as tf


@pytest.fixture(autouse=True)
def _restore_equality():
    yield
    tf.compat.v1.enable_tensor_equality()


def test_disabled_equality_compares_variables_by_identity():
    tf.compat.v1.disable_tensor_equality()
    x = tf.Variable(0.0)
    y = tf.Variable(0.0)
    assert (x == y) is False
    assert (x != y) is True
    assert (x == x) is True
    assert len({x, y}) == 2  # hashable by identity, as TF1's variables


def test_enabled_equality_compares_values():
    tf.compat.v1.disable_tensor_equality()
    tf.compat.v1.enable_tensor_equality()
    x = tf.Variable(0.0)
    y = tf.Variable(0.0)
    result = x == y
    assert np.asarray(result).dtype == np.bool_ and bool(result)
    assert not bool(x != y)
    np.testing.assert_array_equal(np.asarray(tf.Variable([1.0, 2.0]) == [1.0, 3.0]), [True, False])


def test_ref_keys_a_set_as_the_guide_does():
    x = tf.Variable(0.0)
    tensor_set = {x.ref(), tf.constant(2.0).ref()}
    assert x.ref() in tensor_set
    assert x.ref().deref() is x


def test_v2_behavior_switches_as_tf():
    """TF 2.21 (checked by hand): TF2 defaults resource variables and control flow v2 on; `disable_v2_behavior()`
    turns resource variables off (graph variables print `float32_ref`) and tensor equality off (`v == v` is True,
    `v == w` False); `enable_v2_behavior()` restores them."""
    assert tf.compat.v1.resource_variables_enabled() and tf.compat.v1.control_flow_v2_enabled()
    tf.compat.v1.disable_v2_behavior()
    try:
        assert not tf.compat.v1.resource_variables_enabled()
        with tf.Graph().as_default():
            v = tf.Variable(1.0, name="v")
            assert repr(v) == "<tf.Variable 'v:0' shape=() dtype=float32_ref>"
            assert (v == v) is True and (v == tf.Variable(1.0)) is False
    finally:
        tf.compat.v1.enable_v2_behavior()
    assert tf.compat.v1.resource_variables_enabled()
    assert bool(tf.Variable(1.0) == tf.Variable(1.0))
    tf.compat.v1.disable_resource_variables()
    try:
        with tf.Graph().as_default():
            assert repr(tf.Variable(1.0, name="w")).endswith("float32_ref>")
    finally:
        tf.compat.v1.enable_resource_variables()
    with tf.Graph().as_default():
        assert repr(tf.Variable(1.0, name="w")).endswith("dtype=float32>")
    with pytest.raises(NotImplementedError, match="disable_control_flow_v2"):
        tf.compat.v1.disable_control_flow_v2()
