"""Regression metrics (keras/src/metrics/regression_metrics.py): running means of per-sample errors."""

import torch

from keraslike._src.keras.losses.loss import squeeze_or_expand_to_same_rank
from keraslike._src.keras.losses.losses import mean_absolute_error, mean_squared_error
from keraslike._src.keras.losses.regression_losses import (
    _l2_normalize, log_cosh, mean_absolute_percentage_error, mean_squared_logarithmic_error,
)
from keraslike._src.keras.metrics.reduction_metrics import Mean, MeanMetricWrapper


def cosine_similarity(y_true, y_pred, axis=-1):
    """Metric form: `sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)` (+1 for aligned vectors)."""
    y_true = y_true.to(y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return (_l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis)).sum(dim=axis)


class MeanSquaredError(MeanMetricWrapper):
    """`MeanSquaredError()`: running mean of `mean((y_true - y_pred)^2, axis=-1)`."""

    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(mean_squared_error, name=name, dtype=dtype)


class MeanAbsoluteError(MeanMetricWrapper):
    """`MeanAbsoluteError()`."""

    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(mean_absolute_error, name=name, dtype=dtype)


class MeanAbsolutePercentageError(MeanMetricWrapper):
    """`MeanAbsolutePercentageError()`."""

    def __init__(self, name="mean_absolute_percentage_error", dtype=None):
        super().__init__(mean_absolute_percentage_error, name=name, dtype=dtype)


class MeanSquaredLogarithmicError(MeanMetricWrapper):
    """`MeanSquaredLogarithmicError()`."""

    def __init__(self, name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(mean_squared_logarithmic_error, name=name, dtype=dtype)


class LogCoshError(MeanMetricWrapper):
    """`LogCoshError()`: running mean of `log(cosh(y_pred - y_true))`."""

    def __init__(self, name="logcosh", dtype=None):
        super().__init__(log_cosh, name=name, dtype=dtype)


class CosineSimilarity(MeanMetricWrapper):
    """`CosineSimilarity(axis=-1)`: running mean cosine similarity."""

    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(cosine_similarity, name=name, dtype=dtype, axis=axis)


class RootMeanSquaredError(Mean):
    """`RootMeanSquaredError()`: `sqrt(mean((y_pred - y_true)^2))` over every element seen."""

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add the squared errors of this batch (averaged per sample, then weighted, as Keras's Mean)."""
        y_pred = torch.as_tensor(y_pred).float()
        y_true = torch.as_tensor(y_true, device=y_pred.device).float()
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        super().update_state(torch.square(y_pred - y_true), sample_weight)

    def _result_from(self, states):
        return torch.sqrt(super()._result_from(states))
