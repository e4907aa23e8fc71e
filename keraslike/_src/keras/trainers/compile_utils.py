"""What `compile` holds: loss and metrics, resolved on the first batch (keras/src/trainers/compile_utils.py).

Multi-output models (Keras 3 rules): `loss` is one loss applied to every
output, a list (one per output, in `model.outputs` order) or a dict keyed by
output name; `None` skips an output. With more than one loss term each gets a
`Mean` tracker `<output_name>_loss` (the unweighted value) and the total is
`sum_i w_i * loss_i`. Metrics are a list with one entry (a metric or a list)
per output, or a dict keyed by output name; their log keys are
`<output_name>_<metric_name>`.
"""

import contextlib
import functools

import torch

from keraslike._src.errors import InvalidArgumentError
from keraslike._src.distribute.strategy import step_context
from keraslike._src.keras import keras_version
from keraslike._src.keras import losses as losses_module
from keraslike._src.keras.losses.loss import builtin_loss_calls, counts_totalled_by
from keraslike._src.keras import metrics as metrics_module
from keraslike._src.keras.layers.keras_tensor import KerasTensor, flatten
from keraslike._src.keras.metrics.metric import Metric, sync_results
from keraslike._src.keras.metrics.reduction_metrics import Mean

_AVERAGING = ("sum_over_batch_size", "mean", "mean_with_sample_weight")


def output_names_of(model):
    """Names of a model's outputs in flat order (a functional model's output layers' or dict keys, a Sequential's
    last layer); else None."""
    outputs = getattr(model, "_outputs_struct", None)
    if outputs is None:
        # a Sequential: its output is the last layer's (Keras 2's name). Read from the instance: a subclassed
        # model may define a method of that name (tutorials/load_data/pandas_dataframe's `MyModel._stack`).
        stack = model.__dict__.get("_stack")
        return [stack[-1].name] if isinstance(stack, list) and stack else None
    if isinstance(outputs, dict):
        return sorted(outputs)
    names = []
    for t in flatten(outputs):
        node = getattr(t, "node", None) if isinstance(t, KerasTensor) else None
        layer = getattr(node, "layer", None)
        names.append(getattr(layer, "name", None) or getattr(t, "name", None))
    return names if all(names) else None


def _is_multi_spec(spec):
    return isinstance(spec, dict) or (isinstance(spec, (list, tuple)) and len(spec) > 1)


def _per_output(spec, names, n, what):
    """A list/tuple/dict spec as a list with one entry per output (None where absent)."""
    if isinstance(spec, dict):
        if names is None:
            raise ValueError(f"Argument `{what}` can only be provided as a dict when the model's outputs have "
                             f"names (a functional model or a dict of outputs). Received {what}={spec!r}")
        unknown = [k for k in spec if k not in names]
        if unknown:
            raise ValueError(f"In the dict argument `{what}`, key '{unknown[0]}' does not correspond to any model "
                             f"output. Received:\n{what}={spec!r}")
        return [spec.get(name) for name in names]
    if len(spec) != n:
        raise ValueError(f"For a model with multiple outputs, when providing the `{what}` argument as a list, it "
                         f"should have as many entries as the model has outputs. Received:\n{what}={spec!r}\nof "
                         f"length {len(spec)} whereas the model has {n} outputs.")
    return list(spec)


def _single_output(spec, names, what):
    """The entries of a dict `spec` for a model with one output: its keys must name that output (Keras 2 refuses
    other keys; Keras 3 ignores the keys, so a misspelled one silently applies to the output)."""
    unknown = [k for k in spec if names is None or k not in names]
    if unknown:
        expected = f"the model's output name {names[0]!r}" if names else "the model's output name (this model's " \
            "output has none; pass a list)"
        raise ValueError(f"In the dict argument `{what}`, key {unknown[0]!r} does not correspond to any model "
                         f"output. Expected keys: {expected}. Received: {what}={spec!r}")
    return list(spec.values())


def _pick(structure, index, name):
    """Entry `index` (list/tuple) or `name` (dict) of a per-output structure; the structure itself otherwise."""
    if isinstance(structure, dict):
        return structure.get(name)
    if isinstance(structure, (list, tuple)):
        return structure[index]
    return structure


