"""Regression metrics (keras/src/metrics/regression_metrics.py): running means of per-sample errors."""

import torch

from keraslike._src.keras.losses.loss import squeeze_or_expand_to_same_rank, with_float_tensor_args
from keraslike._src.keras.losses.losses import mean_absolute_error, mean_squared_error
from keraslike._src.keras.losses.regression_losses import (
    _l2_normalize, log_cosh, mean_absolute_percentage_error, mean_squared_logarithmic_error,
)
from keraslike._src.keras.metrics.metric import Metric
from keraslike._src.keras.metrics.reduction_metrics import Mean, MeanMetricWrapper


@with_float_tensor_args
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


_R2_AGGREGATIONS = (None, "uniform_average", "variance_weighted_average")
_R2_STATES = ("squared_sum", "sum", "residual", "count")


class R2Score(Metric):
    """`R2Score(class_aggregation="uniform_average", num_regressors=0, name="r2_score", dtype=None)`.

    Coefficient of determination `1 - SS_res / SS_tot` per output column (mirrors Keras 3.15's
    `keras.metrics.R2Score`), from weighted sums accumulated on the device and summed across replicas.
    Inputs are 2-D `(batch, num_outputs)`; sample weights `(batch,)` or broadcastable to the inputs.

    Args:
        class_aggregation: None (one score per column), "uniform_average" (their mean) or
            "variance_weighted_average" (weighted by each column's total sum of squares).
        num_regressors: int >= 0: with p > 0, the adjusted score `1 - (1 - R2) (n - 1) / (n - p - 1)`, n being the
            number of values seen (as Keras counts them, every element); the plain score when `p >= n - 1`.
        name, dtype: as for every metric.

    Raises:
        ValueError: for an unknown `class_aggregation`, `num_regressors < 0` or inputs that are not 2-D.
    """

    def __init__(self, class_aggregation="uniform_average", num_regressors=0, name="r2_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        if class_aggregation not in _R2_AGGREGATIONS:
            raise ValueError(f"Invalid value for argument `class_aggregation`. Expected one of "
                             f"{_R2_AGGREGATIONS}. Received: class_aggregation={class_aggregation}")
        if num_regressors < 0:
            raise ValueError("Invalid value for argument `num_regressors`. Expected a value >= 0. "
                             f"Received: num_regressors={num_regressors}")
        self.class_aggregation, self.num_regressors = class_aggregation, num_regressors
        self.add_state("num_samples")
        self._built = False

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's weighted sums.

        Args:
            y_true, y_pred: `(batch, num_outputs)` values.
            sample_weight: optional, `(batch,)` or broadcastable to `y_true`.
        """
        y_pred = torch.as_tensor(y_pred).float()
        y_true = torch.as_tensor(y_true, device=y_pred.device).float()
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        if not self._built:
            if y_pred.dim() != 2 or y_true.dim() != 2:
                raise ValueError("R2Score expects 2D inputs with shape (batch_size, output_dim). Received input "
                                 f"shapes: y_pred.shape={tuple(y_pred.shape)} and y_true.shape={tuple(y_true.shape)}.")
            for state in _R2_STATES:
                self.add_state(state, shape=(y_pred.shape[-1],))
            self._built = True
        self._move_states(y_pred.device)
        if sample_weight is None:
            weight = torch.ones_like(y_true)
        else:
            weight = torch.as_tensor(sample_weight, dtype=torch.float32, device=y_pred.device)
            if weight.dim() == 1:
                weight = weight.unsqueeze(1)
            weight = weight.expand_as(y_true)
        weighted = y_true * weight
        self.state("sum").add_(weighted.sum(0))
        self.state("squared_sum").add_((y_true * weighted).sum(0))
        self.state("residual").add_((torch.square(y_true - y_pred) * weight).sum(0))
        self.state("count").add_(weight.sum(0))
        self.state("num_samples").add_(y_true.numel())

    def _result_from(self, s):
        if "sum" not in s:  # no batch seen yet
            return torch.zeros((), device=self._device)
        mean = s["sum"] / s["count"]
        total = s["squared_sum"] - s["sum"] * mean
        raw = 1 - s["residual"] / total
        raw = torch.where(torch.isinf(raw), torch.zeros_like(raw), raw)
        if self.class_aggregation == "uniform_average":
            score = raw.mean()
        elif self.class_aggregation == "variance_weighted_average":
            score = (total * raw).sum() / total.sum()
        else:
            score = raw
        p = float(self.num_regressors)
        if p:
            n = s["num_samples"]
            adjusted = 1.0 - (1.0 - score) * (n - 1.0) / (n - p - 1.0)
            score = torch.where(n - 1.0 > p, adjusted, score)  # Keras falls back to the plain score
        return score

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "class_aggregation": self.class_aggregation,
                "num_regressors": self.num_regressors}
