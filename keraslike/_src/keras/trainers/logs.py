"""Logs handed to callbacks: metric values read (and replica-reduced) only when someone looks.

`LazyLogs` are the built-in steps' logs (the model's metrics); `StepLogs` wrap the dict an
overridden `train_step`/`test_step` returned, its values turned into Python floats on first read.

Key order: Keras 3 sorts every key of the logs (History, `evaluate(return_dict=True)`, the progress line);
Keras 2 (`TF_USE_LEGACY_KERAS=1`) keeps the order of the metrics (`loss` first) or of the step's dict, with
the `val_` entries after the training ones (tests/golden/keras2_log_order.json).
"""

import collections.abc

import torch

from keraslike._src.keras import keras_version
from keraslike._src.keras.metrics.metric import sync_results
from keraslike._src.ops import tensor_numpy


def _in_log_order(keys):
    """`keys` sorted (Keras 3), or as given under Keras 2."""
    return list(keys) if keras_version.legacy_keras() else sorted(keys, key=str)


def named_metrics(metrics):
    """`[(log name, metric)]` for `model.metrics`, a container (`compile_metrics`) giving its sub-metrics."""
    out = []
    for m in metrics:
        pairs = getattr(m, "_log_pairs", None)
        out.extend(pairs() if pairs is not None else [(m.name, m)])
    return out


def metric_results(metrics):
    """`{log name: value}` of `metrics` in their order (Keras 3's `get_metrics_result`), reduced across
    replicas with one collective; a metric whose result is a dict contributes its entries."""
    pairs = named_metrics(metrics)
    out = {}
    for (name, _), value in zip(pairs, sync_results([m for _, m in pairs])):
        if isinstance(value, collections.abc.Mapping):
            out.update(value)
        else:
            out[name] = value
    return out


def metric_logs(metrics):
    """`{name: float}` of `metrics` (a numpy array for a vector-valued metric such as `F1Score()`), reduced
    across replicas with one collective, sorted by name (Keras 3) or in the metrics' order (Keras 2)."""
    results = metric_results(metrics)
    return {k: _python_value(results[k]) for k in _in_log_order(results)}


def flatten_logs(logs):
    """A step's returned dict as Keras 3 reads it (`pythonify_logs`): keys in sorted order (Keras 2: as given), a
    nested dict (`{"compile_metrics": {...}}` from `{m.name: m.result() for m in self.metrics}`) spliced in its
    place."""
    out = {}
    for key in _in_log_order(logs):
        value = logs[key]
        if isinstance(value, collections.abc.Mapping):
            out.update(flatten_logs(value))
        else:
            out[key] = value
    return out


class LazyLogs(collections.abc.Mapping):
    """A read-only mapping whose values are computed on first access.

    Keys are known without touching the device; reading a value reduces the
    metric state across replicas, so on multiple replicas every replica must
    read at the same steps (callbacks run identically on each replica).
    """

    def __init__(self, metrics):
        self._metrics = metrics
        self._values = None

    def _load(self):
        if self._values is None:
            self._values = metric_logs(self._metrics)
        return self._values

    def __getitem__(self, key):
        return self._load()[key]

    def _names(self):
        return _in_log_order(dict.fromkeys(name for name, _ in named_metrics(self._metrics)))

    def __iter__(self):
        return iter(self._names())

    def __len__(self):
        return len(self._names())

    def copy(self):
        return dict(self._load())

    def __repr__(self):
        return repr(self._load())


def _python_value(value):
    if isinstance(value, torch.Tensor):
        value = value.detach()
        return float(value) if value.numel() == 1 else tensor_numpy.snapshot(value)
    if hasattr(value, "numpy") and not isinstance(value, (int, float)):
        value = value.numpy()
    try:
        return float(value)
    except (TypeError, ValueError):
        return value


class StepLogs(collections.abc.Mapping):
    """The dict an overridden step returned, with values turned into Python floats on first read.

    Keys come out sorted, as tf.keras gives them (its step outputs pass through `tree.map_structure`,
    which sorts dict keys): the progress line, History and `evaluate(return_dict=True)` read
    "accuracy: ... - loss: ..." whatever order the step's dict had. Under Keras 2 they keep the step's order.
    A nested dict (the `compile_metrics` container's result) is spliced in, as Keras 3's `pythonify_logs` does.
    """

    def __init__(self, logs):
        self.nested = logs  # as the step returned it
        self._raw = flatten_logs(logs)
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


def settled_logs(logs):
    """A step's logs (`StepLogs` or a dict) read now, nesting kept: metric values that later resets (validation)
    would change are Python values from here on."""
    logs = logs.nested if isinstance(logs, StepLogs) else logs
    return {k: settled_logs(v) if isinstance(v, collections.abc.Mapping) else _python_value(v)
            for k, v in logs.items()}


def end_of_epoch_logs(train_logs, val_logs=None):
    """The logs `on_epoch_end` and History get: the (settled) training logs plus the `val_`-prefixed validation
    logs, as Keras 3's `pythonify_logs` makes them of the whole dict (every key sorted, a nested dict such as a
    custom step's `compile_metrics` entry spliced in its place), values as Python floats."""
    logs = dict(train_logs)
    logs.update({"val_" + k: v for k, v in (val_logs or {}).items()})
    return {k: _python_value(v) for k, v in flatten_logs(logs).items()}
