"""`compile` / `fit` / `evaluate` / `predict` (keras/src/trainers/trainer.py and the torch trainer).

TF's distributed semantics (DESIGN §4): `batch_size` is global; each replica
computes its rows' mean loss `L_r` and backpropagates `L_r * n_r / n` (n the
global batch), and the gradient all-reduce SUMs, so every step equals one
device on the whole global batch, partial last batch included. Metric state is
summed across replicas when read. Only the chief prints.
"""

import warnings

import torch

from keraslike._src.distribute import collectives
from keraslike._src.keras import optimizers as optimizers_module
from keraslike._src.keras.callbacks.callback_list import CallbackList
from keraslike._src.keras.callbacks.history import History, ProgbarLogger
from keraslike._src.keras.layers.keras_tensor import flatten, map_structure
from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.metrics.metric import Metric
from keraslike._src.keras.mixed_precision import policy as mixed_precision
from keraslike._src.keras.mixed_precision.loss_scale_optimizer import LossScaleOptimizer
from keraslike._src.keras.trainers import data_adapter, input_validation
from keraslike._src.keras.trainers.batch_methods import BatchMethods
from keraslike._src.keras.trainers.compile_utils import (
    CompiledLoss,
    CompiledMetrics,
    LossTracker,
    output_names_of,
    zero_like_loss,
)
from keraslike._src.keras.trainers.logs import LazyLogs, metric_logs
from keraslike._src.keras.trainers.step_overrides import StepLogs, StepOverrides

_VERBOSE = (0, 1, 2, "auto")


def _check_verbose(verbose):
    if verbose not in _VERBOSE or isinstance(verbose, bool):
        raise ValueError(f"Expected verbose to be one of 0, 1, 2 or 'auto'. Received: verbose={verbose!r}")
    return 1 if verbose == "auto" else verbose


