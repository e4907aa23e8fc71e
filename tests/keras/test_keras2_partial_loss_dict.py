"""Keras 2's loss dict naming only some outputs of a multi-output model (keras.io's training-with-built-in-methods
guide: `loss={"class_output": ...}`): the others get no loss; logs against tf_keras
(tests/golden/make_keras2_partial_loss_dict_golden.py). Keras 3 wants every output's key."""
import os

import numpy as np
import pytest

from keraslike import keras
from keraslike.keras import layers

GOLDEN = np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "keras2_partial_loss_dict.npz"))


def _model():
    inputs = keras.Input(shape=(6,), name="x")
    h = layers.Dense(4, activation="relu")(inputs)
    model = keras.Model(inputs, [layers.Dense(1, name="score_output")(h), layers.Dense(5, name="class_output")(h)])
    model.set_weights([GOLDEN[f"w{i}"] for i in range(6)])
    return model


def test_loss_dict_without_an_output_matches_tf_keras(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    model = _model()
    model.compile(optimizer=keras.optimizers.SGD(0.1),
                  loss={"class_output": keras.losses.CategoricalCrossentropy(from_logits=True)})
    x, score, classes = GOLDEN["x"], GOLDEN["score"], GOLDEN["classes"]
    ev = model.evaluate(x, {"score_output": score, "class_output": classes}, batch_size=8, return_dict=True,
                        verbose=0)
    assert {k: pytest.approx(float(v), rel=1e-5) for k, v in zip(GOLDEN["eval_keys"], GOLDEN["eval_values"])} \
        == {k: v for k, v in ev.items()}
    hist = model.fit(x, [score, classes], batch_size=8, epochs=1, shuffle=False, verbose=0).history
    assert {k: pytest.approx(float(v), rel=1e-5) for k, v in zip(GOLDEN["fit_keys"], GOLDEN["fit_values"])} \
        == {k: v[0] for k, v in hist.items()}


def test_keras3_wants_every_output_key(monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    model = _model()
    with pytest.raises(ValueError, match="Expected keys"):
        model.compile(optimizer="sgd", loss={"class_output": keras.losses.CategoricalCrossentropy()})
        model.evaluate(GOLDEN["x"], [GOLDEN["score"], GOLDEN["classes"]], verbose=0)
