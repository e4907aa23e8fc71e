"""Categorical focal and generalized cross-entropy (mirror `keras/src/losses/losses.py`, Keras 3.15)."""

import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.losses.loss import LossFunctionWrapper, check_pair, with_float_tensor_args


@with_float_tensor_args
def categorical_focal_crossentropy(y_true, y_pred, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0,
                                   axis=-1):
    """Focal cross-entropy of one-hot `y_true` and class probabilities (or logits) `y_pred`.

    `sum(alpha * (1 - p)^gamma * -y_true * log(p), axis)` with `p = y_pred / sum(y_pred)` clipped to
    `[epsilon, 1 - epsilon]` (softmax first with `from_logits=True`); label smoothing moves `y_true` toward
    `1 / num_classes`. Returns one value per sample (`axis` removed).

    Raises:
        ValueError: when `axis` is a bool.
    """
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type {type(axis)}")
    y_true = y_true.to(y_pred.dtype)
    check_pair(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / y_true.shape[-1]
    if from_logits:
        y_pred = torch.softmax(y_pred, dim=axis)
    eps = keras_config.epsilon()
    output = (y_pred / y_pred.sum(dim=axis, keepdim=True)).clamp(eps, 1.0 - eps)
    return (alpha * torch.pow(1.0 - output, gamma) * (-y_true * torch.log(output))).sum(dim=axis)


@with_float_tensor_args
def categorical_generalized_cross_entropy(y_true, y_pred, q):
    """Generalized cross-entropy (Zhang & Sabuncu 2018) of integer labels and probabilities: `(1 - p^q) / q`, `p`
    the probability of the true class. `y_true`: `(batch,)` (or `(batch, 1)`) class ids; `y_pred`:
    `(batch, num_classes)`. Returns `(batch,)`."""
    labels = y_true.long()
    if labels.dim() == y_pred.dim() and labels.shape[-1] == 1:
        labels = labels.squeeze(-1)
    one_hot = torch.nn.functional.one_hot(labels, num_classes=y_pred.shape[-1]).to(y_pred.dtype)
    p = (y_pred * one_hot).sum(dim=-1)
    return (1 - torch.pow(p, q)) / q


class CategoricalFocalCrossentropy(LossFunctionWrapper):
    """`CategoricalFocalCrossentropy(alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1,
    reduction="sum_over_batch_size", name="categorical_focal_crossentropy", dtype=None)`: see
    `categorical_focal_crossentropy`."""

    def __init__(self, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size", name="categorical_focal_crossentropy", dtype=None):
        super().__init__(categorical_focal_crossentropy, name=name, reduction=reduction, dtype=dtype, alpha=alpha,
                         gamma=gamma, from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class CategoricalGeneralizedCrossEntropy(LossFunctionWrapper):
    """`CategoricalGeneralizedCrossEntropy(q=0.5, reduction="sum_over_batch_size",
    name="categorical_generalized_cross_entropy", dtype=None)`: see `categorical_generalized_cross_entropy`.

    Raises:
        ValueError: unless `0 < q < 1`.
    """

    def __init__(self, q=0.5, reduction="sum_over_batch_size", name="categorical_generalized_cross_entropy",
                 dtype=None):
        if not 0 < q < 1:
            raise ValueError(f"q must be in the interval (0, 1). Received: q={q}")
        super().__init__(categorical_generalized_cross_entropy, name=name, reduction=reduction, dtype=dtype, q=q)
