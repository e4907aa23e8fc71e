"""Keras 2's `Layer.add_metric(value, name, aggregation)` (tf_keras/src/engine/base_layer.py), kept in both modes.

Keras 3 removed it; Keras 2 code (about half of TF's tutorials) calls it inside `call` to log a tensor:
`self.add_metric(tf.reduce_mean(x), name="mean_x")`. Each name gets a `keras.metrics.Mean` held by the layer,
which averages every value it is given (over elements and batches) until the metrics are reset; the model
finds it as it finds any metric a layer holds (`Model.metrics`), so `fit`/`evaluate` log it (`mean_x`,
`val_mean_x`) and reset it each epoch, as Keras 2 does. Values computed while a functional model infers its
shapes (example values, not data) are not counted.
"""

import threading

from keraslike._src.keras.layers.keras_tensor import is_symbolic
from keraslike._src.keras.metrics.metric import Metric
from keraslike._src.keras.metrics.reduction_metrics import Mean

_STATE = threading.local()


class example_calls:  # noqa: N801 - used as a context manager, like torch.no_grad
    """Marks the example runs of a functional-API call, whose values are not data."""

    def __enter__(self):
        _STATE.depth = getattr(_STATE, "depth", 0) + 1

    def __exit__(self, *exc):
        _STATE.depth -= 1


def in_example_call():
    """Whether a functional-API call is running the layer on example values (not data) on this thread."""
    return getattr(_STATE, "depth", 0) > 0


def check_arguments(value, name, aggregation):
    """The argument checks of `add_metric` (Keras 2's): a tensor, not a Metric; a name; "mean" aggregation.

    Returns:
        The Metric whose result `value` is (Keras 2 then adds that metric under its own name), or None.
    """
    if isinstance(value, Metric):
        raise TypeError("`add_metric` takes a tensor, not a metric object: pass `metric(...)`'s result, or track the "
                        f"metric as a layer attribute. Received: value={value!r}")
    if aggregation not in (None, "mean"):
        raise ValueError(f"We currently support only `mean` sample-wise metric aggregation. You provided "
                         f"aggregation=`{aggregation}`. Received: aggregation={aggregation!r}")
    metric_obj = getattr(value, "_metric_obj", None)  # the result of calling a Metric (Keras 2)
    if name is None and metric_obj is None:
        raise ValueError("Please provide a name for your metric like `self.add_metric(tf.reduce_sum(inputs), "
                         f"name='mean_activation')`. Received: name={name!r}")
    return metric_obj


def add_metric(layer, value, name=None, aggregation=None, create_only=False):
    """Update (creating on first use) the layer's `Mean` metric `name` with `value`; a value that is a metric's
    result (`self.add_metric(self.accuracy_fn(y, y_pred))`) adds that metric itself, under its name, as Keras 2.

    A functional model's `add_metric` on a symbolic tensor (models/functional.py) creates the metric up front
    (`create_only=True`: `model.metrics` lists it before any call) and updates it from each call's value.

    Raises:
        TypeError: `value` is a Metric object (Keras 2 wanted its result tensor).
        ValueError: no `name`, or an `aggregation` other than None / "mean" (as Keras 2).
        NotImplementedError: `value` is a symbolic tensor given to a layer's `add_metric` outside `call`.
    """
    metric_obj = None if create_only else check_arguments(value, name, aggregation)
    if metric_obj is not None:
        name = metric_obj.name
    if is_symbolic(value):
        raise NotImplementedError(
            "keraslike takes `add_metric` on a symbolic tensor only from a functional model "
            "(`model.add_metric(tf.reduce_sum(outputs), name=...)`), not from another layer: compute the value "
            f"inside a layer's `call` and call `self.add_metric` there. Received: value={value!r}, name={name!r}")
    metrics = layer.__dict__.setdefault("_added_metrics", [])
    metric = next((m for m in metrics if m.name == name), None)
    if metric is None:
        metric = metric_obj if metric_obj is not None else Mean(name=name)
        metrics.append(metric)
    if create_only or metric_obj is not None or getattr(_STATE, "depth", 0):
        return  # a metric's result: calling the metric already updated it
    metric.update_state(value)