def _align_targets(y_true, names, n, needed):
    """`y_true` as a list in output order (list/tuple in order, dict by output name, or only the needed ones)."""
    if isinstance(y_true, dict):
        if names is None:
            raise ValueError("y_true is a dict but the model's outputs have no names. Received y_true keys: "
                             f"{sorted(y_true)}")
        return [y_true.get(name) for name in names]
    flat = flatten(y_true) if isinstance(y_true, (list, tuple)) else [y_true]
    if len(flat) == n:
        return flat
    if len(flat) == len(needed):  # targets given only for the outputs that have a loss (Keras)
        out = [None] * n
        for i, t in zip(needed, flat):
            out[i] = t
        return out
    raise ValueError(f"y_true and y_pred have different structures: the model has {n} outputs, "
                     f"received {len(flat)} target(s).")


def _check_rows(y_true, y_pred, name=None):
    """Targets and predictions have the same number of rows: broadcasting one label over a batch (an unbatched
    dataset fed to a model with no Input, whose first layer then takes a sample's first axis as the batch) trains
    on nonsense silently. Shapes only, no host sync."""
    if isinstance(y_true, torch.Tensor) and isinstance(y_pred, torch.Tensor) and y_true.dim() and y_pred.dim() \
            and y_true.shape[0] != y_pred.shape[0]:
        where = f" for output {name!r}" if name else ""
        raise ValueError(f"The targets (y) and the model's predictions{where} have different batch sizes: "
                         f"{y_true.shape[0]} and {y_pred.shape[0]}. A tf.data.Dataset must be batched "
                         "(`dataset.batch(32)`) before fit/evaluate, and the model must keep the batch axis. "
                         f"Received: y.shape={tuple(y_true.shape)}, y_pred.shape={tuple(y_pred.shape)}")


def _rows(tensor):
    return int(tensor.shape[0]) if isinstance(tensor, torch.Tensor) and tensor.dim() else 1


