"""`keras.metrics.Metric` with state that sums across replicas on read.

Mirrors `keras/src/metrics/metric.py` and TF's rule that metric variables
created under a strategy are SUM-aggregated: `update_state` touches only this
replica's state (no host sync); `result()` all-reduces the state once across
replicas (a collective every replica must call) and computes the value.

Metrics written as the Keras guides write them create their state with
`add_weight(name="tp", initializer="zeros")` / `add_variable(shape, initializer)`,
update it with `assign_add` and return it from their own `result()`. Those
variables are TF's sync-on-read variables: when logs are computed, each one is
all-reduced by its `aggregation` ("sum", "mean"; "none" and "only_first_replica"
keep the local value) for the duration of the `result()` call.
"""

import torch

from keraslike._src.distribute import context
from keraslike._src.keras import backend, initializers, keras_version
from keraslike._src.keras.backend.naming import to_snake_case
from keraslike._src.ops import dtypes as tf_dtypes
from keraslike._src.ops import variables as state_variables
from keraslike._src.ops.variables import Variable
from keraslike._src.keras.saving import object_registration

_AGGREGATIONS = ("sum", "mean", "none", "only_first_replica")


class Metric:
    """Base class: implement `update_state`, `result`, and create state with `add_state`.

    Args:
        name: str, default the snake-case class name.
        dtype: state dtype, default float32.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        object_registration.register_builtin("metrics", cls)  # found by name when deserializing

    def __init__(self, name=None, dtype=None):
        self.name = name or to_snake_case(type(self).__name__)
        self.dtype = tf_dtypes.keras_dtype_or_given(dtype or backend.floatx())  # Keras 3's "float32"
        self._states = {}
        self._user_variables = []  # (Variable, aggregation) from add_variable / add_weight
        self._strategy = context.get_strategy()  # TF: a metric's variables belong to the strategy in scope at creation
        self._device = backend.current_device()

    def add_state(self, name, shape=(), initial=0.0, dtype=torch.float32):
        """Create a state tensor (float32, or `dtype`: float64 keeps large counts exact) on this replica's device."""
        tensor = torch.full(tuple(shape), float(initial), dtype=dtype, device=self._device)
        self._states[name] = (tensor, float(initial))
        return tensor

    def add_variable(self, shape, initializer, dtype=None, aggregation="sum", name=None):
        """Keras 3's `Metric.add_variable(shape, initializer, dtype=None, aggregation="sum", name=None)`.

        Returns a non-trainable `Variable` (use `assign` / `assign_add` in `update_state`). Across
        replicas it is combined by `aggregation` when the metric's `result()` is read.

        Raises:
            ValueError: for an unknown aggregation.
        """
        if aggregation not in _AGGREGATIONS:
            raise ValueError(f"Invalid value for argument `aggregation`. Expected one of {_AGGREGATIONS}. "
                             f"Received: aggregation={aggregation}")
        torch_dtype = getattr(torch, str(dtype or self.dtype).replace("torch.", "").replace("tf.", ""))
        init = initializers.get(initializer)
        value = init(tuple(int(d) for d in (shape or ())), dtype=torch_dtype).to(self._device)
        var = Variable(value, trainable=False, name=f"{self.name}/{name or f'variable_{len(self._user_variables)}'}")
        state_variables.report_dtype_name(var, not keras_version.legacy_keras())
        self._user_variables.append((var, aggregation))
        return var

    def add_weight(self, name=None, shape=(), aggregation="sum", synchronization="on_read", initializer=None,
                   dtype=None):
        """TF 2 / Keras 3 `Metric.add_weight(name=None, shape=(), aggregation="sum", synchronization="on_read",
        initializer=None, dtype=None)`: `add_variable` with the default initializer "zeros".

        Raises:
            ValueError: for `synchronization` other than "on_read"/"auto" (metric state is read-synced).
        """
        if synchronization not in ("on_read", "auto", None):
            raise ValueError(f"Metric variables are synchronized on read; use synchronization='on_read'. "
                             f"Received: synchronization={synchronization}")
        return self.add_variable(shape, initializer or "zeros", dtype=dtype, aggregation=aggregation, name=name)

    def state(self, name):
        return self._states[name][0]

    @property
    def variables(self):
        """The state as TF's variables: views that read and `assign` it, whose `numpy()` is a copy."""
        states = {f"{self.name}/{name}": tensor for name, (tensor, _) in self._states.items()}
        cache = self.__dict__.setdefault("_state_views", state_variables.StateViewCache())
        views = state_variables.cached_state_views(cache, states, not keras_version.legacy_keras())
        return views + [v for v, _ in self._user_variables]

    def reset_state(self):
        """Set every state back to its initial value (variables from `add_variable` back to zeros, as Keras)."""
        for tensor, initial in self._states.values():
            tensor.fill_(initial)
        for var, _ in self._user_variables:
            var.assign(torch.zeros_like(var))

    def reset_states(self):
        """TF 2.x name of `reset_state`."""
        self.reset_state()

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        """The metric value (a scalar tensor), reduced over all replicas."""
        return sync_results([self])[0]

    def _result_from(self, states):
        """Compute the value from a dict of (replica-summed) states."""
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        result = self.result()
        if isinstance(result, torch.Tensor) and not isinstance(result, torch.nn.Parameter):
            # Keras 2 tags a metric's result with the metric, so `layer.add_metric(metric(y, y_pred))` logs the
            # metric itself under its name (added_metrics.py)
            result._metric_obj = self
        return result

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"

    def _move_states(self, device):
        if self._device == device:
            return
        self._device = device
        for name, (tensor, initial) in list(self._states.items()):
            if tensor.device != device:
                self._states[name] = (tensor.to(device), initial)
        for var, _ in self._user_variables:
            if var.device != device:
                var.data = var.data.to(device)


