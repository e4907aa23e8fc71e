"""`Callback.model`: read-only in Keras 3, a plain attribute under TF_USE_LEGACY_KERAS=1.

keras-io's sklearn_metric_callbacks recipe assigns `self.model = model` in its callback's `__init__`. TF 2.21
(Keras 3) raises there, `AttributeError: property 'model' of 'JaccardScoreCallback' object has no setter`
(run under /work/tfvenv: tf.keras.callbacks.Callback defines `model` as a property without a setter); tf_keras
(TF_USE_LEGACY_KERAS=1) accepts it. keraslike accepted it in both modes.
"""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)


class JaccardLike(keras.callbacks.Callback):
    """The recipe's shape: stores the model itself instead of calling super().__init__()."""

    def __init__(self, model, x_test):
        self.model = model
        self.x_test = x_test
        self.seen = []

    def on_epoch_end(self, epoch, logs=None):
        self.seen.append(self.model.predict(self.x_test, verbose=0).shape)


def _model():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="softmax")])
    model.compile(loss="categorical_crossentropy", optimizer="adam")
    return model


def test_keras3_assigning_model_raises_as_tf(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    with pytest.raises(AttributeError, match=r"^property 'model' of 'JaccardLike' object has no setter$"):
        JaccardLike(_model(), np.zeros((2, 4), "float32"))


def test_keras3_set_model_attaches_and_fit_uses_it(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    callback = keras.callbacks.Callback()
    assert callback.model is None
    model = _model()
    callback.set_model(model)
    assert callback.model is model


def test_keras2_assigning_model_works(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    model = _model()
    x = np.random.default_rng(0).normal(size=(8, 4)).astype("float32")
    y = keras.utils.to_categorical(np.arange(8) % 3, 3)
    callback = JaccardLike(model, x[:5])
    assert callback.model is model
    model.fit(x, y, epochs=2, verbose=0, callbacks=[callback])
    assert callback.seen == [(5, 3), (5, 3)]
