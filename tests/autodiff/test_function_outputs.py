"""What a `tf.function` hands back: TF converts every output to a tensor (intro_to_graphs guide, `simple_relu`).

`return 0` in a branch gives an int32 tensor (`.numpy()` works), Python floats give float32, strings a string
tensor, a returned variable is read into a tensor, and None stays None (TF's `func_graph` conversion). Values
checked against TF 2.21's results, written out here (hand-copied from TF's repr of each output).
"""

import numpy as np
import torch

import keraslike as tf


def simple_relu(x):
    if tf.greater(x, 0):
        return x
    else:
        return 0


def test_python_branch_value_is_a_tensor():
    tf_simple_relu = tf.function(simple_relu)
    assert tf_simple_relu(tf.constant(1)).numpy() == 1
    second = tf_simple_relu(tf.constant(-1))
    assert second.numpy() == 0 and second.dtype == tf.int32  # TF: tf.Tensor(0, shape=(), dtype=int32)


def test_structures_of_python_values():
    out = tf.function(lambda x: (x, 1, "a", None, 2.5, [True, np.float64(1.5)]))(tf.constant(1))
    assert out[1].dtype == tf.int32 and out[1].numpy() == 1
    assert out[2].numpy() == b"a"
    assert out[3] is None
    assert out[4].dtype == tf.float32
    assert out[5][0].dtype == tf.bool and out[5][1].dtype == tf.float64


def test_returned_variable_is_read():
    v = tf.Variable(2.0)
    out = tf.function(lambda: v)()
    assert isinstance(out, torch.Tensor) and not isinstance(out, tf.Variable)
    v.assign(3.0)
    assert out.numpy() == 2.0


def test_concrete_function_outputs_are_tensors():
    f = tf.function(simple_relu)
    concrete = f.get_concrete_function(tf.TensorSpec([], tf.int32))
    assert concrete(tf.constant(-4)).numpy() == 0


class TiledGradients(tf.Module):
    """The deepdream tutorial's shape: an input_signature covering a parameter with a default."""

    @tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.float32),
                                  tf.TensorSpec(shape=[], dtype=tf.int32)))
    def __call__(self, img, tile_size=512):
        return img * tf.cast(tile_size, tf.float32), tile_size


def test_signature_default_is_used_and_converted():
    m = TiledGradients()
    out, tile = m(tf.constant([1.0]))
    assert out.numpy().tolist() == [512.0]  # TF: tf.Tensor([512.], shape=(1,), dtype=float32)
    assert tile.dtype == tf.int32
    assert m(tf.constant([1.0]), 2)[0].numpy().tolist() == [2.0]
