"""Built-in Keras losses (keras/src/losses/losses.py): functions return per-sample values.

Probabilities are clipped to `[eps, 1 - eps]` before the log, `eps = keras.config.epsilon()` (1e-7), as Keras does.
The cross-entropies given the output of a softmax/sigmoid use its logits instead (ops/cached_logits.py), as Keras.
"""

import torch
import torch.nn.functional as F

from keraslike._src.keras import keras_version
from keraslike._src.keras.backend import config as keras_config
from keraslike._src.ops.cached_logits import logits_for_loss
from keraslike._src.ops.softmax_cross_entropy import (
    label_range_error, pick_labels, softmax_cross_entropy, sparse_softmax_cross_entropy,
)
from keraslike._src.keras.losses.loss import (
    LossFunctionWrapper, check_broadcastable, reduce_weighted_values, scale_for_distribution,
    squeeze_or_expand_to_same_rank, tensor_args,
    with_float_tensor_args, with_tensor_args,
)


def _probability_bounds():
    """`(epsilon, 1 - epsilon)` with `keras.config.epsilon()`, the clipping of probabilities."""
    eps = keras_config.epsilon()
    return eps, 1.0 - eps


def _align(y_true, y_pred):
    """`y_true` in `y_pred`'s dtype, ranks matched by Keras's trailing-axis rule.

    Raises:
        ValueError: the shapes do not broadcast (labels `(32, 5)` for predictions `(32, 3)`), naming both.
    """
    given = tuple(y_true.shape)
    y_true = y_true.to(y_pred.dtype) if y_true.dtype != y_pred.dtype else y_true
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    if y_true.shape != y_pred.shape:
        check_broadcastable(y_true.shape, y_pred.shape, received=f"y_true.shape={given}, "
                                                                 f"y_pred.shape={tuple(y_pred.shape)}")
    return y_true, y_pred


@with_float_tensor_args
def mean_squared_error(y_true, y_pred):
    """`mean((y_true - y_pred)^2, axis=-1)`; shape `(batch, ...)` -> `(batch, ...)` minus the last axis."""
    y_true, y_pred = _align(y_true, y_pred)
    return torch.square(y_pred - y_true).mean(dim=-1)


@with_float_tensor_args
def mean_absolute_error(y_true, y_pred):
    y_true, y_pred = _align(y_true, y_pred)
    return torch.abs(y_pred - y_true).mean(dim=-1)


@with_float_tensor_args
def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """`-sum(y_true * log(p), axis)` for one-hot `y_true` `(batch, classes)`; returns `(batch,)`."""
    y_pred, from_logits = logits_for_loss(y_pred, from_logits, "softmax", "categorical_crossentropy")
    y_true = y_true.to(y_pred.dtype)
    if tuple(y_true.shape) != tuple(y_pred.shape):
        raise ValueError(
            "Arguments `target` and `output` must have the same shape. "
            f"Received: target.shape={tuple(y_true.shape)}, output.shape={tuple(y_pred.shape)}"
        )
    if label_smoothing:
        num_classes = y_pred.shape[axis]
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / num_classes
    if from_logits:  # one autograd node, TF's fused kernel
        return softmax_cross_entropy(y_pred, y_true, axis)
    probs = y_pred / y_pred.sum(dim=axis, keepdim=True)
    return -(y_true * torch.log(probs.clamp(*_probability_bounds()))).sum(dim=axis)


@with_tensor_args
def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    """Cross-entropy for integer labels `(batch,)` (or `(batch, 1)`) and scores `(batch, classes)`.

    Raises:
        ValueError: labels whose rank is not `y_pred`'s minus one (one-hot labels, say) or whose shape
            differs from `y_pred`'s without the class axis, as Keras 3.
        InvalidArgumentError (a ValueError): a label outside `[0, classes)`, `-100` and NaN included (TF's
            `SparseSoftmaxCrossEntropyWithLogits` raises for them; no `ignore_index` is applied unless
            `ignore_class` is given), checked by torch's kernel without a host sync. Use `ignore_class` to
            skip a label.

    With `ignore_class`, the ignored entries are 0 and the values carry the mask of the kept ones
    (`values._keras_mask`, as Keras 3), so a loss or metric wrapping this function leaves them out.
    """
    values = _sparse_crossentropy(y_true, y_pred, from_logits, ignore_class, axis, "none")
    if ignore_class is not None:
        labels = y_true.squeeze(-1) if y_true.dim() == y_pred.dim() and y_true.shape[-1] == 1 else y_true
        values._keras_mask = (labels != ignore_class).reshape(values.shape)
    return values