class Trainer(StepOverrides, BatchMethods):
    """Mixin giving `Model` its training API."""

    def __init__(self):
        self.optimizer = None
        self.compiled = False
        self.stop_training = False
        self.history = None
        self.compiled_loss = None
        self.compiled_metrics = None
        self._loss_tracker = None
        self._train_module = None
        self._train_module_key = None
        self._compile_generation = 0
        self._autocast = None  # a mixed_precision.Autocast when compiled under a mixed policy
        self._steps_per_execution = 1

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
            steps_per_execution: int >= 1, default 1: the batch callbacks of fit/evaluate/predict run once per
                group of that many steps (`on_*_batch_begin(first step)`, `on_*_batch_end(last step)`) and
                `stop_training` is checked after each group, as Keras 3 does.
            run_eagerly, jit_compile: accepted; no effect (README "accepted, no effect"): keraslike always runs
                eagerly on torch, and `jit_compile` does not call torch.compile.

        Raises:
            ValueError: unknown optimizer/loss/metric names (the message lists valid names), or a bad
                `steps_per_execution`.
        """
        if steps_per_execution == "auto":  # Keras 3 tunes k on TF/JAX; here every step is one execution
            steps_per_execution = 1
        if isinstance(steps_per_execution, bool) or not isinstance(steps_per_execution, int) \
                or steps_per_execution < 1:
            raise ValueError("Expected steps_per_execution to be a positive integer. "
                             f"Received: steps_per_execution={steps_per_execution!r}")
        self._steps_per_execution = steps_per_execution
        strategy = self._distribute_strategy
        with strategy.scope():
            if not isinstance(optimizer, LossScaleOptimizer):
                optimizer = optimizers_module.get(optimizer)
            policy = mixed_precision.global_policy()
            if auto_scale_loss and policy.name == "mixed_float16" and not isinstance(optimizer, LossScaleOptimizer):
                optimizer = LossScaleOptimizer(optimizer)  # Keras: float16 compute gets dynamic loss scaling
            self.optimizer = optimizer
            self._autocast = mixed_precision.Autocast.for_policy(policy, strategy._device)
            names = output_names_of(self)
            self.compiled_loss = CompiledLoss(loss, loss_weights, names, strategy) if loss is not None else None
            self.loss = loss
            self.compiled_metrics = CompiledMetrics(metrics, getattr(self.compiled_loss, "loss", None), strategy,
                                                    weighted_metrics, names)
            self._loss_tracker = LossTracker(name="loss")
            if self.compiled_loss is not None:
                self.compiled_loss.tracker = self._loss_tracker
        self.compiled = True
        self._compile_generation += 1
        self.stop_training = False

    @property
    def metrics(self):
        """`[loss tracker, *compiled metrics, *per-output loss trackers, *metrics set as attributes]` (Keras 3 order).

        Metrics assigned as model attributes (`self.loss_tracker = keras.metrics.Mean(name="loss")`)
        are listed too, so `fit`/`evaluate` reset them each epoch, as Keras 3 tracks them.
        """
        out = [self._loss_tracker] if self._loss_tracker is not None else []
        out += (self.compiled_metrics.metrics or []) if self.compiled_metrics else []
        if self.compiled_loss is not None:
            out += self.compiled_loss.metrics
        seen = {id(m) for m in out}
        for value in vars(self).values():
            if isinstance(value, Metric) and id(value) not in seen:
                seen.add(id(value))
                out.append(value)
        return out

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def reset_metrics(self):
        for m in self.metrics:
            m.reset_state()

    def _assert_compiled(self, what):
        if not self.compiled:
            raise RuntimeError(f"You must call `compile()` before calling `{what}()`.")

    # ---- one step -----------------------------------------------------------------------
    def _forward(self, module, x, training):
        if self._autocast is None:
            return module(x, training=training)
        with self._autocast():
            y_pred = module(x, training=training)
        return mixed_precision.float32_outputs(y_pred)  # losses and metrics in float32 (Keras)

    def _train_batch(self, batch, params, has_reg):
        if self._autocast is None:
            y_pred = self._train_module(batch.x, training=True)
        else:
            y_pred = self._forward(self._train_module, batch.x, True)
        hooked = self._loss_through_hook()
        if batch.local_size and hooked:
            loss, scaled = self._hooked_loss(batch, y_pred, training=True)  # includes the regularization losses
        elif batch.local_size:
            loss = self.compiled_loss.compute(batch.y, y_pred, batch.sample_weight)
            scaled = loss
            if batch.local_size != batch.global_size and self.compiled_loss.averages:
                scaled = loss * (batch.local_size / batch.global_size)
        else:
            loss, scaled = None, zero_like_loss(y_pred)
        reg = self.losses if not hooked else None  # this step's: activity and add_loss terms come with each call
        if reg:
            reg_total = sum(reg)
            scaled = scaled + reg_total / self._distribute_strategy.num_replicas_in_sync
            loss = loss + reg_total if loss is not None else None
        for p in params:
            p.grad = None
        scaled = self.optimizer.scale_loss(scaled)  # Keras 3: dynamic (LossScaleOptimizer) or loss_scale_factor
        if params:  # a model without trainable weights still reports its loss (Keras warns once in fit)
            scaled.backward()
            self._distribute_strategy._after_backward(self._train_module, params)
            self.optimizer._step(params)
        if loss is not None:
            self._loss_tracker.update_weighted(loss.detach(), batch.local_size)
            y_pred = y_pred.detach() if isinstance(y_pred, torch.Tensor) else map_structure(_detach, y_pred)
            self._update_step_metrics(batch, y_pred)

    def _test_batch(self, batch):
        y_pred = self._forward(self, batch.x, False)
        if batch.local_size:
            if self._loss_through_hook():
                loss, _ = self._hooked_loss(batch, y_pred, training=False)
            else:
                loss = self.compiled_loss.compute(batch.y, y_pred, batch.sample_weight)
                reg = self.losses
                if reg:
                    loss = loss + sum(reg)
            self._loss_tracker.update_weighted(loss, batch.local_size)
            self._update_step_metrics(batch, y_pred)

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
            self.__dict__["_train_module"] = self._distribute_strategy._distribute_module(self)
            self._train_module_key = key
            if self._train_module is not self:
                collectives.track_wrapped(self)
        self.optimizer.build(params)
        return params

    def _make_callbacks(self, callbacks, verbose, epochs, steps):
        callbacks = list(callbacks or [])
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
            progbar.is_chief = strategy._is_chief
            if strategy.num_replicas_in_sync > 1:
                progbar.sync_every = max(1, (steps or 100) // 10)
        return CallbackList(callbacks, model=self, verbose=verbose, epochs=epochs, steps=steps), history

    def _stop_requested(self):
        flag = torch.tensor([1.0 if self.stop_training else 0.0])
        if self._distribute_strategy.num_replicas_in_sync > 1:
            flag = flag.to(self._distribute_strategy._device)
            collectives.all_reduce(flag, "max")
        self.stop_training = bool(flag.item())
        return self.stop_training

    # ---- fit ----------------------------------------------------------------------------------
    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1):
        """Train for `epochs` epochs; returns a `History` (`history.history["loss"]`, ...).

        Args:
            x, y: arrays/tensors (or lists/dicts of them), or a dataset/generator yielding `(x, y)`.
            batch_size: GLOBAL batch size, default 32 (each replica takes its share).
            epochs: int. verbose: 0, 1, 2 or "auto" (=1).
            validation_split: float in (0, 1): the LAST fraction of x/y, taken before shuffling.
            validation_data: `(x_val, y_val)` or a dataset.
            shuffle: reshuffle the training samples every epoch (arrays only).
            class_weight, sample_weight, initial_epoch, steps_per_epoch, validation_steps,
            validation_batch_size, validation_freq: as in tf.keras.

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
        strategy = self._distribute_strategy
        with strategy.scope():
            if validation_split and validation_data is None:
                if not data_adapter.is_array_structure(x):
                    raise ValueError("Argument `validation_split` is only supported for tensors or NumPy arrays. "
                                     f"Received: x of type {type(x).__name__}")
                (x, y, sample_weight), validation_data = data_adapter.train_validation_split(
                    (x, y, sample_weight), validation_split)
            train = data_adapter.make_adapter(x, y, sample_weight, batch_size, shuffle, strategy, steps_per_epoch,
                                              class_weight)
            input_validation.check_not_empty(getattr(train, "num_samples", None), "fit")
            self._check_input_shape(train)
            val = None
            if validation_data is not None:
                vx, vy, vsw = data_adapter.unpack_x_y_sample_weight(validation_data)
                val = data_adapter.make_adapter(vx, vy, vsw, validation_batch_size or (
                    batch_size if data_adapter.is_array_structure(vx) else None), False, strategy,
                    validation_steps, arg="validation_data")
            self._ensure_built(train)
            params = self._prepare_training()
            if not params:
                warnings.warn("The model does not have any trainable weights.", stacklevel=2)
            user_train = self._overrides("train_step")
            if user_train:
                self._prepare_metrics_for_steps(train)
            cbs, history = self._make_callbacks(callbacks, verbose, epochs, train.steps_per_epoch)
            self.stop_training = False
            self._initial_epoch = self._initial_step = None
            cbs.on_train_begin()
            initial_epoch = self._initial_epoch or initial_epoch  # BackupAndRestore resumes here
            skip_steps = self._initial_step or 0  # ... and, after a mid-epoch backup, after this many batches
            epoch_logs = {}
            has_reg = bool(self.losses)
            batch_hooks = cbs.wants("on_train_batch_begin", "on_train_batch_end")
            single = strategy.num_replicas_in_sync == 1
            # stop_training set mid-epoch (a batch callback, a train_step) stops at that batch on every
            # replica: one 1-element all-reduce after each step, only when something could set it
            stop_each_step = not single and (user_train or _may_stop_mid_epoch(cbs))
            replica_step = strategy._replica_step()
            for epoch in range(initial_epoch, epochs):
                self.reset_metrics()
                cbs.on_epoch_begin(epoch)
                step_logs = {}
                group = _ExecutionGroups(self._steps_per_execution)
                for step, batch in enumerate(train.epoch(epoch)):
                    if step < skip_steps:
                        continue
                    if batch_hooks and group.begins(step):
                        cbs.on_train_batch_begin(step)
                    with replica_step:
                        if user_train:
                            step_logs = StepLogs(self._run_user_step(self.train_step, batch))
                        else:
                            self._train_batch(batch, params, has_reg)
                    if not group.ends(step):
                        continue
                    if batch_hooks:
                        cbs.on_train_batch_end(step, step_logs if user_train else LazyLogs(self.metrics))
                    if self.stop_training if single else stop_each_step and self._stop_requested():
                        break
                if batch_hooks and group.open_step is not None:  # the epoch's last, shorter group
                    cbs.on_train_batch_end(group.open_step, step_logs if user_train else LazyLogs(self.metrics))
                skip_steps = 0
                epoch_logs = step_logs.copy() if user_train else metric_logs(self.metrics)
                if val is not None and (epoch + 1) % validation_freq == 0:
                    val_logs = self._run_test(val, cbs)
                    epoch_logs.update({"val_" + k: v for k, v in val_logs.items()})
                cbs.on_epoch_end(epoch, epoch_logs)
                if getattr(train, "exhausted", False):
                    self.stop_training = True
                if self._stop_requested():
                    break
            if epochs > 0:
                self.optimizer.finalize_variable_values(self.trainable_weights)  # EMA weights swapped in (Keras 3)
            cbs.on_train_end(epoch_logs)
        return history

    def _check_input_shape(self, adapter):
        expected = getattr(self, "input_shape", None) if self.built or getattr(self, "_input_layer", None) else None
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
        if len(got) != len(expected) or any(e is not None and e != g for e, g in zip(expected[1:], got[1:])):
            raise ValueError(
                f'Input 0 of layer "{self.name}" is incompatible with the layer: expected shape={expected}, '
                f"found shape={got}. Received: x with shape {tuple(x.shape)}"
            )

    # ---- evaluate -----------------------------------------------------------------------------
    def _run_test(self, adapter, cbs):
        self.reset_metrics()
        user_test = self._overrides("test_step")
        if user_test:
            self._prepare_metrics_for_steps(adapter)
        cbs.on_test_begin()
        step_logs = {}
        replica_step = self._distribute_strategy._replica_step()
        with torch.no_grad():
            group = _ExecutionGroups(self._steps_per_execution)
            for step, batch in enumerate(adapter.epoch(0)):
                if group.begins(step):
                    cbs.on_test_batch_begin(step)
                with replica_step:
                    if user_test:
                        step_logs = StepLogs(self._run_user_step(self.test_step, batch))
                    else:
                        self._test_batch(batch)
                if group.ends(step):
                    cbs.on_test_batch_end(step, step_logs if user_test else LazyLogs(self.metrics))
            if group.open_step is not None:
                cbs.on_test_batch_end(group.open_step, step_logs if user_test else LazyLogs(self.metrics))
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
        verbose = _check_verbose(verbose)
        x, y, sample_weight = (data_adapter.lists_to_arrays(v) for v in (x, y, sample_weight))
        input_validation.check_steps(steps, "steps")
        strategy = self._distribute_strategy
        with strategy.scope():
            adapter = data_adapter.make_adapter(x, y, sample_weight, batch_size, False, strategy, steps)
            input_validation.check_not_empty(getattr(adapter, "num_samples", None), "evaluate")
            self._check_input_shape(adapter)
            self._ensure_built(adapter)
            cbs, _ = self._make_callbacks(callbacks, verbose, 1, adapter.steps_per_epoch)
            logs = self._run_test(adapter, cbs)
        if return_dict:
            return logs
        names = [getattr(m, "_order_name", m.name) for m in self.metrics]  # Keras 3's _flatten_metrics_in_order
        ordered = [logs[name] for name in names if name in logs] + [v for k, v in logs.items() if k not in names]
        return ordered[0] if len(ordered) == 1 else ordered

    # ---- predict ------------------------------------------------------------------------------
    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        """Model outputs for `x` as numpy, rows in input order (gathered from all replicas).

        Returns:
            numpy array `(num_samples, ...)` (or a list/dict of them for multi-output models).
        """
        verbose = _check_verbose(verbose)
        x = data_adapter.lists_to_arrays(x)
        input_validation.check_steps(steps, "steps")
        strategy = self._distribute_strategy
        user_predict = self._overrides("predict_step")
        with strategy.scope():
            if data_adapter.is_array_structure(x) or isinstance(x, dict):
                adapter = data_adapter.ArrayDataAdapter(x, None, None, batch_size, False, strategy, steps)
            else:
                adapter = data_adapter.make_adapter(x, None, None, batch_size, False, strategy, steps)
            self._check_input_shape(adapter)
            cbs, _ = self._make_callbacks(callbacks, verbose, 1, adapter.steps_per_epoch)
            cbs.on_predict_begin()
            outputs, plan = [], []
            replica_step = strategy._replica_step()
            with torch.no_grad():
                for step, batch in enumerate(adapter.epoch(0)):
                    cbs.on_predict_batch_begin(step)
                    with replica_step:
                        if user_predict:
                            outputs.append(self._run_user_step(self.predict_step, batch))
                        else:
                            outputs.append(self._forward(self, batch.x, False))
                    plan.append(batch.local_size if getattr(adapter, "per_replica", False) else batch.global_size)
                    cbs.on_predict_batch_end(step, {"outputs": outputs[-1]})  # Keras: this batch's outputs
            cbs.on_predict_end()
        if not outputs:
            raise ValueError("Expected at least one batch of data for predict(). Received: an empty input")
        return _gather_predictions(outputs, _rows_per_replica(plan, adapter, strategy), strategy)


