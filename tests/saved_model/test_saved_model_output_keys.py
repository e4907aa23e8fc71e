"""The serving signature's output keys of a saved Keras model, as guide/saved_model reads them.

The guide does `infer(tf.constant(x))[pretrained_model.output_names[0]]`: tf.keras 2 keys the outputs by the
output layers' names (`predictions`); Keras 3 by `output_0`, ... keraslike keyed them `output_0` in both modes
(KeyError 'predictions' under TF_USE_LEGACY_KERAS=1). Goldens: tests/golden/make_saved_model_output_keys_golden.py.
"""

import json
import os

import numpy as np
import pytest

import keraslike as tf

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "golden", "saved_model_output_keys.json")))


def _models():
    inp = tf.keras.Input((3,))
    functional = tf.keras.Model(inp, tf.keras.layers.Dense(2, name="predictions")(inp))
    sequential = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name="dense")])
    i2 = tf.keras.Input((3,))
    two = tf.keras.Model(i2, [tf.keras.layers.Dense(1, name="a")(i2), tf.keras.layers.Dense(1, name="b")(i2)])
    return {"functional": functional, "sequential": sequential, "two_outputs": two}


@pytest.mark.parametrize("keras_version", ["keras3", "keras2"])
def test_serving_output_keys_follow_the_keras_of_the_switch(tmp_path, monkeypatch, keras_version):
    if keras_version == "keras2":
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    x = np.random.RandomState(0).rand(4, 3).astype("float32")
    for case, model in _models().items():  # module_signature_keys: test_no_serving_default_for_a_method_without_outputs
        path = str(tmp_path / case)
        tf.saved_model.save(model, path)
        infer = tf.saved_model.load(path).signatures["serving_default"]
        assert sorted(infer.structured_outputs) == sorted(GOLDEN[keras_version][case]), case
        result = infer(tf.constant(x))
        assert sorted(result) == sorted(GOLDEN[keras_version][case]), case
        expected = model(x)
        expected = expected if isinstance(expected, (list, tuple)) else [expected]
        for key, value in zip(sorted(result), [expected[sorted(result).index(k)] for k in sorted(result)]):
            np.testing.assert_allclose(np.asarray(result[key]), np.asarray(value), rtol=1e-6)


def test_the_guides_lookup_by_output_name_under_keras2(tmp_path, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    pretrained_model = _models()["functional"]
    x = np.ones((1, 3), "float32")
    tf.saved_model.save(pretrained_model, str(tmp_path / "m"))
    infer = tf.saved_model.load(str(tmp_path / "m")).signatures["serving_default"]
    labeling = infer(tf.constant(x))[pretrained_model.output_names[0]]
    np.testing.assert_allclose(np.asarray(labeling), np.asarray(pretrained_model(x)), rtol=1e-6)


class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.0)

    @tf.function
    def __call__(self, x):
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)


def test_no_serving_default_for_a_method_without_outputs(tmp_path):
    """guide/saved_model: `assert len(imported.signatures) == 0` for a module whose only input-signature method
    assigns and returns nothing (TF exports no such signature); the restored module still works."""
    module = CustomModule()
    module(tf.constant(0.0))
    tf.saved_model.save(module, str(tmp_path / "m"))
    imported = tf.saved_model.load(str(tmp_path / "m"))
    assert list(imported.signatures.keys()) == GOLDEN["keras3"]["module_signature_keys"] == []
    assert imported(tf.constant(3.0)).numpy() == 3
    imported.mutate(tf.constant(2.0))
    assert imported(tf.constant(3.0)).numpy() == 6
