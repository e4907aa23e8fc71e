"""`tf.compat.v1.losses`: TF1's loss functions with `weights`, `reduction` and the `LOSSES` collection.

Mirrors `tensorflow/python/ops/losses/losses_impl.py` and `util.py`: each loss is computed per element,
weighted (weights broadcast to the losses), reduced (default `SUM_BY_NONZERO_WEIGHTS`: the weighted sum
divided by the number of non-zero weights) and added to `tf.GraphKeys.LOSSES`; `get_total_loss()` adds the
regularization losses. In graph mode each loss is one recorded op; eagerly it is computed at once.
"""

import torch

from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import record
from keraslike._src.graph.graph import GraphKeys
from keraslike._src.ops import softmax_cross_entropy as xent


class Reduction:
    """`tf.compat.v1.losses.Reduction`."""

    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE, cls.SUM_OVER_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f"Invalid Reduction Key {key}. Expected one of {cls.all()}. Received: reduction={key!r}")


def _t(x, like=None):
    if isinstance(x, torch.Tensor):
        return x if like is None else x.to(like.dtype)
    return torch.as_tensor(x, dtype=torch.float32 if like is None else like.dtype)


def _reduce(losses, weights, reduction):
    losses = losses.to(torch.float32) if not losses.is_floating_point() else losses
    weights = _t(weights, losses)
    weighted = losses * weights
    if reduction == Reduction.NONE:
        return weighted
    total = weighted.sum()
    if reduction == Reduction.SUM:
        return total
    if reduction == Reduction.MEAN:
        return _safe_div(total, (weights * torch.ones_like(losses)).sum())
    if reduction == Reduction.SUM_OVER_BATCH_SIZE:
        return _safe_div(total, torch.tensor(float(losses.numel()), dtype=losses.dtype))
    nonzero = (torch.broadcast_to(weights, losses.shape) != 0).sum().to(losses.dtype)
    return _safe_div(total, nonzero)


def _safe_div(num, den):
    return torch.where(den > 0, num / torch.where(den > 0, den, torch.ones_like(den)), torch.zeros_like(num))


@record.op_function
def weighted_loss(fn, params, reduction, *values):
    """`fn(*inputs, **params)` reduced with the weights (`values[-1]`): the op a TF1 loss records (module-level,
    with the element function as an argument, so a `.meta` file names both)."""
    *inputs, weights = values
    return _reduce(fn(*inputs, **params), weights, reduction)


def _finish(fn, args, weights, reduction, loss_collection, scope_name, **params):
    Reduction.validate(reduction)
    graph = graph_lib.default_graph()
    if graph is None:
        return weighted_loss(fn, params, reduction, *args, weights)
    with graph.name_scope(scope_name):
        out = record.record_call(weighted_loss, (fn, params, reduction, *args, weights), {}, "value", None, graph)
    if loss_collection is not None:
        graph.add_to_collection(loss_collection, out)
    return out


def _check(labels, predictions):
    if labels is None or predictions is None:
        raise ValueError(f"labels and predictions must not be None. Received: labels={labels!r}, "
                         f"predictions={predictions!r}")


# ---- element-wise losses (module-level: a `.meta` file names them) ------------------------------------------
@record.op_function
def losses_as_given(x):
    return _t(x)


@record.op_function
def squared_error(y, p):
    return (_t(p) - _t(y, _t(p))) ** 2


@record.op_function
def absolute_error(y, p):
    return (_t(p) - _t(y, _t(p))).abs()


@record.op_function
def huber_error(y, p, delta):
    error = (_t(p) - _t(y, _t(p))).abs()
    quadratic = torch.clamp(error, max=delta)
    return 0.5 * quadratic * quadratic + delta * (error - quadratic)


@record.op_function
def log_error(y, p, epsilon):
    p = _t(p)
    y = _t(y, p)
    return -y * torch.log(p + epsilon) - (1 - y) * torch.log(1 - p + epsilon)


@record.op_function
def hinge_error(y, z):
    return torch.relu(1 - (2 * _t(y, _t(z)) - 1) * _t(z))


@record.op_function
def sigmoid_cross_entropy_error(y, z, label_smoothing):
    z = _t(z)
    y = _t(y, z)
    if label_smoothing:
        y = y * (1 - label_smoothing) + 0.5 * label_smoothing
    return torch.nn.functional.binary_cross_entropy_with_logits(z, y, reduction="none")


@record.op_function
def softmax_cross_entropy_error(y, z, label_smoothing):
    z = _t(z)
    y = _t(y, z)
    if label_smoothing:
        y = y * (1 - label_smoothing) + label_smoothing / y.shape[-1]
    return xent.softmax_cross_entropy(z, y)  # one autograd node, TF's kernel


@record.op_function
def sparse_softmax_cross_entropy_error(y, z):
    """Classes on the last axis of `z` (`[d_0, ..., d_{r-1}, classes]`, as TF), labels `[d_0, ..., d_{r-1}]`."""
    return xent.sparse_softmax_cross_entropy(_t(z), _t(y).long(), "SparseSoftmaxCrossEntropyWithLogits")


