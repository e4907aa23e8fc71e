"""Issue-10 metrics against real Keras 3.15: values stored by `tests/golden/make_kmetrics_golden.py`.

Each metric streams two halves of its data (the second with sample weights) and must match Keras after each,
again after `reset_state`, and when rebuilt from its `get_config()` (which must equal Keras's config).
"""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = dict(np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "kmetrics.npz"), allow_pickle=False))
RTOL, ATOL = 1e-5, 1e-6


def _cases(kind):
    return sorted({key.split("/")[1] for key in GOLDEN if key.startswith(kind + "/")})


def _stream(metric, y_true, y_pred, sw, expect_first, expect_value):
    half = len(y_true) // 2
    metric.update_state(torch.as_tensor(y_true[:half]), torch.as_tensor(y_pred[:half]))
    np.testing.assert_allclose(metric.result().numpy(), expect_first, rtol=RTOL, atol=ATOL)
    metric.update_state(torch.as_tensor(y_true[half:]), torch.as_tensor(y_pred[half:]), sample_weight=sw)
    np.testing.assert_allclose(metric.result().numpy(), expect_value, rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("case", _cases("metric"))
def test_metric_matches_keras(case):
    g = {k.split("/")[-1]: v for k, v in GOLDEN.items() if k.startswith(f"metric/{case}/")}
    spec = json.loads(str(g["spec"]))
    cls = getattr(tf.keras.metrics, spec["class"])
    metric = cls(**spec["kwargs"])
    _stream(metric, g["y_true"], g["y_pred"], g["sw"], g["first"], g["value"])
    metric.reset_state()
    _stream(metric, g["y_true"], g["y_pred"], g["sw"], g["first"], g["value"])
    keras_config = json.loads(str(g["config"]))
    config = metric.get_config()
    assert set(config) == set(keras_config)
    def _args(c):  # Keras uniquifies default names ("binary_io_u_1") and writes dtype policies
        return {k: v for k, v in c.items() if k not in ("dtype", "name")}

    assert _args(config) == _args(keras_config)
    _stream(cls.from_config(config), g["y_true"], g["y_pred"], g["sw"], g["first"], g["value"])
