"""`keras.optimizers.Optimizer` driving a torch.optim optimizer with Keras's update rules.

Mirrors `keras/src/optimizers/base_optimizer.py`. Each Keras optimizer maps
its hyperparameters onto a well-kept torch optimizer before every step (for
example Keras's Adam epsilon is torch's epsilon scaled by the bias
correction), so the update is Keras's, computed by torch's kernels.

In a custom loop under a multi-replica strategy, `apply_gradients` SUMs the
gradients across replicas first (TF's semantics); inside `fit` the
DistributedDataParallel hook has already done it.

Sparse gradients (an Embedding's, `tf.gather`'s of a variable) update as Keras 3 does from TF's
`IndexedSlices` (`ops/sparse_gradient.py`): squared terms sum the squares of each row's occurrences;
`clipnorm` measures and `clipvalue` clips the occurrences; `global_clipnorm` and gradient accumulation
make the gradient dense, as there. Under TF_USE_LEGACY_KERAS=1 these classes are tf_keras 2's optimizers, which
clip the occurrences too but sum duplicate ids before the rule (`_rule_sees_occurrences`).
"""

import logging
import numbers
import warnings

import torch

from keraslike._src.autodiff import gradient_tape
from keraslike._src.distribute import context
from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import naming
from keraslike._src.keras.optimizers import schedules
from keraslike._src.keras.saving import checkpoint_tracking, object_registration, optimizer_state
from keraslike._src.ops import sparse_gradient, trace_state
from keraslike._src.ops import variables as state_variables
from keraslike._src.ops.variables import Variable


