"""Printed text TF's docstrings show (issue 25): a tensor initializer is Keras's `get.<locals>.initialize_fn`, and
dtype errors name TF's dtypes (`tf.float32`), SparseTensors included."""

import pytest

import keraslike as tf
from keraslike import keras


def test_tensor_initializer_repr_is_keras():
    fn = keras.initializers.get(keras.ops.ones((5, 5)))
    assert fn.__qualname__ == "get.<locals>.initialize_fn"
    assert tuple(fn((5, 5)).shape) == (5, 5)


def test_assert_type_names_tf_dtypes_and_takes_sparse_tensors():
    c = tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
    tf.debugging.assert_type(c, tf_type=tf.int32)
    with pytest.raises(TypeError, match=r"^tensor must be of type tf.float32; got tf.int32$"):
        tf.debugging.assert_type(c, tf_type=tf.float32)
    with pytest.raises(TypeError, match="Expected integer type for tensor, got tf.float32"):
        tf.debugging.assert_integer(tf.constant(1.0))
