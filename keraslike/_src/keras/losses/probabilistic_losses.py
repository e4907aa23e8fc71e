"""KLDivergence, Poisson and BinaryFocalCrossentropy (keras/src/losses/losses.py).

Functions return per-sample values (reduced over the last axis).
"""

import torch
import torch.nn.functional as F

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.losses.loss import LossFunctionWrapper, check_pair, with_float_tensor_args
from keraslike._src.keras.losses.losses import _align, _probability_bounds




@with_float_tensor_args
def kl_divergence(y_true, y_pred):
    """`sum(t * log(t / p), axis=-1)` with both clipped to `[1e-7, 1]`."""
    y_true = y_true.to(y_pred.dtype)
    check_pair(y_true, y_pred)
    y_true = y_true.clamp(keras_config.epsilon(), 1.0)
    y_pred = y_pred.clamp(keras_config.epsilon(), 1.0)
    return (y_true * torch.log(y_true / y_pred)).sum(dim=-1)


@with_float_tensor_args
def poisson(y_true, y_pred):
    """`mean(y_pred - y_true * log(y_pred + 1e-7), axis=-1)`."""
    y_true = y_true.to(y_pred.dtype)
    check_pair(y_true, y_pred)
    return (y_pred - y_true * torch.log(y_pred + keras_config.epsilon())).mean(dim=-1)


@with_float_tensor_args
def binary_focal_crossentropy(y_true, y_pred, apply_class_balancing=False, alpha=0.25, gamma=2.0,
                              from_logits=False, label_smoothing=0.0, axis=-1):
    """Binary cross-entropy scaled by `(1 - p_t)^gamma` (and `alpha` weights when balancing).

    `p_t = y_true * p + (1 - y_true) * (1 - p)`; returns the mean over `axis`.
    """
    y_true, y_pred = _align(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    logits = y_pred if from_logits else getattr(y_pred, "_keras_logits", None)
    if from_logits:
        y_pred = torch.sigmoid(y_pred)
    if logits is not None:  # the sigmoid's logits, as Keras (ops/cached_logits.py)
        bce = F.binary_cross_entropy_with_logits(logits, y_true, reduction="none")
    else:
        p = y_pred.clamp(*_probability_bounds())
        bce = -(y_true * torch.log(p) + (1.0 - y_true) * torch.log(1.0 - p))
    p_t = y_true * y_pred + (1.0 - y_true) * (1.0 - y_pred)
    focal = torch.pow(1.0 - p_t, gamma) * bce
    if apply_class_balancing:
        focal = (y_true * alpha + (1.0 - y_true) * (1.0 - alpha)) * focal
    return focal.mean(dim=axis)


class KLDivergence(LossFunctionWrapper):
    """`KLDivergence()`: Kullback-Leibler divergence between distributions on the last axis."""

    def __init__(self, reduction="sum_over_batch_size", name="kl_divergence", dtype=None):
        super().__init__(kl_divergence, reduction=reduction, name=name, dtype=dtype)


class Poisson(LossFunctionWrapper):
    """`Poisson()`: `y_pred - y_true * log(y_pred)`."""

    def __init__(self, reduction="sum_over_batch_size", name="poisson", dtype=None):
        super().__init__(poisson, reduction=reduction, name=name, dtype=dtype)


class BinaryFocalCrossentropy(LossFunctionWrapper):
    """`BinaryFocalCrossentropy(apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False,
    label_smoothing=0.0, axis=-1)`."""

    def __init__(self, apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0,
                 axis=-1, reduction="sum_over_batch_size", name="binary_focal_crossentropy", dtype=None):
        super().__init__(binary_focal_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         apply_class_balancing=apply_class_balancing, alpha=alpha, gamma=gamma,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


kld = KLD = kullback_leibler_divergence = kl_divergence
