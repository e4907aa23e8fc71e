"""Keras 3's metric object model (issue 21 item 3): `model.metrics == [loss tracker, compile_metrics, ...]`,
the `compile_metrics` container, `get_metrics_result`/`compute_metrics` (whose dict the built-in steps log),
reset, `metrics_variables`, `evaluate`/`train_on_batch` order, metrics owned by layers, the keras.io custom
`train_step` loops with sample_weight/class_weight, the deprecated `compiled_loss`/`compiled_metrics` shims,
`fit(validation_freq=[...])` and shape errors naming the metric, each compared with what real Keras 3.15
(TF 2.21) produced for the same program (`tests/golden/metrics_structure_cases.py`)."""

import json
import os
import sys

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "golden")
sys.path.insert(0, GOLDEN_DIR)

import metrics_structure_cases as cases  # noqa: E402

torch.set_num_threads(1)
with open(os.path.join(GOLDEN_DIR, "metrics_structure.json")) as f:
    GOLDEN = json.load(f)


def _same(got, want, where):
    if isinstance(want, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(want), f"{where}: {got} != {want}"
        for k in want:
            _same(got[k], want[k], f"{where}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{where}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            _same(g, w, f"{where}[{i}]")
    elif isinstance(want, float):
        np.testing.assert_allclose(got, want, rtol=2e-4, atol=2e-6, err_msg=where)
    else:
        assert got == want, f"{where}: {got!r} != {want!r}"


def _without_messages(result):
    return {k: v for k, v in result.items() if not k.endswith("_message")}


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_matches_keras3(name):
    _same(_without_messages(cases.CASES[name](tf)), _without_messages(GOLDEN[name]), name)


def test_shape_errors_name_the_metric_or_loss_and_the_shapes():
    got = cases.case_shape_errors(tf)
    assert "Metric 'mae'" in got["metric_message"] and "y_true.shape=[8], y_pred.shape=[8, 3]" in got["metric_message"]
    assert "Loss 'mse'" in got["loss_message"] and "y_true.shape=[8, 2], y_pred.shape=[8, 3]" in got["loss_message"]
    assert "[8], [8,3]" in GOLDEN["shape_errors"]["metric_message"]  # TF names the same shapes


def test_validation_freq_must_be_an_int_or_a_list():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    with pytest.raises(ValueError, match=r"Received: validation_freq=\(1, 2\)"):
        model.fit(cases.X, cases.Y_REG, validation_data=(cases.X, cases.Y_REG), validation_freq=(1, 2), verbose=0)


def test_plain_metrics_ignore_sample_weight_in_a_custom_loop():
    """The keras.io loop passes sample_weight to every entry of `self.metrics`: only weighted_metrics use it."""
    model = cases._classifier(tf, metrics=["accuracy"], weighted_metrics=["accuracy"])
    y_pred = model(cases.X)
    for metric in model.metrics:
        if metric.name != "loss":
            metric.update_state(cases.Y_CLASS, y_pred, sample_weight=cases.SW)
    result = model.metrics[1].result()
    plain = float(np.mean(np.argmax(y_pred.detach().numpy(), -1) == cases.Y_CLASS))
    hits = (np.argmax(y_pred.detach().numpy(), -1) == cases.Y_CLASS).astype("float32")
    assert float(result["accuracy"]) == pytest.approx(plain)
    assert float(result["weighted_accuracy"]) == pytest.approx(float(np.sum(hits * cases.SW) / np.sum(cases.SW)))
