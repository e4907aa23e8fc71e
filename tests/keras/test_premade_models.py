"""Keras 2's premade models, `tf.keras.experimental.LinearModel` and `WideDeepModel` (the canned-estimators migration
guide): each case of tests/golden/premade_models_cases.py run here against what real TF 2.21 (tf_keras) gave for it
(tests/golden/premade_models.json, written by make_premade_models_golden.py): losses per epoch, trained weights,
optimizer iterations (one optimizer given twice steps twice per batch), configs."""

import json
import os
import sys

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden")
sys.path.insert(0, HERE)
from premade_models_cases import CASES  # noqa: E402

with open(os.path.join(HERE, "premade_models.json")) as f:
    GOLDEN = json.load(f)


def _close(got, want, path="result"):
    """`got` equals `want` (nested dicts and lists), floats to float32 tolerance."""
    if isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), (path, got, want)
        for key in want:
            _close(got[key], want[key], f"{path}[{key!r}]")
    elif isinstance(want, list):
        assert isinstance(got, (list, tuple)) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{path}[{i}]")
    elif isinstance(want, float):
        assert not isinstance(got, (list, dict, str)), (path, got, want)
        np.testing.assert_allclose(float(got), want, rtol=2e-5, atol=2e-6, err_msg=path)
    else:
        assert got == want and type(got) is type(want), (path, got, want)


@pytest.mark.parametrize("name", sorted(CASES))
def test_premade_model_matches_tf(name, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    _close(CASES[name](tf, np), GOLDEN[name], name)


@pytest.mark.parametrize("legacy", ["1", "0"])
def test_experimental_namespaces(legacy, monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", legacy)
    assert tf.keras.experimental.LinearModel is tf.compat.v1.keras.experimental.LinearModel
    assert tf.keras.experimental.WideDeepModel is tf.compat.v1.keras.experimental.WideDeepModel
    assert tf.keras.experimental.CosineDecay is tf.keras.optimizers.schedules.CosineDecay
    assert tf.keras.experimental.CosineDecayRestarts is tf.keras.optimizers.schedules.CosineDecayRestarts


def test_wide_deep_optimizer_list_length():
    model = tf.keras.experimental.WideDeepModel(tf.keras.experimental.LinearModel(),
                                                tf.keras.Sequential([tf.keras.layers.Dense(1)]))
    with pytest.raises(ValueError, match="Received: optimizer="):
        model.compile(optimizer=["sgd", "adam", "sgd"], loss="mse")


def test_wide_deep_named_optimizers_train_their_models():
    x = np.random.RandomState(1).uniform(size=(8, 2)).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    linear = tf.keras.experimental.LinearModel()
    dnn = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    model = tf.keras.experimental.WideDeepModel(linear, dnn)
    model.compile(optimizer=["sgd", "adam"], loss="mse")
    model.fit(x, y, epochs=1, batch_size=4, verbose=0)
    assert [type(o).__name__ for o in model.optimizer] == ["SGD", "Adam"]
    assert [int(o.iterations) for o in model.optimizer] == [2, 2]


def test_wide_deep_two_optimizers_save_and_load(tmp_path, monkeypatch):
    """TF 2.21 (tf_keras) writes the two optimizers as a list in `compile_config` and compiles the loaded model with
    both (their slots start afresh there too: it warns that it skips loading them)."""
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    x = np.random.RandomState(2).uniform(size=(6, 3)).astype("float32")
    model = tf.keras.experimental.WideDeepModel(tf.keras.experimental.LinearModel(kernel_initializer="ones"),
                                                tf.keras.Sequential([tf.keras.layers.Dense(2, activation="relu"),
                                                                     tf.keras.layers.Dense(1)]), activation="sigmoid")
    model.compile(optimizer=["sgd", tf.keras.optimizers.Adam(0.01)], loss="mse")
    model.fit(x, x[:, :1], verbose=0)
    config = model.get_compile_config()
    assert [c["class_name"] for c in config["optimizer"]] == ["SGD", "Adam"]
    assert config["optimizer"][1]["config"]["learning_rate"] == pytest.approx(0.01)
    model.save(tmp_path / "m.keras")
    loaded = tf.keras.models.load_model(tmp_path / "m.keras")
    assert type(loaded).__name__ == "WideDeepModel"
    np.testing.assert_allclose(np.asarray(loaded(x)), np.asarray(model(x)), rtol=1e-6)
    assert [type(o).__name__ for o in loaded.optimizer] == ["SGD", "Adam"]
    loaded.fit(x, x[:, :1], verbose=0)
