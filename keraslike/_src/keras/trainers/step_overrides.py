"""Overridable `train_step` / `test_step` / `predict_step` (keras/src/trainers/trainer.py, TF 2's Model).

`fit`, `evaluate` and `predict` call a subclass's override with the step's
data packed as Keras does (`x`, `(x, y)` or `(x, y, sample_weight)`, this
replica's rows) and use the dict it returns as the logs: History keys are the
dict's keys, values become Python floats when read (at the end of an epoch,
or when a callback looks), never per step. Without an override the fast
built-in step runs.

Both override styles work:
- Keras 3 (torch backend): `self.zero_grad(); y_pred = self(x, training=True);
  loss = self.compute_loss(y=y, y_pred=y_pred); loss.backward();
  self.optimizer.apply([v.value.grad for v in self.trainable_weights], self.trainable_weights)`.
- TF 2: `with tf.GradientTape() as tape: ... loss = self.compiled_loss(y, y_pred,
  regularization_losses=self.losses)`; `self.optimizer.apply_gradients(zip(grads, vars))`;
  `self.compiled_metrics.update_state(y, y_pred)`; `return {m.name: m.result() for m in self.metrics}`.

Under N replicas the override sees its replica's rows; `compiled_loss` and
`compute_loss` return the loss scaled by this replica's share of the global
batch and `apply_gradients` SUMs gradients across replicas (TF's rule), so the
update equals one device on the global batch.
"""

import collections.abc
import inspect

import torch

from keraslike._src.keras.metrics.metric import sync_results
from keraslike._src.keras.trainers import data_adapter
from keraslike._src.keras.trainers.compile_utils import scale_for_replicas


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """`x`, `(x,)`, `(x, y)` or `(x, y, sample_weight)` as Keras packs a step's data.

    Returns:
        `x` alone when it is not a tuple/list and there is no `y`, else a tuple.
    """
    if y is None:
        return (x,) if isinstance(x, (tuple, list)) else x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def _python_value(value):
    if isinstance(value, torch.Tensor):
        value = value.detach()
        return float(value) if value.numel() == 1 else value.cpu().numpy()
    if hasattr(value, "numpy") and not isinstance(value, (int, float)):
        value = value.numpy()
    try:
        return float(value)
    except (TypeError, ValueError):
        return value


class StepLogs(collections.abc.Mapping):
    """The dict an overridden step returned, with values turned into Python floats on first read."""

    def __init__(self, logs):
        self._raw = logs
        self._values = None

    def _load(self):
        if self._values is None:
            self._values = {k: _python_value(v) for k, v in self._raw.items()}
        return self._values

    def __getitem__(self, key):
        return self._load()[key]

    def __iter__(self):
        return iter(self._raw)

    def __len__(self):
        return len(self._raw)

    def copy(self):
        return dict(self._load())

    def __repr__(self):
        return repr(self._load())


