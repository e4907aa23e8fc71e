"""Parity with real TensorFlow 2.21 / Keras 3: values stored by `tests/golden/make_golden.py`.

Each `.npz` case holds its inputs, a JSON spec (class and kwargs) and the
values real Keras computed; keraslike rebuilds the same object and must agree
to rtol 1e-5 (atol 1e-6 for values near zero).
"""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.keras import constraints, regularizers
from keraslike._src.keras.optimizers import schedules

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden")
RTOL, ATOL = 1e-5, 1e-6


def _load(name):
    path = os.path.join(GOLDEN, f"{name}.npz")
    return dict(np.load(path, allow_pickle=False))


def _cases(data):
    return sorted({key.split("/")[0] for key in data if "/" in key})


def _build(module, spec, **extra):
    kwargs = {**spec.get("kwargs", {}), **extra}
    if isinstance(kwargs.get("learning_rate"), dict):
        kwargs["learning_rate"] = schedules.deserialize(kwargs["learning_rate"])
    return getattr(module, spec["class"])(**kwargs)


LOSSES, METRICS, OPTIMIZERS = _load("losses"), _load("metrics"), _load("optimizers")
SCHEDULES, PENALTIES = _load("schedules"), _load("penalties")


@pytest.mark.parametrize("case", _cases(LOSSES))
def test_loss_matches_keras(case):
    spec = json.loads(str(LOSSES[f"{case}/spec"]))
    y_true, y_pred, sw = (LOSSES[f"{case}/{k}"] for k in ("y_true", "y_pred", "sw"))
    loss = _build(tf.keras.losses, spec)
    np.testing.assert_allclose(float(loss(y_true, y_pred)), LOSSES[f"{case}/value"], rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(float(loss(y_true, y_pred, sample_weight=sw)), LOSSES[f"{case}/weighted"],
                               rtol=RTOL, atol=ATOL)
    none = _build(tf.keras.losses, spec, reduction=None)
    np.testing.assert_allclose(none(y_true, y_pred).numpy(), LOSSES[f"{case}/none"], rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("case", _cases(METRICS))
def test_metric_matches_keras(case):
    spec = json.loads(str(METRICS[f"{case}/spec"]))
    y_true, y_pred, sw = (METRICS[f"{case}/{k}"] for k in ("y_true", "y_pred", "sw"))
    half = len(y_true) // 2
    metric = _build(tf.keras.metrics, spec)
    metric.update_state(torch.as_tensor(y_true[:half]), torch.as_tensor(y_pred[:half]))
    np.testing.assert_allclose(metric.result().numpy(), METRICS[f"{case}/first"], rtol=RTOL, atol=ATOL)
    metric.update_state(torch.as_tensor(y_true[half:]), torch.as_tensor(y_pred[half:]), sample_weight=sw)
    np.testing.assert_allclose(metric.result().numpy(), METRICS[f"{case}/value"], rtol=RTOL, atol=ATOL)
    metric.reset_state()
    metric.update_state(torch.as_tensor(y_true[:half]), torch.as_tensor(y_pred[:half]))
    np.testing.assert_allclose(metric.result().numpy(), METRICS[f"{case}/first"], rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("case", _cases(OPTIMIZERS))
def test_optimizer_steps_match_keras(case):
    spec = json.loads(str(OPTIMIZERS[f"{case}/spec"]))
    opt = _build(tf.keras.optimizers, spec)
    var = tf.Variable(OPTIMIZERS["w0"].copy())  # tf.Variable(ndarray) currently shares memory with the array
    for step, grad in enumerate(OPTIMIZERS["grads"]):
        opt.apply_gradients([(torch.as_tensor(grad), var)])
        np.testing.assert_allclose(var.numpy(), OPTIMIZERS[f"{case}/steps"][step], rtol=RTOL, atol=ATOL,
                                   err_msg=f"{case} after step {step + 1}")
    assert int(opt.iterations) == len(OPTIMIZERS["grads"])


@pytest.mark.parametrize("case", _cases(SCHEDULES))
def test_schedule_matches_keras(case):
    schedule = schedules.deserialize(json.loads(str(SCHEDULES[f"{case}/spec"])))
    values = [float(schedule(step)) for step in SCHEDULES["steps"]]
    np.testing.assert_allclose(values, SCHEDULES[f"{case}/values"], rtol=RTOL, atol=1e-8)


@pytest.mark.parametrize("case", _cases(PENALTIES))
def test_regularizer_and_constraint_match_keras(case):
    spec = json.loads(str(PENALTIES[f"{case}/spec"]))
    module = regularizers if hasattr(regularizers, spec["class"]) else constraints
    value = _build(module, spec)(torch.as_tensor(PENALTIES["w"]))
    np.testing.assert_allclose(np.asarray(value), PENALTIES[f"{case}/value"], rtol=RTOL, atol=ATOL)
