"""Mean, Sum and MeanMetricWrapper (keras/src/metrics/reduction_metrics.py)."""

import torch

from keraslike._src.distribute.strategy import step_context
from keraslike._src.errors import InvalidArgumentError
from keraslike._src.keras.losses.loss import apply_mask, squeeze_or_expand_to_same_rank
from keraslike._src.keras.metrics.metric import Metric


def _per_sample(x, ndim=1, reduce="mean"):
    """Mean (or sum) over the axes after the first `ndim` (Keras's `reduce_to_samplewise_values`)."""
    if x.dim() <= ndim:
        return x
    flat = x.flatten(ndim)  # flatten: also for 0 rows
    return flat.sum(dim=-1) if reduce == "sum" else flat.mean(dim=-1)


def _weighted(values, sample_weight, reduce="mean"):
    """`(sum of per-sample values * weights, sum of weights or number of samples)`, as Keras's Mean (`reduce`
    "mean") and Sum ("sum") reduce each sample's entries. A Keras mask the values carry (`values._keras_mask`)
    is a 0/1 factor of `sample_weight`, applied only when there is one, as Keras 3."""
    mask = getattr(values, "_keras_mask", None)
    values = torch.as_tensor(values).float()
    if sample_weight is None:
        values = _per_sample(values, reduce=reduce)
        return values.sum(), float(values.shape[0]) if values.dim() else 1.0
    weight = torch.as_tensor(sample_weight, dtype=torch.float32, device=values.device)
    if mask is not None:
        weight = apply_mask(weight, mask.to(values.device), torch.float32, "sum")
    values, weight = squeeze_or_expand_to_same_rank(values, weight)
    if weight.dim() > values.dim() or any(w not in (1, v) for w, v in zip(weight.shape, values.shape)):
        raise InvalidArgumentError(None, None, "`sample_weight` must have one weight per sample (or per entry of "
                                   "the metric's values). "
                         f"Received: sample_weight.shape={tuple(weight.shape)}, values shape={tuple(values.shape)}")
    if values.dim() > weight.dim():
        if weight.dim():
            values = _per_sample(values, weight.dim(), reduce)
        else:
            values = values.sum() if reduce == "sum" else values.mean()
    weight = weight.expand_as(values) if values.dim() else weight
    values = values * weight
    if weight.dim() > 1:
        weight = _per_sample(weight, reduce=reduce)
    return _per_sample(values, reduce=reduce).sum(), weight.sum()


class Sum(Metric):
    """Running sum of values: `keras.metrics.Sum()`."""

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.add_state("total")

    def update_state(self, values, sample_weight=None):
        total, _ = _weighted(values, sample_weight, reduce="sum")
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
        # a loss that `compute_loss` scaled for N replicas: the step's replica context remembers its plain
        # value, which a loss tracker (`model.metrics[0]`, or the user's own `Mean(name="loss")`) logs, as TF does
        plain = step_context(self._strategy).unscaled(values)
        values = values if plain is None else plain
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
        """Add the mean of `fn(y_true, y_pred)` per sample; a Keras mask on `y_pred` (`y_pred._keras_mask`, the
        padded steps of a sequence model) is a 0/1 factor of `sample_weight`, so only the kept entries count
        (Keras 3)."""
        mask = getattr(y_pred, "_keras_mask", None)
        if not isinstance(y_pred, torch.Tensor):
            y_pred = torch.as_tensor(y_pred)
        if not isinstance(y_true, torch.Tensor) or y_true.device != y_pred.device:
            y_true = torch.as_tensor(y_true, device=y_pred.device)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        if mask is not None:
            sample_weight = apply_mask(sample_weight, mask.to(values.device), torch.float32, "sum")
        if sample_weight is None:  # hot path in fit: two in-place adds, no host sync
            self._move_states(values.device)
            self.state("total").add_(values.sum())
            self.state("count").add_(values.numel())
            return
        super().update_state(values, sample_weight)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, **self._fn_kwargs}
