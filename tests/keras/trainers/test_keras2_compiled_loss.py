"""Keras 2's `compiled_loss`/`compiled_metrics` in a custom `train_step` (TF_USE_LEGACY_KERAS=1), against tf_keras.

In the style of keras_io/examples/keras_recipes/trainer_pattern: a `keras.Model` wrapping another, whose
`train_step` calls `self.compiled_loss(y, y_pred, regularization_losses=self.losses)` and
`self.compiled_metrics.update_state(y, y_pred)` and returns `{m.name: m.result() for m in self.metrics}`.
Golden: tests/golden/make_keras2_compiled_loss.py (tf_keras under TF 2.21).
"""

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras

GOLDEN = json.loads((Path(__file__).parents[2] / "golden" / "keras2_compiled_loss.json").read_text())


class MyTrainer(keras.Model):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self.model(x, training=True)
            loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.compiled_metrics.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}

    def call(self, x):
        return self.model(x)


class ComputeLossModel(keras.Sequential):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x, y, y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return self.compute_metrics(x, y, y_pred, None)


def fit_trainer():
    x, y = np.array(GOLDEN["x"], "float32"), np.array(GOLDEN["y"])
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, activation="softmax",
                                                                     kernel_regularizer=keras.regularizers.l2(0.01))])
    model.set_weights([np.array(GOLDEN["kernel"], "float32"), np.zeros(3, "float32")])
    trainer = MyTrainer(model)
    trainer.compile(keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    history = trainer.fit(x, y, epochs=2, batch_size=16, shuffle=False, verbose=0)
    return model, history


def test_keras2_custom_train_step_logs_the_mean_loss_with_regularization(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Keras 2 does not deprecate them
        model, history = fit_trainer()
    for key, values in GOLDEN["history"].items():
        np.testing.assert_allclose(history.history[key], values, rtol=1e-5, err_msg=key)
    np.testing.assert_allclose(model.get_weights()[0], np.array(GOLDEN["final_kernel"]), rtol=1e-5, atol=1e-6)


def test_keras2_compute_loss_in_a_custom_train_step_updates_the_loss_metric(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    model = ComputeLossModel([keras.Input((5,)), keras.layers.Dense(
        3, activation="softmax", kernel_regularizer=keras.regularizers.l2(0.01))])
    model.set_weights([np.array(GOLDEN["kernel"], "float32"), np.zeros(3, "float32")])
    model.compile(keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    history = model.fit(np.array(GOLDEN["x"], "float32"), np.array(GOLDEN["y"]), epochs=2, batch_size=16,
                        shuffle=False, verbose=0)
    for key, values in GOLDEN["compute_loss_history"].items():
        np.testing.assert_allclose(history.history[key], values, rtol=1e-5, err_msg=key)


def test_keras2_metrics_names_name_each_evaluate_value(monkeypatch):
    """`for name, value in zip(model.metrics_names, model.evaluate(...))` pairs each value with its name."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    x, y = np.array(GOLDEN["x"], "float32"), np.array(GOLDEN["y"])
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3, activation="softmax")])
    model.compile("sgd", "sparse_categorical_crossentropy",
                  metrics=["accuracy", keras.metrics.SparseTopKCategoricalAccuracy(k=2, name="top2")])
    model.fit(x, y, verbose=0)
    results = model.evaluate(x, y, verbose=0)
    assert model.metrics_names == GOLDEN["metrics_names"] == ["loss", "accuracy", "top2"]
    assert [m.name for m in model.metrics] == GOLDEN["metrics"]
    assert len(results) == GOLDEN["evaluate_len"] == len(model.metrics_names)


def test_keras3_keeps_its_deprecated_compiled_loss(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    with pytest.warns(UserWarning, match="deprecated in Keras 3"):
        _, history = fit_trainer()
    # Keras 3's compiled_metrics gives every Mean (the loss tracker too) the predictions: 3 classes -> 1/3
    np.testing.assert_allclose(history.history["loss"], [1 / 3, 1 / 3], rtol=1e-5)