class StepOverrides:
    """Mixin of `Trainer`: the overridable steps and the helpers custom steps call."""

    _step_sizes = None  # (local rows, global rows) of the step being run by fit/evaluate

    def _overrides(self, name):
        """True when the model's class defines its own `name` step (`train_step`, ...)."""
        return getattr(type(self), name) is not getattr(StepOverrides, name)

    # ---- default steps (what `super().train_step(data)` runs) -------------------------------
    def _batch_from_data(self, data):
        x, y, sample_weight = data_adapter.unpack_x_y_sample_weight(data)
        local = int(data_adapter.flatten(x)[0].shape[0])
        sizes = self._step_sizes or (local, local)
        return data_adapter.StepBatch(x, y, sample_weight, sizes[0], sizes[1])

    def train_step(self, data):
        """One training step on `data` (`(x, y[, sample_weight])`); returns `{metric name: value}`.

        Override to customize `fit`; see the module docstring for both styles.
        """
        params = self._prepare_training()
        self._train_batch(self._batch_from_data(data), params, bool(self.losses))
        return self.get_metrics_result()

    def test_step(self, data):
        """One evaluation step on `data`; returns `{metric name: value}`. Override to customize `evaluate`."""
        self._test_batch(self._batch_from_data(data))
        return self.get_metrics_result()

    def predict_step(self, data):
        """Model outputs for the `x` of `data`. Override to customize `predict`."""
        x, _, _ = data_adapter.unpack_x_y_sample_weight(data)
        return self(x, training=False)

    # ---- helpers for custom steps -----------------------------------------------------------
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """Compiled loss plus regularization losses (Keras 3; `x` is unused by default).

        Under N replicas the value is scaled for distribution (see `compiled_loss`);
        a loss tracker updated with it still logs the plain value. Unlike
        `compiled_loss(...)`, it does not update the `loss` metric (Keras 3).

        Raises:
            ValueError: if no loss was given to `compile()` and the model has no regularization losses.
        """
        reg = self.losses
        if self.compiled_loss is None:
            if not reg:
                raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`. Received: loss=None")
            return scale_for_replicas(sum(reg))
        loss = self.compiled_loss.compute(y, y_pred, sample_weight)
        if reg:
            loss = loss + sum(reg)
        return scale_for_replicas(loss, self.compiled_loss.replica_scale)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        """Update the compiled metrics and return `get_metrics_result()` (Keras 3 / TF 2.11+)."""
        if self.compiled_metrics is not None:
            self.compiled_metrics.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self):
        """`{name: scalar tensor}` of every metric, reduced across replicas with one collective."""
        metrics = self.metrics
        return {m.name: v for m, v in zip(metrics, sync_results(metrics))}

    # ---- the built-in steps' hooks (Keras 3 calls compute_loss / compute_metrics from its train_step) ----------
    def _loss_through_hook(self):
        """True when the built-in steps must get their loss from `compute_loss` (overridden, or no compiled loss)."""
        return self.compiled_loss is None or self._overrides("compute_loss")

    def _hooked_loss(self, batch, y_pred, training):
        """`(plain loss, loss to backpropagate)` of one batch from `self.compute_loss` (regularization included).

        The built-in `compute_loss` scales for this replica's share itself; a user override
        returning a plain mean over its rows is scaled here, so either way the update equals
        one device on the global batch.
        """
        compiled = self.compiled_loss
        share = batch.local_size / batch.global_size if batch.global_size else 1.0
        self._step_sizes = (batch.local_size, batch.global_size)
        if compiled is not None:
            compiled.replica_scale = share
        try:
            kwargs = {"training": training} if self._compute_loss_takes_training() else {}
            loss = self.compute_loss(x=batch.x, y=batch.y, y_pred=y_pred, sample_weight=batch.sample_weight,
                                     **kwargs)
        finally:
            self._step_sizes = None
            if compiled is not None:
                compiled.replica_scale = None
        if not isinstance(loss, torch.Tensor):
            raise TypeError(f"Expected compute_loss() to return a scalar tensor. Received: {loss!r}")
        plain = getattr(loss, "_keraslike_unscaled", None)
        if plain is not None:
            return plain, loss
        return loss, (loss * share if share != 1.0 else loss)

    def _compute_loss_takes_training(self):
        params = inspect.signature(self.compute_loss).parameters
        return "training" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())

    def _update_step_metrics(self, batch, y_pred):
        """The built-in steps' metric update: a `compute_metrics` override, else the compiled metrics."""
        if self._overrides("compute_metrics"):
            self.compute_metrics(batch.x, batch.y, y_pred, batch.sample_weight)
        elif self.compiled_metrics is not None:
            self.compiled_metrics.update_state(batch.y, y_pred, batch.sample_weight)

    # ---- running an override --------------------------------------------------------------------
    def _run_user_step(self, step_fn, batch):
        """Call an overridden step on this replica's rows of one global batch; returns its logs dict.

        Raises:
            TypeError: if a train/test step returns something other than a dict.
        """
        data = pack_x_y_sample_weight(batch.x, batch.y, batch.sample_weight)
        self._step_sizes = (batch.local_size, batch.global_size)
        compiled = self.compiled_loss
        if compiled is not None and batch.global_size:
            compiled.replica_scale = batch.local_size / batch.global_size
        try:
            logs = step_fn(data)
        finally:
            self._step_sizes = None
            if compiled is not None:
                compiled.replica_scale = None
        if step_fn.__name__ != "predict_step" and not isinstance(logs, collections.abc.Mapping):
            raise TypeError(f"Expected {step_fn.__name__}() to return a dict of logs (metric name -> value). "
                            f"Received: {type(logs).__name__}")
        return logs

    def _prepare_metrics_for_steps(self, adapter):
        """Create "accuracy"-style metrics before an overridden step iterates `self.metrics`."""
        if self.compiled_metrics is None or self.compiled_metrics.metrics is not None:
            return
        batch = adapter.first_batch()
        if batch.y is None:
            return
        with torch.no_grad():
            y_pred = self(data_adapter.map_structure(lambda t: t[:1] if t is not None else None, batch.x),
                          training=False)
        self.compiled_metrics.build(batch.y, y_pred)
