"""Shared logic of callbacks that watch a metric (keras/src/callbacks/monitor_callback.py).

Every replica sees the same reduced epoch logs, so the decisions taken here
(improved or not, stop, reduce) are identical on every replica.
"""

import math
import warnings

from keraslike._src.keras.callbacks.callback import Callback

_MAXIMIZED = ("acc", "auc", "precision", "recall", "f1", "fmeasure", "iou", "top_k", "r2")


def monitor_direction(monitor, mode, model=None):
    """`"min"` or `"max"`: the direction in which `monitor` improves.

    Args:
        monitor: metric name, e.g. "val_loss", "val_accuracy".
        mode: "auto", "min" or "max". "auto" maximizes accuracy-like names
            (acc, auc, precision, recall, ...), or follows a metric's
            `_direction` attribute, and minimizes everything else.
        model: optional model whose metrics are consulted in "auto" mode.

    Raises:
        ValueError: for an unknown mode.
    """
    if mode not in ("auto", "min", "max"):
        raise ValueError(f"Expected mode to be one of 'auto', 'min' or 'max'. Received: mode={mode!r}")
    if mode != "auto":
        return mode
    name = monitor[4:] if monitor.startswith("val_") else monitor
    for metric in getattr(model, "metrics", None) or []:
        direction = getattr(metric, "_direction", None)
        if getattr(metric, "name", None) == name and direction in ("up", "down"):
            return "max" if direction == "up" else "min"
    if name == "loss":
        return "min"
    return "max" if any(key in name for key in _MAXIMIZED) else "min"


class MonitorCallback(Callback):
    """Base of EarlyStopping / ModelCheckpoint / ReduceLROnPlateau: `monitor`, `mode`, `min_delta`.

    Args:
        monitor: name of the logged quantity to watch.
        mode: "auto", "min" or "max".
        baseline: optional value the monitored quantity must beat.
        min_delta: minimum change counted as an improvement (absolute).
    """

    def __init__(self, monitor="val_loss", mode="auto", baseline=None, min_delta=0.0):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"{type(self).__name__} mode {mode} is unknown, fallback to auto mode.", stacklevel=3)
            mode = "auto"
        self.monitor = monitor
        self.mode = mode
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self._direction = None

    def _set_monitor_op(self):
        self._direction = monitor_direction(self.monitor, self.mode, self.model)

    def monitor_op(self, a, b):
        """Whether `a` is better than `b` in the monitored direction."""
        if self._direction is None:
            self._set_monitor_op()
        return a < b if self._direction == "min" else a > b

    def _is_improvement(self, value, reference):
        if reference is None:
            return True
        if self._direction is None:
            self._set_monitor_op()
        delta = -self.min_delta if self._direction == "min" else self.min_delta
        return self.monitor_op(value - delta, reference)

    def get_monitor_value(self, logs):
        """The monitored value from `logs`, or None (with Keras's warning) when it is missing."""
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn(
                f"{type(self).__name__} conditioned on metric `{self.monitor}` which is not available. "
                f"Available metrics are: {','.join(list(logs.keys()))}",
                stacklevel=3,
            )
            return None
        return float(value)


def is_nan_or_inf(value):
    value = float(value)
    return math.isnan(value) or math.isinf(value)
