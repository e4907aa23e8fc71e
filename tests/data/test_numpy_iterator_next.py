"""`Dataset.as_numpy_iterator()` returns TF's iterator object: `it.next()` (TF's transfer-learning tutorial:
`image_batch, label_batch = test_dataset.as_numpy_iterator().next()`) and `next(it)` both advance it."""
import numpy as np
import pytest

import keraslike as tf


def test_as_numpy_iterator_next_method():
    images = np.arange(24, dtype="float32").reshape(6, 2, 2)
    labels = np.array([0, 1, 0, 1, 1, 0])
    it = tf.data.Dataset.from_tensor_slices((images, labels)).batch(4).as_numpy_iterator()
    assert iter(it) is it
    image_batch, label_batch = it.next()
    np.testing.assert_array_equal(image_batch, images[:4])
    np.testing.assert_array_equal(label_batch, labels[:4])
    image_batch, label_batch = next(it)
    np.testing.assert_array_equal(label_batch, labels[4:])
    with pytest.raises(StopIteration):
        it.next()