def _sparse_crossentropy(y_true, y_pred, from_logits, ignore_class, axis, reduction):
    """`sparse_categorical_crossentropy` on tensors, per sample (`reduction="none"`) or their mean ("mean")."""
    y_pred, from_logits = logits_for_loss(y_pred, from_logits, "softmax", "sparse_categorical_crossentropy")
    if y_true.dim() == y_pred.dim() and y_true.shape[-1] == 1:
        y_true = y_true.squeeze(-1)
    _check_sparse_shapes(y_true, y_pred, axis)
    labels = y_true if y_true.dtype == torch.int64 else y_true.long()  # NaN/inf become -2**63 on x86, as in TF
    if axis not in (-1, y_pred.dim() - 1):
        y_pred = y_pred.movedim(axis, -1)
    if ignore_class is None:
        # no ignore_index at all: any sentinel is a value a label can take (a NaN label casts to -2**63)
        if from_logits:  # one autograd node, TF's fused kernel
            values = sparse_softmax_cross_entropy(y_pred, labels, "sparse_categorical_crossentropy", given=y_true)
        else:
            values = -pick_labels(_log_probabilities(y_pred, -1), labels, "sparse_categorical_crossentropy",
                                  given=y_true)
        return values.mean() if reduction == "mean" else values
    classes = y_pred.shape[-1]
    ignore = int(ignore_class)
    if from_logits:  # the fused node on the kept labels (an ignored one may be out of range: -1 is common)
        kept = labels != ignore
        safe = torch.where(kept, labels, torch.zeros_like(labels))
        given = torch.where(kept, y_true, torch.zeros_like(y_true))  # what the error names: the kept labels
        values = sparse_softmax_cross_entropy(y_pred, safe, "sparse_categorical_crossentropy", given=given)
        values = torch.where(kept, values, torch.zeros_like(values))
        return values.sum() / kept.sum() if reduction == "mean" else values
    if y_pred.dim() > 2:  # (batch, ..., classes): torch wants classes on dim 1
        y_pred = y_pred.movedim(-1, 1)
    try:
        return F.nll_loss(_log_probabilities(y_pred, 1), labels, reduction=reduction, ignore_index=ignore)
    except (IndexError, RuntimeError) as err:
        if "out of bounds" not in str(err) and "out of range" not in str(err):
            raise
        raise label_range_error(y_true[y_true != ignore], classes, "sparse_categorical_crossentropy") from None


def _log_probabilities(y_pred, dim):
    """Log-probabilities of scores that should sum to 1 along `dim`. Keras 3 divides by their sum, then clips;
    Keras 2 (`TF_USE_LEGACY_KERAS=1`) clips, then takes a softmax of their logs (so scores that do not sum to 1,
    a linear layer's say, give other values, and gradients, than under Keras 3)."""
    if keras_version.legacy_keras():
        return torch.log_softmax(torch.log(y_pred.clamp(*_probability_bounds())), dim=dim)
    return torch.log((y_pred / y_pred.sum(dim=dim, keepdim=True)).clamp(*_probability_bounds()))


def _check_sparse_shapes(y_true, y_pred, axis):
    """Keras 3's checks (`ops.sparse_categorical_crossentropy`): labels have the scores' shape minus the class axis."""
    scores = list(y_pred.shape)
    if not scores:
        raise ValueError(f"Argument `output` must be at least rank 1. Received: output.shape={tuple(scores)}")
    del scores[axis if axis < 0 else axis - len(scores)]
    hint = (" Labels with a class axis (one-hot) need `categorical_crossentropy`."
            if y_true.dim() == y_pred.dim() else "")
    if y_true.dim() != len(scores):
        raise ValueError(f"Argument `output` must have rank (ndim) `target.ndim + 1` (integer labels, one per "
                         f"sample).{hint} Received: target.shape={tuple(y_true.shape)}, "
                         f"output.shape={tuple(y_pred.shape)}")
    if list(y_true.shape) != scores:
        raise ValueError("Arguments `target` and `output` must have the same shape up until the last dimension. "
                         f"Received: target.shape={tuple(y_true.shape)}, output.shape={tuple(y_pred.shape)}")


