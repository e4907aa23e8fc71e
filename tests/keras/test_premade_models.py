"""`tf.keras.experimental.LinearModel` / `WideDeepModel` (tf_keras's premade models, the TF guide
`migrate/canned_estimators`; `tf.keras.experimental` was missing). Values are TF 2.21's with tf_keras
(`tests/golden/make_premade_model_golden.py`), in Keras 2 mode as the guide runs."""

import json
import pathlib

import numpy as np
import pytest

import keraslike as tf
from tests.golden import premade_model_cases

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "premade_models.json").read_text())


@pytest.fixture(autouse=True)
def _keras2(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")


def _close(got, want, path=""):
    if isinstance(want, dict):
        assert set(got) == set(want), path
        for key in want:
            _close(got[key], want[key], f"{path}.{key}")
    elif isinstance(want, list) and want and isinstance(want[0], float):
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-6, err_msg=path)
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=2e-5, abs=1e-6), path
    else:
        assert got == want, path


@pytest.mark.parametrize("variant", premade_model_cases.VARIANTS)
def test_the_guide_models_train_as_tf(variant):
    _close(premade_model_cases.program(tf, variant), GOLDEN[variant])


def test_a_dict_missing_a_key_raises_naming_it():
    model = tf.keras.experimental.LinearModel()
    model({"a": np.ones((2, 1), np.float32), "b": np.ones((2, 2), np.float32)})
    with pytest.raises(ValueError, match="Missing keys: {'b'}"):
        model({"a": np.ones((2, 1), np.float32)})


def test_wide_deep_takes_one_or_two_optimizers():
    linear, dnn = tf.keras.experimental.LinearModel(), tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model = tf.keras.experimental.WideDeepModel(linear, dnn, activation="sigmoid")
    with pytest.raises(ValueError, match="list of two"):
        model.compile(optimizer=["sgd", "sgd", "sgd"], loss="mse")
    model.compile(optimizer="sgd", loss="mse")
    out = model(np.ones((3, 2), np.float32))
    assert tuple(out.shape) == (3, 1) and float(out.min()) > 0.0


def test_a_keras2_model_lists_its_layers_weights_before_its_own():
    """tf_keras's Model order (a Keras 3 model lists its own weights first; keraslike gave that order in both
    modes, so get_weights/set_weights of such a model did not exchange with tf_keras)."""
    assert premade_model_cases.weight_order(tf) == GOLDEN["weight_order"]
