"""Layers named like a model's own attributes ("outputs", "layers", "summary", ...) in Sequential and functional
models: found by the conformance corpus (tutorials/images/classification names its last layer "outputs")."""

import numpy as np

import keraslike as tf
from keraslike.keras import layers


def _data():
    rng = np.random.default_rng(0)
    return rng.normal(size=(16, 5)).astype("float32"), rng.integers(0, 3, 16)


def test_sequential_last_layer_named_outputs_trains_and_keeps_model_outputs():
    x, y = _data()
    model = tf.keras.Sequential([layers.Dense(8, activation="relu"), layers.Dense(3, name="outputs")])
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(x, y, epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    assert model.get_layer("outputs") is model.layers[-1]
    assert model.outputs[0].shape == (None, 3)  # the attribute, not the layer
    assert model.pop().name == "outputs"
    assert len(model.layers) == 1


def test_functional_layers_named_like_model_attributes(tmp_path):
    x, y = _data()
    inputs = tf.keras.Input((5,), name="inputs")
    hidden = layers.Dense(4, name="layers")(inputs)
    hidden = layers.Dense(4, name="summary")(hidden)
    outputs = layers.Dense(3, name="outputs")(hidden)
    model = tf.keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    model.fit(x, y, epochs=1, verbose=0)
    assert [layer.name for layer in model.layers] == ["inputs", "layers", "summary", "outputs"]
    assert model.outputs[0].shape == (None, 3) and callable(model.summary)
    expected = model.predict(x, verbose=0)
    model.save(tmp_path / "m.keras")
    restored = tf.keras.models.load_model(tmp_path / "m.keras")
    np.testing.assert_allclose(restored.predict(x, verbose=0), expected, rtol=1e-6)
    assert restored.get_layer("outputs").units == 3
