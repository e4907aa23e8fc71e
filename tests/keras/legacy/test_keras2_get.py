"""Under TF_USE_LEGACY_KERAS=1, `keras.metrics.get("mae")` is tf_keras's metric function (one value per sample;
before: Keras 3's stateful Metric, a single value, silently), and Keras 2's binary crossentropy adds epsilon inside
the logs (before: 8.059 for a saturated prediction where tf_keras gives 7.7125). Golden: tests/golden/keras2_get.json
(tf_keras, make_keras2_get_golden.py)."""

import json
import pathlib
import sys

import numpy as np

import keraslike as tf

GOLDEN_DIR = pathlib.Path(__file__).resolve().parents[2] / "golden"
sys.path.insert(0, str(GOLDEN_DIR))
import keras2_get_cases  # noqa: E402


def test_keras2_metrics_get_and_crossentropy_as_tf_keras(monkeypatch):
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    got = keras2_get_cases.run(tf)
    want = json.loads((GOLDEN_DIR / "keras2_get.json").read_text())
    assert set(got) == set(want)
    for key, expected in want.items():
        if isinstance(expected, list) and expected and isinstance(expected[0], str):
            assert got[key][0] == expected[0], key
            np.testing.assert_allclose(got[key][1], expected[1], rtol=1e-4, atol=1e-4, err_msg=key)
        else:
            np.testing.assert_allclose(got[key], expected, rtol=1e-4, atol=1e-4, err_msg=key)


def test_keras3_metrics_get_makes_metrics():
    assert isinstance(tf.keras.metrics.get("mae"), tf.keras.metrics.MeanAbsoluteError)