class CompiledLoss:
    """The compiled loss (`model._compile_loss`): `compute(y_true, y_pred, sample_weight)` -> scalar mean
    over this replica's batch.

    `averages` says whether the value is a per-sample mean (then replicas
    weight it by `local_batch / global_batch`), or a sum (weight 1). For several
    outputs the value is `sum_i w_i * loss_i`; it averages when every term does.
    """

    def __init__(self, loss, loss_weights=None, output_names=None, strategy=None):
        if isinstance(loss, (list, tuple)) and len(loss) == 1:
            loss = loss[0]
        if loss_weights is not None and not isinstance(loss_weights, (list, tuple, dict, float, int)):
            raise ValueError(
                "Expected `loss_weights` argument to be a float (single output case) or a list, tuple, or dict "
                f"(multiple output case). Received instead: loss_weights={loss_weights!r} of type "
                f"{type(loss_weights)}"
            )
        self.output_names = output_names
        self.metrics = []  # per-output `<name>_loss` trackers (multi-output only)
        self._strategy = strategy
        self._spec, self._weights = loss, loss_weights
        self._plan = None  # multi-output: [(index, name, loss, weight, tracker)]
        self.ran = False  # computed once (Keras 2 lists the loss tracker only then)
        if _is_multi_spec(loss) or (output_names is not None and len(output_names) > 1):
            self.loss = None
            self.averages = True
            if output_names is not None:
                self._build(len(output_names))
            return
        self.loss = losses_module.to_loss(loss)
        self.averages = getattr(self.loss, "reduction", "sum_over_batch_size") in _AVERAGING
        weight = loss_weights
        if isinstance(weight, dict):
            weight = _single_output(weight, output_names, "loss_weights")
        if isinstance(weight, (list, tuple)):
            if len(weight) != 1:
                raise ValueError(f"Expected `loss_weights` to have one entry per model output: the model has 1 "
                                 f"output, the list has {len(weight)} entries. Received: loss_weights={loss_weights!r}")
            weight = weight[0]
        self._fn = self.loss
        if weight is not None and float(weight) != 1.0:
            plain, weight = self.loss, float(weight)
            self._fn = lambda y_true, y_pred, sample_weight=None: plain(y_true, y_pred, sample_weight) * weight

    def _build(self, n):
        """Resolve one loss per output (Keras 3's CompileLoss.build) and create the per-output trackers."""
        names = self.output_names
        spec = self._spec
        specs = _per_output(spec, names, n, "loss") if _is_multi_spec(spec) else [spec] * n
        if (isinstance(spec, dict) and names is not None and isinstance(names, list) and set(spec) != set(names)
                and not keras_version.legacy_keras()):  # Keras 2: an output missing from the dict gets no loss
            raise ValueError(f"Expected keys {names} in loss dict, but found loss.keys()={list(spec)}")
        weights = self._weights
        if weights is None or isinstance(weights, (int, float)):
            weights = [weights] * n
        else:
            weights = _per_output(weights, names, n, "loss_weights")
        plan = []
        for i, (s, w) in enumerate(zip(specs, weights)):
            if s is None:
                continue
            fn = losses_module.to_loss(s)
            name = names[i] if names is not None else (s if isinstance(s, str) else getattr(fn, "name", None)
                                                       or getattr(fn, "__name__", "loss"))
            plan.append([i, name, fn, None if w is None else float(w), None])
        if not plan:
            raise ValueError(f"Expected at least one non-None loss. Received: loss={spec!r}")
        if len(plan) > 1 or (keras_version.legacy_keras() and n > 1):  # Keras 2: `<output>_loss` per output
            for entry in plan:
                tracker = Mean(name=f"{entry[1]}_loss")
                if self._strategy is not None:
                    tracker._strategy = self._strategy
                entry[4] = tracker
        self.metrics = [entry[4] for entry in plan if entry[4] is not None]
        self.averages = all(getattr(e[2], "reduction", "sum_over_batch_size") in _AVERAGING for e in plan)
        self._n = n
        self._needed = [e[0] for e in plan]
        self._plan = plan

    def compute_in_step(self, y_true, y_pred, sample_weight, replicas):
        """`compute` in fit's built-in steps under `replicas`: a Keras mask's averages (the padded steps of a
        sequence model, `ignore_class`) divide by the kept entries of the GLOBAL batch, and
        `"mean_with_sample_weight"` by its global weight, so the replicas' shares (`local rows / global rows`)
        sum to the one-device loss (DESIGN section 4; TF averages per replica instead). A replica with no rows
        of the batch must call this too (its value is unused): every such average all-reduces its counts once.
        Only where that is certain on every replica (the predictions carry a mask, a loss has `ignore_class`
        or that reduction); a custom loss's own mask averages per replica."""
        if replicas > 1 and self.needs_global_counts(y_pred):
            with global_counts(self._strategy):
                return self.compute(y_true, y_pred, sample_weight)
        return self.compute(y_true, y_pred, sample_weight)

    def needs_global_counts(self, y_pred):
        """Whether the loss averages over a Keras mask or by the sample weights: the same answer on every
        replica (model structure, compile's config)."""
        specs = flatten(self._spec) if isinstance(self._spec, (list, tuple, dict)) else [self._spec]
        return any(getattr(spec, "ignore_class", getattr(spec, "_fn_kwargs", {}).get("ignore_class")) is not None
                   or getattr(spec, "reduction", None) == "mean_with_sample_weight" for spec in specs) or any(
            getattr(t, "_keras_mask", None) is not None for t in flatten(y_pred))

    def compute(self, y_true, y_pred, sample_weight=None):
        """The loss value: a mean over this replica's rows (no scaling; per-output trackers are updated)."""
        self.ran = True
        if self._plan is not None:
            return self._compute_multi(y_true, y_pred, sample_weight)
        if isinstance(y_pred, (list, tuple, dict)):
            if len(y_pred) != 1 or isinstance(y_pred, dict):
                self._build(len(flatten(y_pred)))
                return self._compute_multi(y_true, y_pred, sample_weight)
            y_pred = y_pred[0]
        if isinstance(y_true, (list, tuple)) and len(y_true) == 1:
            y_true = y_true[0]
        if y_true is None:
            raise ValueError(f"The model was compiled with loss={self._spec!r}, which needs targets, but the data has "
                             "none: pass `y` (or `validation_data=(x_val, y_val)`, a dataset of `(x, y)` pairs), or "
                             "compile without a loss when the model adds its own (`add_loss`). Received: y=None")
        _check_rows(y_true, y_pred)
        return _call_loss(self._fn, _loss_name(self._spec, self.loss), y_true, y_pred, sample_weight)

    def _compute_multi(self, y_true, y_pred, sample_weight):
        names = self.output_names
        preds = flatten(y_pred)
        if len(preds) != self._n:
            raise ValueError(f"Expected the model to return {self._n} outputs. Received: {len(preds)}")
        trues = _align_targets(y_true, names, self._n, self._needed)
        total = None
        for i, name, fn, weight, tracker in self._plan:
            y_p, y_t = preds[i], trues[i]
            if y_t is None:
                raise ValueError(f"No target (y) given for output {name!r}, which has a loss. Pass y for every "
                                 "output that has a loss.")
            _check_rows(y_t, y_p, name)
            value = _call_loss(fn, name, y_t, y_p, _pick(sample_weight, i, name))
            if tracker is not None:
                tracker.update_weighted(value.detach(), _rows(y_p))
            if weight is not None:
                value = value * weight
            total = value if total is None else total + value
        return total


