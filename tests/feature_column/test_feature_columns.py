"""`tf.feature_column` through `tf.keras.layers.DenseFeatures`, on the inputs of the feature-column migration guide
and the structured-data feature-column tutorial (tests/golden/feature_column_cases.py): outputs equal real TF 2.21's
(tests/golden/make_feature_column_golden.py, Keras 2), embedding tables set to the same fixed values.
"""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf
import keraslike.compat.v1 as tf1

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
sys.path.insert(0, GOLDEN)
from feature_column_cases import CASES, table  # noqa: E402

with open(os.path.join(GOLDEN, "feature_columns.json")) as f:
    EXPECTED = json.load(f)
VOCAB_FILE = os.path.join(GOLDEN, "feature_column_vocab.txt")


@pytest.mark.parametrize("name", sorted(CASES))
def test_dense_features_output_is_tfs(name):
    columns, features = CASES[name](tf, tf1, VOCAB_FILE)
    layer = tf.keras.layers.DenseFeatures(columns)
    layer(features)
    weights = layer.get_weights()
    if weights:
        layer.set_weights([table(w.shape) for w in weights])
    out = layer(features)
    want = EXPECTED[name]
    assert str(out.dtype).endswith(want["dtype"])
    np.testing.assert_allclose(np.asarray(out), np.asarray(want["output"], dtype=np.float32), rtol=1e-6, atol=1e-6)
    got = [(w.path.split("/", 1)[1], list(w.shape)) for w in layer.weights]
    assert got == [(n.split("/", 1)[1][:-2], s) for n, s in want["weights"]]


def test_embedding_table_trains_and_defaults_to_truncated_normal():
    col = tf.feature_column.embedding_column(
        tf.feature_column.categorical_column_with_vocabulary_list("size", ["small", "medium", "large"]), 64)
    layer = tf.keras.layers.DenseFeatures(col)
    features = {"size": ["small", "large"]}
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(features))
    grad = tape.gradient(loss, layer.trainable_weights[0])
    np.testing.assert_array_equal(np.asarray(grad)[:, 0], [1.0, 0.0, 1.0])  # only the looked-up rows
    table_values = layer.get_weights()[0]
    assert np.abs(table_values).max() <= 2 / 8 + 1e-6  # truncated at 2 stddev, stddev 1/sqrt(64)


def test_columns_repr_and_errors_like_tf():
    col = tf.feature_column.numeric_column("foo")
    assert repr(col).startswith("NumericColumn(key='foo', shape=(1,), default_value=None")
    assert tf.feature_column.bucketized_column(col, [1, 4]).name == "foo_bucketized"
    with pytest.raises(ValueError, match="sorted"):
        tf.feature_column.bucketized_column(col, [4, 1])
    with pytest.raises(ValueError, match="DenseColumn"):
        tf.keras.layers.DenseFeatures([tf.feature_column.categorical_column_with_identity("x", 3)])
    with pytest.raises(ValueError, match="exceeds number of buckets"):
        tf.keras.layers.DenseFeatures(tf.feature_column.indicator_column(
            tf.feature_column.categorical_column_with_identity("x", 3)))({"x": [5]})
    with pytest.raises(ValueError, match="dictionary"):
        tf.keras.layers.DenseFeatures(col)([1.0])
    with pytest.raises(ValueError, match="partition"):
        tf.keras.layers.DenseFeatures(col, partitioner=object())


def test_dense_features_first_layer_of_a_trained_sequential():
    fc = tf.feature_column
    rng = np.random.default_rng(0)
    age = rng.integers(0, 10, 256)
    kind = np.where(rng.random(256) < 0.5, "Cat", "Dog")
    y = ((age > 4) ^ (kind == "Cat")).astype("float32")
    ds = tf.data.Dataset.from_tensor_slices(({"Age": age, "Type": kind}, y)).batch(32)
    age_buckets = fc.bucketized_column(fc.numeric_column("Age"), [3, 5, 7])
    kind_col = fc.categorical_column_with_vocabulary_list("Type", ["Cat", "Dog"])
    model = tf.keras.Sequential([
        tf.keras.layers.DenseFeatures([fc.indicator_column(fc.crossed_column([age_buckets, kind_col], 16)),
                                       fc.indicator_column(kind_col), age_buckets]),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(1),
    ])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01), metrics=["accuracy"],
                  loss=tf.keras.losses.BinaryCrossentropy(from_logits=True))
    model.fit(ds, epochs=15, verbose=0)
    assert model.evaluate(ds, verbose=0)[1] > 0.9
