"""`keras.activations.*` on a functional model's KerasTensor, as keras-io's memory-efficient-embeddings recipe
writes its output: `prediction = keras.activations.sigmoid(logits) * 5`.

TF 2.21 (Keras 3) records the activation's `keras.ops` call as a node (`Sigmoid`, `Gelu`, `Exp`, ...) and refuses
`hard_silu`, `mish` and `sparsemax` (they convert the KerasTensor to a tf.Tensor); keraslike raised `TypeError:
Expected numbers, booleans, arrays or tensors ... Received: x=<KerasTensor ...>` for every activation but
`linear`. Golden: tests/golden/make_symbolic_activations.py (TF 2.21) -> symbolic_activations.json.
"""

import json
import os

import numpy as np
import pytest

from keraslike import keras
from tests.golden import symbolic_activation_cases as cases_module

CASES = cases_module.cases(keras)

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "symbolic_activations.json")))


@pytest.mark.parametrize("name", sorted(CASES))
def test_activation_on_keras_tensor_matches_tf(name, monkeypatch):
    monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    expected = GOLDEN[name]
    inputs = cases_module.input_for(keras, name)
    if "error" in expected:
        with pytest.raises(ValueError, match="A KerasTensor cannot be used as input to a TensorFlow function"):
            CASES[name](inputs)
        return
    model = keras.Model(inputs, CASES[name](inputs))
    assert list(model.output.shape) == expected["shape"]
    if "relu" not in name or "relu6" in name or "leaky" in name:  # Keras 3's relu activation is a `ReLU` class
        assert [op.keras_class_name for op in model.operations[1:]] == expected["operations"]
    values = np.asarray(model(cases_module.data_for(name)))
    np.testing.assert_allclose(values, np.array(expected["values"], dtype="float32"), rtol=1e-5, atol=1e-5)


def test_sigmoid_times_five_trains_like_the_recipe():
    """The recipe's head: a Dot of two embeddings, sigmoid(...) * 5, MSE on ratings."""
    user, movie = keras.Input((4,)), keras.Input((4,))
    logits = keras.layers.Dot(axes=1)([keras.layers.Dense(4)(user), keras.layers.Dense(4)(movie)])
    model = keras.Model([user, movie], keras.activations.sigmoid(logits) * 5)
    model.compile(optimizer="adam", loss="mse")
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=(32, 4)).astype("float32"), rng.normal(size=(32, 4)).astype("float32")
    history = model.fit([a, b], rng.uniform(1, 5, size=(32, 1)).astype("float32"), epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    out = model.predict([a, b], verbose=0)
    assert out.shape == (32, 1) and (out > 0).all() and (out < 5).all()