def _may_stop_mid_epoch(cbs):
    """Whether a callback other than the progress bar and History runs per batch (and so may stop)."""
    others = [cb for cb in cbs.callbacks if not isinstance(cb, (ProgbarLogger, History))]
    return CallbackList(others).wants("on_train_batch_begin", "on_train_batch_end")


class _ExecutionGroups:
    """Keras 3's `steps_per_execution`: steps run in groups of k; hooks fire at a group's first/last step."""

    def __init__(self, k):
        self.k = k
        self.open_step = None  # a group cut short by the end of data: the step number Keras reports for it

    def begins(self, step):
        return step % self.k == 0

    def ends(self, step):
        closed = (step + 1) % self.k == 0
        self.open_step = None if closed else step - step % self.k + self.k - 1  # Keras: begin + k - 1
        return closed


def _detach(value):
    return value.detach() if isinstance(value, torch.Tensor) else value


def _rows_per_replica(plan, adapter, strategy):
    """`split[r][step]`: rows replica r predicted at each step (gathered once for per-replica inputs)."""
    n_rep = strategy.num_replicas_in_sync
    if n_rep == 1:
        return [plan]
    if getattr(adapter, "per_replica", False):
        sizes = torch.tensor(plan, dtype=torch.int64)
        return [block.tolist() for block in collectives.all_gather_rows(sizes, [len(plan)] * n_rep)]
    return [[hi - lo for lo, hi in (collectives.split_global_batch(g, n_rep, r) for g in plan)] for r in range(n_rep)]


