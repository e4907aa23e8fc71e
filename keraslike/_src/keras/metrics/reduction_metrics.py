"""Mean, Sum and MeanMetricWrapper (keras/src/metrics/reduction_metrics.py)."""

import torch

from keraslike._src.keras.metrics.metric import Metric


def _weighted(values, sample_weight):
    values = torch.as_tensor(values).float()
    if sample_weight is None:
        return values.sum(), float(values.numel()) if values.dim() else 1.0
    weight = torch.as_tensor(sample_weight, dtype=torch.float32, device=values.device)
    while weight.dim() < values.dim():
        weight = weight.unsqueeze(-1)
    weight = weight.expand_as(values) if values.dim() else weight
    return (values * weight).sum(), weight.sum()


class Sum(Metric):
    """Running sum of values: `keras.metrics.Sum()`."""

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.add_state("total")

    def update_state(self, values, sample_weight=None):
        total, _ = _weighted(values, sample_weight)
        self._move_states(total.device)
        self.state("total").add_(total.detach())

    def _result_from(self, states):
        return states["total"].clone()


class Mean(Metric):
    """Weighted running mean: `keras.metrics.Mean()`; result = total / count."""

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.add_state("total")
        self.add_state("count")

    def update_state(self, values, sample_weight=None):
        total, count = _weighted(values, sample_weight)
        self._move_states(total.device)
        self.state("total").add_(total.detach())
        self.state("count").add_(count.detach() if isinstance(count, torch.Tensor) else count)

    def update_weighted(self, value, weight):
        """Add `value * weight` to the total and `weight` to the count (no host sync)."""
        self._move_states(value.device)
        self.state("total").add_(value * weight)
        self.state("count").add_(weight)

    def _result_from(self, states):
        count = states["count"]
        return torch.where(count > 0, states["total"] / count.clamp_min(1e-12), torch.zeros_like(count))


class MeanMetricWrapper(Mean):
    """Mean of `fn(y_true, y_pred, **kwargs)` per-sample values, e.g. accuracy."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name or fn.__name__, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not isinstance(y_pred, torch.Tensor):
            y_pred = torch.as_tensor(y_pred)
        if not isinstance(y_true, torch.Tensor) or y_true.device != y_pred.device:
            y_true = torch.as_tensor(y_true, device=y_pred.device)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        if sample_weight is None:  # hot path in fit: two in-place adds, no host sync
            self._move_states(values.device)
            self.state("total").add_(values.sum())
            self.state("count").add_(values.numel())
            return
        super().update_state(values, sample_weight)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, **self._fn_kwargs}
