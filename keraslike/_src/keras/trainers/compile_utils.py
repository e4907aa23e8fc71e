"""What `compile` holds: loss and metrics, resolved on the first batch (keras/src/trainers/compile_utils.py)."""

import torch

from keraslike._src.keras import losses as losses_module
from keraslike._src.keras import metrics as metrics_module
from keraslike._src.keras.layers.keras_tensor import flatten

_AVERAGING = ("sum_over_batch_size", "mean", "mean_with_sample_weight")


class CompiledLoss:
    """The compiled loss: `loss(y_true, y_pred, sample_weight)` -> scalar mean over this replica's batch.

    `averages` says whether the value is a per-sample mean (then replicas
    weight it by `local_batch / global_batch`), or a sum (weight 1).
    """

    def __init__(self, loss):
        if isinstance(loss, (list, tuple)) and len(loss) == 1:
            loss = loss[0]
        if isinstance(loss, (list, tuple, dict)):
            raise NotImplementedError(
                "Multiple-output losses (a list or dict of losses) are not supported yet. "
                f"Received: loss={loss!r}"
            )
        self.loss = losses_module.get(loss)
        self.averages = getattr(self.loss, "reduction", "sum_over_batch_size") in _AVERAGING

    def __call__(self, y_true, y_pred, sample_weight=None):
        if isinstance(y_pred, (list, tuple)) and len(y_pred) == 1:
            y_pred = y_pred[0]
        if isinstance(y_true, (list, tuple)) and len(y_true) == 1:
            y_true = y_true[0]
        return self.loss(y_true, y_pred, sample_weight)


class CompiledMetrics:
    """Compiled metrics, created on the first batch so `"accuracy"` can look at the shapes."""

    def __init__(self, specs, loss, strategy):
        if isinstance(specs, dict) or (isinstance(specs, (list, tuple)) and any(
                isinstance(s, (list, tuple, dict)) for s in specs)):
            raise NotImplementedError(f"Per-output metrics are not supported yet. Received: metrics={specs!r}")
        if specs is not None and not isinstance(specs, (list, tuple)):
            raise TypeError(
                f"Expected `metrics` argument to be a list, tuple, or dict. Received instead: metrics={specs!r} "
                f"of type {type(specs)}"
            )
        self.specs = list(specs or [])
        self.loss = loss
        self.strategy = strategy
        self.metrics = None
        if all(not isinstance(s, str) or s not in ("accuracy", "acc") for s in self.specs):
            self.build(None, None)

    def build(self, y_true, y_pred):
        y_true = _first(y_true)
        y_pred = _first(y_pred)
        self.metrics = [metrics_module.get(s, y_true, y_pred, self.loss) for s in self.specs]
        for m in self.metrics:
            m._strategy = self.strategy

    def update_state(self, y_true, y_pred, sample_weight=None):
        if self.metrics is None:
            self.build(y_true, y_pred)
        y_true, y_pred = _first(y_true), _first(y_pred)
        for m in self.metrics:
            m.update_state(y_true, y_pred, sample_weight)

    def reset_state(self):
        for m in self.metrics or []:
            m.reset_state()


def _first(value):
    if isinstance(value, (list, tuple, dict)):
        leaves = flatten(value)
        return leaves[0] if len(leaves) == 1 else value
    return value


def zero_like_loss(y_pred):
    """A zero loss still connected to every output (a replica with an empty batch must join backward)."""
    return sum(t.sum() for t in flatten(y_pred) if isinstance(t, torch.Tensor)) * 0.0
