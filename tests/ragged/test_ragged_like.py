"""`tf.ones_like`/`tf.zeros_like` of a RaggedTensor keep its row partition, as TF 2.21 (values checked against
TF with the same calls: [[1., 1.], [1.]], int32 [[0, 0], [0]], strings [[b''], [b'', b'']])."""

import keraslike as tf


def test_ones_and_zeros_like_of_ragged_tensors():
    rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
    ones = tf.ones_like(rt)
    assert isinstance(ones, tf.RaggedTensor) and ones.to_list() == [[1.0, 1.0], [1.0]] and ones.dtype == tf.float32
    zeros = tf.zeros_like(rt, dtype=tf.int32)
    assert zeros.to_list() == [[0, 0], [0]] and zeros.dtype == tf.int32
    assert tf.zeros_like(tf.ragged.constant([["a"], ["b", "c"]])).to_list() == [[b""], [b"", b""]]
