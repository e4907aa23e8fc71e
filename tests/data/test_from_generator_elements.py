"""`Dataset.from_generator` with one `TensorSpec`: the yielded element is one value whatever Python container
holds it, as in TF's "Better performance with the tf.data API" guide (tensorflow.org/guide/data_performance),
whose `ArtificialDataset` yields `(sample_idx,)` for `output_signature=tf.TensorSpec(shape=(1,), dtype=tf.int64)`.

On TF 2.21 (measured): `(i,)` for shape (1,) gives `[i]`; `(i, i + 1)` for float32 shape (2,) gives floats;
`(i,)` for shape () fails "yielded an element of shape (1,) where an element of shape () was expected"; a dict
fails "could not be converted to the expected type". keraslike refused the tuples as a structure mismatch."""

import time

import numpy as np
import pytest

import keraslike as tf


class ArtificialDataset(tf.data.Dataset):
    def _generator(num_samples):
        time.sleep(0.001)
        for sample_idx in range(num_samples):
            yield (sample_idx,)

    def __new__(cls, num_samples=3):
        return tf.data.Dataset.from_generator(
            cls._generator,
            output_signature=tf.TensorSpec(shape=(1,), dtype=tf.int64),
            args=(num_samples,)
        )


def test_the_guides_artificial_dataset():
    samples = [sample.numpy().tolist() for sample in ArtificialDataset()]
    assert samples == [[0], [1], [2]]
    assert ArtificialDataset().element_spec == tf.TensorSpec(shape=(1,), dtype=tf.int64)
    batches = list(ArtificialDataset().prefetch(tf.data.AUTOTUNE).batch(2))
    np.testing.assert_array_equal(batches[0].numpy(), [[0], [1]])


def test_a_tuple_converts_with_the_specs_dtype():
    ds = tf.data.Dataset.from_generator(lambda: ((i, i + 1) for i in range(2)),
                                        output_signature=tf.TensorSpec(shape=(2,), dtype=tf.float32))
    values = [x for x in ds]
    assert values[0].dtype == tf.float32
    assert [v.numpy().tolist() for v in values] == [[0.0, 1.0], [1.0, 2.0]]


def test_a_tuple_of_the_wrong_shape_and_a_dict_still_fail():
    ds = tf.data.Dataset.from_generator(lambda: ((i,) for i in range(2)),
                                        output_signature=tf.TensorSpec(shape=(), dtype=tf.int64))
    with pytest.raises(ValueError, match=r"shape \[1\] where an element of shape \(\) was expected"):
        list(ds)
    ds = tf.data.Dataset.from_generator(lambda: ({"a": i} for i in range(2)),
                                        output_signature=tf.TensorSpec(shape=(), dtype=tf.int64))
    with pytest.raises(TypeError, match="could not be converted to the expected type"):
        list(ds)
