"""The Keras-layer halves of the feature-column migration guide: `tf.nest` over dict views (`Concatenate()(inputs
.values())` in a Keras 2 functional model), `CategoryEncoding(sparse=True)` and a `Dense` layer on its SparseTensor.
Expected values are TF 2.21's, checked by hand (tf.nest flattens `d.keys()`/`d.values()`/`d.items()` in iteration
order and rebuilds them as lists; the guide's weighted counts are [[..., 1.2 at 5, 1.5 at 11, 2.0 at 17]]).
"""

import numpy as np
import pytest

import keraslike as tf


def test_nest_flattens_mapping_views_as_tf():
    d = {"b": 1, "a": 2}
    assert tf.nest.flatten(d.keys()) == ["b", "a"]
    assert tf.nest.flatten(d.values()) == [1, 2]
    assert tf.nest.flatten(d.items()) == ["b", 1, "a", 2]
    assert tf.nest.map_structure(lambda v: v * 10, d.values()) == [10, 20]
    assert tf.nest.is_nested(d.items())


@pytest.fixture
def legacy(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")


def test_concatenate_of_dict_values_in_a_keras2_model(legacy):
    inputs = {"foo": tf.keras.Input(shape=()), "bar": tf.keras.Input(shape=()), "baz": tf.keras.Input(shape=())}
    outputs = tf.keras.layers.Concatenate()(inputs.values())
    model = tf.keras.Model(inputs=inputs, outputs=outputs)
    out = model({"foo": tf.constant([1]), "bar": tf.constant([0]), "baz": tf.constant([-1])})
    np.testing.assert_array_equal(np.asarray(out), [1.0, 0.0, -1.0])


def test_category_encoding_sparse_count_and_dense_on_it():
    ids = tf.constant([[5, 11, 5, 17, 17]])
    weights = tf.constant([[0.5, 1.5, 0.7, 1.8, 0.2]])
    count_layer = tf.keras.layers.CategoryEncoding(num_tokens=20, output_mode="count", sparse=True)
    sparse = count_layer(ids, count_weights=weights)
    assert isinstance(sparse, tf.sparse.SparseTensor)
    np.testing.assert_array_equal(np.asarray(sparse.indices), [[0, 5], [0, 11], [0, 17]])
    np.testing.assert_allclose(np.asarray(sparse.values), [1.2, 1.5, 2.0], rtol=1e-6)
    assert list(np.asarray(sparse.dense_shape)) == [1, 20]
    dense_layer = tf.keras.layers.Dense(4, use_bias=True, bias_initializer="ones")
    out = dense_layer(sparse)
    kernel, bias = dense_layer.get_weights()
    np.testing.assert_allclose(np.asarray(out), np.asarray(tf.sparse.to_dense(sparse)) @ kernel + bias, rtol=1e-6)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(dense_layer(sparse))
    grad = np.asarray(tape.gradient(loss, dense_layer.kernel))
    np.testing.assert_allclose(grad[:, 0], np.asarray(tf.sparse.to_dense(sparse))[0], rtol=1e-6)


def test_discretization_sparse_one_hot_as_tf():
    """TF 2.21: Discretization([1., 4.], output_mode="one_hot", sparse=True) on [[0.5], [5.0]] gives indices
    [[0, 0], [1, 2]], values [1., 1.], dense_shape [2, 3]; sparse=True with output_mode="int" raises."""
    layer = tf.keras.layers.Discretization(bin_boundaries=[1.0, 4.0], output_mode="one_hot", sparse=True)
    out = layer(tf.constant([[0.5], [5.0]]))
    assert isinstance(out, tf.sparse.SparseTensor)
    np.testing.assert_array_equal(np.asarray(out.indices), [[0, 0], [1, 2]])
    np.testing.assert_array_equal(np.asarray(out.values), [1.0, 1.0])
    assert list(np.asarray(out.dense_shape)) == [2, 3]
    with pytest.raises(ValueError, match="sparse=True"):
        tf.keras.layers.Discretization(bin_boundaries=[1.0], sparse=True)
