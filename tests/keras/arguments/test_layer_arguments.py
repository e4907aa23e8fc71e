"""Issue 12 items 3 and 4: `weights=` sets the initial weights; `activity_regularizer` adds Keras 3's penalty
(`regularizer(output) / batch size`) to `losses` (goldens from tests/golden/make_arguments_golden.py).

Before the fix both were accepted and dropped (random weights, empty `model.losses`).
"""

import numpy as np
import pytest

import keraslike as tf
from tests.keras.arguments.golden_programs import X, Y, activity_layers, assert_matches, classifier, fit_record, golden

keras = tf.keras


def test_embedding_weights_matrix_is_the_table():
    matrix = np.arange(12, dtype="float32").reshape(4, 3)
    for weights in (matrix, [matrix]):
        layer = keras.layers.Embedding(4, 3, weights=weights)
        np.testing.assert_array_equal(layer(np.array([[3, 0]])).numpy(), matrix[[3, 0]][None])
    with pytest.raises(ValueError, match="shape"):
        keras.layers.Embedding(5, 3, weights=[matrix])


def test_layer_weights_argument_is_set_at_build():
    kernel, bias = np.full((2, 3), 0.5, "float32"), np.array([1.0, 2.0, 3.0], "float32")
    dense = keras.layers.Dense(3, weights=[kernel, bias])
    np.testing.assert_allclose(dense(X).numpy(), X @ kernel + bias, rtol=1e-6)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, weights=[kernel, bias])])
    np.testing.assert_allclose(model.get_weights()[0], kernel)
    with pytest.raises(ValueError, match="expected 2 weights"):
        keras.layers.Dense(3, weights=[kernel])(X)


@pytest.mark.parametrize("name", ["dense", "conv1d", "conv2d", "depthwise_conv2d", "separable_conv2d", "layer"])
def test_activity_regularizer_penalty_matches_keras(name):
    layer, x = activity_layers()[name]
    layer(x)
    np.testing.assert_allclose([float(v) for v in layer.losses], golden(f"activity/{name}"), rtol=1e-5)
    layer(x[:1])  # a new call replaces the previous call's penalty (Keras 3), it does not add up
    assert len(layer.losses) == 1


def test_multi_head_attention_regularizes_its_four_projections_as_keras():
    mha = keras.layers.MultiHeadAttention(2, 2, kernel_initializer=keras.initializers.Constant(0.1),
                                          activity_regularizer=keras.regularizers.L2(0.1))
    seq = np.random.RandomState(1).uniform(-1, 1, (3, 4, 2)).astype("float32")
    mha(seq, seq)
    np.testing.assert_allclose([float(v) for v in mha.losses], golden("activity/multi_head_attention"), rtol=1e-5)


def test_fit_minimizes_loss_plus_activity_penalty_as_keras():
    model = classifier(activity_regularizer=keras.regularizers.L2(0.1))
    assert_matches(fit_record(model, x=X, y=Y, batch_size=4), "activity/fit")


def test_activity_regularizer_survives_get_config():
    dense = keras.layers.Dense(2, activity_regularizer="l2")
    clone = keras.layers.Dense.from_config(dense.get_config())
    clone(X)
    assert len(clone.losses) == 1
