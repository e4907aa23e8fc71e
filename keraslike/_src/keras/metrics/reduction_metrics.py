"""Mean, Sum and MeanMetricWrapper (keras/src/metrics/reduction_metrics.py)."""

import torch

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.keras.losses.loss import squeeze_or_expand_to_same_rank
from keraslike._src.keras.metrics.metric import Metric


def _per_sample(x, ndim=1):
    """Mean over the axes after the first `ndim` (Keras's `reduce_to_samplewise_values`)."""
    return x.flatten(ndim).mean(dim=-1) if x.dim() > ndim else x  # flatten: also for 0 rows


def _weighted(values, sample_weight):
    """`(sum of per-sample values * weights, sum of weights or number of samples)`, as Keras's Mean."""
    values = torch.as_tensor(values).float()
    if sample_weight is None:
        values = _per_sample(values)
        return values.sum(), float(values.shape[0]) if values.dim() else 1.0
    weight = torch.as_tensor(sample_weight, dtype=torch.float32, device=values.device)
    values, weight = squeeze_or_expand_to_same_rank(values, weight)
    if weight.dim() > values.dim() or any(w not in (1, v) for w, v in zip(weight.shape, values.shape)):
        raise InvalidArgumentError(None, None, "`sample_weight` must have one weight per sample (or per entry of "
                                   "the metric's values). "
                         f"Received: sample_weight.shape={tuple(weight.shape)}, values shape={tuple(values.shape)}")
    if values.dim() > weight.dim():
        values = _per_sample(values, max(weight.dim(), 1)) if weight.dim() else values.mean()
    weight = weight.expand_as(values) if values.dim() else weight
    values = values * weight
    if weight.dim() > 1:
        weight = _per_sample(weight)
    return _per_sample(values).sum(), weight.sum()


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
        # a loss that `compute_loss` scaled for N replicas remembers its plain value: a loss tracker
        # (`model.metrics[0]`, or the user's own `Mean(name="loss")`) logs that one, as TF does
        values = getattr(values, "_keraslike_unscaled", values)
        total, count = _weighted(values, sample_weight)
        self._move_states(total.device)
        self.state("total").add_(total.detach())
        self.state("count").add_(count.detach() if isinstance(count, torch.Tensor) else count)

    def update_weighted(self, value, weight):
        """Add `value * weight` to the total and `weight` to the count (no host sync)."""
        self._move_states(value.device)
        if isinstance(weight, (int, float)):
            self.state("total").add_(value, alpha=weight)  # one kernel: total + weight * value
        else:
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
