"""Python lists as operands of Variables and negative-step slicing of Variables (tensorflow/docs
site/en/guide/variable.ipynb / tensor.ipynb first cells); expected values are real TF 2.21's.

Raw tensors (plain `torch.Tensor`s, DESIGN §2) get the same through `tensor_operators.py`, tested in
`test_tensor_operators.py` against real TF.
"""

import numpy as np
import pytest

import keraslike as tf


def test_list_operands():
    w = tf.Variable([[1.0], [2.0], [3.0]])
    np.testing.assert_array_equal(([[1.0, 2.0, 3.0]] @ w).numpy(), [[14.0]])
    v = tf.Variable([3.0, 4.0])
    np.testing.assert_array_equal(([1.0, 2.0] * v).numpy(), [3.0, 8.0])
    np.testing.assert_array_equal((v + [1, 2]).numpy(), [4.0, 6.0])  # ints converted to the variable's float32
    np.testing.assert_array_equal(([1.0, 2.0] - v).numpy(), [-2.0, -2.0])
    np.testing.assert_array_equal(([6.0, 8.0] / v).numpy(), [2.0, 2.0])
    np.testing.assert_array_equal((v ** (2, 1)).numpy(), [9.0, 4.0])
    np.testing.assert_array_equal((np.array([1.0, 5.0]) < v).numpy(), [True, False])
    np.testing.assert_array_equal((v >= [3.0, 5.0]).numpy(), [True, False])
    with pytest.raises(TypeError, match="Cannot convert"):
        tf.Variable([1, 2]) + [1.5]  # TF refuses to truncate, so does keraslike


def test_negative_step_slices_match_tf():
    v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    np.testing.assert_array_equal(v[::-1].numpy(), [[4, 5, 6], [1, 2, 3]])
    np.testing.assert_array_equal(v[:, ::-2].numpy(), [[3, 1], [6, 4]])
    np.testing.assert_array_equal(v[5:0:-1].numpy(), [[4, 5, 6]])
    np.testing.assert_array_equal(v[..., 1::-1].numpy(), [[2, 1], [5, 4]])
    np.testing.assert_array_equal(v[None, 1, ::-1].numpy(), [[6, 5, 4]])
    assert v[:, 0:2:-1].shape == (2, 0)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v[::-1, ::-2] * tf.constant([[1.0, 10.0]]))
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [[10, 0, 1], [10, 0, 1]])
