"""one_hot / multi_hot / "count" encodings scattered without the `(..., labels, n)` one-hot tensor.

Hand-computed with numpy: out-of-range labels (negative, >= n) encode to zeros, duplicates count once in
multi_hot and every time in counts, weights, 1-D inputs (one sample), dtypes (float, int, bool), axis.
Before: multi_hot of a (64, 250) batch over 10,002 tokens built a 160M-entry int64 one-hot tensor (2.1 s a call).
"""

import numpy as np

import keraslike as tf
from keraslike._src.keras.layers.layer import _layers_in

IDS = np.array([[1, 3, 3, -1, 7], [0, 0, 2, 9, 4]])


def _expected(ids, n, count=False, weights=None):
    ids = np.atleast_2d(ids)
    out = np.zeros((ids.shape[0], n), "float32")
    for r, row in enumerate(ids):
        for c, v in enumerate(row):
            if 0 <= v < n:
                w = 1.0 if weights is None else np.atleast_2d(weights)[r, c]
                out[r, v] = out[r, v] + w if count else 1.0
    return out


def test_one_hot_values_dtype_and_axis():
    got = tf.keras.ops.one_hot(IDS, 8).numpy()
    want = np.stack([np.stack([np.eye(8, dtype="float32")[v] if 0 <= v < 8 else np.zeros(8, "float32")
                               for v in row]) for row in IDS])
    np.testing.assert_array_equal(got, want)
    assert tf.keras.ops.one_hot(IDS, 8, dtype="int32").dtype == tf.int32
    assert tf.keras.ops.one_hot(IDS, 8, dtype="bool").numpy().sum() == (want != 0).sum()
    np.testing.assert_array_equal(tf.keras.ops.one_hot(IDS, 8, axis=1).numpy(), np.moveaxis(want, -1, 1))


def test_multi_hot_and_counts():
    np.testing.assert_array_equal(tf.keras.ops.multi_hot(IDS, 8).numpy(), _expected(IDS, 8))
    np.testing.assert_array_equal(tf.keras.ops.multi_hot(IDS[0], 8).numpy(), _expected(IDS[0], 8)[0])
    assert tf.keras.ops.multi_hot(IDS, 8, dtype="bool").dtype == tf.bool
    ids = np.array([[1, 3, 3, 7], [0, 0, 2, 4]])
    np.testing.assert_array_equal(tf.keras.layers.CategoryEncoding(8, output_mode="count")(ids).numpy(),
                                  _expected(ids, 8, count=True))
    weights = np.arange(8, dtype="float32").reshape(2, 4) / 4
    got = tf.keras.layers.CategoryEncoding(8, output_mode="count")(ids, count_weights=weights).numpy()
    np.testing.assert_allclose(got, _expected(ids, 8, count=True, weights=weights))
    np.testing.assert_array_equal(tf.keras.layers.CategoryEncoding(8, output_mode="count")(ids[0]).numpy(),
                                  _expected(ids[0], 8, count=True)[0])


def test_text_vectorization_binary_and_count():
    layer = tf.keras.layers.TextVectorization(output_mode="binary", vocabulary=["a", "b", "c"])
    np.testing.assert_array_equal(layer(np.array(["a b b z", "c"])).numpy(),
                                  [[1, 1, 1, 0], [0, 0, 0, 1]])  # index 0: the OOV token ("z")
    layer = tf.keras.layers.TextVectorization(output_mode="count", vocabulary=["a", "b", "c"])
    np.testing.assert_array_equal(layer(np.array(["a b b z", "c"])).numpy(), [[1, 1, 2, 0], [0, 0, 0, 1]])


def test_layers_inside_long_lists_are_still_found():
    dense = tf.keras.layers.Dense(2)
    inner = tf.keras.layers.Dense(3)
    value = ["w%d" % i for i in range(1000)] + [dense, ("x", [inner]), {"k": dense, "n": 3}]
    assert _layers_in(value) == [dense, inner]