object_registration.register_builtin_base("metrics", Metric)


def _custom_result(metric):
    """Whether `metric` computes its value in its own `result()` (the Keras-guide style)."""
    return type(metric).result is not Metric.result


def sync_results(metrics):
    """Results of several metrics with ONE all-reduce of all their states (when replicated)."""
    if not metrics:
        return []
    strategy = metrics[0]._strategy
    states = [m._states for m in metrics]
    replicated = strategy.num_replicas_in_sync > 1
    custom = [m for m in metrics if _custom_result(m)]
    if custom:
        return _sync_custom(metrics, custom, strategy if replicated else None)
    if replicated:
        flat = strategy.sum_across_replicas(torch.cat([t.reshape(-1).double() for s in states for t, _ in s.values()]))
        reduced, offset = [], 0
        for s in states:
            view = {}
            for name, (tensor, _) in s.items():
                n = tensor.numel()
                view[name] = flat[offset:offset + n].view(tensor.shape).to(tensor.dtype)
                offset += n
            reduced.append(view)
    else:
        reduced = [{name: t for name, (t, _) in s.items()} for s in states]
    return [m._result_from(r) for m, r in zip(metrics, reduced)]


def _sync_custom(metrics, custom, strategy):
    """Results when some metrics define `result()`: their variables hold the replica-reduced values (by
    aggregation) while `result()` runs; one all-reduce carries every metric's state (`strategy`: the
    metrics' strategy when it has several replicas, else None)."""
    builtin = [m for m in metrics if not _custom_result(m)]
    synced = [(v, agg) for m in custom for v, agg in m._user_variables if agg in ("sum", "mean")]
    if strategy is None or not synced:
        return _all_results(metrics, builtin)
    flat = strategy.sum_across_replicas(
        torch.cat([torch.Tensor.clone(v).detach().reshape(-1).double() for v, _ in synced]))
    saved, offset, world = [], 0, strategy.num_replicas_in_sync
    with torch.no_grad():
        for var, agg in synced:
            n = var.numel()
            saved.append(torch.Tensor.clone(var).detach())
            reduced = flat[offset:offset + n].view(var.shape)
            var.copy_((reduced / world if agg == "mean" else reduced).to(var.dtype))
            offset += n
    try:
        return _all_results(metrics, builtin)
    finally:
        with torch.no_grad():
            for (var, _), old in zip(synced, saved):
                var.copy_(old)


def _all_results(metrics, builtin):
    values = dict(zip(map(id, builtin), sync_results(builtin))) if builtin else {}
    out = []
    for m in metrics:
        if not _custom_result(m):
            out.append(values[id(m)])
            continue
        value = m.result()  # often a state variable itself: snapshot it before the local values return
        out.append(torch.Tensor.clone(value).detach() if isinstance(value, torch.Tensor) else value)
    return out
