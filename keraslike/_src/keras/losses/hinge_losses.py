"""Hinge, SquaredHinge and CategoricalHinge (keras/src/losses/losses.py).

Binary labels given as 0/1 are converted to -1/1 first, as Keras does (only
when every label is 0 or 1).
"""

import torch

from keraslike._src.keras.losses.loss import LossFunctionWrapper, check_pair, with_float_tensor_args
from keraslike._src.keras.losses.losses import _align


def _to_signed(y_true):
    is_binary = torch.all((y_true == 0) | (y_true == 1))
    return torch.where(is_binary, 2.0 * y_true - 1.0, y_true)


@with_float_tensor_args
def hinge(y_true, y_pred):
    """`mean(max(1 - y_true * y_pred, 0), axis=-1)` with `y_true` in {-1, 1} (or 0/1, converted)."""
    y_true, y_pred = _align(y_true, y_pred)
    return torch.clamp(1.0 - _to_signed(y_true) * y_pred, min=0.0).mean(dim=-1)


@with_float_tensor_args
def squared_hinge(y_true, y_pred):
    """`mean(max(1 - y_true * y_pred, 0)^2, axis=-1)`."""
    y_true, y_pred = _align(y_true, y_pred)
    return torch.square(torch.clamp(1.0 - _to_signed(y_true) * y_pred, min=0.0)).mean(dim=-1)


@with_float_tensor_args
def categorical_hinge(y_true, y_pred):
    """`max(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0)` over the last axis (one-hot `y_true`)."""
    y_true = y_true.to(y_pred.dtype)
    check_pair(y_true, y_pred)
    pos = (y_true * y_pred).sum(dim=-1)
    neg = ((1.0 - y_true) * y_pred).amax(dim=-1)
    return torch.clamp(neg - pos + 1.0, min=0.0)


class Hinge(LossFunctionWrapper):
    """`Hinge()` for labels in {-1, 1} (0/1 converted)."""

    def __init__(self, reduction="sum_over_batch_size", name="hinge", dtype=None):
        super().__init__(hinge, reduction=reduction, name=name, dtype=dtype)


class SquaredHinge(LossFunctionWrapper):
    """`SquaredHinge()`."""

    def __init__(self, reduction="sum_over_batch_size", name="squared_hinge", dtype=None):
        super().__init__(squared_hinge, reduction=reduction, name=name, dtype=dtype)


class CategoricalHinge(LossFunctionWrapper):
    """`CategoricalHinge()` for one-hot labels."""

    def __init__(self, reduction="sum_over_batch_size", name="categorical_hinge", dtype=None):
        super().__init__(categorical_hinge, reduction=reduction, name=name, dtype=dtype)
