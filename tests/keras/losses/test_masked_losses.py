"""Losses leave out the entries a Keras mask on the predictions hides, as Keras 3's `Loss.__call__`.

A tagger fed by `Embedding(mask_zero=True)` (-> `LSTM(return_sequences=True)` -> `Dense`) returns predictions
whose `_keras_mask` marks the padded steps; Keras averages its losses over the kept steps only (a kept entry
weighs `entries / kept`), and the same in `fit`/`evaluate`. Before: keraslike averaged over every step, padding
included (evaluate 0.760 where TF gives 0.160 on a 2-sequence example). Goldens:
`tests/golden/make_masked_sequence_golden.py`.

Run:
    OMP_NUM_THREADS=1 python -m pytest -q tests/keras/losses/test_masked_losses.py
"""

import pathlib

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike._src.keras.losses import to_loss

GOLD = np.load(pathlib.Path(__file__).resolve().parents[2] / "golden" / "masked_sequence.npz")
LOSSES = {
    "mse": (lambda: keras.losses.MeanSquaredError(), "y_reg", False),
    "mse_sw": (lambda: keras.losses.MeanSquaredError(), "y_reg", True),
    "mse_sum": (lambda: keras.losses.MeanSquaredError(reduction="sum"), "y_reg", False),
    "mse_none": (lambda: keras.losses.MeanSquaredError(reduction="none"), "y_reg", False),
    "mse_mean_sw": (lambda: keras.losses.MeanSquaredError(reduction="mean_with_sample_weight"), "y_reg", True),
    "scce": (lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True), "y_cls", False),
    "scce_ignore": (lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0), "y_cls",
                    True),
    "huber_fn": (lambda: to_loss(keras.losses.huber), "y_reg", False),  # as compile wraps it
}


def tagger():
    tokens = keras.Input((6,), dtype="int32")
    x = keras.layers.Embedding(12, 4, mask_zero=True)(tokens)
    x = keras.layers.LSTM(5, return_sequences=True)(x)
    model = keras.Model(tokens, keras.layers.Dense(3)(x))
    model.set_weights([GOLD[f"tagger/w{i}"] for i in range(len(model.get_weights()))])
    return model


@pytest.mark.parametrize("name", sorted(LOSSES))
def test_loss_on_masked_predictions(name):
    make, target, weighted = LOSSES[name]
    model = tagger()
    loss = make()
    with tf.GradientTape() as tape:
        value = loss(tf.constant(GOLD[f"tagger/{target}"]), model(GOLD["tagger/tokens"]),
                     sample_weight=tf.constant(GOLD["tagger/sw"]) if weighted else None)
        total = tf.reduce_sum(value)
    np.testing.assert_allclose(value.numpy(), GOLD[f"loss_{name}/value"], rtol=1e-5, atol=1e-6)
    for i, g in enumerate(tape.gradient(total, model.trainable_weights)):
        np.testing.assert_allclose(tf.convert_to_tensor(g).numpy(), GOLD[f"loss_{name}/g{i}"], rtol=1e-4, atol=1e-6,
                                   err_msg=f"gradient {i}")


def test_fit_and_evaluate_leave_the_padding_out():
    model = tagger()
    model.compile(keras.optimizers.SGD(0.3), keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(GOLD["tagger/tokens"], GOLD["tagger/y_cls"], batch_size=2, epochs=2, shuffle=False,
                        verbose=0)
    np.testing.assert_allclose(history.history["loss"], GOLD["tagger_fit/loss"], rtol=1e-5)
    np.testing.assert_allclose(model.evaluate(GOLD["tagger/tokens"], GOLD["tagger/y_cls"], batch_size=4, verbose=0),
                               GOLD["tagger_fit/evaluate"], rtol=1e-5)
    for i, w in enumerate(model.get_weights()):
        np.testing.assert_allclose(w, GOLD[f"tagger_fit/final{i}"], rtol=1e-4, atol=1e-6, err_msg=f"weight {i}")


def test_unmasked_predictions_are_unchanged():
    """No mask: the plain mean (and the sparse crossentropy fast path) as before."""
    y, p = np.array([0, 2, 1]), np.log(np.array([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8], [0.3, 0.4, 0.3]], "float32"))
    loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    np.testing.assert_allclose(loss(y, tf.constant(p)).numpy(), -np.mean([np.log(0.7), np.log(0.8), np.log(0.4)]),
                               rtol=1e-5)