def _gather_predictions(outputs, split, strategy):
    """Concatenate per-step outputs; with replicas, all-gather once and restore the input order.

    `split[r][step]` is the number of rows replica r produced at `step`; the result lists, step by step,
    replica 0's rows then replica 1's, ... (the input order, and TF's order for per-replica inputs).
    """
    structure = outputs[0]
    leaves_per_step = [flatten(o) for o in outputs]
    n_rep = strategy.num_replicas_in_sync
    plan = split[0]
    results = []
    for i in range(len(leaves_per_step[0])):
        local = torch.cat([step[i] for step in leaves_per_step])
        if local.dtype == torch.bfloat16:  # numpy has no bfloat16
            local = local.float()
        if n_rep > 1:
            blocks = collectives.all_gather_rows(local, [sum(s) for s in split])
            offsets = [0] * n_rep
            pieces = []
            for step in range(len(plan)):
                for r in range(n_rep):
                    size = split[r][step]
                    pieces.append(blocks[r][offsets[r]:offsets[r] + size])
                    offsets[r] += size
            local = torch.cat(pieces)
        results.append(local.cpu().numpy())
    if isinstance(structure, torch.Tensor):
        return results[0]
    it = iter(results)
    return map_structure(lambda _: next(it), structure) if not isinstance(structure, dict) else {
        k: results[j] for j, k in enumerate(sorted(structure))}