def global_counts(strategy):
    """The context in which masked averages count the global batch's kept entries (`strategy` of N > 1 replicas)."""
    if strategy is not None and strategy.num_replicas_in_sync > 1:
        return counts_totalled_by(functools.partial(_uncompiled_sum(), strategy))
    return contextlib.nullcontext()


@functools.cache
def _uncompiled_sum():
    """`fn(strategy, counts)`: the counts' SUM across replicas, kept outside a jit-compiled step's graph (a
    collective).

    Made on first use: `torch.compiler.disable` imports torch._dynamo (seconds), which a program that never
    averages a mask under replicas should not pay for (tests/keras/optimizers/test_first_step_imports.py).
    """
    return torch.compiler.disable(lambda strategy, counts: strategy.sum_across_replicas(counts.detach().clone()))


def scale_for_replicas(loss, strategy, step_share=True):
    """`loss * share` (or `loss / num_replicas` outside fit) under `strategy`'s replicas; `loss` itself with one.

    This is what `model.compute_loss` returns in a custom step, so that `optimizer.apply_gradients`
    (which SUMs across replicas) applies the mean gradient: TF scales by `1/N`; inside `fit` the
    share is this replica's part of the global batch (`local/global` rows, carried by the step's
    `ReplicaContext`), the same for even splits and also exact for a partial last batch. With
    `step_share=False` the scale is `1/N` inside `fit` too.

    The step's replica context remembers the plain value of the scaled tensor, so a loss tracker
    updated with it (Keras 3's custom `train_step`) still logs the true loss (`Mean.update_state`).
    """
    step = step_context(strategy)  # the running step's (its strategy's replicas, as TF's get_strategy()), else ours
    replicas = step.strategy.num_replicas_in_sync
    if replicas == 1 or not isinstance(loss, torch.Tensor):
        return loss
    share = step.replica_share if step_share else None
    scaled = loss * (share if share is not None else 1.0 / replicas)
    step.remember_unscaled(scaled, loss.detach())
    return scaled


