"""`tf.compat.v1.metrics.accuracy` and `mean`: TF1's streaming metrics over local variables.

Mirrors `tensorflow/python/ops/metrics_impl.py`: each call creates "total" and "count" variables in
`LOCAL_VARIABLES` and `METRIC_VARIABLES` (initialised by `tf.local_variables_initializer()`) and returns
`(value, update_op)`: running `update_op` adds a batch (weighted) and gives the updated value; `value` is
`total / count` (0 when nothing was counted). Graph mode only, as in TF.
"""

import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.graph.variable_scope import variable_scope
from keraslike._src.graph.variables import GraphVariable


@record.op_function
def _ratio(total, count):
    return torch.where(count > 0, total / torch.where(count > 0, count, torch.ones_like(count)),
                       torch.zeros_like(total))


def _weighted_sums(values, weights):
    values = values.to(torch.float32)
    if weights is None:
        return values.sum(), torch.tensor(float(values.numel()))
    w = torch.broadcast_to(torch.as_tensor(weights, dtype=torch.float32), values.shape)
    return (values * w).sum(), w.sum()


def _metric_variable(name):
    graph = graph_lib.get_default_graph()
    with graph.control_dependencies(None):  # a variable's initializer waits for no surrounding dependency (TF)
        zero = record.record_call(torch.zeros, ((),), {"dtype": torch.float32}, "zeros", None, graph)
        return GraphVariable(zero, trainable=False, name=name,
                             collections=[GraphKeys.LOCAL_VARIABLES, GraphKeys.METRIC_VARIABLES])


@record.op_function
def weighted_sums(values_fn, *values):
    """`(sum of weighted values, sum of weights)` of `values_fn(*inputs)` (`values[-1]` are the weights): a streaming
    metric's per-batch op (module-level, so a `.meta` file names it)."""
    return _weighted_sums(values_fn(*values[:-1]), values[-1])


@record.op_function
def correct_predictions(y, p):
    """1.0 where the prediction equals the label (`accuracy`)."""
    return (torch.as_tensor(y) == torch.as_tensor(p).to(torch.as_tensor(y).dtype)).to(torch.float32)


@record.op_function
def values_as_given(v):
    return torch.as_tensor(v)


def _streaming(values_fn, inputs, weights, metrics_collections, updates_collections, name, default_name):
    graph = graph_lib.default_graph()
    if graph is None:
        raise RuntimeError(f"tf.compat.v1.metrics.{default_name} is not supported when eager execution is "
                           "enabled (as in TF); use a tf.keras.metrics object eagerly.")
    with variable_scope(name, default_name=default_name):
        total, count = _metric_variable("total"), _metric_variable("count")
        sums = record.apply(weighted_sums, values_fn, *inputs, weights, op_type="WeightedSums")
        total_new = total.assign_add(sums[0])
        count_new = count.assign_add(sums[1])
        value = record.apply(_ratio, total, count, op_type="value")
        update_op = record.apply(_ratio, total_new, count_new, op_type="update_op")
    for key in metrics_collections or []:
        graph.add_to_collection(key, value)
    for key in updates_collections or []:
        graph.add_to_collection(key, update_op)
    return value, update_op


def accuracy(labels, predictions, weights=None, metrics_collections=None, updates_collections=None, name=None):
    """`tf.compat.v1.metrics.accuracy(labels, predictions, weights=None)`: `(accuracy, update_op)`.

    Raises:
        RuntimeError: in eager mode (TF's rule).
    """
    return _streaming(correct_predictions, (labels, predictions), weights, metrics_collections, updates_collections,
                      name, "accuracy")


def mean(values, weights=None, metrics_collections=None, updates_collections=None, name=None):
    """`tf.compat.v1.metrics.mean(values, weights=None)`: `(mean, update_op)` of everything seen.

    Raises:
        RuntimeError: in eager mode (TF's rule).
    """
    return _streaming(values_as_given, (values,), weights, metrics_collections, updates_collections,
                      name, "mean")
