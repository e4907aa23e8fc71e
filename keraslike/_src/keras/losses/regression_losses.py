"""Regression losses (keras/src/losses/losses.py): MAPE, MSLE, Huber, LogCosh, CosineSimilarity.

Each function returns per-sample values: the mean (or sum) over the last axis,
shape `(batch, ...)` for inputs `(batch, ..., d)`; the class applies the reduction.
"""

import math

import torch
import torch.nn.functional as F

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.losses.loss import LossFunctionWrapper, with_float_tensor_args, with_tensor_args
from keraslike._src.keras.losses.losses import _align


@with_tensor_args
def mean_absolute_percentage_error(y_true, y_pred):
    """`100 * mean(|y_true - y_pred| / max(|y_true|, 1e-7), axis=-1)`.

    Integer `y_pred` (this function and the metric take the values as given; the Loss class casts them to float
    first): `y_true` is cast to its dtype and the epsilon truncates to 0, so a zero label gives `inf` (`nan`
    for 0/0), in float64, as Keras 3's ops compute it.
    """
    if not (y_pred.is_floating_point() or y_pred.is_complex()):
        y_true, y_pred = _align(y_true.to(y_pred.dtype), y_pred)
        diff = torch.abs((y_true - y_pred).double() / torch.abs(y_true).double())
        return 100.0 * diff.mean(dim=-1)
    y_true, y_pred = _align(y_true, y_pred)
    diff = torch.abs((y_true - y_pred) / torch.clamp(torch.abs(y_true), min=keras_config.epsilon()))
    return 100.0 * diff.mean(dim=-1)


@with_float_tensor_args
def mean_squared_logarithmic_error(y_true, y_pred):
    """`mean((log(max(y_pred, 1e-7) + 1) - log(max(y_true, 1e-7) + 1))^2, axis=-1)`."""
    y_true, y_pred = _align(y_true, y_pred)
    first = torch.log(torch.clamp(y_pred, min=keras_config.epsilon()) + 1.0)
    second = torch.log(torch.clamp(y_true, min=keras_config.epsilon()) + 1.0)
    return torch.square(first - second).mean(dim=-1)


@with_float_tensor_args
def huber(y_true, y_pred, delta=1.0):
    """`0.5 e^2` where `|e| <= delta`, else `delta |e| - 0.5 delta^2`, averaged over the last axis."""
    y_true, y_pred = _align(y_true, y_pred)
    error = y_pred - y_true
    abs_error = torch.abs(error)
    quadratic = 0.5 * torch.square(error)
    linear = delta * abs_error - 0.5 * delta * delta
    return torch.where(abs_error <= delta, quadratic, linear).mean(dim=-1)


@with_float_tensor_args
def log_cosh(y_true, y_pred):
    """`mean(log(cosh(y_pred - y_true)), axis=-1)`, computed as `x + softplus(-2x) - log 2` (stable)."""
    y_true, y_pred = _align(y_true, y_pred)
    x = y_pred - y_true
    return (x + F.softplus(-2.0 * x) - math.log(2.0)).mean(dim=-1)


def _l2_normalize(x, axis):
    """Keras's `ops.normalize`: `x * min(rsqrt(sum(x^2)), 1 / 1e-7)`."""
    inv_norm = torch.rsqrt(torch.square(x).sum(dim=axis, keepdim=True))
    return x * torch.clamp(inv_norm, max=1.0 / keras_config.epsilon())


@with_float_tensor_args
def cosine_similarity(y_true, y_pred, axis=-1):
    """`-sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)`: -1 for aligned vectors."""
    y_true, y_pred = _align(y_true, y_pred)
    return -(_l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis)).sum(dim=axis)


class MeanAbsolutePercentageError(LossFunctionWrapper):
    """`MeanAbsolutePercentageError()`: 100 * mean relative absolute error (`mape`)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_percentage_error", dtype=None):
        super().__init__(mean_absolute_percentage_error, reduction=reduction, name=name, dtype=dtype)


class MeanSquaredLogarithmicError(LossFunctionWrapper):
    """`MeanSquaredLogarithmicError()` (`msle`)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(mean_squared_logarithmic_error, reduction=reduction, name=name, dtype=dtype)


class Huber(LossFunctionWrapper):
    """`Huber(delta=1.0)`: quadratic for small errors, linear beyond `delta`."""

    def __init__(self, delta=1.0, reduction="sum_over_batch_size", name="huber_loss", dtype=None):
        super().__init__(huber, reduction=reduction, name=name, dtype=dtype, delta=delta)


class LogCosh(LossFunctionWrapper):
    """`LogCosh()`: `log(cosh(error))`, like MSE near 0 and MAE far away."""

    def __init__(self, reduction="sum_over_batch_size", name="log_cosh", dtype=None):
        super().__init__(log_cosh, reduction=reduction, name=name, dtype=dtype)


class CosineSimilarity(LossFunctionWrapper):
    """`CosineSimilarity(axis=-1)`: negative cosine similarity (minimized at -1)."""

    def __init__(self, axis=-1, reduction="sum_over_batch_size", name="cosine_similarity", dtype=None):
        super().__init__(cosine_similarity, reduction=reduction, name=name, dtype=dtype, axis=axis)


mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
logcosh = log_cosh
