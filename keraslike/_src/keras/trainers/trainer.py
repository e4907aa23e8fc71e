"""`Model`'s training API (keras/src/trainers/trainer.py and keras/src/backend/torch/trainer.py).

`compile`, `fit`, `evaluate`, `predict`, the overridable `train_step` / `test_step` /
`predict_step` with the helpers custom steps call (`compute_loss`, `compute_metrics`,
`get_metrics_result`), and `train_on_batch` / `test_on_batch` / `predict_on_batch`.

TF's distributed semantics (DESIGN §4): `batch_size` is global; each replica
computes its rows' mean loss `L_r` and backpropagates `L_r * n_r / n` (n the
global batch), and the gradient all-reduce SUMs, so every step equals one
device on the whole global batch, partial last batch included. Metric state is
summed across replicas when read. Only the chief prints. The trainer never asks
how many replicas there are: what differs (agreeing on `stop_training`, gathering
predictions, when a progress bar may read logs) is the strategy's interface, whose
single-replica implementations are identities.

Overridden steps (both styles work):
- Keras 3 (torch backend): `self.zero_grad(); y_pred = self(x, training=True);
  loss = self.compute_loss(y=y, y_pred=y_pred); loss.backward();
  self.optimizer.apply([v.value.grad for v in self.trainable_weights], self.trainable_weights)`;
  `for m in self.metrics: m.update_state(loss) if m.name == "loss" else m.update_state(y, y_pred)`.
  `self.metrics` is Keras 3's `[loss tracker, compile_metrics container, ...]`: the container gives
  `sample_weight` only to `weighted_metrics`, and `{m.name: m.result() ...}` nests its dict, which the
  logs splice in.
- TF 2: `with tf.GradientTape() as tape: ... loss = self.compiled_loss(y, y_pred,
  regularization_losses=self.losses)`; `self.optimizer.apply_gradients(zip(grads, vars))`;
  `self.compiled_metrics.update_state(y, y_pred)`. Both names are Keras 3's deprecated shims and
  behave as they do in TF 2.21: they warn, `compiled_loss` is `compute_loss` (no metric updated)
  and `compiled_metrics.update_state` gives every `Mean` in `self.metrics` (the "loss" tracker
  too) the predictions.
`fit`, `evaluate` and `predict` call an override with the step's data packed as Keras
does (`x`, `(x, y)` or `(x, y, sample_weight)`, this replica's rows) and use the dict it
returns as the logs (values become Python floats when read, never per step). Under N
replicas `compute_loss` (and so `compiled_loss`) returns the loss scaled by this replica's share
of the global batch and `apply_gradients` SUMs gradients across replicas (TF's rule).

`compile(jit_compile=True)` runs the built-in step's forward pass and loss (or an
overridden step whole, as Keras 3 does) through `torch.compile` (autodiff/jit.py):
backward then runs the compiled backward graph; the optimizer update and metric
updates stay eager. `steps_per_execution=k` groups steps as Keras 3's epoch iterator.
"""

import collections.abc
import contextlib
import functools
import inspect
import logging
import warnings

import torch

from keraslike._src.distribute.strategy import step_context
from keraslike._src.keras.backend import config as keras_config
from keraslike._src.autodiff.jit import JitFunction
from keraslike._src.keras import keras_version, optimizers as optimizers_module
from keraslike._src.keras.callbacks.callback_list import CallbackList
from keraslike._src.keras.callbacks.history import History
from keraslike._src.keras.callbacks.progbar_logger import ProgbarLogger
from keraslike._src.keras.layers.keras_tensor import flatten, map_structure
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.metrics.metric import Metric
from keraslike._src.keras.metrics.reduction_metrics import Mean
from keraslike._src.keras.mixed_precision import policy as mixed_precision
from keraslike._src.keras.mixed_precision.loss_scale_optimizer import LossScaleOptimizer
from keraslike._src.keras.saving import checkpoint_tracking
from keraslike._src.keras.trainers import data_adapter, input_validation, training_state
from keraslike._src.keras.trainers.epoch_iterator import EpochIterator
from keraslike._src.keras.trainers.compile_utils import (
    CompiledLoss,
    CompileMetrics,
    output_names_of,
    scale_for_replicas,
    zero_like_loss,
)
from keraslike._src.keras.trainers.logs import (
    LazyLogs,
    StepLogs,
    end_of_epoch_logs,
    metric_logs,
    metric_results,
    settled_logs,
)

_VERBOSE = (0, 1, 2, "auto")


def _check_verbose(verbose):
    if verbose not in _VERBOSE or isinstance(verbose, bool):
        raise ValueError(f"Expected verbose to be one of 0, 1, 2 or 'auto'. Received: verbose={verbose!r}")
    return 1 if verbose == "auto" else verbose


def _resolve_jit_compile(jit_compile, run_eagerly):
    """Keras 3's rule on the torch backend: "auto" is eager; True with `run_eagerly=True` warns and is eager."""
    if jit_compile == "auto":
        return False
    if not isinstance(jit_compile, bool):
        raise ValueError(f"Expected jit_compile to be True, False or 'auto'. Received: jit_compile={jit_compile!r}")
    if jit_compile and run_eagerly:
        warnings.warn("If `run_eagerly` is True, then `jit_compile` cannot also be True. Disabling `jit_compile`.",
                      stacklevel=3)
        return False
    return jit_compile


class _DeprecatedCompiledMetrics:
    """What Keras 3's `model.compiled_metrics` is: an object whose `update_state` updates `model.metrics`.

    Under `TF_USE_LEGACY_KERAS=1` it is Keras 2's: `update_state` updates the metrics given to `compile` only
    (the loss metric is `compiled_loss`'s to update), without a warning.
    """

    def __init__(self, model):
        self._model = model

    def update_state(self, y, y_pred, sample_weight=None):
        if keras_version.legacy_keras():
            if self._model._compile_metrics is not None:
                self._model._compile_metrics.update_state(y, y_pred, sample_weight)
            return
        warnings.warn("`model.compiled_metrics()` is deprecated in Keras 3; update the metrics yourself: "
                      "`for metric in self.metrics: metric.update_state(y, y_pred)`.", stacklevel=2)
        for metric in self._model.metrics:
            if isinstance(metric, Mean):  # Keras 3 gives every Mean (the loss tracker too) the predictions
                metric.update_state(y_pred, sample_weight=sample_weight)
            else:
                metric.update_state(y, y_pred, sample_weight=sample_weight)


class _StepPlan:
    """What the built-in steps decide once per `fit`/`evaluate` call instead of once per step."""

    __slots__ = ("hooked_loss", "metrics_hook", "replicas")

    def __init__(self, model):
        self.hooked_loss = model._loss_through_hook()
        self.metrics_hook = model._overrides("compute_metrics")
        self.replicas = model._distribute_strategy.num_replicas_in_sync