class Optimizer:
    """Base optimizer.

    Args:
        learning_rate: float, or a schedule `step -> lr`; default per optimizer. (`lr=` is TF 2's spelling.)
        weight_decay: optional float (decoupled, applied as Keras does: `var -= lr * wd * var`).
        clipnorm: clip each gradient to this L2 norm.
        clipvalue: clip each gradient element to `[-clipvalue, clipvalue]`.
        global_clipnorm: clip all gradients jointly to this global norm.
        use_ema: bool, default False: keep an exponential moving average of the variables, updated after
            every step (`average = m * average + (1 - m) * var`; the first step copies the variables).
        ema_momentum: float in [0, 1], default 0.99 (m above).
        ema_overwrite_frequency: optional int >= 1: every that many iterations the variables are overwritten
            with their average. `finalize_variable_values` (called at the end of `fit`) always does it.
        loss_scale_factor: optional float: `scale_loss(loss)` multiplies by it and each step divides the
            gradients by it first (fixed loss scaling, Keras 3).
        gradient_accumulation_steps: optional int >= 2: gradients are summed over that many calls; every
            k-th call updates the variables with their mean, and `iterations` counts updates.
        name: str.

    Raises:
        ValueError: for out-of-range values of the arguments above, unknown keyword arguments (Keras 3's
            "Argument(s) not recognized"), or more than one of the clip arguments.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        object_registration.register_builtin("optimizers", cls)  # found by name when deserializing

    _torch_class = None
    _legacy = False  # `tf.keras.optimizers.legacy.*`: TF 2's `decay` argument applies

    def __init__(self, learning_rate=0.001, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None,
                 loss_scale_factor=None, gradient_accumulation_steps=None, name=None, **kwargs):
        self._jit_compile = None
        if keras_version.legacy_keras() and not self._legacy:
            learning_rate = self._keras2_kwargs(learning_rate, kwargs)
        if "lr" in kwargs:
            learning_rate = kwargs.pop("lr")
        decay = kwargs.pop("decay", None)
        if decay and not self._legacy:
            warnings.warn("Argument `decay` is no longer supported and will be ignored (Keras 3); use a "
                          "learning-rate schedule, or tf.keras.optimizers.legacy, which applies it.", stacklevel=2)
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}. Received: kwargs={kwargs}")
        if sum(c is not None for c in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError("Only one of clipnorm, clipvalue and global_clipnorm can be set. Received: "
                             f"clipnorm={clipnorm}, clipvalue={clipvalue}, global_clipnorm={global_clipnorm}")
        if gradient_accumulation_steps and not (isinstance(gradient_accumulation_steps, int)
                                                and gradient_accumulation_steps >= 2):
            raise ValueError("`gradient_accumulation_steps` must be an integer >= 2. "
                             f"Received: gradient_accumulation_steps={gradient_accumulation_steps}")
        if use_ema and not 0 <= ema_momentum <= 1:
            raise ValueError(f"`ema_momentum` must be in the range [0, 1]. Received: ema_momentum={ema_momentum}")
        if use_ema and ema_overwrite_frequency and (not isinstance(ema_overwrite_frequency, int)
                                                    or ema_overwrite_frequency < 1):
            raise ValueError("`ema_overwrite_frequency` must be an integer >= 1 or None. "
                             f"Received: ema_overwrite_frequency={ema_overwrite_frequency}")
        self.name = name or self._default_name()
        self.clipnorm, self.clipvalue, self.global_clipnorm = clipnorm, clipvalue, global_clipnorm
        self.weight_decay = weight_decay
        self.decay = float(decay or 0.0) if self._legacy else 0.0
        self.use_ema, self.ema_momentum, self.ema_overwrite_frequency = bool(use_ema), ema_momentum, \
            ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self._averages = {}  # id(variable) -> EMA tensor (use_ema)
        self._accumulators = {}  # id(variable) -> summed gradient (gradient_accumulation_steps)
        self._micro_steps = 0
        _check_learning_rate(learning_rate)
        self._schedule = learning_rate if callable(learning_rate) else None
        initial = learning_rate(0) if self._schedule is not None else learning_rate
        self._learning_rate = Variable(float(initial), trainable=False, name="learning_rate", dtype=torch.float32)
        self.iterations = Variable(0, trainable=False, name="iteration", dtype=torch.int64)
        if not (self._legacy or keras_version.legacy_keras()):  # Keras 3 variables: `adam/iteration`, "iteration"
            for variable in (self._learning_rate, self.iterations):
                state_variables.name_as_keras3(variable, f"{self.name}/{variable._keras_name}")
        for variable in (self._learning_rate, self.iterations):  # Keras 3: iterations.dtype == "int64"
            state_variables.report_dtype_name(variable, not keras_version.legacy_keras())
        for host_value in (self._learning_rate, self.iterations):  # read every step: keep off the GPU (no sync)
            if host_value.device.type != "cpu":
                host_value.data = host_value.data.cpu()
        self._torch = None
        self._constrained = []
        self._params = []
        self._param_ids = set()

    def _default_name(self):
        """Keras 3's default name: the class name in snake_case, made unique as layers' are (`adam`, `adam_1`,
        `rm_sprop`, `adam_w`); tf_keras's (and the legacy optimizers'): the class name (`Adam`), not made unique."""
        cls_name = type(self).__name__
        if self._legacy or keras_version.legacy_keras():
            return cls_name
        return naming.uniquify(naming.to_snake_case(cls_name))

    def _keras2_kwargs(self, learning_rate, kwargs):
        """tf_keras 2's (TF 2.11+) optimizer keyword arguments, consumed from `kwargs`; returns the learning rate.

        `lr=` is deprecated there: it logs a warning and the learning rate stays `learning_rate` (the default
        when only `lr` is given; `tf.keras.optimizers.legacy.*` still take `lr`). `decay` raises a ValueError
        pointing to the legacy optimizers, any other unknown name a TypeError. `jit_compile` (default True) is
        XLA for the update step, kept in the config as tf_keras keeps it: True only where a GPU exists.
        """
        jit_compile = kwargs.pop("jit_compile", True)
        self._jit_compile = bool(jit_compile and torch.cuda.device_count() > 0)
        kwargs.pop("is_legacy_optimizer", None)  # written into configs by tf_keras, for deserialization only
        if kwargs.pop("lr", None):
            logging.getLogger("tensorflow").warning(
                "`lr` is deprecated in TF-Keras optimizer, please use `learning_rate` or use the legacy optimizer, "
                f"e.g.,tf.keras.optimizers.legacy.{type(self).__name__}.")
        for key in list(kwargs):
            if key in ("decay", "gradient_aggregator", "gradient_transformers"):
                raise ValueError(f"{key} is deprecated in the new TF-Keras optimizer, please check the docstring for "
                                 f"valid arguments, or use the legacy optimizer, e.g., "
                                 f"tf.keras.optimizers.legacy.{type(self).__name__}. Received: {key}={kwargs[key]!r}")
            raise TypeError(f"{key} is not a valid argument, kwargs should be empty for "
                            f"`optimizer_experimental.Optimizer`. Received: {key}={kwargs[key]!r}")
        return learning_rate

    # ---- learning rate ---------------------------------------------------------------
    @property
    def learning_rate(self):
        """Current learning rate as a scalar Variable (assignable); a schedule is evaluated at `iterations`."""
        return self._learning_rate_now()

    def _learning_rate_now(self):
        if self._schedule is not None:
            self._learning_rate.assign(float(self._schedule(int(self.iterations))))
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        if callable(value) and not isinstance(value, torch.Tensor):
            self._schedule = value
            return
        _check_learning_rate(value)
        self._schedule = None
        self._learning_rate.assign(float(value))

    lr = learning_rate

    def _current_lr(self):
        lr = float(self._learning_rate_now())
        if self.decay:  # TF 2 legacy optimizers: lr / (1 + decay * iterations)
            lr /= 1.0 + self.decay * int(self.iterations)
        return lr

    # ---- variables -------------------------------------------------------------------
    def build(self, var_list):
        """Create the torch optimizer (slots) for `var_list`."""
        new = [v for v in var_list if id(v) not in self._param_ids]
        if not new:
            return
        trace_state.check_variable_creation()  # slots are variables in TF: not after a tf.function's first call
        self._param_ids.update(id(v) for v in new)
        self._params.extend(new)
        with torch.no_grad():
            for v in new:
                if self.use_ema:
                    self._averages[id(v)] = v.detach().clone()
                if self.gradient_accumulation_steps:
                    self._accumulators[id(v)] = torch.zeros_like(v.detach())
        self._constrained = [v for v in self._params if getattr(v, "constraint", None) is not None]
        if self._torch is None:
            self._torch = self._make_torch(new)
        else:
            self._torch.add_param_group({"params": new})
        deferred = self.__dict__.pop("_deferred_state", None)
        if callable(deferred):  # a TF checkpoint restored before the slots existed (TF's deferred restoration)
            deferred()
        elif deferred is not None:  # a checkpoint restored before the model had weights
            optimizer_state.set_variables(self, deferred, list(self._params))

    def _set_flat_state(self, values, params=None):
        """Restore `[iterations, learning_rate, *slots]` (`saving/optimizer_state.py`); False if they do not fit."""
        return optimizer_state.set_variables(self, values, params)

    def _trackable_children(self):
        """This optimizer's children in a TF object-based checkpoint (`keras/saving/checkpoint_tracking.py`)."""
        return checkpoint_tracking.optimizer_children(self)

    def _restore_from_checkpoint(self, node, plan):
        return checkpoint_tracking.restore_optimizer(self, node, plan)

    @property
    def variables(self):
        """Keras 3's list: `iterations`, `learning_rate` (a plain rate, not a schedule), then the slots in Keras's
        order and names (`dense_kernel_momentum`; `saving/optimizer_state.py`), as views that read and `assign`
        the torch optimizer's state, whose `numpy()` is a copy (a snapshot kept by the user does not follow
        training). Slots exist once the optimizer has taken a step or restored state."""
        states = {f"{self.name}/{name}": tensor for name, tensor in optimizer_state.slot_states(self)}
        cache = self.__dict__.setdefault("_slot_views", state_variables.StateViewCache())
        views = state_variables.cached_state_views(cache, states, not keras_version.legacy_keras())
        return [self.iterations] + ([self._learning_rate] if self._schedule is None else []) + views

    def _make_torch(self, params):
        raise NotImplementedError

    def _prepare_step(self, step, lr):
        """Write Keras hyperparameters for step `step` (1-based) into the torch param groups."""
        for group in self._torch.param_groups:
            group["lr"] = lr

    # ---- applying --------------------------------------------------------------------
    def apply_gradients(self, grads_and_vars, name=None, skip_gradients_aggregation=False, **kwargs):
        """Apply `(gradient, variable)` pairs; returns `iterations`.

        Args:
            grads_and_vars: iterable of `(gradient, variable)`; pairs with a None gradient are skipped.
            name: unused (TF's op name).
            skip_gradients_aggregation: True: apply as given, without summing across replicas (TF 2).
            experimental_aggregate_gradients: TF 2's older spelling of `not skip_gradients_aggregation`.

        Raises:
            ValueError: if no variable has a gradient.
            TypeError: for other keyword arguments.
        """
        if "experimental_aggregate_gradients" in kwargs:
            skip_gradients_aggregation = not kwargs.pop("experimental_aggregate_gradients")
        if kwargs:
            raise TypeError(f"apply_gradients() got unexpected keyword arguments {sorted(kwargs)}. "
                            f"Received: kwargs={kwargs}")
        grads_and_vars = list(grads_and_vars)
        pairs = [(g if isinstance(g, torch.Tensor) else torch.as_tensor(g, device=v.device), v)
                 for g, v in grads_and_vars if g is not None]  # numpy gradients, as TF converts them
        if not pairs:
            raise ValueError("No gradients provided for any variable. Received: grads_and_vars with all gradients None")
        grads, variables = zip(*pairs)
        # built for every variable given, gradient or not, as Keras 3 builds (so a variable whose gradient is None
        # in a tf.function's first call gets its slots then, not in a later call, where TF refuses new variables)
        self.build([v for _, v in grads_and_vars if isinstance(v, torch.Tensor)])
        sparse = [sparse_gradient.of(g) for g in grads]  # TF's IndexedSlices: the tape's lookup gradients
        strategy = context.get_strategy()  # TF: the update is for the strategy in effect (scope or `run`)
        reduce = not skip_gradients_aggregation and strategy.num_replicas_in_sync > 1
        if reduce:
            grads = _sum_across_replicas(grads, strategy)
        clips = self.clipvalue is not None or self.clipnorm is not None or self.global_clipnorm is not None
        for g, v, s in zip(grads, variables, sparse):
            v.grad = g.detach().to(v.dtype, copy=clips)  # clipping works in place: never on the caller's tensor
            sparse_gradient.attach(v, s)
        self._sparse_across_replicas = reduce
        try:
            self._step(variables)
        finally:
            self._sparse_across_replicas = True
        for v in variables:
            v.grad = None
        return self.iterations

    def apply(self, grads, trainable_variables=None):
        """Keras 3 spelling: `apply(grads, trainable_variables)`."""
        return self.apply_gradients(zip(grads, trainable_variables))

    def minimize(self, loss, var_list, tape=None):
        """Compute gradients of `loss` (tensor or zero-arg callable) and apply them."""
        var_list = list(var_list() if callable(var_list) else var_list)
        if callable(loss):
            with gradient_tape.GradientTape() as tape:  # TF records the callable on a tape of its own
                value = loss()
            grads = tape.gradient(value, var_list)
        else:
            grads = torch.autograd.grad(loss, var_list, allow_unused=True)
            grads = [g if g is None else sparse_gradient.attach(g, sparse_gradient.take(v))  # lookups' occurrences
                     for g, v in zip(grads, var_list)]
        return self.apply_gradients(zip(grads, var_list))

    def scale_loss(self, loss):
        """`loss * loss_scale_factor` when one is set, else `loss` (Keras 3; the step divides the gradients)."""
        return loss * self.loss_scale_factor if self.loss_scale_factor is not None else loss

    def finalize_variable_values(self, var_list):
        """With `use_ema`, overwrite the variables in `var_list` with their moving averages (fit does this at
        its end, as Keras 3)."""
        if self.use_ema:
            with torch.no_grad():
                for v in var_list:
                    average = self._averages.get(id(v))
                    if average is not None:
                        v.copy_(average)

    def swap_with_averages(self, var_list, keep_variables=False):
        """Exchange the values of `var_list` and their moving averages (`use_ema`), in place; with
        `keep_variables`, only copy the variables into the averages. Used by `keras.callbacks.SwapEMAWeights`.

        Raises:
            ValueError: if the optimizer has no moving averages (`use_ema=False`), as Keras's callback.
        """
        if not self.use_ema:
            raise ValueError("SwapEMAWeights must be used when `use_ema=True` is set on the optimizer. "
                             f"Received: use_ema={self.use_ema}")
        with torch.no_grad():
            for v in var_list:
                average = self._averages.get(id(v))
                if average is None:
                    continue
                if keep_variables:
                    average.copy_(v)
                else:
                    current = v.detach().clone()
                    v.copy_(average)
                    average.copy_(current)

    _sparse_across_replicas = True  # sparse statistics are summed across replicas, as the gradients are
    _sparse_updates = True  # Keras 3 updates from the occurrences; TF 2's optimizer_v2 sums duplicates first

    def _rule_sees_occurrences(self):
        """Whether the update rule squares a sparse gradient's occurrences (Keras 3) rather than their per-row sum.

        tf_keras 2's optimizers (these classes under TF_USE_LEGACY_KERAS=1) clip an `IndexedSlices`' occurrences,
        then add duplicate ids up (`_deduplicate_sparse_grad`) before the rule, whose sparse branches then compute
        what the dense rule computes on the summed gradient: an id seen 5 times moves like a dense row.
        """
        return self._sparse_updates and not keras_version.legacy_keras()

    def _step(self, variables):
        """One call's update from `.grad` of `variables` (the trainer's hot path; no host sync on GPU).

        A variable's sparse gradient (`ops/sparse_gradient.py`) is the one its last backward pass (the
        trainer's) or `apply_gradients` left on it.
        """
        iterations = int(self.iterations)
        taken = {}
        for v in variables:
            s = sparse_gradient.take(v)
            if s is not None and v.grad is not None:
                taken[id(v)] = s
        clips = self.clipvalue is not None or self.clipnorm is not None or self.global_clipnorm is not None
        # TF clips an IndexedSlices' occurrences (every optimizer); only Keras 3's rules read them afterwards
        sparse = taken if clips or self._rule_sees_occurrences() else {}
        if self.loss_scale_factor is not None:
            for v in variables:
                if v.grad is not None:
                    v.grad.div_(self.loss_scale_factor)
            sparse = {k: s.scaled(1.0 / self.loss_scale_factor) for k, s in sparse.items()}
        if self.gradient_accumulation_steps:  # TF adds the slices to a dense accumulator: dense from here
            self._micro_steps += 1
            update = self._micro_steps % self.gradient_accumulation_steps == 0
            with torch.no_grad():
                for v in variables:
                    if v.grad is None:
                        continue
                    acc = self._accumulators[id(v)]
                    if update:
                        v.grad.add_(acc).div_(self.gradient_accumulation_steps)  # the mean over k calls
                        acc.zero_()
                    else:
                        acc.add_(v.grad)
            if update:
                self._update(variables)
        else:
            self._update(variables, sparse, lazy=None if self._sparse_updates else taken)
        if self.use_ema:
            self._update_averages(iterations)

    def _update_averages(self, iterations):
        """Keras 3: the first iteration copies the variables; then `avg = m * avg + (1 - m) * var`."""
        momentum = self.ema_momentum if iterations else 0.0
        with torch.no_grad():
            params = [v for v in self._params if id(v) in self._averages]
            averages = [self._averages[id(v)] for v in params]
            torch._foreach_lerp_(averages, [v.detach() for v in params], 1.0 - momentum)
            if self.ema_overwrite_frequency and (iterations + 1) % self.ema_overwrite_frequency == 0:
                for v, average in zip(params, averages):
                    v.copy_(average)

    def _lazy_sparse(self):
        """For TF 2 optimizers whose sparse kernels update only the rows a sparse gradient has: True (the
        variable and its slots) or "variable" (the variable only); False otherwise."""
        return False

    def _update(self, variables, sparse=None, lazy=None):
        sparse = self._reduce_sparse(variables, dict(sparse or {}))
        kept = self._rows_to_keep(variables, lazy) if lazy and self._lazy_sparse() else []
        if self.clipvalue is not None:
            for v in variables:
                if v.grad is None:
                    continue
                if id(v) in sparse:  # TF clips each occurrence of an IndexedSlices
                    sparse[id(v)] = sparse[id(v)].clip_values(v.grad, -self.clipvalue, self.clipvalue)
                else:
                    v.grad.clamp_(-self.clipvalue, self.clipvalue)
        if self.clipnorm is not None:
            for v in variables:
                if v.grad is None:
                    continue
                if id(v) in sparse:  # tf.clip_by_norm of an IndexedSlices: the norm of its occurrences
                    norm = torch.sqrt(sparse[id(v)].squared_norm(v.grad))
                    factor = self.clipnorm / torch.clamp_min(norm, self.clipnorm)
                    v.grad.mul_(factor)
                    sparse[id(v)] = sparse[id(v)].scaled(factor)
                else:
                    torch.nn.utils.clip_grad_norm_([v], self.clipnorm)
        if self.global_clipnorm is not None:
            if sparse:  # Keras 3: the norm counts the occurrences; scaling gives dense gradients
                squared = [sparse[id(v)].squared_norm(v.grad) if id(v) in sparse else torch.sum(v.grad * v.grad)
                           for v in variables if v.grad is not None]
                norm = torch.sqrt(torch.stack([q.float() for q in squared]).sum())
                factor = self.global_clipnorm * torch.minimum(1.0 / norm, torch.tensor(1.0 / self.global_clipnorm))
                for v in variables:
                    if v.grad is not None:
                        v.grad.mul_(factor.to(v.grad.dtype))
                sparse = {}
            else:
                torch.nn.utils.clip_grad_norm_(list(variables), self.global_clipnorm)
        occurrences = self._rule_sees_occurrences()  # not under tf_keras 2, which sums the clipped ones first
        for v in variables:
            if v.grad is not None:
                sparse_gradient.attach(v.grad, sparse.get(id(v)) if occurrences else None)  # read by the rule
                if lazy is not None or not self._sparse_updates:
                    sparse_gradient.mark_summed(v.grad, (lazy or {}).get(id(v)))
        step = int(self.iterations) + 1
        lr = self._current_lr()
        self._prepare_step(step, lr)
        if self.weight_decay:
            with torch.no_grad():
                for v in variables:
                    if v.grad is not None and getattr(v, "_apply_weight_decay", True):
                        v.mul_(1.0 - lr * self.weight_decay)
        hidden = self._hide_other_gradients(variables)
        try:
            self._torch.step()
        finally:
            for p, grad in hidden:
                p.grad = grad
            for v in variables:
                if v.grad is not None:
                    sparse_gradient.attach(v.grad, None)
                    sparse_gradient.mark_summed(v.grad, None)
        with torch.no_grad():
            for tensor, old, absent in kept:  # rows the sparse gradient did not have keep their values
                tensor.copy_(torch.where(absent, old, tensor))
        self.iterations.add_(1)
        if self._constrained:
            with torch.no_grad():
                for v in self._constrained:
                    v.copy_(v.constraint(v))

    def _hide_other_gradients(self, variables):
        """This call updates `variables` only (TF's `apply_gradients`): the `.grad` of this optimizer's other
        variables (left by a `loss.backward()` over all of them) is set aside while torch steps; returns it."""
        if len(variables) >= len(self._params):
            return ()
        given = {id(v) for v in variables}
        hidden = [(p, p.grad) for p in self._params if id(p) not in given and p.grad is not None]
        for p, _ in hidden:
            p.grad = None
        return hidden

    def get_config(self):
        """Constructor arguments; a schedule is stored as Keras's `{"class_name", "config"}` dict."""
        if self._schedule is not None and hasattr(self._schedule, "get_config"):
            learning_rate = schedules.serialize(self._schedule)
        else:
            learning_rate = float(self._learning_rate)
        config = {"name": self.name, "learning_rate": learning_rate, "weight_decay": self.weight_decay,
                  "clipnorm": self.clipnorm, "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue,
                  "use_ema": self.use_ema, "ema_momentum": self.ema_momentum,
                  "ema_overwrite_frequency": self.ema_overwrite_frequency,
                  "loss_scale_factor": self.loss_scale_factor,
                  "gradient_accumulation_steps": self.gradient_accumulation_steps}
        if self._jit_compile is not None:  # made under TF_USE_LEGACY_KERAS=1: tf_keras 2's keys, in its order
            del config["loss_scale_factor"], config["gradient_accumulation_steps"]
            config.update(jit_compile=self._jit_compile, is_legacy_optimizer=False)
            config = {key: config.pop(key) for key in _KERAS2_CONFIG_ORDER} | config
        if self.decay:
            config["decay"] = self.decay
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Rebuild from `get_config()` (a serialized schedule becomes a schedule again)."""
        config = dict(config)
        if isinstance(config.get("learning_rate"), dict):
            config["learning_rate"] = schedules.deserialize(config["learning_rate"], custom_objects)
        config.pop("is_legacy_optimizer", None)  # written by TF 2 files, no meaning here
        if not keras_version.legacy_keras() or cls._legacy:
            config.pop("jit_compile", None)  # tf_keras 2's XLA switch: kept in the config under Keras 2
        if not config.get("decay", 1):
            del config["decay"]  # TF 2.10's optimizer_v2 configs write `decay: 0.0`, which changes nothing
        return cls(**config)


    def _rows_to_keep(self, variables, lazy):
        """`[(tensor, its copy, mask of absent rows)]` for each sparse variable and its existing slots."""
        kept = []
        strategy = context.get_strategy()
        replicas = self._sparse_across_replicas and strategy.num_replicas_in_sync > 1
        for v in variables:
            s = lazy.get(id(v))
            if s is None or v.grad is None:
                continue
            present = s.present_rows(v.grad)
            if replicas:  # the union of the replicas' rows
                present = strategy.sum_across_replicas(present.float()) > 0
            absent = ~present.reshape(-1, *([1] * (v.dim() - 1)))
            ensure = getattr(self._torch, "ensure_state", None)  # slots of the absent rows keep their start
            state = ensure(v) if ensure else self._torch.state.get(v, {})
            slots = [] if self._lazy_sparse() == "variable" else [
                t for t in state.values() if isinstance(t, torch.Tensor) and t.shape == v.shape]
            for tensor in [v] + slots:
                kept.append((tensor, tensor.detach().clone(), absent))
        return kept

    def _reduce_sparse(self, variables, sparse):
        """Under N replicas, sum the sparse statistics across them (their gradients are summed already)."""
        strategy = context.get_strategy()
        if not sparse or not self._sparse_across_replicas or strategy.num_replicas_in_sync <= 1:
            return sparse
        # with clipvalue, each replica's occurrences are clipped before the sum (TF all-gathers the slices)
        return {id(v): sparse[id(v)].reduced(v.grad, strategy.sum_across_replicas,
                                             clip=self.clipvalue)
                for v in variables if id(v) in sparse}


object_registration.register_builtin_base("optimizers", Optimizer)


def _sum_across_replicas(grads, strategy):
    flat = strategy.sum_across_replicas(torch.cat([g.detach().reshape(-1) for g in grads]))
    out, offset = [], 0
    for g in grads:
        out.append(flat[offset:offset + g.numel()].view_as(g))
        offset += g.numel()
    return out


_KERAS2_CONFIG_ORDER = ("name", "weight_decay", "clipnorm", "global_clipnorm", "clipvalue", "use_ema", "ema_momentum",
                        "ema_overwrite_frequency", "jit_compile", "is_legacy_optimizer", "learning_rate")


def _check_learning_rate(value):
    """A learning rate is a number (Python, numpy, a scalar tensor or Variable), a schedule or a callable.

    Raises:
        ValueError: for strings ("fast", even "0.1"), None, bools and other objects, as Keras.
    """
    if callable(value) or isinstance(value, (torch.Tensor, Variable)):
        return
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return
    raise ValueError("Argument `learning_rate` should be a float, an instance of LearningRateSchedule, or a callable "
                     f"(taking the iteration and returning the learning rate). Received: learning_rate={value!r}")
