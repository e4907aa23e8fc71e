"""What `compile` holds: loss and metrics, resolved on the first batch (keras/src/trainers/compile_utils.py)."""

import torch

from keraslike._src.keras import losses as losses_module
from keraslike._src.keras import metrics as metrics_module
from keraslike._src.keras.layers.keras_tensor import flatten
from keraslike._src.keras.metrics.reduction_metrics import Mean

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

        self.tracker = None  # the model's "loss" Mean, updated by `__call__` (TF's LossesContainer)
        self.replica_scale = None  # set by `fit` around an overridden step: local rows / global rows

    def compute(self, y_true, y_pred, sample_weight=None):
        """The loss value: a mean over this replica's rows (no scaling, no tracking; the default step's path)."""
        if isinstance(y_pred, (list, tuple)) and len(y_pred) == 1:
            y_pred = y_pred[0]
        if isinstance(y_true, (list, tuple)) and len(y_true) == 1:
            y_true = y_true[0]
        return self.loss(y_true, y_pred, sample_weight)

    def __call__(self, y_true, y_pred, sample_weight=None, regularization_losses=None):
        """TF 2's `model.compiled_loss(y, y_pred, sample_weight, regularization_losses=self.losses)`.

        Adds the regularization losses, updates the model's `loss` metric with the
        unscaled value, and under N replicas returns the value scaled for
        distribution, so that `optimizer.apply_gradients` (which SUMs across
        replicas) applies the mean gradient: TF scales by `1/N`; inside `fit` the
        scale is this replica's share of the global batch (`local/global` rows),
        which is the same for even splits and also exact for a partial last batch.

        Returns:
            Scalar tensor (the scaled loss; `._keraslike_unscaled` holds the plain value).
        """
        loss = self.compute(y_true, y_pred, sample_weight)
        if regularization_losses:
            loss = loss + sum(regularization_losses)
        if self.tracker is not None:
            rows = next((int(t.shape[0]) for t in flatten(y_pred) if isinstance(t, torch.Tensor) and t.dim()), 1)
            self.tracker.update_weighted(loss.detach(), rows)
        return scale_for_replicas(loss, self.replica_scale)


def scale_for_replicas(loss, share=None):
    """`loss * share` (or `loss / num_replicas` outside fit) under several replicas; `loss` itself otherwise.

    The scaled tensor remembers the plain value as `._keraslike_unscaled`, so a loss
    tracker updated with it (Keras 3's custom `train_step`) still logs the true loss.
    """
    from keraslike._src.distribute import context

    replicas = context.get_strategy().num_replicas_in_sync
    if replicas == 1 or not isinstance(loss, torch.Tensor):
        return loss
    scaled = loss * (share if share is not None else 1.0 / replicas)
    scaled._keraslike_unscaled = loss.detach()
    return scaled


class LossTracker(Mean):
    """The model's `loss` metric: a Mean that logs the plain value of a replica-scaled loss."""

    def update_state(self, values, sample_weight=None):
        return super().update_state(getattr(values, "_keraslike_unscaled", values), sample_weight)


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
