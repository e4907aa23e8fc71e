"""A Model subclass built from inputs and outputs that overrides only `train_step` (keras-io's masked language
modeling: `MaskedLanguageModel(inputs, mlm_output)`, saved to `.h5` and loaded with `custom_objects`) saves and
loads as Keras does: its functional graph, rebuilt as an instance of the subclass. keraslike recursed without end
in `get_config` (RecursionError), refused the Keras 2 `.h5` ("requires the model to be a Functional model") and
loaded the graph as a plain `Functional`. Golden: `tests/golden/make_functional_subclass_h5.py` (tf_keras)."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN)

import functional_subclass_cases as case  # noqa: E402


def test_loads_tf_keras_file_as_the_subclass(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    cls, _ = case.build(tf)
    model = tf.keras.models.load_model(os.path.join(GOLDEN, "keras3_files", "functional_subclass_keras2.h5"),
                                       custom_objects={"MaskedLanguageModel": cls})
    assert isinstance(model, cls) and type(model).__name__ == "MaskedLanguageModel"
    with open(os.path.join(GOLDEN, "functional_subclass_keras2.json")) as f:
        want = json.load(f)["prediction"]
    np.testing.assert_allclose(model.predict(case.X, verbose=0), want, rtol=1e-5, atol=1e-6)
    encoder = tf.keras.Model(model.input, model.get_layer("encoder_0/ffn_layernormalization").output)
    assert tuple(encoder.output.shape) == (None, 6, 4)


@pytest.mark.parametrize("legacy, filename", [("1", "m.h5"), ("0", "m.h5"), ("0", "m.keras")])
def test_round_trip_keeps_the_subclass_and_its_train_step(tmp_path, monkeypatch, legacy, filename):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", legacy)
    cls, model = case.build(tf)
    if legacy == "0":  # Keras 3 refuses "/" in layer names
        model = cls(model.input, model.get_layer("mlm_cls").output, name="masked_bert_model")
    model.compile(optimizer="adam")
    before = model.predict(case.X, verbose=0)
    path = str(tmp_path / filename)
    model.save(path)
    loaded = tf.keras.models.load_model(path, custom_objects={"MaskedLanguageModel": cls})
    assert isinstance(loaded, cls) and type(loaded) is type(model)
    np.testing.assert_allclose(loaded.predict(case.X, verbose=0), before, rtol=1e-6)
    loaded.compile(optimizer="adam")
    history = loaded.fit(tf.data.Dataset.from_tensor_slices((case.X, case.X)).batch(2), epochs=1, verbose=0)
    assert list(history.history) == ["loss"]  # the subclass's own train_step ran
