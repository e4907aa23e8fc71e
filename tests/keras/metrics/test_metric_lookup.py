"""Metric names, state handling and edge cases (values vs TF in test_golden_parity.py)."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.keras import metrics as metrics_module

M = tf.keras.metrics


@pytest.mark.parametrize("name,cls", [
    ("mse", "MeanSquaredError"), ("mae", "MeanAbsoluteError"), ("mape", "MeanAbsolutePercentageError"),
    ("top_k_categorical_accuracy", "TopKCategoricalAccuracy"), ("auc", "AUC"), ("AUC", "AUC"),
    ("precision", "Precision"), ("recall", "Recall"), ("root_mean_squared_error", "RootMeanSquaredError"),
    ("sparse_top_k_categorical_accuracy", "SparseTopKCategoricalAccuracy"),
])
def test_strings_resolve_and_name_the_metric_like_compile(name, cls):
    metric = metrics_module.to_metric(name)  # compile's resolution names the metric after the string
    assert type(metric).__name__ == cls and metric.name == name
    public = M.get(name)  # Keras's `metrics.get`: the metric's own name ("mae" is `mean_absolute_error`)
    assert type(public).__name__ == cls and public.name == type(public)().name


def test_public_get_as_keras():
    assert M.get(None) is None
    assert type(M.get("accuracy")).__name__ == "Accuracy"
    assert M.get(M.binary_accuracy) is M.binary_accuracy
    with pytest.raises(ValueError, match="Could not interpret metric identifier"):
        M.get("acc")


def test_states_are_float32_and_summed_by_result():
    for metric in (M.AUC(), M.Precision(thresholds=[0.3, 0.7]), M.RootMeanSquaredError(), M.TopKCategoricalAccuracy()):
        assert metric.variables and all(v.dtype == torch.float32 for v in metric.variables)
    auc = M.AUC(num_thresholds=5)
    assert auc.thresholds[0] < 0 and auc.thresholds[-1] > 1 and len(auc.thresholds) == 5


def test_auc_perfect_and_reset():
    auc = M.AUC()
    auc.update_state([0, 0, 1, 1], [0.1, 0.4, 0.6, 0.9])
    np.testing.assert_allclose(float(auc.result()), 1.0, atol=1e-6)
    auc.reset_state()
    assert float(auc.result()) == 0.0


def test_precision_without_positives_is_zero_and_top_k_ties_count():
    p = M.Precision()
    p.update_state([1.0, 0.0], [0.1, 0.2])
    assert float(p.result()) == 0.0
    acc = M.SparseTopKCategoricalAccuracy(k=1)
    acc.update_state(np.array([1]), np.array([[0.5, 0.5, 0.0]]))  # tie at the top counts as in, like TF
    assert float(acc.result()) == 1.0


def test_config_round_trip():
    auc = M.AUC(num_thresholds=50, curve="PR", multi_label=True, num_labels=3)
    again = M.deserialize(M.serialize(auc))
    assert again.get_config() == auc.get_config()


def test_unknown_metric_lists_names():
    with pytest.raises(ValueError, match="Received: metric='presicion'"):
        metrics_module.get("presicion")