class CompileMetrics(Metric):
    """The metrics given to `compile`, as ONE metric named "compile_metrics" (Keras 3's `CompileMetrics`).

    `model.metrics` lists this container (not each metric): `[loss tracker, compile_metrics, ...]`.
    Its sub-metrics (`.metrics`: the plain ones, then the weighted ones) are created on the first
    batch, so `"accuracy"` can look at the shapes; until then `.metrics` is empty. `update_state(y,
    y_pred, sample_weight)` gives `sample_weight` only to `weighted_metrics`; `result()` is a dict keyed
    by log name. Single output: the metric's own name. Several outputs (a list with one entry per output,
    a metric or a list, or a dict keyed by output name): `<output_name>_<metric_name>`. A repeated name
    gets `_1`, `_2`, ...; a weighted metric whose name is taken becomes `weighted_<name>`. The sub-metrics
    keep their own names.

    Raises:
        ValueError: if `metrics`/`weighted_metrics` is not a list, tuple or dict, or `result()` is read
            before the first batch.
    """

    def __init__(self, metrics, weighted_metrics, loss=None, strategy=None, output_names=None):
        for what, value in (("metrics", metrics), ("weighted_metrics", weighted_metrics)):
            if value and not isinstance(value, (list, tuple, dict)):
                raise ValueError(
                    f"Expected `{what}` argument to be a list, tuple, or dict. Received instead: "
                    f"{what}={value!r} of type {type(value)}"
                )
        self._entries = None  # [(log name, metric, output index, weighted)], made by `build`
        super().__init__(name="compile_metrics")
        if strategy is not None:
            self._strategy = strategy
        self.loss = loss
        self.output_names = output_names
        self.specs, self.weighted_specs = metrics, weighted_metrics

    @property
    def _strategy(self):
        return self.__dict__["_strategy_"]

    @_strategy.setter
    def _strategy(self, strategy):  # the sub-metrics sum their state across this strategy's replicas
        self.__dict__["_strategy_"] = strategy
        for _, m, _, _ in self._entries or ():
            m._strategy = strategy

    @property
    def built(self):
        return self._entries is not None

    @property
    def metrics(self):
        """The sub-metrics: every plain metric (output by output), then every weighted one; [] before building."""
        return [m for _, m, _, _ in self._entries or ()]

    @property
    def variables(self):
        return [v for m in self.metrics for v in m.variables]

    def build(self, y_true, y_pred):
        """Resolve the metric specs from the first batch (`y_true`/`y_pred` may be None: shapes unknown)."""
        names = self.output_names
        n = len(names) if names is not None else (
            len(flatten(y_pred)) if isinstance(y_pred, (list, tuple, dict)) else 1)
        if names is None and isinstance(y_pred, dict) and n > 1:
            names = self.output_names = sorted(y_pred)
        if n > 1:
            preds = flatten(y_pred) if y_pred is not None else [None] * n
            trues = _align_targets(y_true, names, n, list(range(n))) if y_true is not None else [None] * n
        else:
            preds, trues = [_first(y_pred)], [_first(y_true)]
        plain = self._resolve(self.specs, names, n, preds, trues, "metrics")
        weighted = self._resolve(self.weighted_specs, names, n, preds, trues, "weighted_metrics")
        self._entries = _log_names(plain, weighted, names if n > 1 else None)
        for m in self.metrics:
            m._strategy = self._strategy

    def _resolve(self, specs, names, n, preds, trues, what):
        """`[(metric, output index)]` for one of compile's metric arguments."""
        if not specs:
            return []
        if n == 1:  # single output: every metric is for it
            per_output = [flatten(_single_output(specs, names, what)) if isinstance(specs, dict) else list(specs)]
        else:
            per_output = _per_output(specs, names, n, what)
        out = []
        for i, entry in enumerate(per_output):
            for spec in (entry if isinstance(entry, (list, tuple)) else [entry]):
                if spec is not None:
                    out.append((metrics_module.to_metric(spec, trues[i], preds[i], self.loss if n == 1 else None), i))
        return out

    def update_state(self, y_true, y_pred, sample_weight=None):
        if self._entries is None:
            self.build(y_true, y_pred)
        n = max((i for _, _, i, _ in self._entries), default=0) + 1
        if n == 1 and not (self.output_names and len(self.output_names) > 1):
            trues, preds = [_first(y_true)], [_first(y_pred)]
        else:
            preds = flatten(y_pred)
            trues = _align_targets(y_true, self.output_names, len(preds), list(range(len(preds))))
        names = self.output_names
        for log_name, m, i, weighted in self._entries:
            if trues[i] is None:
                continue
            weight = None
            if weighted and sample_weight is not None:
                weight = _pick(sample_weight, i, names[i] if names is not None and len(names) > i else None)
            _update_metric(m, log_name, trues[i], preds[i], weight)

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()

    def result(self):
        """`{log name: value}` of every sub-metric, reduced across replicas with one collective."""
        if self._entries is None:
            raise ValueError("Cannot get result() since the metric has not yet been built.")
        return dict(zip((name for name, _, _, _ in self._entries), sync_results(self.metrics)))

    def _log_pairs(self):
        """`[(log name, sub-metric)]` (how logs read this container without a collective per metric)."""
        return [(name, m) for name, m, _, _ in self._entries or ()]

    def get_config(self):
        return {"name": self.name}