class Trainer:
    """Mixin giving `Model` its training API (see the module docstring)."""

    _builtin_loss_call = False  # True while a built-in step asks compute_loss (it updates the loss tracker itself)

    def __init__(self):
        self.optimizer = None
        self.compiled = False
        self.stop_training = False
        self.history = None
        self._compile_loss = None  # the CompiledLoss of `compile(loss=...)`
        self._compile_metrics = None  # the "compile_metrics" container (None without metrics=/weighted_metrics=)
        self._loss_tracker = None
        self._train_module = None
        self._train_module_key = None
        self._compile_generation = 0
        self._autocast = None  # a mixed_precision.Autocast when compiled under a mixed policy
        self._steps_per_execution = 1
        self._jit_compile = False
        self._jit_steps = {}  # step name -> JitFunction, made afresh by each compile(jit_compile=True)
        self._jit_warned = set()
        self.run_eagerly = False

    # ---- compile -----------------------------------------------------------------------
    def compile(self, optimizer="rmsprop", loss=None, metrics=None, loss_weights=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", auto_scale_loss=True):
        """Configure training.

        Args:
            optimizer: name ("adam", "sgd", "rmsprop", ...) or Optimizer instance; default "rmsprop".
            loss: name ("sparse_categorical_crossentropy", "mse", ...), Loss, or `fn(y_true, y_pred)`; for
                several outputs also a list (one per output) or a dict keyed by output name.
            metrics: list of names ("accuracy"), Metric objects or functions; for several outputs a list with
                one entry (metric or list) per output, or a dict keyed by output name.
            loss_weights: float, or a list/dict (one per output) weighting the losses' sum.
            weighted_metrics: metrics that also see `sample_weight` (same forms as `metrics`).
            run_eagerly: bool, default False. Steps always run eagerly on torch; True turns `jit_compile=True`
                off (with Keras's warning).
            steps_per_execution: int >= 1 or "auto" (= 1), default 1: steps run in groups of that many; the
                batch callbacks of fit/evaluate/predict run once per group (`on_*_batch_begin(first step)`,
                `on_*_batch_end(first step + k - 1)`, also for a last group cut short by the end of the data,
                with the logs after its last step; predict's `outputs` are the group's outputs concatenated)
                and `stop_training` is checked (and, under replicas, agreed) once per group, as Keras 3 does.
            jit_compile: True, False or "auto" (default). True runs the built-in train/test/predict step's
                forward pass and loss through `torch.compile` (default mode, inductor), or an overridden
                `train_step`/`test_step`/`predict_step` whole, as Keras 3's torch backend does; backward uses
                the compiled graph, the optimizer and metric updates stay eager. A step torch cannot compile
                runs eagerly after one warning. "auto" is eager on every device (Keras 3's torch backend:
                "auto" never compiles on CPU or GPU). Compiling takes seconds on the first step and again
                for a new input shape (the last partial batch); inductor's random numbers (Dropout) differ
                from eager torch's.
            auto_scale_loss: bool, default True: under the "mixed_float16" policy the optimizer is wrapped in a
                `LossScaleOptimizer` (dynamic loss scaling), as Keras 3 does.

        Raises:
            ValueError: unknown optimizer/loss/metric names (the message lists valid names), a bad
                `steps_per_execution` or `jit_compile`.
        """
        if steps_per_execution == "auto":  # Keras 3 tunes k on TF/JAX; here every step is one execution
            steps_per_execution = 1
        if isinstance(steps_per_execution, bool) or not isinstance(steps_per_execution, int) \
                or steps_per_execution < 1:
            raise ValueError("Expected steps_per_execution to be a positive integer. "
                             f"Received: steps_per_execution={steps_per_execution!r}")
        jit = _resolve_jit_compile(jit_compile, run_eagerly)
        self._steps_per_execution = steps_per_execution
        strategy = self._distribute_strategy
        with strategy.scope():
            if not isinstance(optimizer, LossScaleOptimizer):
                optimizer = optimizers_module.get(optimizer)  # None stays None, as in Keras: evaluate, not fit
            policy = mixed_precision.global_policy()
            if auto_scale_loss and policy.name == "mixed_float16" and optimizer is not None \
                    and not isinstance(optimizer, LossScaleOptimizer):
                optimizer = LossScaleOptimizer(optimizer)  # Keras: float16 compute gets dynamic loss scaling
            self.optimizer = optimizer
            checkpoint_tracking.restore_deferred_optimizer(self)  # a TF checkpoint restored before compile
            self._autocast = mixed_precision.Autocast.for_policy(policy, strategy.device)
            names = output_names_of(self)
            self._compile_loss = CompiledLoss(loss, loss_weights, names, strategy) if loss is not None else None
            self.loss = loss
            self._compile_metrics = None
            if metrics is not None or weighted_metrics is not None:  # Keras 3: no container without them
                self._compile_metrics = CompileMetrics(metrics, weighted_metrics, getattr(self._compile_loss, "loss",
                                                                                          None), strategy, names)
            self._loss_tracker = Mean(name="loss")
        self.run_eagerly = bool(run_eagerly)
        self._jit_compile = jit
        self._jit_steps, self._jit_warned = {}, set()
        self.compiled = True
        self._compile_generation += 1
        self.stop_training = False

    @property
    def jit_compile(self):
        """Whether the steps run through `torch.compile` (`compile(jit_compile=...)`, "auto" resolved)."""
        return self._jit_compile

    @jit_compile.setter
    def jit_compile(self, value):
        self._jit_compile = _resolve_jit_compile(value, self.run_eagerly)
        self._jit_steps, self._jit_warned = {}, set()

    @property
    def steps_per_execution(self):
        """Steps per execution group (`compile(steps_per_execution=...)`)."""
        return self._steps_per_execution

    def _jit(self, name, fn):
        """`fn` (one of the steps) as this compile's `torch.compile`d version when `jit_compile`, else itself."""
        if not self._jit_compile:
            return fn
        compiled = self._jit_steps.get(name)
        if compiled is None:
            compiled = JitFunction(fn, f"the {name} of model {self.name!r}", "Model.compile(jit_compile=True)",
                                   self._jit_warned)  # one warning per compile, whichever step fails first
            self._jit_steps[name] = compiled
        return compiled

    @property
    def metrics(self):
        """Keras 3's list: `[loss tracker, compile_metrics, *per-output loss trackers, *the model's own metrics,
        *its layers' metrics]`.

        The metrics given to `compile` are ONE entry, the `compile_metrics` container (its `.metrics`
        are the metrics themselves, created on the first batch); `metrics_names` is then
        `["loss", "compile_metrics"]`. Metrics assigned as model attributes
        (`self.loss_tracker = keras.metrics.Mean(name="loss")`) follow, then those of every layer
        inside (a layer's own and its sublayers', so a metric nested two layers deep is listed twice,
        as Keras 3 lists it), so `fit`/`evaluate` reset and log them, as Keras 3 does.

        Under `TF_USE_LEGACY_KERAS=1` the list is Keras 2's: the compiled metrics themselves in the container's
        place (`metrics_names` `["loss", "accuracy", ...]`, one name per value `evaluate` returns), and `[]`
        until the compiled loss first runs.
        """
        out = []
        if self.compiled:
            if self._loss_tracker is not None and not self._legacy_without_loss() and not self._legacy_unbuilt():
                out.append(self._loss_tracker)
            if self._compile_metrics is not None:
                out += list(self._compile_metrics.metrics) if keras_version.legacy_keras() else [self._compile_metrics]
            if self._compile_loss is not None:
                out += self._compile_loss.metrics
        own = set(map(id, out))
        out += [m for m in _own_metrics(self) if id(m) not in own]
        for layer in self.modules():
            if layer is not self and isinstance(layer, Layer) and not isinstance(layer, Trainer):
                out += _layer_metrics(layer)
        return out

    def _legacy_unbuilt(self):
        """Keras 2 lists the compiled loss's tracker only once that loss has run (a train or test
        step): `metrics_names` is `[]` between `compile` and the first `fit`/`evaluate`/`train_on_batch`."""
        return keras_version.legacy_keras() and self._compile_loss is not None and not self._compile_loss.ran

    def _legacy_without_loss(self):
        """Keras 2 lists its loss tracker once the compiled loss ran: never for a model compiled without a loss
        whose own train_step drives it (the knowledge-distillation example logs no "loss")."""
        return keras_version.legacy_keras() and self._compile_loss is None and self._overrides("train_step")

    @property
    def compiled_metrics(self):
        """TF 2's `self.compiled_metrics.update_state(y, y_pred, sample_weight)`, as Keras 3 keeps it.

        Deprecated there, and so here: it warns, then updates every metric of `self.metrics`, a
        `Mean` (the loss tracker included) with `y_pred` and the others (the `compile_metrics`
        container) with `(y, y_pred, sample_weight)`, which is what TF 2.21 logs for this idiom.
        """
        return _DeprecatedCompiledMetrics(self)

    def compiled_loss(self, y, y_pred, sample_weight=None, regularization_losses=None):
        """TF 2's `self.compiled_loss(y, y_pred, ...)`, as Keras 3 keeps it: warns, returns `compute_loss(x=None,
        y=y, y_pred=y_pred, sample_weight=sample_weight)`, which adds the model's own `losses` (Keras 3 does
        not read `regularization_losses`) and updates no metric.

        Under `TF_USE_LEGACY_KERAS=1` it is Keras 2's: the compiled loss plus the given `regularization_losses`
        (not the model's own `losses` unless passed), and the `loss` metric is updated with that total, weighted
        by the batch size, so a custom `train_step` logs its loss as in tf_keras.
        """
        if keras_version.legacy_keras():
            return self._keras2_compiled_loss(y, y_pred, sample_weight, regularization_losses)
        warnings.warn("`model.compiled_loss()` is deprecated in Keras 3; call `model.compute_loss(x, y, y_pred, "
                      "sample_weight, training)` instead.", stacklevel=2)
        del regularization_losses  # Keras 3: the model's `losses` are what compute_loss adds
        return self.compute_loss(x=None, y=y, y_pred=y_pred, sample_weight=sample_weight)

    def _keras2_compiled_loss(self, y, y_pred, sample_weight, regularization_losses):
        """tf_keras's `LossesContainer.__call__`: `compiled loss + sum(regularization_losses)`, the `loss` metric
        updated with the (unscaled) total per batch row; returns the total scaled for the replicas."""
        first = flatten(y_pred)[0]
        total = (self._compile_loss.compute(y, y_pred, sample_weight) if self._compile_loss is not None
                 else torch.zeros((), dtype=first.dtype, device=first.device))
        if regularization_losses:
            total = total + sum(torch.as_tensor(r, dtype=total.dtype, device=total.device)
                                for r in regularization_losses)
        if self._loss_tracker is not None:
            self._loss_tracker.update_weighted(total.detach(), first.shape[0] if first.dim() else 1)
        return scale_for_replicas(total, self._distribute_strategy, step_share=self._compile_loss is not None)

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    @property
    def metrics_variables(self):
        """The state of every metric in `self.metrics` (Keras 3), the container's sub-metrics' included."""
        return [v for m in self.metrics for v in m.variables]

    def reset_metrics(self):
        for m in self.metrics:
            m.reset_state()

    def _assert_compiled(self, what):
        if not self.compiled:
            raise RuntimeError(f"You must call `compile()` before calling `{what}()`.")
        if what in ("fit", "train_on_batch") and getattr(self, "optimizer", None) is None:
            raise ValueError(f"`{what}()` trains with the optimizer given to `compile()`, and the model was compiled "
                             "without one; call `compile(optimizer=...)` first. Received: optimizer=None")

    # ---- the built-in steps -------------------------------------------------------------------
    def _forward(self, module, x, training):
        if self._autocast is None:
            return module(x, training=training)
        with self._autocast():
            y_pred = module(x, training=training)
        return mixed_precision.float32_outputs(y_pred)  # losses and metrics in float32 (Keras)

    def _train_forward(self, batch, hooked_loss, replicas):
        """Forward pass and loss of one training batch: `(y_pred, loss or None, loss to backpropagate)`.

        This is the part `jit_compile=True` compiles. The loss is this replica's mean over its rows (plus
        the regularization losses); the backpropagated one is scaled by its share of the global batch.
        """
        y_pred = self._forward(self._train_module, batch.x, True)
        if batch.local_size and hooked_loss:
            loss, scaled = self._hooked_loss(batch, y_pred, training=True)  # includes the regularization losses
        elif batch.local_size:
            loss = self._compile_loss.compute_in_step(batch.y, y_pred, batch.sample_weight, replicas)
            scaled = loss
            if batch.local_size != batch.global_size and self._compile_loss.averages:
                scaled = loss * (batch.local_size / batch.global_size)
        else:
            if not hooked_loss and replicas > 1 and self._compile_loss.needs_global_counts(y_pred):
                # joins the masked averages' count all-reduces (compute_in_step); the value is unused
                self._compile_loss.compute_in_step(batch.y, y_pred, batch.sample_weight, replicas)
            loss, scaled = None, zero_like_loss(y_pred)
        reg = self.losses if not hooked_loss else None  # this step's: activity and add_loss terms come with each call
        if reg:
            reg_total = sum(reg)
            scaled = scaled + reg_total / replicas  # each replica's share: the SUM over replicas is the term
            loss = loss + reg_total if loss is not None else None
        return y_pred, loss, scaled

    def _train_batch(self, batch, params, plan, forward=None):
        """One built-in training step on this replica's rows (no host sync); returns an overridden
        `compute_metrics`'s dict, else None."""
        y_pred, loss, scaled = (forward or self._train_forward)(batch, plan.hooked_loss, plan.replicas)
        for p in params:
            p.grad = None
        scaled = self.optimizer.scale_loss(scaled)  # Keras 3: dynamic (LossScaleOptimizer) or loss_scale_factor
        if params:  # a model without trainable weights still reports its loss (Keras warns once in fit)
            scaled.backward()
            self._distribute_strategy.after_backward(self._train_module, params)
            self.optimizer._step(params)
        if loss is not None:
            self._loss_tracker.update_weighted(loss.detach(), batch.local_size)
        if loss is not None or plan.metrics_hook:  # an override may read results (collectives): every replica
            y_pred = _detach(y_pred) if isinstance(y_pred, torch.Tensor) else map_structure(_detach, y_pred)
            return self._update_step_metrics(batch, y_pred, plan)  # calls it, one with no rows of this batch too
        self._build_metrics_without_rows(batch, y_pred)
        return None

    def _test_forward(self, batch, hooked_loss):
        """Forward pass and loss of one evaluation batch: `(y_pred, loss or None)` (compiled by `jit_compile`)."""
        y_pred = self._forward(self, batch.x, False)
        replicas = self._distribute_strategy.num_replicas_in_sync
        if not batch.local_size:  # as in _train_forward: a replica without rows joins the count all-reduces
            if not hooked_loss and replicas > 1 and self._compile_loss.needs_global_counts(y_pred):
                self._compile_loss.compute_in_step(batch.y, y_pred, batch.sample_weight, replicas)
            return y_pred, None
        if hooked_loss:
            loss, _ = self._hooked_loss(batch, y_pred, training=False)
        else:
            loss = self._compile_loss.compute_in_step(batch.y, y_pred, batch.sample_weight, replicas)
            reg = self.losses
            if reg:
                loss = loss + sum(reg)
        return y_pred, loss

    def _test_batch(self, batch, plan, forward=None):
        y_pred, loss = (forward or self._test_forward)(batch, plan.hooked_loss)
        if loss is not None:
            self._loss_tracker.update_weighted(loss, batch.local_size)
        if loss is not None or plan.metrics_hook:  # as in _train_batch
            return self._update_step_metrics(batch, y_pred, plan)
        self._build_metrics_without_rows(batch, y_pred)
        return None

    def _build_metrics_without_rows(self, batch, y_pred):
        """A replica given no rows of its first batch still creates the compile metrics (from the 0-row
        shapes), so that every replica reads the same metrics."""
        if self._compile_metrics is not None and not self._compile_metrics.built:
            self._compile_metrics.build(batch.y, y_pred)

    def _predict_forward(self, x):
        return self._forward(self, x, False)

    # ---- overridable steps (what `super().train_step(data)` runs) ----------------------------
    def _overrides(self, name):
        """True when the model's class defines its own `name` step (`train_step`, ...)."""
        return getattr(type(self), name) is not getattr(Trainer, name)

    def _batch_from_data(self, data):
        x, y, sample_weight = data_adapter.unpack_x_y_sample_weight(data)
        local = int(data_adapter.flatten(x)[0].shape[0])
        sizes = step_context(self._distribute_strategy).batch_sizes or (local, local)  # fit's step carries them
        return data_adapter.StepBatch(x, y, sample_weight, sizes[0], sizes[1])

    def train_step(self, data):
        """One training step on `data` (`(x, y[, sample_weight])`); returns `{metric name: value}`.

        Override to customize `fit`; see the module docstring for both styles.
        """
        params = self._prepare_training()
        logs = self._train_batch(self._batch_from_data(data), params, _StepPlan(self))
        return self.get_metrics_result() if logs is None else logs

    def test_step(self, data):
        """One evaluation step on `data`; returns `{metric name: value}`. Override to customize `evaluate`."""
        logs = self._test_batch(self._batch_from_data(data), _StepPlan(self))
        return self.get_metrics_result() if logs is None else logs

    def predict_step(self, data):
        """Model outputs for the `x` of `data`. Override to customize `predict`."""
        x, _, _ = data_adapter.unpack_x_y_sample_weight(data)
        return self(x, training=False)

    # ---- helpers for custom steps -----------------------------------------------------------
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """Compiled loss plus regularization losses (Keras 3; `x` is unused by default).

        Under N replicas the value is scaled for distribution (`scale_for_replicas`);
        a `Mean` loss tracker updated with it still logs the plain value. It does not
        update the `loss` metric (Keras 3).

        Under `TF_USE_LEGACY_KERAS=1`, called from a custom `train_step`, it is Keras 2's: `compiled_loss(y,
        y_pred, sample_weight, regularization_losses=self.losses)`, which also updates the `loss` metric (the
        built-in steps update it themselves).

        Raises:
            ValueError: if no loss was given to `compile()` and the model has no regularization losses.
        """
        reg = self.losses
        if not self._builtin_loss_call and keras_version.legacy_keras():
            return self._keras2_compiled_loss(y, y_pred, sample_weight, reg)
        if self._compile_loss is None:
            if not reg:
                raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`. Received: loss=None")
            return scale_for_replicas(sum(reg), self._distribute_strategy, step_share=False)
        loss = self._compile_loss.compute(y, y_pred, sample_weight)
        if reg:
            loss = loss + sum(reg)
        return scale_for_replicas(loss, self._distribute_strategy)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        """Update the `compile_metrics` container and return `get_metrics_result()` (Keras 3).

        Only `weighted_metrics` see `sample_weight`; the loss tracker is not updated here.
        """
        if self._compile_metrics is not None:
            self._compile_metrics.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self):
        """`{name: scalar tensor}` of every metric in `self.metrics` order, the `compile_metrics` container's
        entries spliced in (Keras 3), reduced across replicas with one collective."""
        return metric_results(self.metrics)

    def _flatten_metrics_in_order(self, logs):
        """`logs` as the list evaluate/train_on_batch return (Keras 3): the values named by `self.metrics`
        (a container's sub-metrics by their own names) in that order, then the other keys sorted."""
        names = []
        for m in self.metrics:
            names += [sub.name for sub in m.metrics] if isinstance(m, CompileMetrics) else [m.name]
        ordered = [logs[name] for name in names if name in logs] + [logs[k] for k in sorted(logs) if k not in names]
        return ordered[0] if len(ordered) == 1 else ordered

    # ---- the built-in steps' hooks (Keras 3 calls compute_loss / compute_metrics from its train_step) ----------
    def _loss_through_hook(self):
        """True when the built-in steps must get their loss from `compute_loss` (overridden, or no compiled loss)."""
        return self._compile_loss is None or self._overrides("compute_loss")

    def _hooked_loss(self, batch, y_pred, training):
        """`(plain loss, loss to backpropagate)` of one batch from `self.compute_loss` (regularization included).

        The built-in `compute_loss` scales for this replica's share itself; a user override
        returning a plain mean over its rows is scaled here, so either way the update equals
        one device on the global batch.
        """
        strategy = self._distribute_strategy
        sizes = (batch.local_size, batch.global_size)
        share = batch.local_size / batch.global_size if batch.global_size else 1.0
        # compute_loss reads the share from the step's replica context: fit's step carries these sizes; a
        # train_step called by the user (in `strategy.run`) gets a step of its batch's own
        own_step = strategy.num_replicas_in_sync > 1 and step_context(strategy).batch_sizes != sizes
        with strategy.replica_step(sizes) if own_step else contextlib.nullcontext():
            self._builtin_loss_call = True
            try:
                kwargs = {"training": training} if self._compute_loss_takes_training() else {}
                loss = self.compute_loss(x=batch.x, y=batch.y, y_pred=y_pred, sample_weight=batch.sample_weight,
                                         **kwargs)
            finally:
                self._builtin_loss_call = False
            if not isinstance(loss, torch.Tensor):
                raise TypeError(f"Expected compute_loss() to return a scalar tensor. Received: {loss!r}")
            plain = step_context(strategy).unscaled(loss)
        if plain is not None:
            return plain, loss
        return loss, (loss * share if share != 1.0 else loss)

    def _compute_loss_takes_training(self):
        params = inspect.signature(self.compute_loss).parameters
        return "training" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())

    def _update_step_metrics(self, batch, y_pred, plan):
        """The built-in steps' metric update: a `compute_metrics` override (its dict is returned: Keras 3's
        built-in steps return it as their logs), else the compiled metrics.

        Raises:
            TypeError: if an overridden `compute_metrics` returns something other than a dict.
        """
        if plan.metrics_hook:
            logs = self.compute_metrics(batch.x, batch.y, y_pred, batch.sample_weight)
            if not isinstance(logs, collections.abc.Mapping):
                raise TypeError("Expected compute_metrics() to return a dict of logs (metric name -> value), as "
                                f"the built-in train/test steps return it. Received: {type(logs).__name__}")
            return logs
        if self._compile_metrics is not None:
            self._compile_metrics.update_state(batch.y, y_pred, batch.sample_weight)

    # ---- running an override --------------------------------------------------------------------
    def _run_user_step(self, step_fn, batch, name=None):
        """Call an overridden step on this replica's rows of one global batch; returns its logs dict.

        Raises:
            TypeError: if a train/test step returns something other than a dict.
        """
        name = name or step_fn.__name__
        data = data_adapter.pack_x_y_sample_weight(batch.x, batch.y, batch.sample_weight)
        logs = step_fn(data)  # in the step's replica context, which carries its batch sizes (`compute_loss`)
        if name != "predict_step" and not isinstance(logs, collections.abc.Mapping):
            raise TypeError(f"Expected {name}() to return a dict of logs (metric name -> value). "
                            f"Received: {type(logs).__name__}")
        return logs

    def _prepare_metrics_for_steps(self, adapter):
        """Create the `compile_metrics` sub-metrics from the first batch before the steps run (every replica
        creates them, even one whose first batch is empty)."""
        if self._compile_metrics is None or self._compile_metrics.built:
            return
        if type(self).call is Layer.call:  # no call() (a distiller driving its sub-models): built at the step's
            return  # first `compiled_metrics.update_state(y, y_pred)`, as Keras builds them
        batch = adapter.first_batch()
        if batch.y is None:
            return
        with torch.no_grad():
            y_pred = self(data_adapter.map_structure(lambda t: t[:1] if t is not None else None, batch.x),
                          training=False)
        self._compile_metrics.build(batch.y, y_pred)

    def _step_runner(self, kind, adapter, params=None):
        """`run(batch) -> logs or None` for one step of `kind` ("train"/"test"), resolved once per loop.

        An overridden step runs whole (compiled whole with `jit_compile`); the built-in one runs its
        forward and loss compiled, the rest eagerly. Returns `(run, user_step)`.
        """
        name = f"{kind}_step"
        if self._overrides(name):
            self._prepare_metrics_for_steps(adapter)
            step = self._jit(name, getattr(self, name))
            return (lambda batch: StepLogs(self._run_user_step(step, batch, name))), True
        plan = _StepPlan(self)
        if kind == "train":
            forward = self._jit("train forward pass", self._train_forward) if self._jit_compile else None
            run = functools.partial(self._train_batch, params=params, plan=plan, forward=forward)
        else:
            forward = self._jit("test forward pass", self._test_forward) if self._jit_compile else None
            run = functools.partial(self._test_batch, plan=plan, forward=forward)
        if plan.metrics_hook:  # Keras 3: the built-in step returns the dict compute_metrics returned: the logs
            return (lambda batch: StepLogs(run(batch))), True
        return run, False

    # ---- setup --------------------------------------------------------------------------------
    def _ensure_built(self, adapter):
        unbuilt = not self.built or any(not m.built for m in self.modules() if hasattr(m, "built"))
        if not unbuilt:
            return
        if type(self).call is Layer.call:  # no call(): a GAN-style model driving its sub-models in train_step
            self.built = True  # Keras 3 builds only what the custom step touches
            return
        batch = adapter.first_batch()
        with torch.no_grad():
            self(map_structure(lambda t: t[:1] if t is not None else None, batch.x), training=False)

    def _prepare_training(self):
        params = [p for p in self.trainable_weights if p.requires_grad]
        # a new compile (other losses: other parameters reached) or a new trainable set wraps afresh
        key = (self._compile_generation, *(id(p) for p in params))
        if self._train_module is None or key != self._train_module_key:
            # stored outside nn.Module's registry: the model must not become its own (or DDP's) submodule
            self.__dict__["_train_module"] = self._distribute_strategy.wrap_module(self)
            self._train_module_key = key
        self.optimizer.build(params)
        return params

    def _make_callbacks(self, callbacks, verbose, epochs, steps):
        callbacks = _flat_callbacks(callbacks)  # Keras 3 flattens: one callback, or nested lists
        history = next((c for c in callbacks if isinstance(c, History)), None)
        if history is None:
            history = History()
            callbacks.append(history)
        progbar = next((c for c in callbacks if isinstance(c, ProgbarLogger)), None)
        if progbar is None and verbose:
            progbar = ProgbarLogger()
            callbacks.append(progbar)
        strategy = self._distribute_strategy
        if progbar is not None:
            progbar.is_chief = strategy.is_chief
            progbar.sync_every = strategy.log_read_interval(steps)
        return CallbackList(callbacks, model=self, verbose=verbose, epochs=epochs, steps=steps), history

    def _stop_requested(self):
        """`stop_training` as every replica agrees (any replica's True stops all)."""
        self.stop_training = self._distribute_strategy.any_replica(self.stop_training)
        return self.stop_training

    # ---- fit ----------------------------------------------------------------------------------
    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1):
        """Train for `epochs` epochs; returns a `History` (`history.history["loss"]`, ...).

        Args:
            x: the inputs: an array or tensor, a list/dict of them (multi-input models), a `tf.data.Dataset`,
                a `keras.utils.PyDataset`, a torch `DataLoader` or a generator yielding `(x, y)` or
                `(x, y, sample_weight)` batches.
            y: the targets, like `x` when `x` is arrays; None when `x` yields them.
            batch_size: GLOBAL batch size for array inputs, default 32 (each replica takes its share); must be
                None for datasets and generators, which batch themselves.
            epochs: int, the epoch to stop after (counting from 0, so with `initial_epoch` it is not a count).
            verbose: 0 (silent), 1 (progress bar), 2 (one line per epoch) or "auto" (= 1).
            callbacks: a `keras.callbacks.Callback` or a (nested) list of them.
            validation_split: float in [0, 1): the LAST fraction of array `x`/`y`, taken before shuffling.
            validation_data: `(x_val, y_val)`, `(x_val, y_val, sample_weight_val)` or a dataset, evaluated at
                the end of each epoch (overrides `validation_split`).
            shuffle: reshuffle the training samples every epoch (array inputs; a dataset or generator keeps
                its own order).
            class_weight: dict `{class index: weight}` multiplying the loss of each sample by its class's weight.
            sample_weight: array `(samples,)` (or `(samples, timesteps)`) of per-sample loss weights.
            initial_epoch: the epoch to start at (resuming a previous run; `BackupAndRestore` sets it).
            steps_per_epoch: batches per epoch; None reads the data once per epoch. With a dataset that repeats
                forever it is required; a finite one that runs out ends training.
            validation_steps: batches of `validation_data` per evaluation; None reads it all.
            validation_batch_size: GLOBAL batch size for array `validation_data`; default `batch_size`.
            validation_freq: int k (validate after every k-th epoch) or a list of 1-based epoch numbers
                (`[1, 4]`: after the first and the fourth), as Keras 3.

        Raises:
            RuntimeError: if the model is not compiled.
            ValueError: bad batch_size/verbose/validation_split, inconsistent sample counts,
                inputs whose shape does not match the model.
        """
        self._assert_compiled("fit")
        verbose = _check_verbose(verbose)
        x, y, sample_weight = (data_adapter.lists_to_arrays(v) for v in (x, y, sample_weight))
        if isinstance(validation_data, (tuple, list)):
            validation_data = data_adapter.lists_to_arrays(validation_data)
        data_adapter.check_batch_size(batch_size)
        input_validation.check_steps(steps_per_epoch, "steps_per_epoch")
        input_validation.check_steps(validation_steps, "validation_steps")
        input_validation.check_epochs(initial_epoch, "initial_epoch")
        epochs = keras_config.capped_epochs(input_validation.check_epochs(epochs, "epochs"))  # set_max_epochs
        steps_per_epoch = keras_config.capped_steps(steps_per_epoch)
        strategy = self._distribute_strategy
        with strategy.scope(), strategy.replica_local_weights(self, _cross_replica_read()):
            if validation_split and validation_data is None:
                if not data_adapter.is_array_structure(x):
                    raise ValueError("Argument `validation_split` is only supported for tensors or NumPy arrays. "
                                     f"Received: x of type {type(x).__name__}")
                (x, y, sample_weight), validation_data = data_adapter.train_validation_split(
                    (x, y, sample_weight), validation_split)
            feed = data_adapter.ReplicaFeed.of(strategy)
            train = data_adapter.make_adapter(x, y, sample_weight, batch_size, shuffle, feed, steps_per_epoch,
                                              class_weight)
            input_validation.check_not_empty(getattr(train, "num_samples", None), "fit")
            self._check_input_shape(train)
            val = None
            if validation_data is not None:
                _should_validate(0, validation_freq)  # a bad value raises before training, not after epoch 1
                vx, vy, vsw = data_adapter.unpack_x_y_sample_weight(validation_data)
                if vy is None and isinstance(validation_data, (tuple, list)) and self.compiled_loss is not None \
                        and not self._overrides("test_step"):  # fail now, not after the first epoch has trained
                    raise ValueError(f"`validation_data` has no targets, but the model was compiled with a loss "
                                     f"({self.loss!r}) that needs them: pass `validation_data=(x_val, y_val)`. "
                                     f"Received: validation_data of length {len(validation_data)} with y=None")
                val = data_adapter.make_adapter(vx, vy, vsw, validation_batch_size or (
                    batch_size if data_adapter.is_array_structure(vx) else None), False, feed,
                    validation_steps, arg="validation_data")
            self._ensure_built(train)
            params = self._prepare_training()
            if not params:
                warnings.warn("The model does not have any trainable weights.", stacklevel=2)
            run_step, user_train = self._step_runner("train", train, params)
            cbs, history = self._make_callbacks(callbacks, verbose, epochs, train.steps_per_epoch)
            self.stop_training = False
            self._initial_epoch = self._initial_step = self._resume_state = None
            self._fit_adapter, self._epoch_state = train, None
            cbs.on_train_begin()
            initial_epoch = self._initial_epoch or initial_epoch  # BackupAndRestore resumes here
            skip_steps = self._initial_step or 0  # ... and, after a mid-epoch backup, after this many batches
            resume = self._resume_state  # the backup's generator states and data position
            # a backup holds the generators and data position of the epoch's start (fit keeps them)
            track_state = any(getattr(cb, "_saves_training_state", False) for cb in cbs.callbacks)
            epoch_logs = {}
            batch_hooks = cbs.wants("on_train_batch_begin", "on_train_batch_end")
            # stop_training set mid-epoch (a batch callback, a train_step) stops at that group on every
            # replica: the strategy agrees on it (one 1-element all-reduce under replicas), only when
            # something could set it
            may_stop = user_train or _may_stop_mid_epoch(cbs)
            steps = EpochIterator(self._steps_per_execution)
            for epoch in range(initial_epoch, epochs):
                self.reset_metrics()
                cbs.on_epoch_begin(epoch)
                step_logs = {}
                metrics = None  # the epoch's metrics, listed once (after the first step has built them)
                if resume is not None:  # the backed-up epoch starts with the randomness it had
                    training_state.restore(resume["epoch_start" if skip_steps else "now"], train, strategy, self)
                if track_state:
                    self._epoch_state = training_state.capture(train, strategy, self)
                batches = train.epoch(epoch)
                if skip_steps:  # replay the data up to the backed-up step, then the step's generator states
                    batches = _resumed(batches, skip_steps, resume and resume["now"]["generators"], strategy, self)
                resume = None
                for first, last, group in steps.groups(batches, start=skip_steps):
                    if batch_hooks:
                        cbs.on_train_batch_begin(first)
                    for _, batch in group:
                        with strategy.replica_step((batch.local_size, batch.global_size)):
                            logs = run_step(batch)
                        if user_train:
                            step_logs = logs
                    if batch_hooks:
                        metrics = metrics or self.metrics
                        cbs.on_train_batch_end(last, step_logs if user_train else LazyLogs(metrics))
                    if may_stop and self._stop_requested():
                        break
                skip_steps = 0
                # read before validation resets the metrics
                train_logs = settled_logs(step_logs) if user_train else metric_logs(self.metrics)
                val_logs = None
                if val is not None and _should_validate(epoch, validation_freq):
                    self._warn_unweighted_sample_weight(vx, vsw)  # tf_keras's fit validates through evaluate()
                    val_logs = self._run_test(val, cbs)
                epoch_logs = end_of_epoch_logs(train_logs, val_logs)
                cbs.on_epoch_end(epoch, epoch_logs)
                if getattr(train, "exhausted", False):
                    self.stop_training = True
                if self._stop_requested():
                    break
            if epochs > 0:
                self.optimizer.finalize_variable_values(self.trainable_weights)  # EMA weights swapped in (Keras 3)
            cbs.on_train_end(epoch_logs)
        return history

    def _training_state(self):
        """What a backup needs to resume `fit` exactly here: the epoch's start state and the present one.

        Collective under replicas (every replica's in-step random stream is gathered): call on all.
        """
        return {"epoch_start": self._epoch_state,
                "now": training_state.capture(self._fit_adapter, self._distribute_strategy, self)}

    def _check_input_shape(self, adapter):
        expected = getattr(self, "input_shape", None) if self.built or getattr(self, "_input_layer", None) else None
        rank_only = False
        if not isinstance(expected, tuple) and isinstance(self.__dict__.get("_build_shapes"), tuple):
            # a subclassed model built on arrays of one rank (TF then trains silently on another: a (batch, 2, 4)
            # x through a model built on (batch, 4) broadcasts the loss); other sizes may vary (sequence lengths)
            expected, rank_only = self.__dict__["_build_shapes"], True
        if not isinstance(adapter, data_adapter.ArrayDataAdapter) or not isinstance(expected, tuple):
            return
        if not expected or not all(d is None or isinstance(d, int) for d in expected):
            return
        x = adapter.x
        if not isinstance(x, torch.Tensor):
            return
        got = (None, *tuple(x.shape)[1:])
        if len(got) == len(expected) - 1 and expected[-1] == 1:
            got = (*got, 1)  # a 1-D array for a (None, 1) input: the model adds the axis (Keras 3)
        elif len(got) == len(expected) + 1 and got[-1] == 1:
            got = got[:-1]
        if len(got) != len(expected) or not rank_only and any(
                e is not None and e != g for e, g in zip(expected[1:], got[1:])):
            if keras_version.legacy_keras() and not rank_only and _keras2_compatible(expected, tuple(x.shape)):
                return  # tf_keras's input spec compares the leading dims only: the model runs, after a warning
            raise ValueError(
                f'Input 0 of layer "{self.name}" is incompatible with the layer: expected shape={expected}, '
                f"found shape={got}. Received: x with shape {tuple(x.shape)}"
            )

    # ---- evaluate -----------------------------------------------------------------------------
    def _warn_unweighted_sample_weight(self, x, sample_weight):
        """tf_keras (TF_USE_LEGACY_KERAS=1) logs a warning from each `evaluate()` (fit's validation included) that
        gets sample weights (an argument, or a dataset of `(x, y, sample_weight)`) when `compile` had no
        `weighted_metrics=` (`weighted_metrics=[]` silences it); Keras 3 logs nothing."""
        if not keras_version.legacy_keras():
            return
        spec = getattr(x, "element_spec", None)
        if sample_weight is None and not (isinstance(spec, tuple) and len(spec) == 3):
            return
        if getattr(self._compile_metrics, "weighted_specs", None) is None:
            logging.getLogger("tensorflow").warning(
                "`evaluate()` received a value for `sample_weight`, but `weighted_metrics` were not provided.  Did "
                "you mean to pass metrics to `weighted_metrics` in `compile()`?  If this is intentional you can pass "
                "`weighted_metrics=[]` to `compile()` in order to silence this warning.")

    def _run_test(self, adapter, cbs):
        self.reset_metrics()
        run_step, user_test = self._step_runner("test", adapter)
        cbs.on_test_begin()
        step_logs = {}
        strategy = self._distribute_strategy
        with torch.no_grad():
            for first, last, group in EpochIterator(self._steps_per_execution).groups(adapter.epoch(0)):
                cbs.on_test_batch_begin(first)
                for _, batch in group:
                    with strategy.replica_step((batch.local_size, batch.global_size)):
                        logs = run_step(batch)
                    if user_test:
                        step_logs = logs
                cbs.on_test_batch_end(last, step_logs if user_test else LazyLogs(self.metrics))
        logs = step_logs.copy() if user_test else metric_logs(self.metrics)
        cbs.on_test_end(logs)
        return logs

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 callbacks=None, return_dict=False, **kwargs):
        """Loss and metrics on the data, every sample counted once across replicas.

        Raises:
            ValueError: for keyword arguments Keras does not know (Keras 3 raises the same).

        Returns:
            float (loss only), list `[loss, *metrics]` in `metrics_names` order, or a dict with `return_dict`.
        """
        if kwargs:
            raise ValueError(f"Arguments not recognized: {kwargs}. Received: kwargs={kwargs}")
        self._assert_compiled("evaluate")
        self._warn_unweighted_sample_weight(x, sample_weight)
        verbose = _check_verbose(verbose)
        x, y, sample_weight = (data_adapter.lists_to_arrays(v) for v in (x, y, sample_weight))
        input_validation.check_steps(steps, "steps")
        steps = keras_config.capped_steps(steps)  # keras.config.set_max_steps_per_epoch
        strategy = self._distribute_strategy
        with strategy.scope(), strategy.replica_local_weights(self, _cross_replica_read()):
            adapter = data_adapter.make_adapter(x, y, sample_weight, batch_size, False,
                                                data_adapter.ReplicaFeed.of(strategy), steps)
            input_validation.check_not_empty(getattr(adapter, "num_samples", None), "evaluate")
            self._check_input_shape(adapter)
            self._ensure_built(adapter)
            cbs, _ = self._make_callbacks(callbacks, verbose, 1, adapter.steps_per_epoch)
            logs = self._run_test(adapter, cbs)
        return self._ordered(logs, return_dict)

    # ---- predict ------------------------------------------------------------------------------
    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        """Model outputs for `x` as numpy, rows in input order (gathered from all replicas).

        With `steps_per_execution=k` the predict batch callbacks run once per group of k steps, and
        `on_predict_batch_end`'s `logs["outputs"]` holds the group's outputs concatenated (Keras 3).

        Returns:
            numpy array `(num_samples, ...)` (or a list/dict of them for multi-output models).
        """
        verbose = _check_verbose(verbose)
        x = data_adapter.lists_to_arrays(x)
        input_validation.check_steps(steps, "steps")
        steps = keras_config.capped_steps(steps)  # keras.config.set_max_steps_per_epoch
        strategy = self._distribute_strategy
        if self._overrides("predict_step"):
            user_step = self._jit("predict_step", self.predict_step)

            def run_step(batch):
                return self._run_user_step(user_step, batch, "predict_step")
        else:
            run_step = self._jit("predict forward pass", self._predict_forward)
            run_step = functools.partial(_call_on_x, run_step)
        with strategy.scope(), strategy.replica_local_weights(self, _cross_replica_read()):
            feed = data_adapter.ReplicaFeed.of(strategy)
            if data_adapter.is_array_structure(x) or isinstance(x, dict):
                adapter = data_adapter.ArrayDataAdapter(x, None, None, batch_size, False, feed, steps)
            else:
                adapter = data_adapter.make_adapter(x, None, None, batch_size, False, feed, steps)
            self._check_input_shape(adapter)
            cbs, _ = self._make_callbacks(callbacks, verbose, 1, adapter.steps_per_epoch)
            cbs.on_predict_begin()
            outputs, plan = [], []
            per_replica = getattr(adapter, "per_replica", False)
            with torch.no_grad():
                for first, last, group in EpochIterator(self._steps_per_execution).groups(adapter.epoch(0)):
                    cbs.on_predict_batch_begin(first)
                    group_outputs = []
                    for _, batch in group:
                        with strategy.replica_step((batch.local_size, batch.global_size)):
                            group_outputs.append(run_step(batch))
                        plan.append(batch.local_size if per_replica else batch.global_size)
                    outputs += group_outputs
                    cbs.on_predict_batch_end(last, {"outputs": _concat_outputs(group_outputs)})
            cbs.on_predict_end()
        if not outputs:
            raise ValueError("Expected at least one batch of data for predict(). Received: an empty input")
        return _gather_predictions(outputs, _rows_per_replica(plan, adapter, strategy), strategy)

    # ---- one batch: train_on_batch / test_on_batch / predict_on_batch (Keras 3 returns) ----------------
    # One call is one step on the given arrays as a single GLOBAL batch (each replica takes its share).
    # As in Keras 3, metrics are reset before each call, so the values are this batch's; the return value
    # is a scalar (loss only), a list in `metrics_names` order, or a dict with `return_dict=True`.
    def _one_batch(self, x, y, sample_weight, class_weight=None):
        x, y, sample_weight = (data_adapter.lists_to_arrays(v) for v in (x, y, sample_weight))
        adapter = data_adapter.ArrayDataAdapter(x, y, sample_weight, None, False,
                                                data_adapter.ReplicaFeed.of(self._distribute_strategy),
                                                class_weight=class_weight)
        adapter.batch_size = max(adapter.num_samples, 1)
        adapter.steps_per_epoch = 1
        self._check_input_shape(adapter)
        self._ensure_built(adapter)
        return adapter

    def _ordered(self, logs, return_dict):
        return logs if return_dict else self._flatten_metrics_in_order(logs)

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        """Run one gradient update on `(x, y)`.

        Returns:
            The loss (float) when there are no metrics, else `[loss, *metrics]`, or a dict with `return_dict`.

        Raises:
            RuntimeError: if the model is not compiled.
        """
        self._assert_compiled("train_on_batch")
        with self._distribute_strategy.scope():
            adapter = self._one_batch(x, y, sample_weight, class_weight)
            params = self._prepare_training()
            run_step, user_train = self._step_runner("train", adapter, params)
            self.reset_metrics()
            batch = next(iter(adapter.epoch(0)))
            with self._distribute_strategy.replica_step((batch.local_size, batch.global_size)):
                logs = run_step(batch)
            logs = logs.copy() if user_train else metric_logs(self.metrics)
        return self._ordered(logs, return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        """Loss and metrics on one batch, without updating weights (same return shapes as `train_on_batch`)."""
        self._assert_compiled("test_on_batch")
        with self._distribute_strategy.scope():
            adapter = self._one_batch(x, y, sample_weight)
            run_step, user_test = self._step_runner("test", adapter)
            self.reset_metrics()
            batch = next(iter(adapter.epoch(0)))
            with torch.no_grad(), self._distribute_strategy.replica_step((batch.local_size, batch.global_size)):
                logs = run_step(batch)
            logs = logs.copy() if user_test else metric_logs(self.metrics)
        return self._ordered(logs, return_dict)

    def predict_on_batch(self, x):
        """Model outputs for one batch as numpy (rows in input order)."""
        leaves = data_adapter.flatten(x) if isinstance(x, (list, tuple, dict)) else [x]
        n = int(leaves[0].shape[0])
        return self.predict(x, batch_size=max(n, 1), verbose=0)

    # ---- Keras 2's deprecated generator methods (kept in both modes) ---------------------------
    def fit_generator(self, generator, steps_per_epoch=None, epochs=1, verbose=1, callbacks=None,
                      validation_data=None, validation_steps=None, validation_freq=1, class_weight=None,
                      max_queue_size=10, workers=1, use_multiprocessing=False, shuffle=True, initial_epoch=0):
        """Keras 2's `fit_generator`: warns that it is deprecated, then `fit(generator, ...)` (Keras 2 delegates
        the same way; Keras 3 removed it).

        `max_queue_size`, `workers` and `use_multiprocessing` are checked and have no effect: batches are read
        in-process, in order (as for `keras.utils.PyDataset`).
        """
        _warn_generator_method("fit")
        _check_queue_args(max_queue_size, workers, use_multiprocessing)
        return self.fit(generator, steps_per_epoch=steps_per_epoch, epochs=epochs, verbose=verbose,
                        callbacks=callbacks, validation_data=validation_data, validation_steps=validation_steps,
                        validation_freq=validation_freq, class_weight=class_weight, shuffle=shuffle,
                        initial_epoch=initial_epoch)

    def evaluate_generator(self, generator, steps=None, callbacks=None, max_queue_size=10, workers=1,
                           use_multiprocessing=False, verbose=0):
        """Keras 2's `evaluate_generator`: warns that it is deprecated, then `evaluate(generator, ...)`."""
        _warn_generator_method("evaluate")
        _check_queue_args(max_queue_size, workers, use_multiprocessing)
        return self.evaluate(generator, steps=steps, callbacks=callbacks, verbose=verbose)

    def predict_generator(self, generator, steps=None, callbacks=None, max_queue_size=10, workers=1,
                          use_multiprocessing=False, verbose=0):
        """Keras 2's `predict_generator`: warns that it is deprecated, then `predict(generator, ...)`."""
        _warn_generator_method("predict")
        _check_queue_args(max_queue_size, workers, use_multiprocessing)
        return self.predict(generator, steps=steps, callbacks=callbacks, verbose=verbose)


def _warn_generator_method(what):
    warnings.warn(f"`Model.{what}_generator` is deprecated and will be removed in a future version. "
                  f"Please use `Model.{what}`, which supports generators.", stacklevel=3)


def _check_queue_args(max_queue_size, workers, use_multiprocessing):
    """Keras 2's loader settings (`workers=0`: the main thread), checked; they do not change what is read."""
    if not isinstance(workers, int) or workers < 0:
        raise ValueError(f"Expected workers to be a non-negative integer. Received: workers={workers!r}")
    if not isinstance(max_queue_size, int):
        raise ValueError(f"Expected max_queue_size to be an integer. Received: max_queue_size={max_queue_size!r}")
    del use_multiprocessing  # in-process either way; the batches and their order are the same


_OWN_PACKAGE = __name__.split(".", 1)[0] + "._src."


def _own_metrics(obj):
    """The metrics `obj` holds as attributes (directly or in a list/tuple), in attribute order."""
    out = []
    for key, value in vars(obj).items():
        if isinstance(value, Metric):
            items = (value,)
        elif type(value) in (list, tuple) and value and isinstance(value[0], Metric):
            items = value
        else:
            continue
        if key not in ("_loss_tracker", "_compile_metrics"):
            out += [m for m in items if isinstance(m, Metric) and all(m is not o for o in out)]
    return out


def _sublayers(module):
    """The layers directly inside `module` (looking through containers that are not layers)."""
    for child in module.children():
        if isinstance(child, Layer):
            yield child
        else:
            yield from _sublayers(child)


def _layer_metrics(layer):
    """Keras 3's `layer.metrics`: the layer's own metrics, then each sublayer's `metrics`.

    Layers of keraslike's own classes create no metrics, and are not scanned (a ResNet50 has 177 layers and
    `self.metrics` is read every step of a custom `train_step`); their sublayers are.
    """
    out = [] if type(layer).__module__.startswith(_OWN_PACKAGE) else _own_metrics(layer)
    for sub in _sublayers(layer):
        out += _layer_metrics(sub)
    return out


def _should_validate(epoch, validation_freq):
    """Whether `fit` validates after 0-based `epoch` (Keras 3: an int k is every k-th epoch, a list names the
    1-based epochs).

    Raises:
        ValueError: if `validation_freq` is neither a positive int nor a list.
    """
    if isinstance(validation_freq, int) and not isinstance(validation_freq, bool) and validation_freq >= 1:
        return (epoch + 1) % validation_freq == 0
    if isinstance(validation_freq, list):
        return epoch + 1 in validation_freq
    raise ValueError("Expected `validation_freq` to be a list or a positive int. "
                     f"Received: validation_freq={validation_freq!r} of the type {type(validation_freq)}.")


def _cross_replica_read():
    """What reading a replica-local variable (BatchNormalization's moving statistics) after `fit` gives: replica
    0's value in Keras 3, the replicas' mean in Keras 2 (`TF_USE_LEGACY_KERAS=1`), as TF 2.21's two Kerases."""
    return "mean" if keras_version.legacy_keras() else "first"


def _call_on_x(forward, batch):
    return forward(batch.x)


def _concat_outputs(outputs):
    """One step's outputs, or several steps' concatenated along the batch axis (a group's, for callbacks)."""
    if len(outputs) == 1:
        return outputs[0]
    leaves = [flatten(o) for o in outputs]
    joined = [torch.cat([step[i] for step in leaves]) if isinstance(leaves[0][i], torch.Tensor)
              else [step[i] for step in leaves] for i in range(len(leaves[0]))]
    structure = outputs[0]
    if isinstance(structure, torch.Tensor):
        return joined[0]
    if isinstance(structure, dict):
        return {k: joined[j] for j, k in enumerate(sorted(structure))}
    it = iter(joined)
    return map_structure(lambda _: next(it), structure)


def _resumed(batches, skip, generators, strategy, model):
    """`batches` after dropping the first `skip` (read, not trained on); then the backed-up generator states."""
    batches = iter(batches)
    for _ in range(skip):
        if next(batches, None) is None:
            return
    if generators is not None:
        training_state.restore_generators(generators, strategy, model)
    yield from batches


def _may_stop_mid_epoch(cbs):
    """Whether a callback other than the progress bar and History runs per batch (and so may stop)."""
    others = [cb for cb in cbs.callbacks if not isinstance(cb, (ProgbarLogger, History))]
    return CallbackList(others).wants("on_train_batch_begin", "on_train_batch_end")


def _detach(value):
    """`value.detach()`, keeping the Keras mask it carries (the metrics leave the masked entries out)."""
    if not isinstance(value, torch.Tensor):
        return value
    detached = value.detach()
    mask = getattr(value, "_keras_mask", None)
    if mask is not None:
        detached._keras_mask = mask
    return detached


def _rows_per_replica(plan, adapter, strategy):
    """`split[r][step]`: rows replica r predicted at each step (gathered once for per-replica inputs)."""
    if getattr(adapter, "per_replica", False):
        sizes = torch.tensor(plan, dtype=torch.int64)
        return [block.tolist() for block in strategy.gather_rows(sizes, len(plan))]
    per_step = [strategy.replica_batch_sizes(g) for g in plan]
    return [list(rows) for rows in zip(*per_step)]


def _gather_predictions(outputs, split, strategy):
    """Concatenate per-step outputs; with replicas, all-gather once and restore the input order.

    `split[r][step]` is the number of rows replica r produced at `step`; the result lists, step by step,
    replica 0's rows then replica 1's, ... (the input order, and TF's order for per-replica inputs).
    """
    structure = outputs[0]
    leaves_per_step = [flatten(o) for o in outputs]
    results = []
    for i in range(len(leaves_per_step[0])):
        local = torch.cat([step[i] for step in leaves_per_step])
        if local.dtype == torch.bfloat16:  # numpy has no bfloat16
            local = local.float()
        blocks = strategy.gather_rows(local, [sum(s) for s in split])
        if len(blocks) > 1:
            offsets = [0] * len(blocks)
            pieces = []
            for step in range(len(split[0])):
                for r, block in enumerate(blocks):
                    size = split[r][step]
                    pieces.append(block[offsets[r]:offsets[r] + size])
                    offsets[r] += size
            local = torch.cat(pieces)
        results.append(local.cpu().numpy())
    if isinstance(structure, torch.Tensor):
        return results[0]
    it = iter(results)
    return map_structure(lambda _: next(it), structure) if not isinstance(structure, dict) else {
        k: results[j] for j, k in enumerate(sorted(structure))}


def _flat_callbacks(callbacks):
    """`fit(callbacks=...)` as Keras 3 reads it (`tree.flatten`): a single callback (audio/simple_audio passes
    `callbacks=EarlyStopping(...)`), a list, or nested lists, as one flat list."""
    if not callbacks:
        return []
    if not isinstance(callbacks, (list, tuple)):
        return [callbacks]
    return [c for item in callbacks for c in _flat_callbacks(item)]


def _keras2_compatible(expected, shape):
    """tf_keras's functional input-spec check (`allow_last_axis_squeeze`): trailing 1s dropped, then the dims the
    two shapes share from the front must agree (a (3,) input passes a (None, 3) spec; a (None, 4) one does not)."""
    expected, shape = list(expected), list(shape)
    if shape and shape[-1] == 1:
        shape = shape[:-1]
    if expected and expected[-1] == 1:
        expected = expected[:-1]
    return all(e is None or d is None or e == d for e, d in zip(expected, shape))
