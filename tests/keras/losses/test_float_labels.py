"""Sparse cross-entropy and accuracy with float labels and numpy arguments, as Keras casts them.

Style of tensorflow/docs site/en/tutorials/keras/regression.ipynb-like programs that keep labels as
float64 numpy columns; values checked against hand-computed logs (real TF 2.21 gives the same).
"""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras

Y_FLOAT = np.array([1.0, 2.0, 0.0])  # float64, as numpy and pandas give labels
PROBS = np.array([[0.2, 0.5, 0.3], [0.1, 0.1, 0.8], [0.6, 0.3, 0.1]], "float32")
PER_SAMPLE = -np.log([0.5, 0.8, 0.6])


def test_function_forms_take_numpy_and_float_labels():
    np.testing.assert_allclose(keras.losses.sparse_categorical_crossentropy(Y_FLOAT, PROBS).numpy(), PER_SAMPLE,
                               rtol=1e-5)
    np.testing.assert_allclose(keras.metrics.sparse_categorical_accuracy(Y_FLOAT, PROBS).numpy(), [1, 1, 1])
    np.testing.assert_allclose(keras.metrics.sparse_top_k_categorical_accuracy(Y_FLOAT, PROBS, k=1).numpy(),
                               [1, 1, 1])
    logits = np.log(PROBS)
    np.testing.assert_allclose(
        keras.losses.sparse_categorical_crossentropy(Y_FLOAT[:, None], logits, from_logits=True).numpy(),
        PER_SAMPLE, rtol=1e-5)


@pytest.mark.parametrize("labels", [Y_FLOAT, Y_FLOAT.astype("float32")[:, None], Y_FLOAT.astype("int64")])
def test_classes_cast_float_labels(labels):
    loss = keras.losses.SparseCategoricalCrossentropy()(labels, PROBS)
    np.testing.assert_allclose(float(loss), PER_SAMPLE.mean(), rtol=1e-5)
    acc = keras.metrics.SparseCategoricalAccuracy()
    acc.update_state(labels, PROBS)
    assert float(acc.result()) == 1.0


def test_ignore_class_averages_over_kept_entries():
    # Keras 3 masks ignored labels: the mean is over the two kept entries (0.4581), not all three
    loss = keras.losses.SparseCategoricalCrossentropy(ignore_class=0)(Y_FLOAT, PROBS)
    np.testing.assert_allclose(float(loss), PER_SAMPLE[:2].mean(), rtol=1e-5)
    weighted = keras.losses.SparseCategoricalCrossentropy(ignore_class=0)(Y_FLOAT, PROBS,
                                                                          sample_weight=np.array([2.0, 1.0, 5.0]))
    np.testing.assert_allclose(float(weighted), (2 * PER_SAMPLE[0] + PER_SAMPLE[1]) / 2, rtol=1e-5)
    summed = keras.losses.SparseCategoricalCrossentropy(ignore_class=0, reduction="sum")(Y_FLOAT, PROBS)
    np.testing.assert_allclose(float(summed), PER_SAMPLE[:2].sum(), rtol=1e-5)


def test_fit_with_float64_labels_matches_int_labels():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(30, 4)).astype("float32")
    y = rng.integers(0, 3, size=30)
    logs = []
    for labels in (y, y.astype("float64")):
        keras.utils.set_random_seed(1)
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="softmax")])
        model.compile("sgd", "sparse_categorical_crossentropy", metrics=["accuracy"])
        logs.append(model.fit(x, labels, batch_size=10, shuffle=False, epochs=2, verbose=0).history)
    assert logs[0] == logs[1]