@record.op_function
def cosine_error(y, p, axis):
    return 1 - (_t(p) * _t(y, _t(p))).sum(axis, keepdim=True)


def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.compute_weighted_loss(losses, weights=1.0, ...)`."""
    return _finish(losses_as_given, (losses,), weights, reduction, loss_collection, scope or "weighted_loss")


def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                       reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.mean_squared_error`: weighted `(predictions - labels)^2`."""
    _check(labels, predictions)
    return _finish(squared_error, (labels, predictions), weights, reduction, loss_collection,
                   scope or "mean_squared_error")


def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                        reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.absolute_difference`: weighted `|predictions - labels|`."""
    _check(labels, predictions)
    return _finish(absolute_error, (labels, predictions), weights, reduction, loss_collection,
                   scope or "absolute_difference")


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.huber_loss`: `0.5 * min(|e|, delta)^2 + delta * (|e| - min(|e|, delta))`."""
    _check(labels, predictions)
    return _finish(huber_error, (labels, predictions), weights, reduction, loss_collection, scope or "huber_loss",
                   delta=delta)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=GraphKeys.LOSSES,
             reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.log_loss`: `-y log(p + eps) - (1 - y) log(1 - p + eps)`."""
    _check(labels, predictions)
    return _finish(log_error, (labels, predictions), weights, reduction, loss_collection, scope or "log_loss",
                   epsilon=epsilon)


def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.hinge_loss`: labels in {0, 1} map to {-1, 1}; `relu(1 - y * logits)`."""
    _check(labels, logits)
    return _finish(hinge_error, (labels, logits), weights, reduction, loss_collection, scope or "hinge_loss")


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=GraphKeys.LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.sigmoid_cross_entropy`; smoothing moves labels toward 0.5."""
    _check(multi_class_labels, logits)
    return _finish(sigmoid_cross_entropy_error, (multi_class_labels, logits), weights, reduction, loss_collection,
                   scope or "sigmoid_cross_entropy_loss", label_smoothing=label_smoothing)


def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=GraphKeys.LOSSES, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.softmax_cross_entropy`; smoothing mixes in `1/num_classes`. Per-example weights."""
    _check(onehot_labels, logits)
    return _finish(softmax_cross_entropy_error, (onehot_labels, logits), weights, reduction, loss_collection,
                   scope or "softmax_cross_entropy_loss", label_smoothing=label_smoothing)


def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                                 reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """`tf.compat.v1.losses.sparse_softmax_cross_entropy`: integer class labels."""
    _check(labels, logits)
    return _finish(sparse_softmax_cross_entropy_error, (labels, logits), weights, reduction, loss_collection,
                   scope or "sparse_softmax_cross_entropy_loss")


def cosine_distance(labels, predictions, axis=None, weights=1.0, scope=None, loss_collection=GraphKeys.LOSSES,
                    reduction=Reduction.SUM_BY_NONZERO_WEIGHTS, dim=None):
    """`tf.compat.v1.losses.cosine_distance(labels, predictions, axis)`: `1 - sum(labels * predictions, axis)`
    (inputs are expected unit-normalised, as in TF)."""
    axis = dim if axis is None else axis
    if axis is None:
        raise ValueError("You must specify 'axis'. Received: axis=None")
    _check(labels, predictions)
    return _finish(cosine_error, (labels, predictions), weights, reduction, loss_collection,
                   scope or "cosine_distance_loss", axis=axis)


def add_loss(loss, loss_collection=GraphKeys.LOSSES):
    """`tf.compat.v1.losses.add_loss`: add `loss` to the collection."""
    if loss_collection is not None and graph_lib.default_graph() is not None:
        graph_lib.get_default_graph().add_to_collection(loss_collection, loss)


def get_losses(scope=None, loss_collection=GraphKeys.LOSSES):
    return graph_lib.get_default_graph().get_collection(loss_collection, scope)


def get_regularization_losses(scope=None):
    return graph_lib.get_default_graph().get_collection(GraphKeys.REGULARIZATION_LOSSES, scope)


def _sum(tensors, name):
    graph = graph_lib.default_graph()
    if not tensors:
        return record.record_call(torch.zeros, ((),), {}, "Const", name, graph)
    return record.record_call(float_sum, tuple(tensors), {}, "AddN", name, graph)


@record.op_function
def float_sum(*tensors):
    """The float32 sum of `tensors` (`get_total_loss`'s AddN)."""
    return torch.stack([x.to(torch.float32) for x in tensors]).sum()


def get_regularization_loss(scope=None, name="total_regularization_loss"):
    """The sum of `REGULARIZATION_LOSSES` (0.0 when there are none)."""
    return _sum(get_regularization_losses(scope), name)


def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    """The sum of `LOSSES` (and the regularization losses).

    Raises:
        ValueError: if there are no losses at all.
    """
    losses = get_losses(scope)
    if add_regularization_losses:
        losses = losses + get_regularization_losses(scope)
    if not losses:
        raise ValueError("No losses found in collections.")
    return _sum(losses, name)


