"""Dice and Tversky losses for segmentation (mirror `keras/src/losses/losses.py`, Keras 3.15).

With `axis=None` (the default) the overlap is computed over the whole batch and the loss is one scalar; pass
e.g. `axis=(1, 2)` for one value per sample.
"""

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.losses.loss import LossFunctionWrapper, check_pair, with_float_tensor_args


def _sum(x, axis):
    return x.sum() if axis is None else x.sum(dim=axis)


@with_float_tensor_args
def dice(y_true, y_pred, axis=None):
    """`1 - 2 * sum(y_true * y_pred) / (sum(y_true) + sum(y_pred) + epsilon)`, summed over `axis`."""
    y_true = y_true.to(y_pred.dtype)
    check_pair(y_true, y_pred)
    intersection = _sum(y_true * y_pred, axis)
    return 1 - 2.0 * intersection / (_sum(y_true, axis) + _sum(y_pred, axis) + keras_config.epsilon())


@with_float_tensor_args
def tversky(y_true, y_pred, alpha=0.5, beta=0.5, axis=None):
    """`1 - TP / (TP + alpha * FP + beta * FN + epsilon)` with soft counts summed over `axis`:
    `FP = sum((1 - y_pred) * y_true)`, `FN = sum(y_pred * (1 - y_true))` (Keras's naming)."""
    y_true = y_true.to(y_pred.dtype)
    check_pair(y_true, y_pred)
    intersection = _sum(y_true * y_pred, axis)
    fp = _sum((1 - y_pred) * y_true, axis)
    fn = _sum(y_pred * (1 - y_true), axis)
    return 1 - intersection / (intersection + fp * alpha + fn * beta + keras_config.epsilon())


class Dice(LossFunctionWrapper):
    """`Dice(reduction="sum_over_batch_size", name="dice", axis=None, dtype=None)`: see `dice`."""

    def __init__(self, reduction="sum_over_batch_size", name="dice", axis=None, dtype=None):
        super().__init__(dice, name=name, reduction=reduction, dtype=dtype, axis=axis)


class Tversky(LossFunctionWrapper):
    """`Tversky(alpha=0.5, beta=0.5, reduction="sum_over_batch_size", name="tversky", axis=None, dtype=None)`:
    see `tversky`."""

    def __init__(self, alpha=0.5, beta=0.5, reduction="sum_over_batch_size", name="tversky", axis=None, dtype=None):
        super().__init__(tversky, name=name, reduction=reduction, dtype=dtype, alpha=alpha, beta=beta, axis=axis)