@with_float_tensor_args
def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """Mean over the last axis of the element-wise binary cross-entropy; returns `(batch, ...)`.

    Raises:
        ValueError: `y_true` and `y_pred` differ in shape after a trailing axis of size 1 is added or
            dropped (Keras 3 refuses to broadcast, say, labels `(32, 2)` against scores `(32, 1)`).
    """
    y_true, y_pred = _align(y_true, y_pred)
    if tuple(y_true.shape) != tuple(y_pred.shape):
        raise ValueError("Arguments `target` and `output` must have the same shape. "
                         f"Received: target.shape={tuple(y_true.shape)}, output.shape={tuple(y_pred.shape)}")
    y_pred, from_logits = logits_for_loss(y_pred, from_logits, "sigmoid", "binary_crossentropy")
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits:
        bce = F.binary_cross_entropy_with_logits(y_pred, y_true, reduction="none")
    else:
        low, high = _probability_bounds()
        p = y_pred.clamp(low, high)
        inside = low if keras_version.legacy_keras() else 0.0  # tf_keras also adds epsilon inside the logs
        bce = -(y_true * torch.log(p + inside) + (1.0 - y_true) * torch.log(1.0 - p + inside))
    return bce.mean(dim=axis)


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error", dtype=None):
        super().__init__(mean_squared_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error", dtype=None):
        super().__init__(mean_absolute_error, reduction=reduction, name=name, dtype=dtype)


class CategoricalCrossentropy(LossFunctionWrapper):
    """`CategoricalCrossentropy(from_logits=False, label_smoothing=0.0, axis=-1)`."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="categorical_crossentropy", dtype=None):
        super().__init__(categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    """`SparseCategoricalCrossentropy(from_logits=False, ignore_class=None)` for integer labels."""

    def __init__(self, from_logits=False, ignore_class=None, reduction="sum_over_batch_size",
                 name="sparse_categorical_crossentropy", dtype=None, axis=-1):
        super().__init__(sparse_categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, ignore_class=ignore_class, axis=axis)
        self.from_logits = from_logits
        self.ignore_class = ignore_class

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_pred_mask = getattr(y_pred, "_keras_mask", None)
        if self.ignore_class is None and sample_weight is None and y_pred_mask is None \
                and self.reduction in ("sum_over_batch_size", "mean") and self.fn is sparse_categorical_crossentropy:
            # fit's hot path: the mean of the gathered log-probabilities (no per-sample Keras reduction), same value
            y_pred, y_true = tensor_args(y_pred, y_true)
            loss = _sparse_crossentropy(y_true, y_pred, self.from_logits, None, self._fn_kwargs["axis"], "mean")
            per_entry = y_pred.shape[:self._fn_kwargs["axis"]] + y_pred.shape[self._fn_kwargs["axis"]:][1:]
            return scale_for_distribution(loss, per_entry, self.reduction)
        if self.ignore_class is None:
            return super().__call__(y_true, y_pred, sample_weight)
        # Keras 3 masks the ignored entries (with the predictions' mask): an average is over the kept entries
        y_pred, y_true = tensor_args(y_pred, y_true)
        values = self.call(y_true, y_pred)  # ignored entries are 0
        kept = y_true.reshape(values.shape) != self.ignore_class
        mask = kept if y_pred_mask is None else kept & y_pred_mask.to(torch.bool)
        return scale_for_distribution(reduce_weighted_values(values, sample_weight, self.reduction, mask),
                                      values.shape, self.reduction)


class BinaryCrossentropy(LossFunctionWrapper):
    """`BinaryCrossentropy(from_logits=False, label_smoothing=0.0, axis=-1)`."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="binary_crossentropy", dtype=None):
        super().__init__(binary_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
