"""Logs handed to callbacks: metric values read (and replica-reduced) only when someone looks.

`LazyLogs` are the built-in steps' logs (the model's metrics); `StepLogs` wrap the dict an
overridden `train_step`/`test_step` returned, its values turned into Python floats on first read.
"""

import collections.abc

import torch

from keraslike._src.keras.metrics.metric import sync_results
from keraslike._src.ops import tensor_numpy


def metric_logs(metrics):
    """`{name: float}` of `metrics` (a numpy array for a vector-valued metric such as `F1Score()`), reduced
    across replicas with one collective, sorted by name (Keras)."""
    values = sync_results(metrics)
    return {m.name: _python_value(v) for m, v in sorted(zip(metrics, values), key=lambda pair: pair[0].name)}


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

    def __iter__(self):
        return iter(sorted(m.name for m in self._metrics))

    def __len__(self):
        return len(self._metrics)

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
    "accuracy: ... - loss: ..." whatever order the step's dict had.
    """

    def __init__(self, logs):
        self._raw = logs
        self._values = None

    def _load(self):
        if self._values is None:
            self._values = {k: _python_value(self._raw[k]) for k in sorted(self._raw, key=str)}
        return self._values

    def __getitem__(self, key):
        return self._load()[key]

    def __iter__(self):
        return iter(sorted(self._raw, key=str))

    def __len__(self):
        return len(self._raw)

    def copy(self):
        return dict(self._load())

    def __repr__(self):
        return repr(self._load())