def _update_metric(metric, log_name, y_true, y_pred, sample_weight):
    """`metric.update_state(...)`; a shape mismatch raises naming the metric and the shapes (TF raises too)."""
    try:
        metric.update_state(y_true, y_pred, sample_weight) if sample_weight is not None else \
            metric.update_state(y_true, y_pred)
    except (RuntimeError, InvalidArgumentError) as e:
        raise _shape_error(e, f"Metric {log_name!r} ({type(metric).__name__})", y_true, y_pred, sample_weight) from e


def _call_loss(fn, name, y_true, y_pred, sample_weight):
    """`fn(y_true, y_pred, sample_weight)`; a shape mismatch raises naming the loss and the shapes."""
    try:
        with builtin_loss_calls():  # the step scales the total for the replicas (`scale_for_replicas`)
            return fn(y_true, y_pred, sample_weight)
    except (RuntimeError, InvalidArgumentError) as e:
        raise _shape_error(e, f"Loss {name!r}", y_true, y_pred, sample_weight) from e


def _shape_error(error, what, y_true, y_pred, sample_weight):
    """torch's broadcasting error of a loss/metric as a ValueError naming it and the shapes; other errors as is."""
    text = str(error)
    if isinstance(error, InvalidArgumentError):  # the losses' y/y_pred check; label range and sample_weight errors
        if not text.startswith("Incompatible shapes"):  # already name what is wrong
            return error
    elif "size of tensor" not in text and "shape" not in text:
        return error
    weight = f", sample_weight.shape={_shape(sample_weight)}" if sample_weight is not None else ""
    return ValueError(
        f"{what} cannot compare the targets with the predictions: incompatible shapes {_shape(y_true)} (y_true) "
        f"and {_shape(y_pred)} (y_pred) ({text}). Received: y_true.shape={_shape(y_true)}, "
        f"y_pred.shape={_shape(y_pred)}{weight}"
    )


def _shape(value):
    return list(value.shape) if hasattr(value, "shape") else type(value).__name__


def _loss_name(spec, fn):
    return spec if isinstance(spec, str) else getattr(fn, "name", None) or getattr(fn, "__name__", type(fn).__name__)


def _log_names(plain, weighted, output_names):
    """Keras 3's result names: `[(log name, metric, output index, weighted)]`, plain entries first."""
    seen = {}
    entries = []
    for m, i in plain:
        name = f"{output_names[i]}_{m.name}" if output_names else m.name
        if name in seen:
            seen[name] += 1
            name = f"{name}_{seen[name] - 1}"
        else:
            seen[name] = 1
        entries.append((name, m, i, False))
    for m, i in weighted:
        prefix = f"{output_names[i]}_" if output_names else ""
        name = prefix + m.name
        if name in seen:
            name = f"{prefix}weighted_{m.name}"
            if name in seen:
                seen[name] += 1
                name = f"{name}_{seen[name] - 1}"
            else:
                seen[name] = 1
        else:
            seen[name] = 1
        entries.append((name, m, i, True))
    return entries


def _first(value):
    if isinstance(value, (list, tuple, dict)):
        leaves = flatten(value)
        return leaves[0] if len(leaves) == 1 else value
    return value


def zero_like_loss(y_pred):
    """A zero loss still connected to every output (a replica with an empty batch must join backward)."""
    return sum(t.sum() for t in flatten(y_pred) if isinstance(t, torch.Tensor)) * 0.0
